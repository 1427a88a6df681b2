// PyTorch releases 1.8 → newest: CUDA wheel variants, arch lists (SASS + PTX), bundled cuDNN/NCCL, PyPI default,
// matching torchvision/torchaudio. Rows ascend by version; tests check order, sources and CUDA versions.
// CPU wheels (https://download.pytorch.org/whl/cpu) exist for every release and are not listed per row;
// before 1.11 the CUDA wheels were installed with `-f https://download.pytorch.org/whl/torch_stable.html` and
// `torch==X+cuXXX` (indexUrl still names the per-CUDA index, which serves the same wheels); 1.8.2 LTS is not listed;
// ROCm wheels are named only by their stable ROCm version (`rocm`), without arch lists.
import type { Sourced } from '../types.js';

const CHECKED = '2026-11-30';

export type TorchPlatform = 'linux-x86_64' | 'linux-aarch64' | 'windows';

export interface ArchSet {
  /** SASS targets, e.g. ["sm_50", "sm_60", …]. */
  archList: readonly string[];
  /** PTX targets embedded for JIT on newer GPUs, e.g. ["compute_120"]; empty when none. */
  ptx: readonly string[];
}

export interface TorchVariant extends ArchSet, Partial<Sourced> {
  /** Local version tag and index name: "cu118". */
  tag: string;
  /** CUDA minor the wheel is built with: "11.8". */
  cuda: string;
  /** Exact CUDA release used by the build where known: "12.8.1". */
  cudaFull?: string;
  indexUrl: string;
  /** Bundled / pinned cuDNN (nvidia-cudnn-cuXX pin), e.g. "9.1.0.70". */
  cudnn?: string;
  /** Pinned NCCL (nvidia-nccl-cuXX), e.g. "2.21.5". */
  nccl?: string;
  platforms: readonly TorchPlatform[];
  /** Arch set on platforms whose build differs from `archList`/`ptx` (linux-aarch64, Windows without PTX). */
  byPlatform?: Partial<Record<TorchPlatform, ArchSet>>;
}

export interface TorchRelease extends Sourced {
  /** "2.5.1" */
  version: string;
  /** "YYYY-MM" (from RELEASE.md's cadence table) or "YYYY-MM-DD". */
  released: string;
  python: { min: string; max: string; experimental?: readonly string[] };
  cudaVariants: readonly TorchVariant[];
  /** CUDA tag of the wheel a plain `pip install torch` gets from PyPI on Linux x86_64. */
  pypiDefault: string;
  torchvision: string;
  /** null: no torchaudio release pairs with this torch. */
  torchaudio: string | null;
  /** `triton` pinned by the Linux wheels, where known. */
  triton?: string;
  /** Stable ROCm of the release (RELEASE.md); ROCm wheels are at https://download.pytorch.org/whl/rocm<ver>. */
  rocm?: string;
  /** 'pytorch-channel': `conda install pytorch -c pytorch` still published; 'conda-forge-only' afterwards. */
  conda: 'pytorch-channel' | 'conda-forge-only';
  /** Fields of this row that rest on a secondary source or are unverified, while the rest is confirmed. */
  unconfirmedFields?: readonly string[];
  /** true: no release of this version exists yet (only nightlies / an RFC); plan and export never pick it by default. */
  unreleased?: boolean;
}

// ---- sources -------------------------------------------------------------------------------------------

const RELEASE_MD =
  'pytorch/pytorch RELEASE.md, "Release Compatibility Matrix" + "PyTorch CUDA Support Matrix" + "Release cadence table" (https://github.com/pytorch/pytorch/blob/main/RELEASE.md)';
const BUILD_CUDA = 'pytorch/pytorch .ci/manywheel/build_cuda.sh (TORCH_CUDA_ARCH_LIST per CUDA)';
const BUILDER_CUDA = 'pytorch/builder manywheel/build_cuda.sh (2.4/2.5 era: 11.8, 12.1, 12.4)';
const MATRIX_27 = 'pytorch/pytorch .github/scripts/generate_binary_build_matrix.py (2.7 development: CUDA_ARCHES 11.8/12.6/12.8, CUDA_STABLE "12.6")';
const MATRIX_29 = 'pytorch/pytorch .github/scripts/generate_binary_build_matrix.py (2.9: CUDA_ARCHES 12.6/12.8/13.0, CUDA_STABLE "12.8")';
const ISSUE_182250 =
  'https://github.com/pytorch/pytorch/issues/182250 (maintainer runs torch.cuda.get_arch_list() on 2.11.0+cu126, 2.11.0+cu128, 2.10.0+cu128)';
const H200 = 'gpuenv fixture h200-cuda13 (real H200 host: torch 2.11.0+cu130 from PyPI, get_arch_list, cudnn 91900, nccl 2.28.9, pip list)';
const PR_175567 = 'https://github.com/pytorch/pytorch/pull/175567 "[release-only] Remove +ptx from cuda 13.0 builds" (merged 2026-02-23)';
const PR_177975 =
  'https://github.com/pytorch/pytorch/pull/177975 "Move cuda stable 12.8->13.0" + dev-discuss "Transitioning PyPI CUDA wheels to CUDA 13.0 as the stable release (2.11)"';
const RFC_178665 =
  'https://github.com/pytorch/pytorch/issues/178665 "[RFC] CUDA support matrix for Release 2.12" (deprecate 12.8, 13.0 stable on PyPI, 13.2 experimental)';
const RFC_190355 = 'https://github.com/pytorch/pytorch/issues/190355 "[RFC] CUDA support matrix for Release 2.14 — promote CUDA 13.2 to default/stable (PyPI)"';
const AUDIT_19 = '2026-12-01 audit (gpuenv issue 19)';
const AUDIT_19_ZH = '2026-12-01 审计（gpuenv issue 19）';
/** Rows re-checked in the second issue-19 session. */
const AUDIT_CHECKED = '2026-12-02';
const WHEEL_211_CU128 =
  'torch 2.11.0+cu128 wheel METADATA Requires-Dist (cuda-toolkit[…]==12.8.1, nvidia-cudnn-cu12==9.19.0.56, nvidia-nccl-cu12==2.28.9, triton==3.6.0) as quoted from installed dist-info and pip resolver logs in public repositories (read 2026-12-02)';
const PYPI_214 =
  'PyPI torch 2.14.x Linux x86_64 wheel metadata as reported by the issue-19 audit (Requires-Dist cuda-toolkit==13.0.3, nvidia-cudnn-cu13==9.24.0.43, nvidia-nccl-cu13==2.30.7); https://github.com/pytorch/test-infra/pull/8261 and https://github.com/pytorch/test-infra/pull/8712 (stable CUDA stays 13.0 for release 2.14)';
// Sources read in the issue-19 confirmations (2026-12-02): the release manager's dependency bumps quote the pins of
// each released wheel; test-infra and pytorch PRs are the build matrices at the release branches.
const VLLM_PINS =
  'PyTorch release manager\'s vLLM bumps: https://github.com/vllm-project/vllm/pull/42848 (torch 2.12.0, torchvision 0.27.0, triton 3.7.0; cu130 pins nvidia-cudnn-cu13 9.20.0.48, nvidia-nccl-cu13 2.29.7), #45082 (2.12.1, 0.27.1, triton 3.7.1), #48155 (2.13.0, 0.28.0, "triton 3.7.1 (matches torch 2.13.0 Requires-Dist: triton==3.7.1)"), #52183 (2.14.0, 0.29.0, "triton==3.8.0 … exactly what pytorch release/2.14 pins in .ci/docker/triton_version.txt"); torchaudio stays 2.11.0 in each';
const TRITON_1271 = 'https://github.com/pytorch/pytorch/pull/186814 (.ci/docker/triton_version.txt 3.7.0 -> 3.7.1 for the 2.12.1 patch release)';
const NO_TORCHAUDIO =
  'https://github.com/pytorch/pytorch.github.io/pull/2074 (release manager, 2026-05-11: "There is no new release of torchaudio for now"); https://github.com/pytorch/audio/pull/4212 (torchaudio 2.11 supports torch>=2.11); vLLM #52183 (2026-08-13: "newest published is still 2.11.0 on every channel")';
const CU129_213 =
  'https://github.com/pytorch/pytorch/pull/188443 "[release/2.13] Add CUDA 12.9 to TORCH_CUDA_ARCH_LIST tables" (release/2.13 CUDA_ARCHES = ["12.6", "12.9", "13.0", "13.2"]; 12.9 x86_64 {75, 80, 86, 90, 100, 120}, mirroring 2.12); https://github.com/pytorch/test-infra/pull/8215 (release/2.13: 12.9 for Linux x86 + aarch64 only); torch.cuda.get_arch_list() of torch==2.13.0+cu129 in a public measurement note (sm_75 … sm_120)';
const MEASURED_213_CU130 =
  'torch.cuda.get_arch_list() of the official torch 2.13.0+cu130 CPython 3.12 x86-64 wheel in a public environment record (sm_75 sm_80 sm_86 sm_90 sm_100 sm_120, no compute_120); https://github.com/pytorch/pytorch/pull/188925 (the +PTX removal cherry-picked into release/2.13 on 2026-07-03, before GA)';
const STABLE_214 =
  'https://github.com/pytorch/test-infra/pull/8261 (2026-07-08: STABLE_CUDA_VERSIONS "aligned at 13.0 across channels", nightly already 2.14.0) and https://github.com/pytorch/test-infra/pull/8712 (2.14 go-live changes only CURRENT_STABLE_VERSION); pip freeze of a plain PyPI install of torch 2.14.0 on Linux x86_64, CPython 3.10–3.13 (kaannsaydamm/ALUCLU portability snapshot: cuda-toolkit 13.0.3.0, nvidia-cudnn-cu13 9.24.0.43, nvidia-nccl-cu13 2.30.7, triton 3.8.0)';
const ROCM_214 =
  'https://github.com/pytorch/test-infra/pull/8498 (release/2.14 generate_binary_build_matrix.py: ROCM_ARCHES = ["7.2", "7.14"]); vLLM #52183 ("2.14 is built for rocm7.2 and rocm7.14 only"); ROCm 7.14.0 is AMD\'s first TheRock production release (rocm.docs.amd.com/en/docs-7.14.0)';
const PY315_187972 = 'https://github.com/pytorch/pytorch/issues/187972 (Python 3.15 wheels: experimental, Linux only)';
const RFC_190385 = 'https://github.com/pytorch/pytorch/issues/190385 "[RFC] CUDA support matrix for Release 2.15 — deprecate CUDA 12.6"';
// Sources read 2026-12-02 (gpuenv h6 follow-up of the 2026-12-02 audit): the 2.10 pins at the release branch.
const H6_CHECKED = '2026-12-02';
const PINS_210 =
  'https://github.com/pytorch/pytorch/pull/190386 (release manager, 2026-07-17: NCCL read from each release branch\'s .ci/docker/ci_commit_pins, "2.10 | 12.6 / 12.8 → 2.27.5; 13.0 → 2.28.9"); https://github.com/pytorch/pytorch/pull/170603 (release 2.10 matrix: CUDA 12.6 and 12.8 with cuDNN 9.10.2.21); https://github.com/pytorch/pytorch/pull/173677 ("[doc] Update release 2.10 CUDNN version to 9.15.1.9", 2026-01-28, citing generate_binary_build_matrix.py at 449b1768 L111: the 13.0 pin); a public experiment log that fixed an ambiguous uv.lock of torch==2.10.0+cu128 by pinning nvidia-cudnn-cu12==9.10.2.21 and nvidia-nccl-cu12==2.27.5 (secondary)';
const PINS_210_NOTE =
  'Not read at the v2.10.0 tag itself (the pytorch snapshot, about 4 GB, is over the fetch limit); the pins are the release manager\'s reading of release/2.10 (pytorch#190386, #173677) and RELEASE.md. The stored "2.10-era" generate_binary_build_matrix.py copy with nvidia-cudnn-cu12==9.17.1.4 and nvidia-nccl-cu12==2.28.9 for 12.8 is main after the 2.10 branch cut: one nccl.txt for every CUDA (2.11\'s layout per #190386), the 12.8 cuDNN bump landed on main on 2026-01-16 once Volta was dropped (pytorch#172680, #172598; 2.10 cu128 still has sm_70), and a 2.11.0.dev20260128+cu128 nightly resolves exactly those pins.';
const PINS_210_NOTE_ZH =
  '未在 v2.10.0 tag 本身上读取（pytorch 快照约 4 GB，超出拉取上限）；这些 pin 是发布经理对 release/2.10 的解读（pytorch#190386、#173677）以及 RELEASE.md。存档中那份 "2.10-era" 的 generate_binary_build_matrix.py 副本（12.8 为 nvidia-cudnn-cu12==9.17.1.4 和 nvidia-nccl-cu12==2.28.9）其实是 2.10 分支切出之后的 main：所有 CUDA 共用一个 nccl.txt（按 #190386，这是 2.11 的布局），12.8 的 cuDNN 升级在去掉 Volta 后于 2026-01-16 合入 main（pytorch#172680、#172598；2.10 的 cu128 仍含 sm_70），而 2.11.0.dev20260128+cu128 nightly 解析出的正是这些 pin。';
const AARCH64_28 =
  'https://github.com/OpenRAL/openral/issues/88 (2026-08-09, uv resolving torch==2.8.0 on the cu128 index for linux-aarch64: "Wheels are available for `torch` (v2.8.0+cu128) on the following platforms: `manylinux_2_28_x86_64`, `win_amd64`"; #99: "2.7.x and 2.9.x both ship manylinux_2_28_aarch64 on cu128"); https://github.com/pytorch/pytorch/pull/162364 (2025-09-08, after the 2.8 branch: "[aarch64] Add CUDA 12.6 and 12.8 to build matrix, remove 12.9 build"); the 2.8-era aarch64_ci_build.sh copy sets an arch list for 12.9 only';
const PREV_VERSIONS = 'https://pytorch.org/get-started/previous-versions/ (pytorch/pytorch.github.io _get_started/previous-versions.md)';
const CONDA_ANNOUNCE =
  'https://github.com/pytorch/pytorch/issues/138506 "[Announcement] Deprecating PyTorch’s official Anaconda channel" (no -c pytorch packages after 2.5)';
const TRACKER =
  'public wheel-index compatibility tracker (HEAD-checks download.pytorch.org, parses generate_binary_build_matrix.py per tag; 2026-08-29) — secondary';
const BUILDER_2021 =
  'pytorch/builder manywheel/build.sh (2021, 1.8–1.10 era: TORCH_CUDA_ARCH_LIST base "3.7;5.0;6.0;7.0", "11.[123]) +7.5;8.0;8.6", "10.*) base only", no +PTX)';
const BUILDER_111 =
  'pytorch/builder manywheel/build_cuda.sh (1.11 era: CUDA 10.2/11.3/11.5; base "3.7;5.0;6.0;7.0", "11.[35]) +7.5;8.0;8.6", "10.*) base only")';
const BUILDER_112 =
  'pytorch/builder manywheel/build_cuda.sh (1.12/1.13 era: "11.[3567]) +7.5;8.0;8.6" as quoted in a public test fixture; later stored copy "11.[67])" with the same list)';
const ARCH_REPORTS_OLD =
  'user reports of the PyTorch warning "supports CUDA capabilities sm_37 sm_50 sm_60 sm_70" (torch 1.8 + cu102, PyPI torch 1.11) and "sm_37 sm_50 sm_60 sm_70 sm_75 sm_80 sm_86" (1.12.0+cu116, 1.12.x cu113) — secondary';
const RUSTY_276 = 'https://github.com/rusty1s/pytorch_scatter/issues/276 (1.11 release 2022-03-10; RC builds for CUDA 11.3 and 11.5)';
const TV_README =
  'pytorch/vision README.md compatibility table (torch 1.8–1.10: Python >=3.6, <=3.9; 1.11–1.12: >=3.7, <=3.10; per-patch pairs from a copy of the older README)';
const LOCKFILES = 'pinned requirements/lock files of public projects (Requires-Dist of the PyPI wheels) — secondary';

// ---- arch sets -----------------------------------------------------------------------------------------

const sm = (...ccs: string[]): string[] => ccs.map((c) => `sm_${c.replace('.', '')}`);

const A_37_90 = sm('3.7', '5.0', '6.0', '7.0', '7.5', '8.0', '8.6', '9.0');
const A_37_70 = sm('3.7', '5.0', '6.0', '7.0');
const A_37_86 = sm('3.7', '5.0', '6.0', '7.0', '7.5', '8.0', '8.6');
const A_50_90 = sm('5.0', '6.0', '7.0', '7.5', '8.0', '8.6', '9.0');
const A_70_120 = sm('7.0', '7.5', '8.0', '8.6', '9.0', '10.0', '12.0');
const A_75_120 = sm('7.5', '8.0', '8.6', '9.0', '10.0', '12.0');
const AARCH64_13X: ArchSet = { archList: sm('8.0', '9.0', '10.0', '11.0', '12.0'), ptx: ['compute_120'] };
const AARCH64_126: ArchSet = { archList: sm('8.0', '9.0'), ptx: [] };
// linux-aarch64 (sbsa) cu128/cu129 wheels of 2.8–2.11: sm_80, sm_90, sm_100, sm_120, no PTX (issue-19 audit).
// Every stored copy of .ci/aarch64_linux/aarch64_ci_build.sh of the era sets "8.0;9.0;10.0;12.0" for 12.8 and 12.9;
// the later aarch64 filter of .ci/manywheel/build_cuda.sh (drops 5.0, 6.0, 7.0, 7.5, 8.6) gives the same SASS list.
const AARCH64_12X: ArchSet = { archList: sm('8.0', '9.0', '10.0', '12.0'), ptx: [] };
const AARCH64_SRC =
  'pytorch/pytorch .ci/aarch64_linux/aarch64_ci_build.sh (TORCH_CUDA_ARCH_LIST "8.0;9.0;10.0;12.0" for GPU_ARCH_VERSION 12.8 and 12.9) and the aarch64 filter in .ci/manywheel/build_cuda.sh (filter_aarch64_archs: remove 5.0 6.0 7.0 7.5 8.6), stored copies read 2026-12-02';
const AARCH64_NOTE =
  'linux-aarch64 arch set sm_80 sm_90 sm_100 sm_120 (was the x86 list; issue-19 audit). Read from stored copies of the build scripts of the 2.8–2.11 era, not at the release tags (the pytorch snapshot is too large to fetch here). The build_cuda.sh copy with the aarch64 filter keeps "12.0+PTX" for 12.9, the aarch64_ci_build.sh copies do not: aarch64 cu129 PTX treated as absent, unconfirmed.';
const AARCH64_NOTE_ZH =
  'linux-aarch64 架构集为 sm_80 sm_90 sm_100 sm_120（原为 x86 列表；issue-19 审计）。读自 2.8–2.11 时期构建脚本的存档副本，而非各发布 tag（pytorch 快照太大，这里无法拉取）。带 aarch64 过滤的 build_cuda.sh 副本对 12.9 保留 "12.0+PTX"，aarch64_ci_build.sh 各副本则没有：aarch64 cu129 的 PTX 按不存在处理，未确认。';
const NO_PTX: readonly string[] = [];

const X86_WIN: readonly TorchPlatform[] = ['linux-x86_64', 'windows'];
const ALL: readonly TorchPlatform[] = ['linux-x86_64', 'linux-aarch64', 'windows'];

function v(
  tag: string,
  cuda: string,
  archList: readonly string[],
  ptx: readonly string[],
  platforms: readonly TorchPlatform[],
  extra: Partial<TorchVariant> = {},
): TorchVariant {
  return { tag, cuda, indexUrl: `https://download.pytorch.org/whl/${tag}`, archList, ptx, platforms, ...extra };
}

function r(row: Omit<TorchRelease, 'checked' | 'confirmed' | 'source'> & Partial<Sourced>): TorchRelease {
  return { source: RELEASE_MD, checked: CHECKED, confirmed: true, ...row };
}

// ---- per-minor variant sets -----------------------------------------------------------------------------

const ARCH_NOTE_OLD =
  'Arch list from the build_cuda.sh rule of the era (base 3.7;5.0;6.0;7.0 + 7.5;8.0;8.6 for CUDA 11.x); not re-checked against get_arch_list() of the released wheel.';
const ARCH_NOTE_OLD_ZH =
  '架构列表取自当时 build_cuda.sh 的规则（基础 3.7;5.0;6.0;7.0，CUDA 11.x 再加 7.5;8.0;8.6）；未对照已发布 wheel 的 get_arch_list() 复核。';

const CONDA_BUILD_NOTE =
  'Wheel arch list; the -c pytorch conda builds of this era used a different list (3.7+PTX;5.0;6.0;6.1;7.0;7.5;8.0;8.6 for CUDA 11.x: get_arch_list() ends in compute_37).';
const CONDA_BUILD_NOTE_ZH =
  '此为 wheel 的架构列表；同期 -c pytorch 的 conda 构建用的是另一套列表（CUDA 11.x 为 3.7+PTX;5.0;6.0;6.1;7.0;7.5;8.0;8.6：get_arch_list() 以 compute_37 结尾）。';
const oldV = (tag: string, cuda: string, source: string): TorchVariant =>
  v(tag, cuda, cuda.startsWith('10.') ? A_37_70 : A_37_86, NO_PTX, X86_WIN, {
    source: `${source}; ${ARCH_REPORTS_OLD}`,
    checked: CHECKED,
    confirmed: true,
    note: CONDA_BUILD_NOTE,
    noteZh: CONDA_BUILD_NOTE_ZH,
  });

const V_1_8_0 = [oldV('cu101', '10.1', BUILDER_2021), oldV('cu102', '10.2', BUILDER_2021), oldV('cu111', '11.1', BUILDER_2021)];
const V_1_8_1 = V_1_8_0;
const V_1_9 = [oldV('cu102', '10.2', BUILDER_2021), oldV('cu111', '11.1', BUILDER_2021)];
const V_1_10 = [oldV('cu102', '10.2', BUILDER_2021), oldV('cu111', '11.1', BUILDER_2021), oldV('cu113', '11.3', BUILDER_2021)];
const V_1_11 = [oldV('cu102', '10.2', BUILDER_111), oldV('cu113', '11.3', BUILDER_111), oldV('cu115', '11.5', BUILDER_111)];
const V_1_12 = [oldV('cu102', '10.2', BUILDER_112), oldV('cu113', '11.3', BUILDER_112), oldV('cu116', '11.6', BUILDER_112)];

const V_1_13 = [
  v('cu116', '11.6', A_37_86, NO_PTX, X86_WIN, {
    cudnn: '8.3.2.44',
    source: BUILD_CUDA,
    checked: CHECKED,
    confirmed: false,
    note: ARCH_NOTE_OLD,
    noteZh: ARCH_NOTE_OLD_ZH,
  }),
  v('cu117', '11.7', A_37_86, NO_PTX, X86_WIN, {
    cudnn: '8.5.0.96',
    source: BUILD_CUDA,
    checked: CHECKED,
    confirmed: false,
    note: ARCH_NOTE_OLD,
    noteZh: ARCH_NOTE_OLD_ZH,
  }),
];

const V_2_0 = [
  v('cu117', '11.7', A_37_86, NO_PTX, X86_WIN, {
    cudnn: '8.5.0.96',
    nccl: '2.14.3',
    source: BUILDER_CUDA,
    checked: CHECKED,
    confirmed: false,
    note: ARCH_NOTE_OLD,
    noteZh: ARCH_NOTE_OLD_ZH,
  }),
  v('cu118', '11.8', A_37_90, NO_PTX, X86_WIN, {
    cudnn: '8.7.0.84',
    source: BUILDER_CUDA,
    checked: CHECKED,
    confirmed: false,
    note: 'build_cuda.sh rule "11.8: +3.7;9.0" over base 5.0;6.0;7.0;7.5;8.0;8.6; not re-checked against the 2.0 wheel.',
    noteZh: 'build_cuda.sh 规则 "11.8: +3.7;9.0"，叠加在基础 5.0;6.0;7.0;7.5;8.0;8.6 之上；未对照 2.0 的 wheel 复核。',
  }),
];

const cu118_v2 = (cudnn: string): TorchVariant =>
  v('cu118', '11.8', A_37_90, NO_PTX, X86_WIN, { cudnn, source: BUILDER_CUDA, checked: CHECKED, confirmed: true });
const cu121 = (cudnn: string): TorchVariant => v('cu121', '12.1', A_50_90, NO_PTX, X86_WIN, { cudnn, source: BUILDER_CUDA, checked: CHECKED, confirmed: true });
const cu124 = (aarch64: boolean): TorchVariant =>
  v('cu124', '12.4', A_50_90, ['compute_90'], aarch64 ? ALL : X86_WIN, {
    cudnn: '9.1.0.70',
    ...(aarch64 ? { byPlatform: { 'linux-aarch64': { archList: sm('9.0'), ptx: [] } } } : {}),
    source: BUILDER_CUDA,
    checked: CHECKED,
    confirmed: false,
    note: 'The builder script lists "9.0+PTX" for 12.4 (x86) and "9.0" for aarch64; PTX not verified with get_arch_list() of a released wheel.',
    noteZh: 'builder 脚本对 12.4 (x86) 列出 "9.0+PTX"，对 aarch64 列出 "9.0"；PTX 未经已发布 wheel 的 get_arch_list() 验证。',
  });

const V_2_1_TO_2_3 = [cu118_v2('8.7.0.84'), cu121('8.9.2.26')];
const V_2_4 = [cu118_v2('9.1.0.70'), cu121('9.1.0.70'), cu124(false)];
const V_2_5 = [cu118_v2('9.1.0.70'), cu121('9.1.0.70'), cu124(true)];

const V_2_6 = [
  cu118_v2('9.1.0.70'),
  cu124(false),
  v('cu126', '12.6', A_50_90, NO_PTX, ALL, {
    cudnn: '9.5.1.17',
    byPlatform: { 'linux-aarch64': { archList: sm('9.0'), ptx: [] } },
    source: BUILD_CUDA,
    checked: CHECKED,
    confirmed: false,
    note: '12.6 = base 5.0…8.6 + 9.0 (aarch64: 9.0 only) per the 2.6-era build_cuda.sh as quoted in a public test fixture; not re-read from the tag.',
    noteZh: '12.6 = 基础 5.0…8.6 + 9.0（aarch64：仅 9.0），依据某公开测试 fixture 所引用的 2.6 时期 build_cuda.sh；未在该 tag 上重新读取。',
  }),
];

const V_2_7 = [
  cu118_v2('9.1.0.70'),
  v('cu126', '12.6', A_50_90, NO_PTX, X86_WIN, { cudnn: '9.5.1.17', cudaFull: '12.6.3', source: MATRIX_27, checked: CHECKED, confirmed: true }),
  v('cu128', '12.8', A_75_120, ['compute_120'], ALL, {
    cudnn: '9.7.1.26',
    cudaFull: '12.8.0',
    source: `${RELEASE_MD}; ${MATRIX_27}`,
    checked: CHECKED,
    confirmed: false,
    note: 'Arch list 7.5;8.0;8.6;9.0;10.0;12.0+PTX: get_arch_list() of 2.7.1+cu128 printed in public user reports (secondary); no sm_50/sm_60/sm_70.',
    noteZh: '架构列表 7.5;8.0;8.6;9.0;10.0;12.0+PTX：来自公开用户报告中打印的 2.7.1+cu128 的 get_arch_list()（二手来源）；没有 sm_50/sm_60/sm_70。',
  }),
];

const V_2_8 = [
  v('cu126', '12.6', A_50_90, NO_PTX, ALL, {
    cudnn: '9.10.2.21',
    cudaFull: '12.6.3',
    byPlatform: { 'linux-aarch64': AARCH64_126 },
    source: BUILD_CUDA,
    checked: CHECKED,
    confirmed: true,
    note: `linux-aarch64 cu126 wheel of 2.8 not verified: the 2.8 aarch64 CUDA builds appear to be 12.9 only (${AARCH64_28}); the release lists it under unconfirmedFields.`,
    noteZh: `2.8 的 linux-aarch64 cu126 wheel 未经验证：2.8 的 aarch64 CUDA 构建似乎只有 12.9（${AARCH64_28}）；该版本行把它列在 unconfirmedFields 中。`,
  }),
  // No linux-aarch64 wheel of 2.8.0+cu128 exists (checked 2026-12-02): the variant is x86_64 and Windows only.
  v('cu128', '12.8', A_70_120, NO_PTX, X86_WIN, {
    cudnn: '9.10.2.21',
    source: `${BUILD_CUDA} (2.8 era: "12.8) 7.0;7.5;8.0;8.6;9.0;10.0;12.0", Volta kept per pytorch#157517); ${AARCH64_28}`,
    checked: H6_CHECKED,
    confirmed: true,
    note: 'Linux x86_64 and Windows only: 2.8.0 published no linux-aarch64 cu128 wheel (the wheel index lists manylinux_2_28_x86_64 and win_amd64 for 2.8.0+cu128; the 2.8 aarch64 builds were CUDA 12.9). The aarch64 arch set this row used to carry (sm_80 … sm_120, read from the 2.9-era script) is removed. One maintainer comment (pytorch#160162, 2025-08-08) says the cu128 index "contains the aarch64 wheels" for torch 2.8; the index listing contradicts it for 2.8.0.',
    noteZh:
      '仅限 Linux x86_64 和 Windows：2.8.0 没有发布 linux-aarch64 的 cu128 wheel（wheel 索引中 2.8.0+cu128 只列出 manylinux_2_28_x86_64 和 win_amd64；2.8 的 aarch64 构建用的是 CUDA 12.9）。本行原先带的 aarch64 架构集（sm_80 … sm_120，读自 2.9 时期的脚本）已删除。有一条维护者评论（pytorch#160162，2025-08-08）称 torch 2.8 的 cu128 索引 "contains the aarch64 wheels"；但就 2.8.0 而言，索引列表与此矛盾。',
  }),
  v('cu129', '12.9', A_70_120, ['compute_120'], ALL, {
    cudnn: '9.10.2.21',
    byPlatform: { 'linux-aarch64': AARCH64_12X },
    source: `${BUILD_CUDA} (2.8 era: "12.9) 7.0;…;12.0+PTX"); ${AARCH64_SRC}`,
    checked: AUDIT_CHECKED,
    confirmed: false,
    note: `Release builds have dropped +PTX before (release-only PRs such as pytorch#157634); PTX not verified on the released wheel. ${AARCH64_NOTE}`,
    noteZh: `发布构建以前就去掉过 +PTX（如 pytorch#157634 这类 release-only PR）；PTX 未在已发布的 wheel 上验证。${AARCH64_NOTE_ZH}`,
  }),
];

const CU126_9X = v('cu126', '12.6', A_50_90, NO_PTX, ALL, {
  cudnn: '9.10.2.21',
  cudaFull: '12.6.3',
  byPlatform: { 'linux-aarch64': AARCH64_126 },
  source: RELEASE_MD,
  checked: CHECKED,
  confirmed: true,
});

const V_2_9 = [
  CU126_9X,
  v('cu128', '12.8', A_70_120, NO_PTX, ALL, {
    cudnn: '9.10.2.21',
    cudaFull: '12.8.1',
    byPlatform: { 'linux-aarch64': AARCH64_12X },
    source: `${MATRIX_29}; ${RELEASE_MD}; ${AARCH64_SRC}`,
    checked: AUDIT_CHECKED,
    confirmed: true,
    note: AARCH64_NOTE,
    noteZh: AARCH64_NOTE_ZH,
  }),
  v('cu129', '12.9', A_70_120, ['compute_120'], ['linux-x86_64', 'windows'], {
    cudnn: '9.10.2.21',
    source: TRACKER,
    checked: CHECKED,
    confirmed: false,
    note: 'Not in the v2.9.0 tag matrix; built from release/2.9. Windows cu129 wheels exist for 2.9.0 only. Arch list assumed as in 2.8.',
    noteZh: '不在 v2.9.0 tag 的构建矩阵中；由 release/2.9 构建。Windows cu129 wheel 仅 2.9.0 有。架构列表假定与 2.8 相同。',
  }),
  v('cu130', '13.0', A_75_120, ['compute_120'], ALL, {
    cudnn: '9.13.0.50',
    cudaFull: '13.0.0',
    byPlatform: { 'linux-aarch64': AARCH64_13X, windows: { archList: A_75_120, ptx: [] } },
    source: `${MATRIX_29}; ${RELEASE_MD}; https://github.com/pytorch/pytorch/pull/188914; https://github.com/pytorch/pytorch/pull/175567`,
    confirmed: false,
    checked: H6_CHECKED,
    note: 'Experimental in 2.9. PTX unconfirmed, sources disagree: RELEASE.md lists 12.0+PTX for 13.0 on Linux (this row); pytorch#188914 (2026-07-03) calls release wheels without +PTX "the pre-2.13 behavior" (the branch-cut sed in apply-release-changes.sh stripped it from build_cuda.sh), which would remove compute_120; but 2.11 needed a release-only PR to drop +ptx from its 13.0 builds (pytorch#175567), so the sed may not have covered 13.0. No torch.cuda.get_arch_list() of 2.9.0+cu130 or 2.9.1+cu130 found (checked 2026-12-02).',
    noteZh:
      '2.9 中为实验性。PTX 未确认，来源相互矛盾：RELEASE.md 在 Linux 上对 13.0 列出 12.0+PTX（即本行）；pytorch#188914（2026-07-03）把不带 +PTX 的发布 wheel 称为 "the pre-2.13 behavior"（apply-release-changes.sh 中分支切出时的 sed 把它从 build_cuda.sh 里删掉了），照此就不会有 compute_120；但 2.11 还需要一个 release-only PR 才把 +ptx 从其 13.0 构建中去掉（pytorch#175567），所以那条 sed 可能并未覆盖 13.0。未找到 2.9.0+cu130 或 2.9.1+cu130 的 torch.cuda.get_arch_list() 结果（2026-12-02 核查）。',
  }),
];

const V_2_10 = [
  { ...CU126_9X, nccl: '2.27.5', source: `${RELEASE_MD}; ${PINS_210}`, checked: H6_CHECKED, note: PINS_210_NOTE, noteZh: PINS_210_NOTE_ZH },
  v('cu128', '12.8', A_70_120, NO_PTX, ALL, {
    cudnn: '9.10.2.21',
    nccl: '2.27.5',
    cudaFull: '12.8.1',
    byPlatform: { 'linux-aarch64': AARCH64_12X },
    source: `${RELEASE_MD}; ${PINS_210}; ${ISSUE_182250}; ${AARCH64_SRC}`,
    checked: H6_CHECKED,
    confirmed: true,
    note: `cuDNN 9.10.2.21 and NCCL 2.27.5 re-checked 2026-12-02. ${PINS_210_NOTE} ${AARCH64_NOTE}`,
    noteZh: `cuDNN 9.10.2.21 和 NCCL 2.27.5 已于 2026-12-02 复核。${PINS_210_NOTE_ZH}${AARCH64_NOTE_ZH}`,
  }),
  v('cu129', '12.9', A_70_120, ['compute_120'], ['linux-x86_64', 'linux-aarch64'], {
    nccl: '2.27.5',
    cudaFull: '12.9.1',
    byPlatform: { 'linux-aarch64': AARCH64_12X },
    source: `${TRACKER}; ${PINS_210}; ${AARCH64_SRC}`,
    checked: H6_CHECKED,
    confirmed: false,
    note: `Published on the wheel index (tracker); no Windows wheel; x86 arch list assumed as in 2.8. NCCL 2.27.5 assumed from release/2.10's CUDA 12 pin (pytorch#190386 names 12.6 and 12.8 only; 12.9 is not in RELEASE.md); cuDNN pin not read. ${AARCH64_NOTE}`,
    noteZh: `已发布到 wheel 索引（tracker）；没有 Windows wheel；x86 架构列表假定与 2.8 相同。NCCL 2.27.5 是按 release/2.10 的 CUDA 12 pin 推断的（pytorch#190386 只提到 12.6 和 12.8；RELEASE.md 中没有 12.9）；cuDNN pin 未读取。${AARCH64_NOTE_ZH}`,
  }),
  v('cu130', '13.0', A_75_120, ['compute_120'], ALL, {
    cudnn: '9.15.1.9',
    nccl: '2.28.9',
    cudaFull: '13.0.0',
    byPlatform: { 'linux-aarch64': AARCH64_13X, windows: { archList: A_75_120, ptx: [] } },
    source: `${RELEASE_MD}; ${PINS_210}`,
    checked: H6_CHECKED,
    confirmed: false,
    note: 'Experimental in 2.10. RELEASE.md says 12.0+PTX on Linux; the PTX of the release wheel is not verified (2.11 removed it release-only).',
    noteZh: '2.10 中为实验性。RELEASE.md 称 Linux 上为 12.0+PTX；发布 wheel 的 PTX 未经验证（2.11 以 release-only 方式去掉了它）。',
  }),
];

const V_2_11 = [
  v('cu126', '12.6', A_50_90, NO_PTX, ALL, {
    cudnn: '9.10.2.21',
    nccl: '2.28.9',
    cudaFull: '12.6.3',
    byPlatform: { 'linux-aarch64': AARCH64_126 },
    source: `${RELEASE_MD}; ${ISSUE_182250}`,
    checked: CHECKED,
    confirmed: true,
  }),
  v('cu128', '12.8', A_75_120, NO_PTX, ALL, {
    cudnn: '9.19.0.56',
    nccl: '2.28.9',
    cudaFull: '12.8.1',
    byPlatform: { 'linux-aarch64': AARCH64_12X },
    source: `${WHEEL_211_CU128}; ${RELEASE_MD}; ${ISSUE_182250}; https://github.com/pytorch/pytorch/issues/172352 (Volta dropped: cuDNN >= 9.15 has no sm_70); ${AARCH64_SRC}`,
    checked: AUDIT_CHECKED,
    confirmed: true,
    note: `Arch list confirmed by get_arch_list() (no sm_70, no PTX). cuDNN 9.19.0.56 is what the wheel pins (Requires-Dist nvidia-cudnn-cu12==9.19.0.56, with cuda-toolkit==12.8.1 and nvidia-nccl-cu12==2.28.9); RELEASE.md's 9.17.1.4 is stale (issue-19 audit). ${AARCH64_NOTE}`,
    noteZh: `架构列表已由 get_arch_list() 确认（无 sm_70，无 PTX）。cuDNN 9.19.0.56 是该 wheel 的 pin（Requires-Dist nvidia-cudnn-cu12==9.19.0.56，另有 cuda-toolkit==12.8.1 和 nvidia-nccl-cu12==2.28.9）；RELEASE.md 中的 9.17.1.4 已过时（issue-19 审计）。${AARCH64_NOTE_ZH}`,
  }),
  v('cu129', '12.9', A_75_120, NO_PTX, ['linux-x86_64', 'linux-aarch64'], {
    cudnn: '9.17.1.4',
    cudaFull: '12.9.1',
    byPlatform: { 'linux-aarch64': AARCH64_12X },
    source: `${TRACKER}; ${AARCH64_SRC}`,
    checked: AUDIT_CHECKED,
    confirmed: false,
    note: `Not in RELEASE.md; published on the wheel index per the tracker; x86 arch list assumed equal to cu128. ${AARCH64_NOTE}`,
    noteZh: `RELEASE.md 中没有；据 tracker 已发布到 wheel 索引；x86 架构列表假定与 cu128 相同。${AARCH64_NOTE_ZH}`,
  }),
  v('cu130', '13.0', A_75_120, NO_PTX, ALL, {
    cudnn: '9.19.0.56',
    nccl: '2.28.9',
    cudaFull: '13.0.2',
    byPlatform: { 'linux-aarch64': AARCH64_13X },
    source: `${H200}; ${PR_175567}; ${RELEASE_MD}`,
    checked: CHECKED,
    confirmed: true,
    note: 'RELEASE.md says 12.0+PTX, but the release-only PR removed +PTX and a real 2.11.0+cu130 reports sm_75…sm_120 with no compute_120. cuDNN 9.19.0.56 seen on that host (RELEASE.md says 9.17.1.4). aarch64 arch set (with PTX) from RELEASE.md, not verified.',
    noteZh:
      'RELEASE.md 称 12.0+PTX，但 release-only PR 去掉了 +PTX，真实的 2.11.0+cu130 报告的是 sm_75…sm_120，没有 compute_120。在那台主机上看到的 cuDNN 是 9.19.0.56（RELEASE.md 写的是 9.17.1.4）。aarch64 架构集（含 PTX）取自 RELEASE.md，未经验证。',
  }),
];

const PTX_12X_NOTE =
  'RELEASE.md lists 12.0+PTX on Linux, but release builds drop +PTX (pytorch#175567 for 2.11) and a reported 2.13.0+cu130 get_arch_list() shows no compute_120 (secondary). Treated as no PTX.';
const PTX_12X_NOTE_ZH =
  'RELEASE.md 在 Linux 上列出 12.0+PTX，但发布构建会去掉 +PTX（2.11 见 pytorch#175567），且有报告称 2.13.0+cu130 的 get_arch_list() 中没有 compute_120（二手来源）。按无 PTX 处理。';

function v13(tag: '130' | '132', cudnn: string, nccl: string, cudaFull: string, extra: Partial<TorchVariant> = {}): TorchVariant {
  return v(`cu${tag}`, `13.${tag === '130' ? '0' : '2'}`, A_75_120, NO_PTX, ALL, {
    cudnn,
    nccl,
    cudaFull,
    byPlatform: { 'linux-aarch64': AARCH64_13X },
    source: RELEASE_MD,
    checked: CHECKED,
    confirmed: false,
    note: PTX_12X_NOTE,
    noteZh: PTX_12X_NOTE_ZH,
    ...extra,
  });
}
const CU130_1303_NOTE = `${AUDIT_19}: built with CUDA 13.0.3, not 13.0.2 (PyPI metadata pins cuda-toolkit==13.0.3; pytorch#190355 build matrix lists 13.0 = 13.0.3). ${PTX_12X_NOTE}`;
const CU130_1303_NOTE_ZH = `${AUDIT_19_ZH}：以 CUDA 13.0.3 构建，而非 13.0.2（PyPI 元数据 pin 了 cuda-toolkit==13.0.3；pytorch#190355 的构建矩阵列出 13.0 = 13.0.3）。${PTX_12X_NOTE_ZH}`;
const cu126_12x = (nccl: string): TorchVariant => ({ ...CU126_9X, nccl });
const cu129_12x = (cudnn?: string): TorchVariant =>
  v('cu129', '12.9', A_75_120, NO_PTX, ['linux-x86_64'], {
    ...(cudnn ? { cudnn } : {}),
    cudaFull: '12.9.1',
    source: TRACKER,
    checked: CHECKED,
    confirmed: false,
    note: 'Linux-only cu129 wheels restored after 2.12.0 (tracker, secondary); arch list assumed equal to cu130.',
    noteZh: '2.12.0 之后恢复了仅限 Linux 的 cu129 wheel（tracker，二手来源）；架构列表假定与 cu130 相同。',
  });

const V_2_12_0 = [cu126_12x('2.29.3'), v13('130', '9.20.0.48', '2.29.7', '13.0.2'), v13('132', '9.20.0.48', '2.29.7', '13.2.1')];
const V_2_12_1 = [cu126_12x('2.29.3'), cu129_12x(), v13('130', '9.20.0.48', '2.29.7', '13.0.2'), v13('132', '9.20.0.48', '2.29.7', '13.2.1')];
const V_2_13 = [
  cu126_12x('2.29.3'),
  // Confirmed 2026-12-02: release/2.13 builds 12.9 for Linux x86_64 and aarch64 (not Windows) with the 13.x x86 list.
  v('cu129', '12.9', A_75_120, NO_PTX, ['linux-x86_64', 'linux-aarch64'], {
    cudnn: '9.20.0.48',
    cudaFull: '12.9.1',
    byPlatform: { 'linux-aarch64': AARCH64_12X },
    source: `${CU129_213}; ${TRACKER}`,
    checked: AUDIT_CHECKED,
    // The wheel's existence and x86 list are confirmed; its cuDNN pin and aarch64 set are not, so the variant stays
    // unconfirmed and plan does not lean on minor-version compatibility for it (src/install/torch.ts).
    confirmed: false,
    note: "Exists for Linux x86_64 and aarch64, not Windows (release/2.13 build matrix); the x86_64 list is confirmed by the release/2.13 arch table and a measured get_arch_list(). Not read: the cuDNN pin (9.20.0.48 is the tracker's) and the aarch64 set (the 2.12 rule: x86 list minus the aarch64 filter).",
    noteZh:
      '有 Linux x86_64 和 aarch64 版本，没有 Windows 版（release/2.13 构建矩阵）；x86_64 列表已由 release/2.13 的架构表和一次实测的 get_arch_list() 确认。未读取：cuDNN pin（9.20.0.48 来自 tracker）和 aarch64 架构集（按 2.12 的规则：x86 列表减去 aarch64 过滤项）。',
  }),
  v13('130', '9.20.0.48', '2.29.7', '13.0.3', {
    source: `${MEASURED_213_CU130}; ${RELEASE_MD}; ${RFC_190355}; ${VLLM_PINS}`,
    checked: AUDIT_CHECKED,
    confirmed: true,
    note: `${AUDIT_19}: built with CUDA 13.0.3, not 13.0.2 (PyPI metadata pins cuda-toolkit==13.0.3; pytorch#190355 build matrix lists 13.0 = 13.0.3). x86_64 wheels carry no PTX: a measured get_arch_list() of the official wheel ends at sm_120 without compute_120 (RELEASE.md's 12.0+PTX is stale; the release-only removal #188925 went into release/2.13 before GA). The aarch64 set (with PTX) is RELEASE.md's, not verified.`,
    noteZh: `${AUDIT_19_ZH}：以 CUDA 13.0.3 构建，而非 13.0.2（PyPI 元数据 pin 了 cuda-toolkit==13.0.3；pytorch#190355 的构建矩阵列出 13.0 = 13.0.3）。x86_64 wheel 不带 PTX：官方 wheel 实测的 get_arch_list() 止于 sm_120，没有 compute_120（RELEASE.md 的 12.0+PTX 已过时；release-only 的删除 #188925 在 GA 之前已合入 release/2.13）。aarch64 架构集（含 PTX）取自 RELEASE.md，未经验证。`,
  }),
  v13('132', '9.20.0.48', '2.29.7', '13.2.1'),
];
const V_2_14 = [
  cu126_12x('2.29.3'),
  v13('130', '9.24.0.43', '2.30.7', '13.0.3', {
    source: `${PYPI_214}; ${RFC_190355}`,
    checked: '2026-12-01',
    note: CU130_1303_NOTE,
    noteZh: CU130_1303_NOTE_ZH,
  }),
  v13('132', '9.24.0.43', '2.30.7', '13.2.1'),
];
const V_2_15 = (['130', '132'] as const).map((t) =>
  v(`cu${t}`, t === '130' ? '13.0' : '13.2', A_75_120, NO_PTX, ALL, {
    byPlatform: { 'linux-aarch64': AARCH64_13X },
    source: RFC_190385,
    checked: CHECKED,
    confirmed: false,
    note: 'Proposed in the 2.15 RFC; the released wheel set, cuDNN and NCCL pins were not seen.',
    noteZh: '2.15 RFC 中的提议；未见到实际发布的 wheel 集合，也未见到 cuDNN 和 NCCL 的 pin。',
  }),
);

// ---- releases ------------------------------------------------------------------------------------------

const PY_136 = { min: '3.6', max: '3.9' };
const PY_137 = { min: '3.7', max: '3.10' };
const PY_138 = { min: '3.8', max: '3.11' };
const PY_2_2 = { min: '3.8', max: '3.11', experimental: ['3.12'] };
const PY_2_4 = { min: '3.8', max: '3.12' };
const PY_2_5 = { min: '3.9', max: '3.12', experimental: ['3.13'] };
const PY_2_6 = { min: '3.9', max: '3.13', experimental: ['3.13t'] };
const PY_2_9 = { min: '3.10', max: '3.14', experimental: ['3.14t'] };
// 2.13+: PyPI ships cp310–cp314 only; 3.15/3.15t wheels are experimental and Linux-only (pytorch#187972), so 3.15 is
// not listed as supported (issue-19 audit, 2026-12-01). 3.14t as in 2.9–2.12, not re-checked.
const PY_2_13 = { min: '3.10', max: '3.14', experimental: ['3.14t'] };
const PY315_NOTE = `Python: PyPI ships cp310–cp314; 3.15 wheels are experimental and Linux-only (${PY315_187972}), so 3.15 is not listed as supported (${AUDIT_19}).`;
const PY315_NOTE_ZH = `Python：PyPI 提供 cp310–cp314；3.15 的 wheel 为实验性且仅限 Linux（${PY315_187972}），因此 3.15 不列为受支持（${AUDIT_19_ZH}）。`;

const WHEEL_F = 'CUDA wheels installed with -f https://download.pytorch.org/whl/torch_stable.html and torch==X+cuXXX (the page lists cu111 and cu102).';
const WHEEL_F_ZH = 'CUDA wheel 通过 -f https://download.pytorch.org/whl/torch_stable.html 和 torch==X+cuXXX 安装（该页面列出 cu111 和 cu102）。';
const PYPI_102 =
  'PyPI default CUDA 10.2: the page shows a plain `pip install torch` line only up to 1.8.0 and names +cu102 wheels afterwards; 1.13 moved PyPI to 11.7 (pytorch/test-infra#1145).';
const PYPI_102_ZH =
  'PyPI 默认 CUDA 10.2：该页面只到 1.8.0 为止给出单纯的 `pip install torch` 命令，之后写的都是 +cu102 wheel；1.13 起 PyPI 改为 11.7（pytorch/test-infra#1145）。';
const CU113_110 =
  'cu113 is not on the page but was published (torch-1.10.x+cu113 wheels at download.pytorch.org/whl/cu113, pinned by nixpkgs and many projects).';
const CU113_110_ZH = 'cu113 不在该页面上，但确实发布过（torch-1.10.x+cu113 wheel 位于 download.pytorch.org/whl/cu113，nixpkgs 和许多项目都 pin 了它）。';
const CONDA_18 = 'Conda (-c pytorch): cudatoolkit 10.2 and 11.1 (11.1 with -c conda-forge; cuda11.1_cudnn8.0.5 builds seen); 10.1 conda builds not verified.';
const CONDA_18_ZH = 'Conda（-c pytorch）：cudatoolkit 10.2 和 11.1（11.1 需加 -c conda-forge；见过 cuda11.1_cudnn8.0.5 构建）；10.1 的 conda 构建未经验证。';
const CONDA_19 =
  'Conda (-c pytorch): cudatoolkit 10.2 and 11.1 (cuda10.2_cudnn7.6.5 / cuda11.1_cudnn8.0.5 builds seen); the page says cudatoolkit=11.3, which matches no 1.9 build seen.';
const CONDA_19_ZH =
  'Conda（-c pytorch）：cudatoolkit 10.2 和 11.1（见过 cuda10.2_cudnn7.6.5 / cuda11.1_cudnn8.0.5 构建）；页面写的是 cudatoolkit=11.3，与见过的任何 1.9 构建都对不上。';
const CONDA_110 =
  'Conda (-c pytorch): cudatoolkit 10.2, 11.1 and 11.3 (page: 10.2 and 11.3 with -c conda-forge; cuda11.1_cudnn8.0.5 and cuda11.3_cudnn8.2.0 builds seen).';
const CONDA_110_ZH =
  'Conda（-c pytorch）：cudatoolkit 10.2、11.1 和 11.3（页面：10.2 和 11.3，需加 -c conda-forge；见过 cuda11.1_cudnn8.0.5 和 cuda11.3_cudnn8.2.0 构建）。';
const CONDA_112 = 'Conda (-c pytorch): cudatoolkit 10.2, 11.3, and 11.6 (11.6 with -c conda-forge; cuda11.6_cudnn8.3.2 builds seen).';
const CONDA_112_ZH = 'Conda（-c pytorch）：cudatoolkit 10.2、11.3 和 11.6（11.6 需加 -c conda-forge；见过 cuda11.6_cudnn8.3.2 构建）。';

const NCCL_TRITON_2ND = ['triton', 'cudaVariants.nccl'];

export const TORCH_RELEASES: readonly TorchRelease[] = [
  r({
    version: '1.8.0',
    released: '2021-03',
    python: PY_136,
    cudaVariants: V_1_8_0,
    pypiDefault: 'cu102',
    torchvision: '0.9.0',
    torchaudio: '0.8.0',
    rocm: '4.0.1',
    conda: 'pytorch-channel',
    source: `${PREV_VERSIONS}; ${TV_README}`,
    unconfirmedFields: ['released'],
    note: `${WHEEL_F} PyPI default CUDA 10.2 (the page's "CUDA 10.2" line is a plain pip install torch==1.8.0). cu101 is not on the page but torch==1.8.0+cu101 is widely installed. ${CONDA_18}`,
    noteZh: `${WHEEL_F_ZH}PyPI 默认 CUDA 10.2（页面上 "CUDA 10.2" 那一行就是单纯的 pip install torch==1.8.0）。cu101 不在该页面上，但 torch==1.8.0+cu101 被广泛安装。${CONDA_18_ZH}`,
  }),
  r({
    version: '1.8.1',
    released: '2021-03',
    python: PY_136,
    cudaVariants: V_1_8_1,
    pypiDefault: 'cu102',
    torchvision: '0.9.1',
    torchaudio: '0.8.1',
    rocm: '4.0.1',
    conda: 'pytorch-channel',
    source: `${PREV_VERSIONS}; ${TV_README}`,
    unconfirmedFields: ['released', 'pypiDefault'],
    note: `${WHEEL_F} ${PYPI_102} ${CONDA_18} The page's "cudatoolkit=11.3" line for 1.8.1 matches no conda build seen.`,
    noteZh: `${WHEEL_F_ZH}${PYPI_102_ZH}${CONDA_18_ZH}页面上 1.8.1 的 "cudatoolkit=11.3" 一行与见过的任何 conda 构建都对不上。`,
  }),
  r({
    version: '1.9.0',
    released: '2021-06',
    python: PY_136,
    cudaVariants: V_1_9,
    pypiDefault: 'cu102',
    torchvision: '0.10.0',
    torchaudio: '0.9.0',
    rocm: '4.2',
    conda: 'pytorch-channel',
    source: `${PREV_VERSIONS}; ${TV_README}`,
    unconfirmedFields: ['released', 'pypiDefault'],
    note: `${WHEEL_F} ${PYPI_102} ${CONDA_19}`,
    noteZh: `${WHEEL_F_ZH}${PYPI_102_ZH}${CONDA_19_ZH}`,
  }),
  r({
    version: '1.9.1',
    released: '2021-09',
    python: PY_136,
    cudaVariants: V_1_9,
    pypiDefault: 'cu102',
    torchvision: '0.10.1',
    torchaudio: '0.9.1',
    rocm: '4.2',
    conda: 'pytorch-channel',
    source: `${PREV_VERSIONS}; ${TV_README}`,
    unconfirmedFields: ['released', 'pypiDefault'],
    note: `${WHEEL_F} ${PYPI_102} ${CONDA_19}`,
    noteZh: `${WHEEL_F_ZH}${PYPI_102_ZH}${CONDA_19_ZH}`,
  }),
  r({
    version: '1.10.0',
    released: '2021-10',
    python: PY_136,
    cudaVariants: V_1_10,
    pypiDefault: 'cu102',
    torchvision: '0.11.1',
    torchaudio: '0.10.0',
    rocm: '4.2',
    conda: 'pytorch-channel',
    source: `${PREV_VERSIONS}; ${TV_README}`,
    unconfirmedFields: ['released', 'pypiDefault', 'torchvision', 'cudaVariants.cu113'],
    note: `${WHEEL_F} ${PYPI_102} ${CU113_110} torchvision: the README table pairs 1.10.0 with 0.11.1, the page with 0.11.0 (both exist). ${CONDA_110}`,
    noteZh: `${WHEEL_F_ZH}${PYPI_102_ZH}${CU113_110_ZH}torchvision：README 表格中 1.10.0 对应 0.11.1，页面上对应 0.11.0（两者都存在）。${CONDA_110_ZH}`,
  }),
  r({
    version: '1.10.1',
    released: '2021-12',
    python: PY_136,
    cudaVariants: V_1_10,
    pypiDefault: 'cu102',
    torchvision: '0.11.2',
    torchaudio: '0.10.1',
    rocm: '4.2',
    conda: 'pytorch-channel',
    source: `${PREV_VERSIONS}; ${TV_README}`,
    unconfirmedFields: ['released', 'pypiDefault', 'cudaVariants.cu113'],
    note: `${WHEEL_F} ${PYPI_102} ${CU113_110} ${CONDA_110}`,
    noteZh: `${WHEEL_F_ZH}${PYPI_102_ZH}${CU113_110_ZH}${CONDA_110_ZH}`,
  }),
  r({
    version: '1.10.2',
    released: '2022-01',
    python: PY_136,
    cudaVariants: V_1_10,
    pypiDefault: 'cu102',
    torchvision: '0.11.3',
    torchaudio: '0.10.2',
    rocm: '4.2',
    conda: 'pytorch-channel',
    source: `${TV_README}; public install lines for torch==1.10.2+cu102/+cu111/+cu113 — secondary`,
    unconfirmedFields: ['released', 'pypiDefault', 'rocm'],
    note: `Not on the stored previous-versions page; variants and pairs from widely used install lines (torch==1.10.2+cu111/+cu113, torchvision 0.11.3, torchaudio 0.10.2). ${WHEEL_F} ${PYPI_102} ${CONDA_110}`,
    noteZh: `不在存档的 previous-versions 页面上；变体和配套版本取自广泛使用的安装命令（torch==1.10.2+cu111/+cu113、torchvision 0.11.3、torchaudio 0.10.2）。${WHEEL_F_ZH}${PYPI_102_ZH}${CONDA_110_ZH}`,
  }),
  r({
    version: '1.11.0',
    released: '2022-03',
    python: PY_137,
    cudaVariants: V_1_11,
    pypiDefault: 'cu102',
    torchvision: '0.12.0',
    torchaudio: '0.11.0',
    rocm: '4.5.2',
    conda: 'pytorch-channel',
    source: `${PREV_VERSIONS}; ${TV_README}; ${RUSTY_276}`,
    unconfirmedFields: ['pypiDefault'],
    note: `Wheels via --extra-index-url https://download.pytorch.org/whl/cuXXX from 1.11 on. cu115 is not on the page, but RC and release wheels exist (torch==1.11.0+cu115 widely installed). ${PYPI_102} A user report of PyPI torch 1.11 lists sm_37 sm_50 sm_60 sm_70 (the cu102 set). Conda: cudatoolkit 10.2 and 11.3 (page; cuda11.3_cudnn8.2.0 builds seen); conda 11.5 not verified.`,
    noteZh: `从 1.11 起通过 --extra-index-url https://download.pytorch.org/whl/cuXXX 安装 wheel。cu115 不在该页面上，但 RC 和正式版 wheel 都存在（torch==1.11.0+cu115 被广泛安装）。${PYPI_102_ZH}有用户报告称 PyPI 上的 torch 1.11 列出 sm_37 sm_50 sm_60 sm_70（即 cu102 那一套）。Conda：cudatoolkit 10.2 和 11.3（页面；见过 cuda11.3_cudnn8.2.0 构建）；conda 11.5 未经验证。`,
  }),
  r({
    version: '1.12.0',
    released: '2022-06',
    python: PY_137,
    cudaVariants: V_1_12,
    pypiDefault: 'cu102',
    torchvision: '0.13.0',
    torchaudio: '0.12.0',
    rocm: '5.1.1',
    conda: 'pytorch-channel',
    source: `${RELEASE_MD}; ${PREV_VERSIONS}`,
    unconfirmedFields: ['released', 'pypiDefault', 'rocm'],
    note: `RELEASE.md: stable CUDA 11.3, experimental 11.6 (cuDNN 8.3.2.44), ROCm 5.0, but the page's ROCm wheels are rocm5.1.1. ${PYPI_102} ${CONDA_112}`,
    noteZh: `RELEASE.md：稳定版 CUDA 11.3，实验性 11.6（cuDNN 8.3.2.44），ROCm 5.0，但页面上的 ROCm wheel 是 rocm5.1.1。${PYPI_102_ZH}${CONDA_112_ZH}`,
  }),
  r({
    version: '1.12.1',
    released: '2022-08',
    python: PY_137,
    cudaVariants: V_1_12,
    pypiDefault: 'cu102',
    torchvision: '0.13.1',
    torchaudio: '0.12.1',
    rocm: '5.1.1',
    conda: 'pytorch-channel',
    source: `${RELEASE_MD}; ${PREV_VERSIONS}`,
    unconfirmedFields: ['released', 'pypiDefault', 'rocm'],
    note: `RELEASE.md: stable CUDA 11.3, experimental 11.6, ROCm 5.0 (page: rocm5.1.1 wheels). ${PYPI_102} ${CONDA_112}`,
    noteZh: `RELEASE.md：稳定版 CUDA 11.3，实验性 11.6，ROCm 5.0（页面：rocm5.1.1 wheel）。${PYPI_102_ZH}${CONDA_112_ZH}`,
  }),
  r({
    version: '1.13.0',
    released: '2022-10',
    python: PY_137,
    cudaVariants: V_1_13,
    pypiDefault: 'cu117',
    torchvision: '0.14.0',
    torchaudio: '0.13.0',
    rocm: '5.2',
    conda: 'pytorch-channel',
    source: `${RELEASE_MD}; ${PREV_VERSIONS}`,
    unconfirmedFields: ['released', 'pypiDefault'],
    note: 'Not in the cadence table; date and PyPI default (CUDA 11.7 via nvidia-*-cu11 wheels) from memory of the release, unverified.',
    noteZh: '不在发布节奏表中；日期和 PyPI 默认版本（CUDA 11.7，通过 nvidia-*-cu11 wheel）凭对该版本的记忆填写，未经验证。',
  }),
  r({
    version: '1.13.1',
    released: '2022-12',
    python: PY_137,
    cudaVariants: V_1_13,
    pypiDefault: 'cu117',
    torchvision: '0.14.1',
    torchaudio: '0.13.1',
    rocm: '5.2',
    conda: 'pytorch-channel',
    source: `${RELEASE_MD}; ${PREV_VERSIONS}`,
    unconfirmedFields: ['released', 'pypiDefault'],
  }),
  r({
    version: '2.0.0',
    released: '2023-03',
    python: PY_138,
    cudaVariants: V_2_0,
    pypiDefault: 'cu117',
    torchvision: '0.15.1',
    torchaudio: '2.0.1',
    triton: '2.0.0',
    rocm: '5.4',
    conda: 'pytorch-channel',
    source: `${RELEASE_MD}; ${PREV_VERSIONS}`,
    unconfirmedFields: ['released', 'triton', ...NCCL_TRITON_2ND],
  }),
  r({
    version: '2.0.1',
    released: '2023-05',
    python: PY_138,
    cudaVariants: V_2_0,
    pypiDefault: 'cu117',
    torchvision: '0.15.2',
    torchaudio: '2.0.2',
    triton: '2.0.0',
    rocm: '5.4',
    conda: 'pytorch-channel',
    source: `${RELEASE_MD}; ${PREV_VERSIONS}`,
    unconfirmedFields: ['released', 'triton', ...NCCL_TRITON_2ND],
  }),
  r({
    version: '2.1.0',
    released: '2023-10',
    python: PY_138,
    cudaVariants: V_2_1_TO_2_3.map((x) => ({ ...x, nccl: '2.18.1' })),
    pypiDefault: 'cu121',
    torchvision: '0.16.0',
    torchaudio: '2.1.0',
    triton: '2.1.0',
    rocm: '5.6',
    conda: 'pytorch-channel',
    source: `${RELEASE_MD}; ${PREV_VERSIONS}; ${LOCKFILES}`,
    unconfirmedFields: NCCL_TRITON_2ND,
  }),
  r({
    version: '2.1.1',
    released: '2023-11',
    python: PY_138,
    cudaVariants: V_2_1_TO_2_3.map((x) => ({ ...x, nccl: '2.18.1' })),
    pypiDefault: 'cu121',
    torchvision: '0.16.1',
    torchaudio: '2.1.1',
    triton: '2.1.0',
    rocm: '5.6',
    conda: 'pytorch-channel',
    source: `${RELEASE_MD}; ${PREV_VERSIONS}; ${LOCKFILES}`,
    unconfirmedFields: NCCL_TRITON_2ND,
  }),
  r({
    version: '2.1.2',
    released: '2023-12',
    python: PY_138,
    cudaVariants: V_2_1_TO_2_3.map((x) => ({ ...x, nccl: '2.18.1' })),
    pypiDefault: 'cu121',
    torchvision: '0.16.2',
    torchaudio: '2.1.2',
    triton: '2.1.0',
    rocm: '5.6',
    conda: 'pytorch-channel',
    source: `${RELEASE_MD}; ${PREV_VERSIONS}; ${LOCKFILES}`,
    unconfirmedFields: NCCL_TRITON_2ND,
  }),
  r({
    version: '2.2.0',
    released: '2024-01',
    python: PY_2_2,
    cudaVariants: V_2_1_TO_2_3.map((x) => ({ ...x, nccl: '2.19.3' })),
    pypiDefault: 'cu121',
    torchvision: '0.17.0',
    torchaudio: '2.2.0',
    triton: '2.2.0',
    rocm: '5.7',
    conda: 'pytorch-channel',
    source: `${RELEASE_MD}; ${PREV_VERSIONS}; ${LOCKFILES}`,
    unconfirmedFields: NCCL_TRITON_2ND,
  }),
  r({
    version: '2.2.1',
    released: '2024-02',
    python: PY_2_2,
    cudaVariants: V_2_1_TO_2_3.map((x) => ({ ...x, nccl: '2.19.3' })),
    pypiDefault: 'cu121',
    torchvision: '0.17.1',
    torchaudio: '2.2.1',
    triton: '2.2.0',
    rocm: '5.7',
    conda: 'pytorch-channel',
    source: `${RELEASE_MD}; ${PREV_VERSIONS}; ${LOCKFILES}`,
    unconfirmedFields: NCCL_TRITON_2ND,
  }),
  r({
    version: '2.2.2',
    released: '2024-03',
    python: PY_2_2,
    cudaVariants: V_2_1_TO_2_3.map((x) => ({ ...x, nccl: '2.19.3' })),
    pypiDefault: 'cu121',
    torchvision: '0.17.2',
    torchaudio: '2.2.2',
    triton: '2.2.0',
    rocm: '5.7',
    conda: 'pytorch-channel',
    source: `${RELEASE_MD}; ${PREV_VERSIONS}; ${LOCKFILES}`,
    unconfirmedFields: NCCL_TRITON_2ND,
  }),
  r({
    version: '2.3.0',
    released: '2024-04',
    python: PY_2_2,
    cudaVariants: V_2_1_TO_2_3.map((x) => ({ ...x, nccl: '2.20.5' })),
    pypiDefault: 'cu121',
    torchvision: '0.18.0',
    torchaudio: '2.3.0',
    triton: '2.3.0',
    rocm: '6.0',
    conda: 'pytorch-channel',
    source: `${RELEASE_MD}; ${PREV_VERSIONS}; ${LOCKFILES}`,
    unconfirmedFields: NCCL_TRITON_2ND,
  }),
  r({
    version: '2.3.1',
    released: '2024-06',
    python: PY_2_2,
    cudaVariants: V_2_1_TO_2_3.map((x) => ({ ...x, nccl: '2.20.5' })),
    pypiDefault: 'cu121',
    torchvision: '0.18.1',
    torchaudio: '2.3.1',
    triton: '2.3.1',
    rocm: '6.0',
    conda: 'pytorch-channel',
    source: `${RELEASE_MD}; ${PREV_VERSIONS}; ${LOCKFILES}`,
    unconfirmedFields: NCCL_TRITON_2ND,
  }),
  r({
    version: '2.4.0',
    released: '2024-07',
    python: PY_2_4,
    cudaVariants: V_2_4.map((x) => ({ ...x, nccl: '2.20.5' })),
    pypiDefault: 'cu121',
    torchvision: '0.19.0',
    torchaudio: '2.4.0',
    triton: '3.0.0',
    rocm: '6.1',
    conda: 'pytorch-channel',
    source: `${RELEASE_MD}; ${PREV_VERSIONS}; ${LOCKFILES}`,
    unconfirmedFields: NCCL_TRITON_2ND,
  }),
  r({
    version: '2.4.1',
    released: '2024-09',
    python: PY_2_4,
    cudaVariants: V_2_4.map((x) => ({ ...x, nccl: '2.20.5' })),
    pypiDefault: 'cu121',
    torchvision: '0.19.1',
    torchaudio: '2.4.1',
    triton: '3.0.0',
    rocm: '6.1',
    conda: 'pytorch-channel',
    source: `${RELEASE_MD}; ${PREV_VERSIONS}; ${LOCKFILES}`,
    unconfirmedFields: NCCL_TRITON_2ND,
  }),
  r({
    version: '2.5.0',
    released: '2024-10',
    python: PY_2_5,
    cudaVariants: V_2_5.map((x) => ({ ...x, nccl: '2.21.5' })),
    pypiDefault: 'cu124',
    torchvision: '0.20.0',
    torchaudio: '2.5.0',
    triton: '3.1.0',
    rocm: '6.2',
    conda: 'pytorch-channel',
    source: `${RELEASE_MD}; ${PREV_VERSIONS}; ${CONDA_ANNOUNCE}; https://github.com/pytorch/pytorch/issues/134015 (RFC: 12.4 on PyPI)`,
    unconfirmedFields: [...NCCL_TRITON_2ND, 'pypiDefault'],
    note: 'Last release published to the -c pytorch conda channel.',
    noteZh: '最后一个发布到 -c pytorch conda 频道的版本。',
  }),
  r({
    version: '2.5.1',
    released: '2024-11',
    python: PY_2_5,
    cudaVariants: V_2_5.map((x) => ({ ...x, nccl: '2.21.5' })),
    pypiDefault: 'cu124',
    torchvision: '0.20.1',
    torchaudio: '2.5.1',
    triton: '3.1.0',
    rocm: '6.2',
    conda: 'pytorch-channel',
    source: `${RELEASE_MD}; ${PREV_VERSIONS}; ${CONDA_ANNOUNCE}`,
    unconfirmedFields: [...NCCL_TRITON_2ND, 'pypiDefault'],
    note: 'Last release published to the -c pytorch conda channel.',
    noteZh: '最后一个发布到 -c pytorch conda 频道的版本。',
  }),
  r({
    version: '2.6.0',
    released: '2025-01',
    python: PY_2_6,
    cudaVariants: V_2_6.map((x) => ({ ...x, nccl: '2.21.5' })),
    pypiDefault: 'cu124',
    torchvision: '0.21.0',
    torchaudio: '2.6.0',
    triton: '3.2.0',
    rocm: '6.2.4',
    conda: 'conda-forge-only',
    source: `${RELEASE_MD}; ${PREV_VERSIONS}; ${CONDA_ANNOUNCE}`,
    unconfirmedFields: [...NCCL_TRITON_2ND, 'pypiDefault'],
  }),
  r({
    version: '2.7.0',
    released: '2025-04',
    python: PY_2_6,
    cudaVariants: V_2_7,
    pypiDefault: 'cu126',
    torchvision: '0.22.0',
    torchaudio: '2.7.0',
    triton: '3.3.0',
    rocm: '6.3',
    conda: 'conda-forge-only',
    source: `${RELEASE_MD}; ${MATRIX_27}; ${PREV_VERSIONS}`,
    unconfirmedFields: ['triton'],
  }),
  r({
    version: '2.7.1',
    released: '2025-06',
    python: PY_2_6,
    cudaVariants: V_2_7,
    pypiDefault: 'cu126',
    torchvision: '0.22.1',
    torchaudio: '2.7.1',
    triton: '3.3.1',
    rocm: '6.3',
    conda: 'conda-forge-only',
    source: `${RELEASE_MD}; ${MATRIX_27}; ${PREV_VERSIONS}`,
    unconfirmedFields: ['triton'],
  }),
  r({
    version: '2.8.0',
    released: '2025-07',
    python: PY_2_6,
    cudaVariants: V_2_8,
    pypiDefault: 'cu128',
    torchvision: '0.23.0',
    torchaudio: '2.8.0',
    triton: '3.4.0',
    rocm: '6.4',
    conda: 'conda-forge-only',
    source: `${RELEASE_MD}; ${BUILD_CUDA}; ${AARCH64_28}`,
    unconfirmedFields: ['pypiDefault', 'triton', 'torchvision', 'torchaudio', 'cudaVariants.cu126.linux-aarch64'],
    note: 'Cadence table says Jul 2025 (the release shipped in early Aug 2025 by other accounts). PyPI default cu128 is likely (stable 12.8), not re-read from the tag. linux-aarch64 (checked 2026-12-02): no cu128 wheel (removed from the cu128 variant); the cu126 aarch64 wheel is not verified, as the 2.8 aarch64 CUDA builds appear to be 12.9 only.',
    noteZh:
      '发布节奏表写的是 2025 年 7 月（另有说法称该版本于 2025 年 8 月初发布）。PyPI 默认很可能是 cu128（稳定版 12.8），未在 tag 上重新读取。linux-aarch64（2026-12-02 核查）：没有 cu128 wheel（已从 cu128 变体中去掉）；cu126 的 aarch64 wheel 未经验证，因为 2.8 的 aarch64 CUDA 构建似乎只有 12.9。',
  }),
  r({
    version: '2.9.0',
    released: '2025-10',
    python: PY_2_9,
    cudaVariants: V_2_9,
    pypiDefault: 'cu128',
    torchvision: '0.24.0',
    torchaudio: '2.9.0',
    triton: '3.5.0',
    rocm: '6.4',
    conda: 'conda-forge-only',
    source: `${RELEASE_MD}; ${MATRIX_29}; ${PREV_VERSIONS}`,
    unconfirmedFields: ['triton'],
  }),
  r({
    version: '2.9.1',
    released: '2025-11',
    python: PY_2_9,
    cudaVariants: V_2_9.map((x) => (x.tag === 'cu129' ? { ...x, platforms: ['linux-x86_64'] as const } : x)),
    pypiDefault: 'cu128',
    torchvision: '0.24.1',
    torchaudio: '2.9.1',
    triton: '3.5.1',
    rocm: '6.4',
    conda: 'conda-forge-only',
    source: `${RELEASE_MD}; ${MATRIX_29}; ${PREV_VERSIONS}`,
    unconfirmedFields: ['triton'],
  }),
  r({
    version: '2.10.0',
    released: '2026-01',
    python: PY_2_9,
    cudaVariants: V_2_10,
    pypiDefault: 'cu128',
    torchvision: '0.25.0',
    torchaudio: '2.10.0',
    rocm: '7.1',
    conda: 'conda-forge-only',
    source: `${RELEASE_MD}; ${PR_177975}`,
    unconfirmedFields: ['torchvision', 'torchaudio'],
    note: 'PyPI default cu128: 2.11 moved the stable CUDA "12.8->13.0" (PR #177975). torchvision 0.25.0 by the 0.(minor+15) rule, not individually verified.',
    noteZh: 'PyPI 默认 cu128：稳定版 CUDA 到 2.11 才切换（"12.8->13.0"，PR #177975）。torchvision 0.25.0 按 0.(minor+15) 规则推断，未单独验证。',
  }),
  r({
    version: '2.11.0',
    released: '2026-03-18',
    python: PY_2_9,
    cudaVariants: V_2_11,
    pypiDefault: 'cu130',
    torchvision: '0.26.0',
    torchaudio: '2.11.0',
    triton: '3.6.0',
    rocm: '7.2',
    conda: 'conda-forge-only',
    source: `${RELEASE_MD}; ${PR_177975}; ${H200}`,
  }),
  r({
    version: '2.12.0',
    released: '2026-05-13',
    python: PY_2_9,
    cudaVariants: V_2_12_0,
    pypiDefault: 'cu130',
    torchvision: '0.27.0',
    torchaudio: null,
    triton: '3.7.0',
    rocm: '7.2',
    conda: 'conda-forge-only',
    source: `${RELEASE_MD}; ${RFC_178665}; ${VLLM_PINS}; ${NO_TORCHAUDIO}; ${TRACKER}`,
    checked: AUDIT_CHECKED,
    note: 'cu128 and cu129 dropped (pytorch PR #179155, RFC #178665). torchvision 0.27.0 and triton 3.7.0 as the release manager pinned them with the released wheel; no torchaudio release after 2.11.0 (maintenance mode; torchaudio 2.11.0 installs with torch >= 2.11).',
    noteZh:
      '去掉了 cu128 和 cu129（pytorch PR #179155，RFC #178665）。torchvision 0.27.0 和 triton 3.7.0 为发布经理随已发布 wheel 所 pin 的版本；2.11.0 之后没有新的 torchaudio 版本（处于维护模式；torchaudio 2.11.0 可与 torch >= 2.11 一起安装）。',
  }),
  r({
    version: '2.12.1',
    released: '2026-06',
    python: PY_2_9,
    cudaVariants: V_2_12_1,
    pypiDefault: 'cu130',
    torchvision: '0.27.1',
    torchaudio: null,
    triton: '3.7.1',
    rocm: '7.2',
    conda: 'conda-forge-only',
    source: `${RELEASE_MD}; ${VLLM_PINS}; ${TRITON_1271}; ${NO_TORCHAUDIO}; ${TRACKER}`,
    checked: AUDIT_CHECKED,
    unconfirmedFields: ['cudaVariants.cu129'],
    note: "torchvision 0.27.1 and triton 3.7.1 (the 2.12.1 patch release moved the pin from 3.7.0) as the release manager pinned them; no torchaudio release after 2.11.0. The cu129 wheels are the tracker's (secondary).",
    noteZh:
      'torchvision 0.27.1 和 triton 3.7.1（2.12.1 补丁版本把 pin 从 3.7.0 升到了这个版本）为发布经理所 pin 的版本；2.11.0 之后没有新的 torchaudio 版本。cu129 wheel 来自 tracker（二手来源）。',
  }),
  r({
    version: '2.13.0',
    released: '2026-07-08',
    python: PY_2_13,
    cudaVariants: V_2_13,
    pypiDefault: 'cu130',
    torchvision: '0.28.0',
    torchaudio: null,
    triton: '3.7.1',
    rocm: '7.2',
    conda: 'conda-forge-only',
    source: `${RELEASE_MD}; https://github.com/pytorch/pytorch/pull/187075; ${VLLM_PINS}; ${NO_TORCHAUDIO}; ${CU129_213}; ${TRACKER}; ${RFC_190355}; ${PY315_187972}`,
    checked: AUDIT_CHECKED,
    unconfirmedFields: ['cudaVariants.cu129'],
    note: `CUDA 13.2 experimental in 2.13. cu130 is built with CUDA 13.0.3 (was listed as 13.0.2; ${AUDIT_19}, tracker and pytorch#190355) and carries no PTX on x86_64 (measured). cu129 exists for Linux x86_64 and aarch64 (release/2.13 build matrix; measured get_arch_list), not Windows; its cuDNN pin and aarch64 set are unread, so that variant stays unconfirmed. torchvision 0.28.0 and triton 3.7.1 (the wheel's Requires-Dist) as the release manager pinned them; no torchaudio release after 2.11.0. ${PY315_NOTE}`,
    noteZh: `CUDA 13.2 在 2.13 中为实验性。cu130 以 CUDA 13.0.3 构建（此前记为 13.0.2；${AUDIT_19_ZH}、tracker 及 pytorch#190355），且在 x86_64 上不带 PTX（实测）。cu129 有 Linux x86_64 和 aarch64 版本（release/2.13 构建矩阵；实测 get_arch_list），没有 Windows 版；其 cuDNN pin 和 aarch64 架构集未读取，因此该变体仍为未确认。torchvision 0.28.0 和 triton 3.7.1（该 wheel 的 Requires-Dist）为发布经理所 pin 的版本；2.11.0 之后没有新的 torchaudio 版本。${PY315_NOTE_ZH}`,
  }),
  r({
    version: '2.14.0',
    released: '2026-09-02',
    python: PY_2_13,
    cudaVariants: V_2_14,
    pypiDefault: 'cu130',
    torchvision: '0.29.0',
    torchaudio: null,
    triton: '3.8.0',
    rocm: '7.14',
    conda: 'conda-forge-only',
    source: `${RELEASE_MD}; ${RFC_190355}; https://github.com/pytorch/pytorch/pull/197555; ${STABLE_214}; ${PYPI_214}; ${VLLM_PINS}; ${NO_TORCHAUDIO}; ${ROCM_214}; ${PY315_187972}`,
    checked: AUDIT_CHECKED,
    note: `PyPI default cu130, not cu132 (${AUDIT_19}): the PyPI Linux wheel pins cuda-toolkit==13.0.3, nvidia-cudnn-cu13==9.24.0.43, nvidia-nccl-cu13==2.30.7, and the stable CUDA stayed 13.0 (test-infra #8261, #8712; the tracker saw CUDA_STABLE = "13.0" on release/2.14). RFC #190355 had proposed 13.2 as the PyPI default; it did not happen. Confirmed 2026-12-02: test-infra kept the stable CUDA at 13.0 through the 2.14 go-live, and a plain PyPI install of 2.14.0 resolves cuda-toolkit 13.0.3, cuDNN 9.24.0.43, NCCL 2.30.7 and triton 3.8.0. ${PY315_NOTE} ROCm 7.14 is real (AMD's first TheRock production release), not a typo: release/2.14 builds ROCm 7.2 and 7.14. torchvision 0.29.0 and triton 3.8.0 as the release manager pinned them; no torchaudio release after 2.11.0.`,
    noteZh: `PyPI 默认为 cu130，而非 cu132（${AUDIT_19_ZH}）：PyPI 上的 Linux wheel pin 了 cuda-toolkit==13.0.3、nvidia-cudnn-cu13==9.24.0.43、nvidia-nccl-cu13==2.30.7，且稳定版 CUDA 仍为 13.0（test-infra #8261、#8712；tracker 在 release/2.14 上看到 CUDA_STABLE = "13.0"）。RFC #190355 曾提议以 13.2 作为 PyPI 默认，但并未实现。2026-12-02 确认：test-infra 在 2.14 上线全程都把稳定版 CUDA 保持在 13.0，从 PyPI 直接安装 2.14.0 解析出 cuda-toolkit 13.0.3、cuDNN 9.24.0.43、NCCL 2.30.7 和 triton 3.8.0。${PY315_NOTE_ZH}ROCm 7.14 确实存在（AMD 首个 TheRock 正式版），并非笔误：release/2.14 构建 ROCm 7.2 和 7.14。torchvision 0.29.0 和 triton 3.8.0 为发布经理所 pin 的版本；2.11.0 之后没有新的 torchaudio 版本。`,
  }),
  r({
    version: '2.14.1',
    released: '2026-09-30',
    python: PY_2_13,
    cudaVariants: V_2_14,
    pypiDefault: 'cu130',
    torchvision: '0.29.1',
    torchaudio: null,
    triton: '3.8.0',
    rocm: '7.14',
    conda: 'conda-forge-only',
    source: `${TRACKER}; ${PYPI_214}; ${PY315_187972}`,
    checked: '2026-12-01',
    confirmed: false,
    note: `Patch release seen only in secondary notes (2026-09-30); variants assumed as 2.14.0; triton 3.8.0 from a public resolver record pinning torch 2.14.1 (triton resolved 3.8.0). PyPI default cu130 (CUDA 13.0.3), not cu132 (${AUDIT_19}: PyPI wheel pins cuda-toolkit==13.0.3, nvidia-cudnn-cu13==9.24.0.43, nvidia-nccl-cu13==2.30.7; stable CUDA 13.0 per test-infra #8261, #8712). ${PY315_NOTE}`,
    noteZh: `仅在二手资料中见到的补丁版本（2026-09-30）；变体假定与 2.14.0 相同；triton 3.8.0 取自一份 pin 了 torch 2.14.1 的公开依赖解析记录（triton 解析为 3.8.0）。PyPI 默认为 cu130（CUDA 13.0.3），而非 cu132（${AUDIT_19_ZH}：PyPI wheel pin 了 cuda-toolkit==13.0.3、nvidia-cudnn-cu13==9.24.0.43、nvidia-nccl-cu13==2.30.7；据 test-infra #8261、#8712，稳定版 CUDA 为 13.0）。${PY315_NOTE_ZH}`,
  }),
  r({
    version: '2.15.0',
    released: '2026-10-28',
    python: PY_2_13,
    cudaVariants: V_2_15,
    pypiDefault: 'cu132',
    torchvision: '0.30.0',
    torchaudio: null,
    conda: 'conda-forge-only',
    source: `${RFC_190385}; ${RELEASE_MD} (cadence: 28 Oct 2026 planned)`,
    checked: AUDIT_CHECKED,
    confirmed: false,
    unreleased: true,
    note: `2.15 is unreleased (${AUDIT_19}): only nightlies and an open RFC exist, so every field of this row is a proposal and plan/export never choose it unless asked for torch@2.15; "released" is the planned date; no released 2.15 matrix found in any stored source. Proposed: CUDA 13.2 (PyPI default) and 13.0; CUDA 12.6 removed, so Maxwell/Pascal/Volta have no 2.15 wheel. The cu132 default is the 2.15 RFC's own proposal, not the 2.14 reading the audit corrected, so it is kept as proposed. Python range assumed as 2.14 (3.15 not listed as supported).`,
    noteZh: `2.15 尚未发布（${AUDIT_19_ZH}）：目前只有 nightly 和一个未关闭的 RFC，因此本行每个字段都只是提议，除非明确要求 torch@2.15，否则 plan/export 不会选它；"released" 是计划日期；任何存档来源中都没有找到已发布的 2.15 矩阵。提议内容：CUDA 13.2（PyPI 默认）和 13.0；去掉 CUDA 12.6，因此 Maxwell/Pascal/Volta 没有 2.15 的 wheel。cu132 作为默认值是 2.15 RFC 本身的提议，而不是审计所更正的那种 2.14 解读，因此仍按提议保留。Python 范围假定与 2.14 相同（3.15 不列为受支持）。`,
  }),
];
