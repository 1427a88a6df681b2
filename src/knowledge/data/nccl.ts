// NCCL releases and the CUDA toolkits NVIDIA builds them for (brief: enough to explain a mismatch).
import type { Sourced } from '../types.js';

const CHECKED = '2026-11-30';

export interface NcclRelease extends Sourced {
  version: string;
  /** CUDA versions of NVIDIA's builds ("+cuda12.9"), or majors ("12") when only those are known. */
  cudaBuilds: readonly string[];
  /** ISO date when known. */
  released?: string;
}

function n(version: string, cudaBuilds: readonly string[], source: string, extra: Partial<NcclRelease> = {}): NcclRelease {
  return { version, cudaBuilds, source, checked: CHECKED, confirmed: true, ...extra };
}

const ARCHIVE = 'https://docs.nvidia.com/deeplearning/nccl/archives/ (release exists)';
const CONDA = 'Anaconda main channel nccl packages (cuda-version constraint per build)';
const ISSUE19 = '2026-12-02';
const NCCL_2312 =
  'https://github.com/NVIDIA/nccl/releases/tag/v2.31.2-1 (tag commit 7b83616df3ae082a1f32bb74c27458bfe8153a13, as cited by public code reviews); NVIDIA CUDA apt/dnf repositories: libnccl2 / libnccl-devel 2.31.2-1+cuda12.9, +cuda13.3, +cuda13.4 (versions pinned and resolved in public build scripts); PyPI nvidia-nccl-cu12 and nvidia-nccl-cu13 2.31.2';
const NCCL_2323 =
  'https://github.com/NVIDIA/nccl/releases/tag/v2.32.3-1 (tag commit 12df1a11afad322be5a204a2db890161cbf8131d, as cited by public code reviews); NVIDIA CUDA apt repositories: libnccl2 / libnccl-dev 2.32.3-1+cuda12.9 and +cuda13.4 (versions pinned in public build scripts); PyPI nvidia-nccl-cu12 and nvidia-nccl-cu13 2.32.3';

export const NCCL_RELEASES: readonly NcclRelease[] = [
  n('2.18.3', ['11', '12'], ARCHIVE, {
    confirmed: false,
    note: 'CUDA builds not read; JAX docs cite NCCL >= 2.18 for its CUDA 12 wheels.',
    noteZh: '未读到 CUDA 构建列表；JAX 文档称其 CUDA 12 wheel 需要 NCCL >= 2.18。',
  }),
  n('2.19.3', ['12'], ARCHIVE, {
    confirmed: false,
    note: 'JAX CUDA 12/13 wheels are "built with NCCL 2.19"; build list not read.',
    noteZh: 'JAX 的 CUDA 12/13 wheel 标注为 "built with NCCL 2.19"；未读到构建列表。',
  }),
  n('2.20.5', ['11', '12'], ARCHIVE, {
    confirmed: false,
    note: 'PyTorch 2.3/2.4 pin; build list not read.',
    noteZh: 'PyTorch 2.3/2.4 固定使用此版本；未读到构建列表。',
  }),
  n('2.21.5', ['11', '12'], ARCHIVE, {
    confirmed: false,
    note: 'PyTorch 2.5/2.6 pin; build list not read.',
    noteZh: 'PyTorch 2.5/2.6 固定使用此版本；未读到构建列表。',
  }),
  n('2.25.1', ['12'], `${ARCHIVE}; TensorFlow and-cuda pin nvidia-nccl-cu12==2.25.1`, {
    confirmed: false,
    note: 'Build list not read.',
    noteZh: '未读到构建列表。',
  }),
  n('2.26.2', ['12'], ARCHIVE, { confirmed: false, note: 'PyTorch 2.7 pin; build list not read.', noteZh: 'PyTorch 2.7 固定使用此版本；未读到构建列表。' }),
  n('2.27.5', ['12'], ARCHIVE, {
    confirmed: false,
    note: 'PyTorch 2.10 pin (RELEASE.md); build list not read.',
    noteZh: 'PyTorch 2.10 固定使用此版本（RELEASE.md）；未读到构建列表。',
  }),
  n('2.28.9', ['12', '13'], CONDA, {
    confirmed: false,
    note: 'Secondary (conda builds for cuda-version 12 and 13, Nov–Dec 2025). PyTorch 2.10 (cu130) and 2.11 pin it.',
    noteZh: '二手来源（conda 上 cuda-version 12 和 13 的构建，2025 年 11–12 月）。PyTorch 2.10 (cu130) 和 2.11 固定使用此版本。',
  }),
  n('2.29.3', ['13'], CONDA, {
    confirmed: false,
    note: 'Secondary (conda build for cuda-version 13, 2026-03-31). PyTorch 2.11–2.14 cu126 pin 2.29.3.',
    noteZh: '二手来源（conda 上 cuda-version 13 的构建，2026-03-31）。PyTorch 2.11–2.14 的 cu126 版本固定使用 2.29.3。',
  }),
  n('2.29.7', ['13'], CONDA, {
    confirmed: false,
    note: 'Secondary (conda build 2026-04-27). PyTorch 2.12/2.13 pin.',
    noteZh: '二手来源（conda 构建，2026-04-27）。PyTorch 2.12/2.13 固定使用此版本。',
  }),
  n(
    '2.30.7',
    ['12.9', '13.3'],
    'https://developer.download.nvidia.com/compute/redist/nccl/v2.30.7/ (nccl_2.30.7-1+cuda12.9 and +cuda13.3, x86_64 and aarch64)',
    {
      released: '2026-06-05',
      note: 'PyTorch 2.14 pins it.',
      noteZh: 'PyTorch 2.14 固定使用此版本。',
    },
  ),
  // Issue-19 additions (2026-12-02): NVIDIA's redist listing and release notes of 2.31/2.32 were not readable; the CUDA
  // builds are the package versions seen installed from NVIDIA's apt/dnf repositories, so others may exist.
  n('2.31.2', ['12.9', '13.3', '13.4'], NCCL_2312, {
    checked: ISSUE19,
    confirmed: false,
    note: 'Release confirmed (tag v2.31.2-1 at commit 7b83616d; PyPI nvidia-nccl-cu12 and nvidia-nccl-cu13 2.31.2). CUDA builds are those seen as packages (libnccl2 2.31.2-1+cuda12.9, +cuda13.3, and +cuda13.4 as the newest build of the cuda-rhel8 repository), not a read of the redist listing; release date not read.',
    noteZh:
      '版本已确认（标签 v2.31.2-1，位于提交 7b83616d；PyPI 上有 nvidia-nccl-cu12 和 nvidia-nccl-cu13 2.31.2）。CUDA 构建取自见到的软件包（libnccl2 2.31.2-1+cuda12.9、+cuda13.3，以及 cuda-rhel8 仓库中最新的构建 +cuda13.4），并非读自 redist 列表；未读到发布日期。',
  }),
  n('2.32.3', ['12.9', '13.4'], NCCL_2323, {
    checked: ISSUE19,
    confirmed: false,
    note: 'Newest found. Release confirmed (tag v2.32.3-1 at commit 12df1a11, reported released by 2026-09-21, first with Vera Rubin sm_107 support; PyPI nvidia-nccl-cu12 and nvidia-nccl-cu13 2.32.3). CUDA builds are those seen as packages (libnccl2 2.32.3-1+cuda12.9 and +cuda13.4), not a read of the redist listing.',
    noteZh:
      '目前找到的最新版本。版本已确认（标签 v2.32.3-1，位于提交 12df1a11；据报道不晚于 2026-09-21 发布，是首个支持 Vera Rubin sm_107 的版本；PyPI 上有 nvidia-nccl-cu12 和 nvidia-nccl-cu13 2.32.3）。CUDA 构建取自见到的软件包（libnccl2 2.32.3-1+cuda12.9 和 +cuda13.4），并非读自 redist 列表。',
  }),
];
