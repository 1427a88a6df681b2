// Triton releases that PyTorch wheels pin: the ptxas each wheel bundles (its CUDA), the GPU floor the project
// supports and, where read, the Python range. Which torch pins which triton is NOT kept here: it is the `triton`
// field of the torch rows (src/knowledge/data/torch.ts), joined by src/knowledge/triton.ts (one producer per fact).
// Rows ascend by version; a test checks that every triton pin of a torch row has a row here.
import type { Sourced } from '../types.js';

const CHECKED = '2026-12-02';

export interface TritonRelease extends Sourced {
  /** "3.7.1" */
  version: string;
  /**
   * ptxas bundled in triton/backends/nvidia/bin (the CUDA it comes from: "12.8.93" → CUDA 12.8); "12.4" where only the
   * CUDA minor is known; null where nothing was read.
   */
  ptxas: string | null;
  /** Separate ptxas-blackwell used for compute capability >= 10.0 (triton 3.6 and later); absent when not bundled. */
  ptxasBlackwell?: string | null;
  /** Compute capability the project's README lists as the supported floor ("Compute Capability 8.0+"). */
  minComputeCapability: string;
  /** Requires-Python of the wheel, where read. */
  python?: { min: string; max: string };
  /** Fields resting on a secondary source or an assumption, while the rest is confirmed. */
  unconfirmedFields?: readonly string[];
}

// ---- sources -------------------------------------------------------------------------------------------

const README_70 =
  'triton-lang/triton README.md "Compatibility" (stored copies: "NVIDIA GPUs (Compute Capability 7.0+)", with and without "AMD GPUs (ROCm 5.2+)")';
const README_80 =
  'triton-lang/triton README.md "Compatibility" ("NVIDIA GPUs (Compute Capability 8.0+)", "AMD GPUs (ROCm 6.2+)"), changed by https://github.com/triton-lang/triton/pull/5066 "Deprecate MMAv1; fallback to FMA for computeCapability < 80" (2024-11-05, after 3.1.0, before 3.2.0)';
const WHEELS_10331 =
  'https://github.com/triton-lang/triton/issues/10331 (2026-08-18: ptxas and ptxas-blackwell extracted from the PyPI cp312 aarch64 wheels 3.5.0, 3.6.0, 3.7.0 and run on sm_121a)';
const PR_3313 = 'https://github.com/triton-lang/triton/pull/3313 "Update ptxas and other nv tools to 12.4" (main, March 2024, before the 3.0 branch)';
const PR_1574 = 'https://github.com/triton-lang/triton/pull/1574 "bumped ptxas version to 12.1.105" (main, April 2023, after 2.0.0)';
const PR_8476 = 'https://github.com/triton-lang/triton/pull/8476 "Upgrade ptxas to 12.9.86 for blackwell" (2025-10-18: a second ptxas for Blackwell)';
const RELEASE_37X =
  'https://github.com/triton-lang/triton/pull/10462 and https://github.com/triton-lang/triton/pull/10469 (release/3.7.x ptxas-blackwell changes, both closed unmerged; release/3.7.x carried 13.1.80 on 2026-06-03)';
const MAIN_38 =
  'https://github.com/triton-lang/triton/pull/10294 + #10303 (main 2026-05-13: "ptxas" 12.9.86, "ptxas-blackwell" 13.1.80), https://github.com/triton-lang/triton/pull/10398 (2026-05-27: ptxas-blackwell 13.1.80 -> 13.3.33), https://github.com/pytorch/pytorch/pull/191058 (2026-07-24: release/3.8.x has ptxas-blackwell 13.3.33)';
const META_380 = 'triton 3.8.0 wheel METADATA Requires-Python ">=3.10,<3.15" as quoted from a local dist-info and the index in a public lock-file review';

const BLACKWELL_NOTE = 'ptxas-blackwell is used for compute capability >= 10.0 (third_party/nvidia/backend/compiler.py get_ptxas), ptxas for the rest.';
const BLACKWELL_NOTE_ZH = '算力 >= 10.0 时使用 ptxas-blackwell（third_party/nvidia/backend/compiler.py 中的 get_ptxas），其余情况使用 ptxas。';
const FLOOR_80_NOTE =
  'Below compute capability 8.0 Triton falls back to FMA (no tensor-core MMA; #5066), and torch.compile (Inductor) refuses GPUs below 7.0 ("Triton only supports devices of CUDA Capability >= 7.0").';
const FLOOR_80_NOTE_ZH =
  '算力低于 8.0 时 Triton 回退到 FMA（不使用 tensor core MMA；#5066），torch.compile（Inductor）则拒绝算力低于 7.0 的 GPU（"Triton only supports devices of CUDA Capability >= 7.0"）。';

function t(row: Omit<TritonRelease, 'checked'> & Partial<Pick<TritonRelease, 'checked'>>): TritonRelease {
  return { checked: CHECKED, ...row };
}

export const TRITON_RELEASES: readonly TritonRelease[] = [
  t({
    version: '2.0.0',
    ptxas: null,
    minComputeCapability: '7.0',
    source: `${README_70}; ${PR_1574}`,
    confirmed: false,
    note: 'Bundled ptxas not read (the 12.1.105 bump landed after 2.0.0).',
    noteZh: '未读取自带的 ptxas 版本（升级到 12.1.105 的改动在 2.0.0 之后才合入）。',
  }),
  t({
    version: '2.1.0',
    ptxas: '12.1.105',
    minComputeCapability: '7.0',
    source: `${README_70}; ${PR_1574}`,
    confirmed: false,
    note: 'ptxas 12.1.105 is the main-branch pin of April 2023, assumed for the 2.1 branch; the wheel was not read.',
    noteZh: 'ptxas 12.1.105 是 2023 年 4 月 main 分支锁定的版本，假定 2.1 分支也使用它；未读取 wheel。',
  }),
  ...['2.2.0', '2.3.0', '2.3.1'].map((version) =>
    t({
      version,
      ptxas: null,
      minComputeCapability: '7.0',
      source: README_70,
      confirmed: false,
      note: 'Bundled ptxas not read.',
      noteZh: '未读取自带的 ptxas 版本。',
    }),
  ),
  ...['3.0.0', '3.1.0'].map((version) =>
    t({
      version,
      ptxas: '12.4',
      minComputeCapability: '7.0',
      source: `${README_70}; ${PR_3313}`,
      confirmed: false,
      note: 'CUDA 12.4 tools from the main-branch bump before the 3.0 branch; the exact ptxas build and the wheel were not read.',
      noteZh: 'CUDA 12.4 工具来自 3.0 分支切出前 main 分支上的升级；确切的 ptxas 构建版本和 wheel 均未读取。',
    }),
  ),
  t({
    version: '3.2.0',
    ptxas: null,
    minComputeCapability: '8.0',
    source: README_80,
    confirmed: false,
    note: `Bundled ptxas not read. ${FLOOR_80_NOTE}`,
    noteZh: `未读取自带的 ptxas 版本。${FLOOR_80_NOTE_ZH}`,
  }),
  ...['3.3.0', '3.3.1', '3.4.0'].map((version) =>
    t({
      version,
      ptxas: '12.8',
      minComputeCapability: '8.0',
      source: `${README_80}; triton-lang/triton cmake/nvidia-toolchain-version.json (stored copies: "ptxas": "12.8.93", not tied to a tag)`,
      confirmed: false,
      note: `A CUDA 12.8 ptxas (first with sm_100/sm_120, which 3.3 added); the exact build per release was not read. ${FLOOR_80_NOTE}`,
      noteZh: `CUDA 12.8 的 ptxas（首个支持 sm_100/sm_120 的版本，3.3 正是新增了这两个架构）；各版本的确切构建未读取。${FLOOR_80_NOTE_ZH}`,
    }),
  ),
  t({
    version: '3.5.0',
    ptxas: '12.8.93',
    minComputeCapability: '8.0',
    source: `${WHEELS_10331}; ${README_80}`,
    confirmed: true,
    note: `No ptxas-blackwell: the 12.8 ptxas cannot assemble sm_121a (GB10, DGX Spark), so set TRITON_PTXAS_PATH to a CUDA >= 12.9 ptxas there. ${FLOOR_80_NOTE}`,
    noteZh: `没有 ptxas-blackwell：12.8 的 ptxas 无法汇编 sm_121a（GB10、DGX Spark），因此在这类 GPU 上要把 TRITON_PTXAS_PATH 指向 CUDA >= 12.9 的 ptxas。${FLOOR_80_NOTE_ZH}`,
  }),
  t({
    version: '3.5.1',
    ptxas: '12.8.93',
    minComputeCapability: '8.0',
    source: `${README_80}; https://github.com/pytorch/pytorch/pull/167008 "Update triton to 3.5.1 release" (sm103 fix)`,
    confirmed: false,
    note: `Patch release; ptxas assumed as 3.5.0 (not read). ${FLOOR_80_NOTE}`,
    noteZh: `补丁版本；ptxas 假定与 3.5.0 相同（未读取）。${FLOOR_80_NOTE_ZH}`,
  }),
  t({
    version: '3.6.0',
    ptxas: '12.8.93',
    ptxasBlackwell: '12.9.86',
    minComputeCapability: '8.0',
    source: `${WHEELS_10331}; ${PR_8476}; ${README_80}`,
    confirmed: true,
    note: `${BLACKWELL_NOTE} First release whose bundled ptxas assembles sm_121a. ${FLOOR_80_NOTE}`,
    noteZh: `${BLACKWELL_NOTE_ZH}第一个自带的 ptxas 能汇编 sm_121a 的版本。${FLOOR_80_NOTE_ZH}`,
  }),
  t({
    version: '3.7.0',
    ptxas: '12.8.93',
    ptxasBlackwell: '13.1.80',
    minComputeCapability: '8.0',
    source: `${WHEELS_10331}; ${RELEASE_37X}; ${README_80}`,
    confirmed: true,
    note: `${BLACKWELL_NOTE} ${FLOOR_80_NOTE}`,
    noteZh: `${BLACKWELL_NOTE_ZH}${FLOOR_80_NOTE_ZH}`,
  }),
  t({
    version: '3.7.1',
    ptxas: '12.8.93',
    ptxasBlackwell: '13.1.80',
    minComputeCapability: '8.0',
    source: `${RELEASE_37X}; https://github.com/pytorch/pytorch/pull/186814 (pin 5d6048aa, head of release/3.7.x with the 3.7.1 bump); ${README_80}`,
    confirmed: true,
    unconfirmedFields: ['ptxas', 'ptxasBlackwell'],
    note: `${BLACKWELL_NOTE} ptxas assumed as 3.7.0: both release/3.7.x changes to ptxas-blackwell were closed unmerged, but the 3.7.1 wheel was not read. ${FLOOR_80_NOTE}`,
    noteZh: `${BLACKWELL_NOTE_ZH}ptxas 假定与 3.7.0 相同：release/3.7.x 上对 ptxas-blackwell 的两处改动都未合并就已关闭，但未读取 3.7.1 的 wheel。${FLOOR_80_NOTE_ZH}`,
  }),
  t({
    version: '3.8.0',
    ptxas: '12.9.86',
    ptxasBlackwell: '13.3.33',
    minComputeCapability: '8.0',
    python: { min: '3.10', max: '3.14' },
    source: `${MAIN_38}; ${META_380}; ${README_80}`,
    confirmed: true,
    unconfirmedFields: ['ptxas', 'ptxasBlackwell'],
    note: `${BLACKWELL_NOTE} ptxas from the branch state (main before the 3.8 branch, release/3.8.x on 2026-07-24), not from the 3.8.0 wheel; main moved ptxas-blackwell to 13.4.59 on 2026-09-09 (#11669), after the branch. ${FLOOR_80_NOTE}`,
    noteZh: `${BLACKWELL_NOTE_ZH}ptxas 版本依据分支状态（3.8 分支切出前的 main，以及 2026-07-24 时的 release/3.8.x），而非读自 3.8.0 的 wheel；main 于 2026-09-09 把 ptxas-blackwell 升到 13.4.59（#11669），已在切分支之后。${FLOOR_80_NOTE_ZH}`,
  }),
];

/** How nightly torch wheels get triton: not a PyPI `triton` release but a git build of the pinned commit. */
export const TRITON_NIGHTLY: Sourced & { packages: readonly string[] } = {
  packages: ['pytorch-triton', 'triton'],
  source:
    'https://github.com/triton-lang/triton/issues/8539 (pip list: pytorch-triton 3.5.0+git7416ffcb with torch 2.10.0.dev20251024); a public install script (triton==3.8.0+gitc01b6774 from https://download.pytorch.org/whl/nightly/); https://github.com/llvm/lighthouse/pull/197 ("Since 2.10 PyTorch packages Triton under its default \'triton\' name")',
  checked: CHECKED,
  confirmed: false,
  note: 'Nightly torch pins a git build of .ci/docker/ci_commit_pins/triton.txt from the nightly index: named pytorch-triton up to the 2.10 nightlies, triton (with a +git<commit> local version) later. The switch date was not read exactly.',
  noteZh:
    'nightly 版 torch 从 nightly 索引安装 .ci/docker/ci_commit_pins/triton.txt 所锁定提交的 git 构建：直到 2.10 的 nightly 包名都是 pytorch-triton，之后改为 triton（带 +git<commit> 本地版本号）。确切的切换日期未读取。',
};
