// ONNX Runtime (onnxruntime-gpu): which CUDA and cuDNN the CUDA execution provider of each release series is
// built for, which of those builds `pip install onnxruntime-gpu` gets from PyPI, and where the others live.
// A build needs the same CUDA major (minor-version compatibility within a major) and the same cuDNN major
// ("ONNX Runtime built with cuDNN 8.x is not compatible with cuDNN 9.x, and vice versa").
import type { Sourced } from '../types.js';

const CHECKED = '2026-11-30';
const EP_DOC =
  'https://onnxruntime.ai/docs/execution-providers/CUDA-ExecutionProvider.html#requirements (stored copies of the page and of microsoft/onnxruntime gh-pages docs/execution-providers/CUDA-ExecutionProvider.md)';
const EP_DOC_OLD = 'microsoft/onnxruntime docs/execution-providers/CUDA-ExecutionProvider.md (gh-pages, commit d0ea319e), requirements table';
const OLD_COPIES =
  'copies of the onnxruntime.ai CUDA EP requirements table: https://blog.csdn.net/FL1623863129/article/details/127887083, https://blog.csdn.net/qq_38308388/article/details/137679214, https://segmentfault.com/a/1190000039936376';
const PYPI_DATES = 'first PyPI upload dates from https://www.piwheels.org/project/onnxruntime-gpu/ (mirror of PyPI)';

/** Where a build is installed from. */
export const ORT_FEEDS = {
  pypi: 'PyPI: pip install onnxruntime-gpu',
  cuda12Feed: 'https://aiinfra.pkgs.visualstudio.com/PublicPackages/_packaging/onnxruntime-cuda-12/pypi/simple/',
  cuda11Feed: 'https://aiinfra.pkgs.visualstudio.com/PublicPackages/_packaging/onnxruntime-cuda-11/pypi/simple/',
  cuda13Feed: 'https://aiinfra.pkgs.visualstudio.com/PublicPackages/_packaging/onnxruntime-cuda-13/pypi/simple/',
} as const;

export type OrtCudaMajor = 11 | 12 | 13;
export type OrtCudnnMajor = 8 | 9;

export interface OrtCudaBuild {
  /** CUDA the build targets as the docs write it: "11.4", "11.8", "12.2", "12.x", "13.x". */
  cuda: string;
  cudaMajor: OrtCudaMajor;
  /** cuDNN major the build loads. */
  cudnnMajor: OrtCudnnMajor;
  /** Exact cuDNN the docs list, per platform where they differ. */
  cudnnExact?: { linux?: string; windows?: string };
  /** true: the wheel `pip install onnxruntime-gpu` gets from PyPI for this release. */
  pypiDefault: boolean;
  /** Where the Python package comes from (an `ORT_FEEDS` value or a sentence). */
  where: string;
  /** Only these patch releases of the series ("1.18.0"); absent = every patch. */
  patches?: readonly string[];
  /** Platform remarks where a platform differs (e.g. the Windows C/C++ zip of 1.19.0). */
  platformNote?: string;
  /** false when this build's existence or fields are not confirmed (the row's `note` says why). */
  confirmed?: boolean;
}

export interface OnnxRuntimeRelease extends Sourced {
  /** Minor series: "1.19". */
  version: string;
  /** First onnxruntime-gpu upload of the series on PyPI (YYYY-MM-DD), where known. */
  released?: string;
  /** CUDA EP builds of this series; exactly one (per patch) has pypiDefault. */
  builds: readonly OrtCudaBuild[];
  unconfirmedFields?: readonly string[];
}

const cuda11 = (cuda: string, linux: string, windows: string, extra: Partial<OrtCudaBuild> = {}): OrtCudaBuild => ({
  cuda,
  cudaMajor: 11,
  cudnnMajor: 8,
  cudnnExact: { linux, windows },
  pypiDefault: true,
  where: ORT_FEEDS.pypi,
  ...extra,
});

export const ONNXRUNTIME_RELEASES: readonly OnnxRuntimeRelease[] = [
  // 1.7–1.9: the first CUDA 11 builds. Before them 1.0–1.6 were CUDA 10.x / cuDNN 7–8 builds (not in this table).
  {
    version: '1.7',
    builds: [cuda11('11.0.3', '8.0.4', '8.0.2.39')],
    source: OLD_COPIES,
    checked: CHECKED,
    confirmed: false,
    note: 'Read from copies of the official requirements table (libcudart 11.0.221, libcudnn 8.0.4); the official page at that time is not in the stored sources.',
    noteZh: '读自官方 requirements 表格的转载副本（libcudart 11.0.221，libcudnn 8.0.4）；当时的官方页面不在已存的来源中。',
  },
  {
    version: '1.8',
    builds: [cuda11('11.0.3', '8.0.4', '8.0.2.39')],
    source: OLD_COPIES,
    checked: CHECKED,
    confirmed: false,
    note: 'Same table as 1.7.',
    noteZh: '与 1.7 是同一张表。',
  },
  {
    version: '1.9',
    builds: [cuda11('11.4', '8.2.4', '8.2.2.26')],
    source: OLD_COPIES,
    checked: CHECKED,
    confirmed: false,
    note: 'Read from copies of the official requirements table (same libraries as 1.10); the official page at that time is not in the stored sources.',
    noteZh: '读自官方 requirements 表格的转载副本（库版本与 1.10 相同）；当时的官方页面不在已存的来源中。',
  },
  {
    version: '1.10',
    builds: [cuda11('11.4', '8.2.4', '8.2.2.26')],
    source: EP_DOC_OLD,
    checked: CHECKED,
    confirmed: true,
    note: 'Docs list libcublasLt/libcublas 11.6.1.51, libcudart 11.4.43, libcudnn 8.2.4.',
    noteZh: '文档列出 libcublasLt/libcublas 11.6.1.51、libcudart 11.4.43、libcudnn 8.2.4。',
  },
  {
    version: '1.11',
    builds: [cuda11('11.4', '8.2.4', '8.2.2.26')],
    source: EP_DOC_OLD,
    checked: CHECKED,
    confirmed: true,
  },
  {
    version: '1.12',
    builds: [cuda11('11.4', '8.2.4', '8.2.2.26')],
    source: EP_DOC_OLD,
    checked: CHECKED,
    confirmed: true,
  },
  {
    version: '1.13',
    builds: [cuda11('11.6', '8.2.4', '8.5.0.96')],
    source: EP_DOC_OLD,
    checked: CHECKED,
    confirmed: true,
  },
  {
    version: '1.14',
    builds: [cuda11('11.6', '8.2.4', '8.5.0.96')],
    source: EP_DOC_OLD,
    checked: CHECKED,
    confirmed: true,
  },
  {
    version: '1.15',
    builds: [cuda11('11.8', '8.2.4', '8.5.0.96')],
    source: EP_DOC_OLD,
    checked: CHECKED,
    confirmed: true,
    note: 'Tested with CUDA 11.6–11.8; cuDNN 8.2.4–8.7.0 in the 2023 table, "8.2 up to 8.9" in later copies.',
    noteZh: '用 CUDA 11.6–11.8 测试；2023 年的表格写的是 cuDNN 8.2.4–8.7.0，之后的副本写的是 "8.2 up to 8.9"。',
  },
  {
    version: '1.16',
    builds: [cuda11('11.8', '8.2.4', '8.5.0.96')],
    source: EP_DOC_OLD,
    checked: CHECKED,
    confirmed: true,
    note: 'Official packages still CUDA 11 only (maintainer in microsoft/onnxruntime#15242: CUDA 12 needs a source build).',
    noteZh: '官方包仍只有 CUDA 11 版本（维护者在 microsoft/onnxruntime#15242 中表示：CUDA 12 需要从源码构建）。',
  },
  {
    version: '1.17',
    released: '2024-01-31',
    builds: [
      cuda11('11.8', '8.2.4', '8.5.0.96'),
      {
        cuda: '12.2',
        cudaMajor: 12,
        cudnnMajor: 8,
        cudnnExact: { linux: '8.9.2.26', windows: '8.9.2.26' },
        pypiDefault: false,
        where: ORT_FEEDS.cuda12Feed,
        platformNote: 'Only C/C++/C# NuGet and Python packages were released for CUDA 12.2 (no Java).',
      },
    ],
    source: `${EP_DOC} (2024 copy: "The default CUDA version for ORT 1.17 is CUDA 11.8"); ${PYPI_DATES}`,
    checked: CHECKED,
    confirmed: true,
    note: 'First official CUDA 12 build, on a separate feed (microsoft/onnxruntime#19356 gives the feed, then under pkgs.dev.azure.com/onnxruntime). 1.17.3 was missing from the CUDA 12 feed and PyPI stopped at 1.17.1 (#20409).',
    noteZh:
      '第一个官方 CUDA 12 构建，发布在单独的 feed 上（microsoft/onnxruntime#19356 给出了该 feed，当时位于 pkgs.dev.azure.com/onnxruntime 下）。CUDA 12 feed 上缺少 1.17.3，PyPI 上则停在 1.17.1（#20409）。',
  },
  {
    version: '1.18',
    released: '2024-05-20',
    builds: [
      cuda11('11.8', '8.x', '8.x'),
      { cuda: '12.x', cudaMajor: 12, cudnnMajor: 8, pypiDefault: false, where: ORT_FEEDS.cuda12Feed, patches: ['1.18.0'] },
      {
        cuda: '12.x',
        cudaMajor: 12,
        cudnnMajor: 9,
        pypiDefault: false,
        where: ORT_FEEDS.cuda12Feed,
        patches: ['1.18.1'],
        platformNote: 'No Java package for 1.18.1 CUDA 12.',
      },
    ],
    source: `${EP_DOC} (CUDA 12.x table: "1.18.1 | 12.x | 9.x | cuDNN 9 is required", "1.18.0 | 12.x | 8.x"; CUDA 11.x table: "1.18.x | 11.8 | 8.x | Available in PyPI"); microsoft/onnxruntime#20907 (cuDNN 9 for CUDA 12 in 1.18.1, "breaking change"); ${PYPI_DATES}`,
    checked: CHECKED,
    confirmed: true,
    note: 'The cuDNN major of the CUDA 12 build changes between patches (1.18.0: 8, 1.18.1: 9). A draft docs row (PR #20767) said "1.18 | 12.4 | 10.0.1.6" — that number is the TensorRT version; the merged docs say 12.x / 8.x.',
    noteZh:
      'CUDA 12 构建的 cuDNN 主版本在补丁版本之间发生了变化（1.18.0：8，1.18.1：9）。文档草稿中的一行（PR #20767）写的是 "1.18 | 12.4 | 10.0.1.6"——那个数字其实是 TensorRT 的版本；合入后的文档写的是 12.x / 8.x。',
  },
  {
    version: '1.19',
    released: '2024-08-16',
    builds: [
      {
        cuda: '12.x',
        cudaMajor: 12,
        cudnnMajor: 9,
        pypiDefault: true,
        where: ORT_FEEDS.pypi,
        platformNote:
          'The Windows C/C++ zips onnxruntime-win-x64-gpu-1.19.0.zip / -cuda-1.19.0.zip on GitHub still needed CUDA 11 + cuDNN 8; fixed in 1.19.2 (microsoft/onnxruntime#21965). The Python wheel was CUDA 12.',
      },
      { cuda: '11.8', cudaMajor: 11, cudnnMajor: 8, pypiDefault: false, where: ORT_FEEDS.cuda11Feed },
    ],
    source: `${EP_DOC} ("Starting with version 1.19, CUDA 12.x becomes the default version ... in PyPI"; "1.19.x | 11.8 | 8.x | Not available in PyPI"); microsoft/onnxruntime#21684 (maintainer: 1.19.2 from PyPI for 12.x/9.x, --extra-index-url onnxruntime-cuda-11 for 11.8); ${PYPI_DATES}`,
    checked: CHECKED,
    confirmed: true,
  },
  {
    version: '1.20',
    released: '2024-11-01',
    builds: [
      { cuda: '12.x', cudaMajor: 12, cudnnMajor: 9, pypiDefault: true, where: ORT_FEEDS.pypi },
      { cuda: '11.8', cudaMajor: 11, cudnnMajor: 8, pypiDefault: false, where: ORT_FEEDS.cuda11Feed },
    ],
    source: `${EP_DOC} ("1.20.x | 12.x | 9.x | Avaiable in PyPI"; "1.20.x | 11.8 | 8.x | Not available in PyPI"); ${PYPI_DATES}`,
    checked: CHECKED,
    confirmed: true,
    note: 'Last series with a CUDA 11.8 build in the docs table.',
    noteZh: '文档表格中最后一个提供 CUDA 11.8 构建的系列。',
  },
  {
    version: '1.21',
    released: '2025-03-07',
    builds: [{ cuda: '12.x', cudaMajor: 12, cudnnMajor: 9, pypiDefault: true, where: ORT_FEEDS.pypi }],
    source: `${EP_DOC} (PyPI default CUDA 12.x since 1.19); microsoft/onnxruntime#23659 (1.21.0 wheel extras [cuda,cudnn] = nvidia-*-cu12, nvidia-cudnn-cu12~=9.0); ${PYPI_DATES}`,
    checked: CHECKED,
    confirmed: true,
    note: 'No CUDA 11.8 build found for 1.21 or later (the docs table stops listing 11.8 after 1.20.x; #26446 asks for one). The [cuda,cudnn] extras and `onnxruntime.preload_dlls()` (#23674) date from early 2025, i.e. about 1.21 (first release unconfirmed).',
    noteZh:
      '1.21 及之后未找到 CUDA 11.8 构建（文档表格在 1.20.x 之后不再列出 11.8；#26446 请求提供）。[cuda,cudnn] extra 和 `onnxruntime.preload_dlls()`（#23674）出现于 2025 年初，大约对应 1.21（首个包含它们的版本未确认）。',
  },
  {
    version: '1.22',
    released: '2025-05-09',
    builds: [{ cuda: '12.x', cudaMajor: 12, cudnnMajor: 9, pypiDefault: true, where: ORT_FEEDS.pypi }],
    source: `microsoft/onnxruntime#24727 (docs for ORT 1.22: "built and tested with CUDA 12.x and cuDNN 9", CUDA 11.8 removed); ${EP_DOC}; ${PYPI_DATES}`,
    checked: CHECKED,
    confirmed: true,
  },
  {
    version: '1.23',
    released: '2025-09-25',
    builds: [{ cuda: '12.x', cudaMajor: 12, cudnnMajor: 9, pypiDefault: true, where: ORT_FEEDS.pypi }],
    source: `${EP_DOC} (general "since 1.19" statement); microsoft/onnxruntime#26125 (1.23 RC: one GPU package on the main feed); ${PYPI_DATES}`,
    checked: CHECKED,
    confirmed: false,
    note: 'No per-version statement for 1.23 was found; CUDA 12.x / cuDNN 9 is inferred from the 1.22 and 1.24 rows.',
    noteZh: '未找到针对 1.23 的版本说明；CUDA 12.x / cuDNN 9 是根据 1.22 和 1.24 两行推断的。',
  },
  {
    version: '1.24',
    released: '2026-02-05',
    builds: [
      { cuda: '12.x', cudaMajor: 12, cudnnMajor: 9, pypiDefault: true, where: ORT_FEEDS.pypi },
      { cuda: '13.x', cudaMajor: 13, cudnnMajor: 9, pypiDefault: false, where: ORT_FEEDS.cuda13Feed },
    ],
    source: `microsoft/onnxruntime#27130 (ORT 1.24 RC: "CUDA 12" onnxruntime-gpu on the main ORT-Nightly feed, "CUDA 13" on ort-cuda-13-nightly) and #27502 (1.24.3 RC, same layout); ${PYPI_DATES} (first 1.24 on PyPI is 1.24.1)`,
    checked: CHECKED,
    confirmed: false,
    note: "First CUDA 13 build (separate feed). PyPI default = CUDA 12 is inferred from the RC feed layout, not read from a release page; the CUDA 13 build's cuDNN major (9) is from the 1.25 aarch64 test package (#27944: cuDNN 9.17.1.4).",
    noteZh:
      '第一个 CUDA 13 构建（单独的 feed）。PyPI 默认为 CUDA 12 是根据 RC 的 feed 布局推断的，并非读自发布页面；CUDA 13 构建的 cuDNN 主版本（9）来自 1.25 的 aarch64 测试包（#27944：cuDNN 9.17.1.4）。',
    unconfirmedFields: ['builds[0].pypiDefault', 'builds[1].cudnnMajor'],
  },
  {
    version: '1.25',
    released: '2026-04-22',
    builds: [
      { cuda: '12.x', cudaMajor: 12, cudnnMajor: 9, pypiDefault: true, where: ORT_FEEDS.pypi },
      {
        cuda: '13.x',
        cudaMajor: 13,
        cudnnMajor: 9,
        pypiDefault: false,
        where: ORT_FEEDS.cuda13Feed,
        platformNote:
          'A CUDA 13 linux-aarch64 wheel (1.25.0.dev, CUDA 13.1.1, cuDNN 9.17.1.4, manylinux_2_34 = RHEL 9 / Ubuntu 22.04+) was published for testing (#27944).',
      },
    ],
    source: `microsoft/onnxruntime#27944 (maintainer: CUDA 13 package built with CUDA 13.1.1 / cuDNN 9.17.1.4; official CUDA 13 package on the onnxruntime-cuda-13 feed); ${PYPI_DATES}`,
    checked: CHECKED,
    confirmed: false,
    note: 'No 1.25 release-candidate or release page was read; the layout (CUDA 12 on PyPI, CUDA 13 on a feed) is inferred from 1.24 and 1.26.',
    noteZh: '未读取 1.25 的 RC 或正式发布页面；其布局（CUDA 12 在 PyPI，CUDA 13 在单独的 feed）是根据 1.24 和 1.26 推断的。',
  },
  {
    version: '1.26',
    released: '2026-05-08',
    builds: [
      { cuda: '12.x', cudaMajor: 12, cudnnMajor: 9, pypiDefault: true, where: ORT_FEEDS.pypi },
      { cuda: '13.x', cudaMajor: 13, cudnnMajor: 9, pypiDefault: false, where: ORT_FEEDS.cuda13Feed },
    ],
    source: `microsoft/onnxruntime#28343 (ORT 1.26.0 RC: "CUDA 12" onnxruntime-gpu on the main ORT-Nightly feed, "CUDA 13" on ort-cuda-13-nightly); ${PYPI_DATES}`,
    checked: CHECKED,
    confirmed: false,
    note: 'Sources disagree on the PyPI default: the RC layout says CUDA 12; a third-party PR (WalkingMeatAxolotl/AnimaLoraStudio#311) says the PyPI wheel switched to CUDA 13 "from 1.26.0"; another (camstack) pins CUDA 12 wheels to 1.21–1.26. Treat the 1.26 PyPI default as unknown.',
    noteZh:
      '各来源对 PyPI 默认构建说法不一：RC 布局显示为 CUDA 12；一个第三方 PR（WalkingMeatAxolotl/AnimaLoraStudio#311）说 PyPI wheel "from 1.26.0" 切换到了 CUDA 13；另一个（camstack）把 CUDA 12 wheel 限定在 1.21–1.26。应将 1.26 在 PyPI 上的默认构建视为未知。',
    unconfirmedFields: ['builds[0].pypiDefault'],
  },
  {
    version: '1.27',
    builds: [{ cuda: '13.x', cudaMajor: 13, cudnnMajor: 9, pypiDefault: true, where: ORT_FEEDS.pypi }],
    source:
      'microsoft/onnxruntime#29032 (ORT 1.27.0 RC: "CUDA 12 packages are deprecated. Please update to CUDA 13 packages."; the Python GPU package is the CUDA 13 one on the main feed; CUDA 12 only as deprecated NuGet packages); microsoft/onnxruntime#29500 (onnxruntime-gpu==1.27.0 Linux x86_64 wheel links libcudart.so.13)',
    checked: CHECKED,
    confirmed: true,
    note: 'PyPI default switched to CUDA 13; no CUDA 12 Python build (CUDA 12 NuGet packages still built, deprecated). The 1.27.0 Linux wheel fails at `import onnxruntime` without libcudart.so.13 even for CPU-only use (#29500). Release date not read; cuDNN major 9 follows #27944.',
    noteZh:
      'PyPI 默认切换到 CUDA 13；没有 CUDA 12 的 Python 构建（CUDA 12 的 NuGet 包仍在构建，但已弃用）。1.27.0 的 Linux wheel 在缺少 libcudart.so.13 时，即使只用 CPU 也会在 `import onnxruntime` 处失败（#29500）。发布日期未读取；cuDNN 主版本 9 依据 #27944。',
    unconfirmedFields: ['released', 'builds[0].cudnnMajor'],
  },
  {
    version: '1.28',
    builds: [{ cuda: '13.x', cudaMajor: 13, cudnnMajor: 9, pypiDefault: true, where: ORT_FEEDS.pypi }],
    source:
      'third-party: altunenes/parakeet-rs#116 ("onnxrt 1.28 — CUDA 13+ (no CUDA 12 supported now)"), pykeio/ort#618 ("rc.13 only ships CUDA 13 binaries, as ONNX Runtime has deprecated CUDA 12")',
    checked: CHECKED,
    confirmed: false,
    note: 'Only third-party mentions; no microsoft/onnxruntime page for 1.28 was read. Newest series seen.',
    noteZh: '只有第三方提及；未读取 microsoft/onnxruntime 关于 1.28 的页面。这是见到的最新系列。',
  },
];

export interface OrtLibraryNames extends Sourced {
  cudaMajor?: OrtCudaMajor;
  cudnnMajor?: OrtCudnnMajor;
  linux: readonly string[];
  windows: readonly string[];
}

/** Library files the CUDA EP (libonnxruntime_providers_cuda.so / onnxruntime_providers_cuda.dll) loads, per CUDA / cuDNN major. */
export const ORT_CUDA_LIBRARIES: readonly OrtLibraryNames[] = [
  {
    cudaMajor: 11,
    linux: ['libcublasLt.so.11', 'libcublas.so.11', 'libcudart.so.11.0', 'libcufft.so.10', 'libcurand.so.10'],
    windows: ['cublasLt64_11.dll', 'cublas64_11.dll', 'cudart64_110.dll', 'cufft64_10.dll', 'curand64_10.dll'],
    source:
      'load errors in microsoft/onnxruntime#19602, #20745, #21684 ("libcublasLt.so.11: cannot open shared object file"); library versions in the 1.10–1.14 requirements rows (libcufft 10.x, libcurand 10.x)',
    checked: CHECKED,
    confirmed: false,
    note: "libcublasLt.so.11 is seen in load errors; the other names follow NVIDIA's CUDA 11 naming and were not read from an ORT source.",
    noteZh: 'libcublasLt.so.11 见于加载报错；其余库名按 NVIDIA 的 CUDA 11 命名规则推得，并非读自 ORT 的来源。',
  },
  {
    cudaMajor: 12,
    linux: ['libcublasLt.so.12', 'libcublas.so.12', 'libcudart.so.12', 'libcufft.so.11', 'libcurand.so.10', 'libnvrtc.so.12'],
    windows: ['cublasLt64_12.dll', 'cublas64_12.dll', 'cudart64_12.dll', 'cufft64_11.dll', 'curand64_10.dll'],
    source:
      'microsoft/onnxruntime PR #23674 (preload_dlls output: cublasLt64_12.dll, cublas64_12.dll, cufft64_11.dll, curand64_10.dll); #24719 (libnvrtc.so.12); #23659 (extras nvidia-cufft-cu12~=11.0, nvidia-curand-cu12~=10.0)',
    checked: CHECKED,
    confirmed: true,
  },
  {
    cudaMajor: 13,
    linux: ['libcublasLt.so.13', 'libcublas.so.13', 'libcudart.so.13'],
    windows: ['cublasLt64_13.dll', 'cublas64_13.dll', 'cudart64_13.dll'],
    source: 'microsoft/onnxruntime#29500 (libcudart.so.13 NEEDED by the 1.27.0 wheel); onnxruntime-genai#2087 (CUDA 12 build asking for libcublasLt.so.12)',
    checked: CHECKED,
    confirmed: false,
    note: 'Only libcudart.so.13 is seen in an ORT source; the cuBLAS and Windows names follow the CUDA-major naming and are unverified.',
    noteZh: 'ORT 的来源中只见到 libcudart.so.13；cuBLAS 和 Windows 下的库名按 CUDA 主版本的命名规则推得，未经验证。',
  },
  {
    cudnnMajor: 8,
    linux: ['libcudnn.so.8'],
    windows: ['cudnn64_8.dll'],
    source: 'cuDNN 8 library naming; ORT 1.18.0 and earlier CUDA 11 builds (requirements table: libcudnn 8.x)',
    checked: CHECKED,
    confirmed: false,
    note: 'Not read from an ORT load error; standard cuDNN 8 names.',
    noteZh: '并非读自 ORT 的加载报错；是 cuDNN 8 的标准库名。',
  },
  {
    cudnnMajor: 9,
    linux: ['libcudnn.so.9'],
    windows: ['cudnn64_9.dll'],
    source:
      'Gourieff/sd-webui-reactor#503 (onnxruntime-gpu 1.18.1: "libcudnn.so.9: cannot open shared object file"); microsoft/onnxruntime PR #23674 (cudnn_*64_9.dll sub-libraries)',
    checked: CHECKED,
    confirmed: true,
    note: 'cuDNN 9 also loads its sub-libraries (libcudnn_ops.so.9, cudnn_ops64_9.dll, cudnn_engines_precompiled64_9.dll, ...).',
    noteZh: 'cuDNN 9 还会加载它的子库（libcudnn_ops.so.9、cudnn_ops64_9.dll、cudnn_engines_precompiled64_9.dll 等）。',
  },
];
