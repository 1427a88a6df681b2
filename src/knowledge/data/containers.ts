// nvidia/cuda container images: how tags are spelt, which exist, and when NVIDIA deletes them.
import type { Sourced } from '../types.js';

const CHECKED = '2026-11-30';
const README = 'https://gitlab.com/nvidia/container-images/cuda (README "Announcement" section)';
const POLICY =
  'https://gitlab.com/nvidia/container-images/cuda/-/blob/master/doc/support-policy.md; announcement https://gitlab.com/nvidia/container-images/cuda/-/issues/177 (2022-10-28)';

export const IMAGE_FLAVORS = ['base', 'runtime', 'devel'] as const;
export type ImageFlavor = (typeof IMAGE_FLAVORS)[number];

/** How tags are spelt, with examples from the sources. */
export const TAG_GRAMMAR: Sourced & { pattern: string; examples: readonly string[] } = {
  pattern: '<X.Y.Z>-[cudnn[N]-]<base|runtime|devel>-<os><osver>',
  examples: ['12.4.1-base-ubuntu22.04', '12.4.1-cudnn-devel-ubuntu22.04', '11.8.0-cudnn8-runtime-ubuntu22.04', '13.0.1-devel-ubuntu24.04'],
  source: `${README} ("a new tag format that includes the full CUDA version \\"release label\\": nvidia/cuda:11.1.0-devel-ubuntu18.04")`,
  checked: CHECKED,
  confirmed: false,
  note: 'The cuDNN part comes before the flavour and exists only for runtime and devel; "cudnn8" tags for 11.x/12.x with cuDNN 8, plain "cudnn" for cuDNN 9 (from tag listings seen in public Dockerfiles, not an NVIDIA grammar). 10.x tags used two-part versions ("10.2-cudnn7-devel-ubuntu18.04"). There is no "latest" tag.',
  noteZh:
    'cuDNN 部分位于镜像类型（flavour）之前，且只出现在 runtime 和 devel 中；11.x/12.x 搭配 cuDNN 8 的标签写作 "cudnn8"，cuDNN 9 则只写 "cudnn"（依据公开 Dockerfile 中见到的标签列表，并非 NVIDIA 给出的语法）。10.x 的标签使用两段式版本号（"10.2-cudnn7-devel-ubuntu18.04"）。不存在 "latest" 标签。',
};

/** Which operating systems images are built for, by CUDA release range. */
export interface ImageOs extends Sourced {
  /** Tag suffix, e.g. "ubuntu22.04", "ubi9", "rockylinux9". */
  os: string;
  /** First CUDA release with images for it, when known. */
  from?: string;
  /** Last CUDA release with images for it, when known. */
  until?: string;
}

function os(name: string, from: string | undefined, until: string | undefined, source: string, extra: Partial<ImageOs> = {}): ImageOs {
  return { os: name, ...(from ? { from } : {}), ...(until ? { until } : {}), source, checked: CHECKED, confirmed: true, ...extra };
}

const UBUNTU_2604_SOURCE =
  'nvidia/cuda tags pulled in public Dockerfiles, compose and CI files (13.3.0-base/-runtime/-devel-ubuntu26.04, 13.3.1-base/-devel/-cudnn-runtime/-cudnn-devel-ubuntu26.04, some pinned by digest), checked 2026-12-02';

export const IMAGE_OSES: readonly ImageOs[] = [
  os('centos7', undefined, '12.4.0', `${README} ("Centos7 and Ubi7 based images are available up till CUDA 12.4.0")`),
  os('ubi7', undefined, '12.4.0', `${README} ("Centos7 and Ubi7 based images are available up till CUDA 12.4.0")`),
  os('ubuntu24.04', '12.5.1', undefined, `${README} ("CUDA 12.5.1 brings support for Ubuntu 24.04 images")`),
  os('amzn2023', '12.6.0', undefined, `${README} ("CUDA 12.6.0 brings support for AmazonLinux (amzn2023) and CBL-Mariner/AzureLinux (cm2)")`),
  os('cm2', '12.6.0', undefined, `${README} (same announcement)`),
  os('ubuntu26.04', '13.3.0', undefined, UBUNTU_2604_SOURCE, {
    checked: '2026-12-02',
    confirmed: false,
    note: 'First release seen with ubuntu26.04 tags: 13.3.0 (base, runtime, devel); 13.3.1 adds cudnn-runtime and cudnn-devel. No 13.2.x ubuntu26.04 tag was found. From tags pulled in public files, not from NVIDIA text (the README announcement was not readable).',
    noteZh:
      '最早见到 ubuntu26.04 标签的版本：13.3.0（base、runtime、devel）；13.3.1 增加了 cudnn-runtime 和 cudnn-devel。未找到 13.2.x 的 ubuntu26.04 标签。依据公开文件中拉取的标签，而非 NVIDIA 的文字说明（README 中的公告无法读取）。',
  }),
  os('ubuntu20.04', undefined, '12.9.1', 'CUDA 13.0 release notes §"Deprecated or Dropped Operating Systems" ("Support for Ubuntu 20.04 has been dropped")', {
    confirmed: false,
    note: 'The toolkit dropped Ubuntu 20.04 in 13.0; that the last ubuntu20.04 image is 12.9.1 is inferred, not read from the image list.',
    noteZh: 'CUDA 工具包在 13.0 中放弃了对 Ubuntu 20.04 的支持；最后一个 ubuntu20.04 镜像是 12.9.1 属于推断，并非读自镜像列表。',
  }),
  os('ubuntu22.04', '11.7.0', undefined, 'nvidia/cuda tag listings (public Dockerfiles)', {
    confirmed: false,
    note: 'First release with ubuntu22.04 images not read from NVIDIA text.',
    noteZh: '首个提供 ubuntu22.04 镜像的版本未从 NVIDIA 的文字说明中读到。',
  }),
  os('ubi8', undefined, undefined, 'nvidia/cuda tag listings (public Dockerfiles)', { confirmed: false, note: 'Range not read.', noteZh: '未读到版本范围。' }),
  os('ubi9', '12.1.0', undefined, 'nvidia/cuda tag listings (public Dockerfiles)', {
    confirmed: false,
    note: 'Start not read from NVIDIA text.',
    noteZh: '起始版本未从 NVIDIA 的文字说明中读到。',
  }),
  os('rockylinux8', undefined, undefined, 'nvidia/cuda tag listings (public Dockerfiles)', {
    confirmed: false,
    note: 'Range not read.',
    noteZh: '未读到版本范围。',
  }),
  os('rockylinux9', undefined, undefined, 'nvidia/cuda tag listings (public Dockerfiles)', {
    confirmed: false,
    note: 'Range not read.',
    noteZh: '未读到版本范围。',
  }),
];

/** Architectures images are built for. */
export const IMAGE_PLATFORMS: Sourced & { current: readonly string[]; dropped: readonly { platform: string; lastCuda: string }[] } = {
  current: ['linux/amd64', 'linux/arm64'],
  dropped: [{ platform: 'linux/ppc64le', lastCuda: '12.4' }],
  source: `${README} ("CUDA 12.4 are the last releases to support PowerPC. Beginning 12.5+ we no longer support ppc64le based images")`,
  checked: CHECKED,
  confirmed: true,
};

/** NVIDIA's end-of-life and deletion policy for nvidia/cuda tags. */
export const SUPPORT_POLICY: Sourced & { rules: readonly string[]; deleteAfterMonths: number } = {
  rules: [
    'A CUDA image set reaches end of life when the driver branch it shipped with reaches end of life.',
    'Only the latest point release of each toolkit version is supported (updated).',
    'At end of life the image prints a deprecation notice ("THIS IMAGE IS DEPRECATED and is scheduled for DELETION").',
    'Six months after end of life the tags are deleted from Docker Hub and NGC.',
    'The "latest" tag was removed: `docker pull nvidia/cuda` fails with "manifest unknown".',
  ],
  deleteAfterMonths: 6,
  source: POLICY,
  checked: CHECKED,
  confirmed: true,
  note: 'Example from the announcement: CUDA 11.7.1 shipped with R515; R515 went EOL May 2023, so 11.7.1 images stopped being updated then.',
  noteZh: '公告中的例子：CUDA 11.7.1 随 R515 发布；R515 于 2023 年 5 月 EOL，因此 11.7.1 镜像从那时起停止更新。',
};

/** Where the published-image rows come from (each row repeats it, as every knowledge row names its source). */
export const IMAGE_TABLE_SOURCE = `nvidia/cuda tags pulled in public Dockerfiles, compose and CI files (checked 2026-11-30); EOL and deletion rules: ${SUPPORT_POLICY.source}`;

/**
 * The newest point release of each CUDA minor published as nvidia/cuda images (NVIDIA maintains only the
 * newest point release of each minor). Seen as pulled tags in public Dockerfiles and compose files, 2026-11-30.
 * `eol`: the driver branch the release shipped with has reached end of life, so the tags stop being updated
 * and are deleted six months later (SUPPORT_POLICY).
 */
export interface PublishedImage extends Sourced {
  cuda: string;
  /** Driver branch the release shipped with. */
  branch: string;
  eol: boolean;
  /** OS suffixes seen for this release. */
  oses: readonly string[];
  cudnn: 'cudnn' | 'cudnn8' | null;
}

const U22_24 = ['ubuntu22.04', 'ubuntu24.04'];

export const PUBLISHED_IMAGES: readonly PublishedImage[] = [
  {
    source: IMAGE_TABLE_SOURCE,
    checked: '2026-11-30',
    cuda: '11.8.0',
    branch: 'R520',
    eol: true,
    oses: ['ubuntu20.04', 'ubuntu22.04'],
    cudnn: 'cudnn8',
    confirmed: false,
    note: 'R520 is end of life; the tags may be deleted at any time.',
    noteZh: 'R520 已 EOL（停止支持）；这些标签随时可能被删除。',
  },
  {
    source: IMAGE_TABLE_SOURCE,
    checked: '2026-11-30',
    cuda: '12.1.1',
    branch: 'R530',
    eol: true,
    oses: ['ubuntu20.04', 'ubuntu22.04'],
    cudnn: 'cudnn8',
    confirmed: false,
  },
  {
    source: IMAGE_TABLE_SOURCE,
    checked: '2026-11-30',
    cuda: '12.2.2',
    branch: 'R535',
    eol: false,
    oses: ['ubuntu20.04', 'ubuntu22.04'],
    cudnn: 'cudnn8',
    confirmed: false,
    note: 'R535 is a long-term-support branch.',
    noteZh: 'R535 是长期支持分支。',
  },
  {
    source: IMAGE_TABLE_SOURCE,
    checked: '2026-11-30',
    cuda: '12.3.2',
    branch: 'R545',
    eol: true,
    oses: ['ubuntu20.04', 'ubuntu22.04'],
    cudnn: 'cudnn',
    confirmed: false,
  },
  {
    source: IMAGE_TABLE_SOURCE,
    checked: '2026-11-30',
    cuda: '12.4.1',
    branch: 'R550',
    eol: false,
    oses: ['ubuntu20.04', 'ubuntu22.04'],
    cudnn: 'cudnn',
    confirmed: false,
    note: 'Published and widely pulled; branch end-of-life date not read from NVIDIA.',
    noteZh: '已发布且被广泛拉取；未从 NVIDIA 读到该分支的 EOL 日期。',
  },
  {
    source: IMAGE_TABLE_SOURCE,
    checked: '2026-11-30',
    cuda: '12.5.1',
    branch: 'R555',
    eol: true,
    oses: ['ubuntu20.04', ...U22_24],
    cudnn: 'cudnn',
    confirmed: false,
  },
  {
    source: IMAGE_TABLE_SOURCE,
    checked: '2026-11-30',
    cuda: '12.6.3',
    branch: 'R560',
    eol: false,
    oses: ['ubuntu20.04', ...U22_24],
    cudnn: 'cudnn',
    confirmed: false,
  },
  {
    source: IMAGE_TABLE_SOURCE,
    checked: '2026-11-30',
    cuda: '12.8.1',
    branch: 'R570',
    eol: false,
    oses: ['ubuntu20.04', ...U22_24],
    cudnn: 'cudnn',
    confirmed: false,
  },
  {
    source: IMAGE_TABLE_SOURCE,
    checked: '2026-11-30',
    cuda: '12.9.1',
    branch: 'R575',
    eol: false,
    oses: ['ubuntu20.04', ...U22_24],
    cudnn: 'cudnn',
    confirmed: false,
  },
  {
    source: IMAGE_TABLE_SOURCE,
    checked: '2026-11-30',
    cuda: '13.0.3',
    branch: 'R580',
    eol: false,
    oses: U22_24,
    cudnn: 'cudnn',
    confirmed: false,
    note: 'R580 is a long-term-support branch.',
    noteZh: 'R580 是长期支持分支。',
  },
  { source: IMAGE_TABLE_SOURCE, checked: '2026-11-30', cuda: '13.1.1', branch: 'R590', eol: false, oses: U22_24, cudnn: 'cudnn', confirmed: false },
  { source: IMAGE_TABLE_SOURCE, checked: '2026-11-30', cuda: '13.2.1', branch: 'R595', eol: false, oses: U22_24, cudnn: 'cudnn', confirmed: false },
  {
    source: `${IMAGE_TABLE_SOURCE}; ${UBUNTU_2604_SOURCE}`,
    checked: '2026-12-02',
    cuda: '13.3.1',
    branch: 'R610',
    eol: false,
    oses: [...U22_24, 'ubuntu26.04'],
    cudnn: 'cudnn',
    confirmed: false,
    note: 'Tags seen: 13.3.1-devel-ubuntu22.04, -cudnn-devel-ubuntu22.04/24.04/26.04, -base/-devel/-cudnn-runtime-ubuntu26.04. Branch: the 610.43.02 driver of 13.3 (release notes, two copies). End of life of R610 not read.',
    noteZh:
      '见到的标签：13.3.1-devel-ubuntu22.04、-cudnn-devel-ubuntu22.04/24.04/26.04、-base/-devel/-cudnn-runtime-ubuntu26.04。分支：13.3 附带的 610.43.02 驱动（发行说明，两份副本）。未读到 R610 的 EOL 日期。',
  },
];
