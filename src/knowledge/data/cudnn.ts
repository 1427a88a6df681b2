// cuDNN builds: which CUDA toolkits, drivers and compute capabilities each "cuDNN X for CUDA N.x" supports.
import type { Sourced } from '../types.js';

const CHECKED = '2026-11-30';
const SM = 'https://docs.nvidia.com/deeplearning/cudnn';

export interface CudnnBuild extends Sourced {
  /** cuDNN release, three components ("9.10.2"). */
  version: string;
  /** The CUDA major this build targets (the "for CUDA 12.x" part). */
  cudaMajor: number;
  /** Toolkit minors listed for it; empty when the support matrix row was not read. A major can have several rows
   *  (9.10.2 for CUDA 12.x: 12.8/12.9 with Blackwell at driver 570, and 12.0–12.9 without it at 525). */
  cudaVersions: readonly string[];
  minDriver: { linux: string | null; windows: string | null };
  /** Compute capabilities listed in the support matrix ("8.6", "12.0"). */
  computeCapabilities: readonly string[];
}

const CC_50_90 = ['5.0', '6.0', '6.1', '7.0', '7.5', '8.0', '8.6', '8.9', '9.0'] as const;
const CC_50_120 = [...CC_50_90, '10.0', '12.0'] as const;
const CC_75_120 = ['7.5', '8.0', '8.6', '8.9', '9.0', '10.0', '12.0'] as const;
const CC_KEPLER_TURING = ['3.0', '3.5', '3.7', '5.0', '5.2', '5.3', '6.0', '6.1', '6.2', '7.0', '7.2', '7.5'] as const;
const CC_35_86 = ['3.5', '3.7', '5.0', '5.2', '5.3', '6.0', '6.1', '6.2', '7.0', '7.2', '7.5', '8.0', '8.6'] as const;
const C12 = ['12.0', '12.1', '12.2', '12.3', '12.4', '12.5', '12.6', '12.8', '12.9'] as const;
const C11 = ['11.0', '11.1', '11.2', '11.3', '11.4', '11.5', '11.6', '11.7', '11.8'] as const;
const D12 = { linux: '525.60.13', windows: '527.41' };
const D11 = { linux: '450.80.02', windows: '452.39' };
const ISSUE19 = '2026-12-02';
const REDIST = 'https://developer.download.nvidia.com/compute/cudnn/redist/';
const NOT_READ =
  'Support-matrix row not read (no copy of the 9.25/9.26/9.27 matrix found): CUDA minors unknown; drivers and compute capabilities assumed as for 9.17.0.';
const NOT_READ_ZH = '未读到支持矩阵中的该行（未找到 9.25/9.26/9.27 矩阵的副本）：CUDA 次版本未知；驱动和算力按 9.17.0 假定。';
const CUDNN_925_0 = 'PyPI nvidia-cudnn-cu12 / nvidia-cudnn-cu13 9.25.0.15 (as pinned and loaded in public projects); support matrix not read';
const CUDNN_925_1 = `${REDIST}cudnn/windows-x86_64/cudnn-windows-x86_64-9.25.1.1_cuda13-archive.zip; nvidia-cudnn-cu12 9.25.1.1 (public environment reports); support matrix ${SM}/backend/v9.25.1/reference/support-matrix.html not read`;
const CUDNN_927_0 = `${REDIST}redistrib_9.27.0.json (build 9.27.0.42, 2026-09-29: cudnn-linux-x86_64-, linux-sbsa- and windows-x86_64-9.27.0.42_cuda12 / _cuda13 archives, windows-arm64 _cuda13 only, with their SHA-256, as copied into a public install tool); PyPI nvidia-cudnn-cu12 / nvidia-cudnn-cu13 9.27.0.42 (pinned and unpacked by public projects); support matrix ${SM}/backend/v9.27.0/reference/support-matrix.html not read`;
const CUDNN_926_0 = `${REDIST}redistrib_9.26.0.json (archives cudnn-*-9.26.0.51_cuda12 and _cuda13, as pinned by public projects); support matrix ${SM}/backend/v9.26.0/reference/support-matrix.html not read`;

function b(
  version: string,
  cudaMajor: number,
  cudaVersions: readonly string[],
  minDriver: CudnnBuild['minDriver'],
  cc: readonly string[],
  source: string,
  extra: Partial<CudnnBuild> = {},
): CudnnBuild {
  return { version, cudaMajor, cudaVersions, minDriver, computeCapabilities: cc, source, checked: CHECKED, confirmed: true, ...extra };
}

export const CUDNN_BUILDS: readonly CudnnBuild[] = [
  b(
    '7.6.5',
    10,
    ['10.0', '10.1', '10.2'],
    { linux: '410.48', windows: '411.31' },
    CC_KEPLER_TURING,
    `${SM}/archives/cudnn-803/support-matrix/index.html (§1.3 cuDNN 7.6.4 - 7.6.5)`,
    {
      note: 'The matrix gives a driver per CUDA version (r410.48 for 10.0, r418.39 for 10.1, r440 for 10.2); the floor here is the lowest. Also built for CUDA 9.0/9.2, which this table does not track. Windows values are the CUDA 10.0 toolkit drivers.',
      noteZh:
        '矩阵按 CUDA 版本分别给出驱动（10.0 为 r410.48，10.1 为 r418.39，10.2 为 r440）；此处的下限取其中最低者。另有面向 CUDA 9.0/9.2 的构建，本表不跟踪。Windows 的值取 CUDA 10.0 工具包的驱动。',
    },
  ),
  b(
    '8.0.5',
    11,
    ['11.0', '11.1'],
    { linux: '450.51.06', windows: '451.82' },
    ['3.5', '3.7', '5.0', '5.2', '5.3', '6.0', '6.1', '6.2', '7.0', '7.2', '7.5', '8.0', '8.6'],
    `${SM}/archives/cudnn-805/support-matrix/index.html`,
    {
      confirmed: false,
      note: 'Only the 8.0.2-8.0.3 rows were read (CUDA 11.0 r450, 10.2 r440, 10.1 r418.39; SM 3.5+ on 11.0); the 11.1 column and sm_86 for 8.0.5 are from memory of the 8.0.4/8.0.5 matrix.',
      noteZh: '只读到 8.0.2-8.0.3 的行（CUDA 11.0 r450、10.2 r440、10.1 r418.39；11.0 上为 SM 3.5+）；8.0.5 的 11.1 列和 sm_86 出自对 8.0.4/8.0.5 矩阵的记忆。',
    },
  ),
  b('8.0.5', 10, ['10.1', '10.2'], { linux: '418.39', windows: '418.96' }, CC_KEPLER_TURING, `${SM}/archives/cudnn-803/support-matrix/index.html`, {
    note: 'CUDA 10.2 needs r440; 10.1 Update 2 needs r418.39.',
    noteZh: 'CUDA 10.2 需要 r440；10.1 Update 2 需要 r418.39。',
  }),
  b(
    '8.2.2',
    11,
    ['11.0', '11.1', '11.2', '11.3', '11.4'],
    { linux: '450.51.06', windows: '451.82' },
    CC_35_86,
    `${SM}/archives/cudnn-822/support-matrix/index.html`,
    {
      note: 'Matrix lists driver branches per CUDA version (r450 … r470), not exact versions; the floor is the CUDA 11.0.3 toolkit driver.',
      noteZh: '矩阵按 CUDA 版本列出的是驱动分支（r450 … r470），而非确切版本；下限取 CUDA 11.0.3 工具包的驱动。',
    },
  ),
  b('8.2.2', 10, ['10.2'], { linux: '440.33', windows: '441.22' }, CC_KEPLER_TURING, `${SM}/archives/cudnn-822/support-matrix/index.html`),
  b('8.4.0', 11, ['11.0', '11.1', '11.2', '11.3', '11.4', '11.5', '11.6'], D11, CC_35_86, `${SM}/archives/cudnn-840/pdf/cuDNN-Support-Matrix.pdf`, {
    note: 'The matrix refers to the CUDA Compatibility guide for drivers; the floor is the 11.x MVC floor.',
    noteZh: '矩阵中的驱动要求参见 CUDA Compatibility 指南；下限取 11.x 的 MVC（次版本兼容）下限。',
  }),
  b('8.5.0', 11, ['11.0', '11.1', '11.2', '11.3', '11.4', '11.5', '11.6', '11.7'], D11, CC_35_86, `${SM}/archives/cudnn-850/pdf/cuDNN-Support-Matrix.pdf`),
  b('8.9.6', 12, ['12.0', '12.1', '12.2'], D12, CC_50_90, `${SM}/archives/cudnn-896/support-matrix`),
  b('8.9.6', 11, C11, D11, CC_50_90, `${SM}/archives/cudnn-896/support-matrix`),
  b('8.9.7', 12, ['12.0', '12.1', '12.2', '12.3'], D12, CC_50_90, `${SM}/archives/cudnn-897/support-matrix`, {
    confirmed: false,
    note: 'Row not read; 8.9.7 is the last 8.x (pinned by TensorFlow docs as "cuDNN 8.9.7" with CUDA 12.3).',
    noteZh: '未读到该行；8.9.7 是最后一个 8.x 版本（TensorFlow 文档以 "cuDNN 8.9.7" 搭配 CUDA 12.3 固定）。',
  }),
  b('9.0.0', 12, ['12.0', '12.1', '12.2', '12.3'], D12, CC_50_90, `${SM}/backend/v9.0.0/reference/support-matrix.html`),
  b('9.0.0', 11, C11, D11, CC_50_90, `${SM}/backend/v9.0.0/reference/support-matrix.html`, {
    note: 'Two 11.x rows: 11.8 (static linking) and 11.7, 11.6, 11.5, 11.4 … without static linking (the copy read cuts off after 11.4; the 9.4/9.5.0 matrices list 11.7 down to 11.0 for the same row). Audit 2026-11-30: was 11.8 only.',
    noteZh:
      '11.x 有两行：11.8（支持静态链接），以及 11.7、11.6、11.5、11.4 …（不支持静态链接；所读副本在 11.4 之后截断；9.4/9.5.0 的矩阵在同一行列出 11.7 到 11.0）。2026-11-30 审核：原先只有 11.8。',
  }),
  b('9.1.0', 12, ['12.0', '12.1', '12.2', '12.3', '12.4'], D12, CC_50_90, `${SM}/backend/v9.1.0/reference/support-matrix.html`, {
    confirmed: false,
    note: 'Row not read; PyTorch 2.4–2.6 pin 9.1.0.70. CUDA column inferred from release timing.',
    noteZh: '未读到该行；PyTorch 2.4–2.6 固定使用 9.1.0.70。CUDA 列根据发布时间推断。',
  }),
  b('9.5.1', 12, ['12.0', '12.1', '12.2', '12.3', '12.4', '12.5', '12.6'], D12, CC_50_90, `${SM}/backend/v9.5.1/reference/support-matrix.html`),
  b('9.5.1', 11, C11, D11, CC_50_90, `${SM}/backend/v9.5.1/reference/support-matrix.html; ${SM}/v9.5.0/reference/support-matrix.html`, {
    note: 'Two 11.x rows: 11.8 (static linking) and a second row without static linking; the 9.5.x matrix lists that row as 11.7 down to 11.0 (11.0–11.4 footnoted). Audit 2026-11-30: was 11.8 only.',
    noteZh:
      '11.x 有两行：11.8（支持静态链接），以及另一行不支持静态链接；9.5.x 矩阵中该行列为 11.7 到 11.0（11.0–11.4 带脚注）。2026-11-30 审核：原先只有 11.8。',
  }),
  // Issue-19 audit: the matrix has two "cuDNN 9.10.2 for CUDA 12.x" rows; one merged row claimed Blackwell at 525.60.13.
  b(
    '9.10.2',
    12,
    ['12.8', '12.9'],
    { linux: '570.26', windows: '570.65' },
    CC_50_120,
    `${SM}/latest/support-matrix/index.html (as of 9.10.2, first "cuDNN 9.10.2 for CUDA 12.x" row)`,
    {
      checked: '2026-12-02',
      note: 'The 12.8/12.9 build: driver >= 570.26 (Linux) / >= 570.65 (Windows), compute capabilities 5.0–12.0 with Blackwell (10.0, 12.0). Volta, Pascal and Maxwell are marked deprecated.',
      noteZh: '12.8/12.9 构建：驱动 >= 570.26（Linux）/ >= 570.65（Windows），算力 5.0–12.0，含 Blackwell（10.0、12.0）。Volta、Pascal 和 Maxwell 标为已弃用。',
    },
  ),
  b('9.10.2', 12, C12, D12, CC_50_90, `${SM}/latest/support-matrix/index.html (as of 9.10.2, second "cuDNN 9.10.2 for CUDA 12.x" row)`, {
    checked: '2026-12-02',
    note: 'CUDA 12.0–12.9 with driver >= 525.60.13 / 527.41: compute capabilities 5.0–9.0 only (no Blackwell; Hopper and Ada footnoted). Blackwell needs the 12.8/12.9 row and its 570 driver.',
    noteZh:
      'CUDA 12.0–12.9，驱动 >= 525.60.13 / 527.41：算力仅 5.0–9.0（不含 Blackwell；Hopper 和 Ada 带脚注）。Blackwell 需要 12.8/12.9 那一行及其 570 驱动。',
  }),
  b('9.10.2', 11, ['11.8'], D11, CC_50_90, `${SM}/latest/support-matrix/index.html (as of 9.10.2)`, {
    note: 'Last cuDNN line with CUDA 11.x builds found.',
    noteZh: '目前找到的最后一个提供 CUDA 11.x 构建的 cuDNN 版本系列。',
  }),
  b('9.17.0', 13, ['13.0', '13.1'], { linux: '580.65.06', windows: null }, CC_75_120, `${SM}/latest/support-matrix/index.html (as of 9.17.0)`, {
    note: 'Windows driver N/A in the matrix (cuDNN for CUDA 13.x listed for Linux); nvidia-cudnn-cu13 nevertheless publishes win_amd64 wheels. Maxwell, Pascal and Volta are no longer listed.',
    noteZh:
      '矩阵中 Windows 驱动一栏为 N/A（cuDNN for CUDA 13.x 列出的是 Linux）；但 nvidia-cudnn-cu13 仍发布 win_amd64 wheel。Maxwell、Pascal 和 Volta 已不再列出。',
  }),
  b('9.17.0', 12, C12, D12, CC_75_120, `${SM}/latest/support-matrix/index.html (as of 9.17.0)`, {
    note: 'Blackwell (10.0, 12.0) footnoted; Maxwell, Pascal and Volta no longer listed (secondary: dropped from 9.11).',
    noteZh: 'Blackwell（10.0、12.0）带脚注；Maxwell、Pascal 和 Volta 不再列出（二手来源：自 9.11 起移除）。',
  }),
  b('9.19.0', 13, [], { linux: '580.65.06', windows: null }, CC_75_120, 'https://anaconda.org/nvidia/cudnn (label cudnn-9.19.0: 9.19.0.56); PyTorch 2.11 pin', {
    confirmed: false,
    note: 'Support-matrix row not read; CUDA columns, drivers and CCs assumed as for 9.17.0.',
    noteZh: '未读到支持矩阵中的该行；CUDA 列、驱动和算力按 9.17.0 假定。',
  }),
  b('9.19.0', 12, [], D12, CC_75_120, 'https://anaconda.org/nvidia/cudnn (label cudnn-9.19.0: 9.19.0.56); PyTorch 2.11 pin', {
    confirmed: false,
    note: 'Support-matrix row not read; assumed as for 9.17.0.',
    noteZh: '未读到支持矩阵中的该行；按 9.17.0 假定。',
  }),
  b(
    '9.20.0',
    13,
    [],
    { linux: '580.65.06', windows: null },
    CC_75_120,
    'PyTorch 2.12/2.13 pin nvidia-cudnn-cu13==9.20.0.48; anaconda nvidia/libcudnn label cudnn-9.20.0',
    {
      confirmed: false,
      note: 'Support-matrix row not read; assumed as for 9.17.0.',
      noteZh: '未读到支持矩阵中的该行；按 9.17.0 假定。',
    },
  ),
  b('9.20.0', 12, [], D12, CC_75_120, 'PyTorch 2.13 pin nvidia-cudnn-cu12==9.20.0.48 (cu129)', {
    confirmed: false,
    note: 'Support-matrix row not read; assumed as for 9.17.0.',
    noteZh: '未读到支持矩阵中的该行；按 9.17.0 假定。',
  }),
  b(
    '9.23.0',
    13,
    [],
    { linux: '580.65.06', windows: null },
    CC_75_120,
    'https://developer.download.nvidia.com/compute/cudnn/redist/redistrib_9.23.0.json (release_date 2026-05-29, cuda_variant ["12","13"])',
    {
      confirmed: false,
      note: 'Release and its CUDA majors confirmed by the redist manifest; CUDA minors, drivers and CCs not read.',
      noteZh: '版本及其 CUDA 主版本已由 redist 清单确认；CUDA 次版本、驱动和算力未读到。',
    },
  ),
  b(
    '9.23.0',
    12,
    [],
    D12,
    CC_75_120,
    'https://developer.download.nvidia.com/compute/cudnn/redist/redistrib_9.23.0.json (release_date 2026-05-29, cuda_variant ["12","13"])',
    {
      confirmed: false,
      note: 'Release and its CUDA majors confirmed by the redist manifest; CUDA minors, drivers and CCs not read.',
      noteZh: '版本及其 CUDA 主版本已由 redist 清单确认；CUDA 次版本、驱动和算力未读到。',
    },
  ),
  b('9.24.0', 13, [], { linux: '580.65.06', windows: null }, CC_75_120, 'PyTorch 2.14 RELEASE.md (cuDNN 9.24.0.43 with CUDA 13.0 and 13.2)', {
    confirmed: false,
    note: 'Newest cuDNN pinned by a framework; support-matrix row not read. 9.25.x is on PyPI (9.25.0.15 yanked).',
    noteZh: '被框架固定使用的最新 cuDNN；未读到支持矩阵中的该行。9.25.x 已在 PyPI 上（9.25.0.15 已撤回/yanked）。',
  }),
  // Issue-19 additions (2026-12-02): 9.25 and 9.26 exist for CUDA 12 and 13 (redist archives, PyPI wheels), but no copy
  // of their support matrix could be read: toolkit minors stay empty (any minor of the major), drivers and CCs are
  // those of 9.17.0, the newest matrix read, and every row says so.
  b('9.25.0', 13, [], { linux: '580.65.06', windows: null }, CC_75_120, CUDNN_925_0, {
    checked: ISSUE19,
    confirmed: false,
    note: `Build 9.25.0.15 (nvidia-cudnn-cu13 on PyPI, since yanked; seen loaded as "cuDNN 9.25.0.15" on driver 610.57.04 with CUDA 13.3.1). ${NOT_READ}`,
    noteZh: `构建号 9.25.0.15（PyPI 上的 nvidia-cudnn-cu13，后已撤回；曾见到在驱动 610.57.04、CUDA 13.3.1 上加载为 "cuDNN 9.25.0.15"）。${NOT_READ_ZH}`,
  }),
  b('9.25.0', 12, [], D12, CC_75_120, CUDNN_925_0, {
    checked: ISSUE19,
    confirmed: false,
    note: `Build 9.25.0.15 (nvidia-cudnn-cu12; a public lock names "cuDNN 9.25.0 for CUDA 12" with CUDA 12.8). ${NOT_READ}`,
    noteZh: `构建号 9.25.0.15（nvidia-cudnn-cu12；一个公开的锁文件写有 "cuDNN 9.25.0 for CUDA 12"，搭配 CUDA 12.8）。${NOT_READ_ZH}`,
  }),
  b('9.25.1', 13, [], { linux: '580.65.06', windows: null }, CC_75_120, CUDNN_925_1, {
    checked: ISSUE19,
    confirmed: false,
    note: `Build 9.25.1.1 (cudnn-windows-x86_64-9.25.1.1_cuda13-archive.zip in NVIDIA's redist tree). ${NOT_READ}`,
    noteZh: `构建号 9.25.1.1（NVIDIA redist 目录树中的 cudnn-windows-x86_64-9.25.1.1_cuda13-archive.zip）。${NOT_READ_ZH}`,
  }),
  b('9.25.1', 12, [], D12, CC_75_120, CUDNN_925_1, {
    checked: ISSUE19,
    confirmed: false,
    note: `Build 9.25.1.1 (loaded next to cuBLAS 12.9 by jax 0.11.1 cuda12 wheels). A third-party page quoting the v9.25.1 matrix says the CUDA 12.x package supports CUDA 12.8; its Windows installer puts the DLLs under bin\\12.9. One report: nvidia-cudnn-cu12 9.25 fails on Windows driver 551.23 (CUDNN_BACKEND_API_FAILED), so the 527.41 Windows floor assumed from 9.17.0 may be too low. ${NOT_READ}`,
    noteZh: `构建号 9.25.1.1（jax 0.11.1 的 cuda12 wheel 会将其与 cuBLAS 12.9 一起加载）。一个引用 v9.25.1 矩阵的第三方页面称 CUDA 12.x 软件包支持 CUDA 12.8；其 Windows 安装程序把 DLL 放在 bin\\12.9 下。有一份报告称 nvidia-cudnn-cu12 9.25 在 Windows 驱动 551.23 上失败（CUDNN_BACKEND_API_FAILED），因此沿用 9.17.0 的 Windows 下限 527.41 可能偏低。${NOT_READ_ZH}`,
  }),
  b('9.26.0', 13, [], { linux: '580.65.06', windows: null }, CC_75_120, CUDNN_926_0, {
    checked: ISSUE19,
    confirmed: false,
    note: `Build 9.26.0.51, released 2026-09-09 (cudnn-linux-x86_64-9.26.0.51_cuda13-archive.tar.xz and the Windows _cuda13 zip; nvidia-cudnn-cu13). ${NOT_READ}`,
    noteZh: `构建号 9.26.0.51，发布于 2026-09-09（cudnn-linux-x86_64-9.26.0.51_cuda13-archive.tar.xz 和 Windows 的 _cuda13 zip；nvidia-cudnn-cu13）。${NOT_READ_ZH}`,
  }),
  b('9.26.0', 12, [], D12, CC_75_120, CUDNN_926_0, {
    checked: ISSUE19,
    confirmed: false,
    note: `Build 9.26.0.51 (cudnn-windows-x86_64-9.26.0.51_cuda12-archive.zip; nvidia-cudnn-cu12==9.26.0.51 pinned by public projects). ${NOT_READ}`,
    noteZh: `构建号 9.26.0.51（cudnn-windows-x86_64-9.26.0.51_cuda12-archive.zip；公开项目固定使用 nvidia-cudnn-cu12==9.26.0.51）。${NOT_READ_ZH}`,
  }),
  // Added 2026-12-02 (h6 follow-up): 9.27.0 is on PyPI and in NVIDIA's redist manifest; no support matrix stored.
  b('9.27.0', 13, [], { linux: '580.65.06', windows: null }, CC_75_120, CUDNN_927_0, {
    checked: ISSUE19,
    confirmed: false,
    note: `Build 9.27.0.42, released 2026-09-29 (redistrib_9.27.0.json; nvidia-cudnn-cu13==9.27.0.42, loaded next to CUDA 13.4 runtime wheels in public projects; the manifest also has a windows-arm64 _cuda13 archive). One public test found 9.27.0 failing on a Maxwell GPU (CUDNN_STATUS_EXECUTION_FAILED), consistent with the 7.5 floor. ${NOT_READ}`,
    noteZh: `构建号 9.27.0.42，发布于 2026-09-29（redistrib_9.27.0.json；nvidia-cudnn-cu13==9.27.0.42，在公开项目中与 CUDA 13.4 运行时 wheel 一起加载；该清单中还有 windows-arm64 的 _cuda13 压缩包）。一项公开测试发现 9.27.0 在 Maxwell GPU 上失败（CUDNN_STATUS_EXECUTION_FAILED），与 7.5 的算力下限相符。${NOT_READ_ZH}`,
  }),
  b('9.27.0', 12, [], D12, CC_75_120, CUDNN_927_0, {
    checked: ISSUE19,
    confirmed: false,
    note: `Build 9.27.0.42 (cudnn-linux-x86_64-9.27.0.42_cuda12-archive.tar.xz and the linux-sbsa / windows-x86_64 _cuda12 archives; nvidia-cudnn-cu12==9.27.0.42 pinned next to cuBLAS 12.9 by public projects). As for 9.25.1, the 527.41 Windows floor assumed from 9.17.0 may be too low. ${NOT_READ}`,
    noteZh: `构建号 9.27.0.42（cudnn-linux-x86_64-9.27.0.42_cuda12-archive.tar.xz 以及 linux-sbsa / windows-x86_64 的 _cuda12 压缩包；公开项目将 nvidia-cudnn-cu12==9.27.0.42 与 cuBLAS 12.9 一起固定）。与 9.25.1 一样，沿用 9.17.0 的 Windows 下限 527.41 可能偏低。${NOT_READ_ZH}`,
  }),
];
