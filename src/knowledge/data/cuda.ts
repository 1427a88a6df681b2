// CUDA toolkit releases, their driver floors and the GPU architectures each can build for.
// Rows are kept in ascending version order; tests check order, sources and monotonic drivers.
import type { Sourced } from '../types.js';

const CHECKED = '2026-11-30';
const RN = 'https://docs.nvidia.com/cuda/archive/13.2.2/cuda-toolkit-release-notes/index.html (Table 3 "CUDA Toolkit and Corresponding Driver Versions")';
const AUDIT_CHECKED = '2026-12-02';
const R615_SMI =
  'nvidia-smi / CUDA UMD version on driver 615.71.09 reported as CUDA 13.4 (issue-19 audit; a public hardware probe "driver 615.71.09 (CUDA UMD 13.4)", 2026-09-10)';
const RN_133 =
  'https://docs.nvidia.com/cuda/cuda-toolkit-release-notes/index.html as of 13.3 Update 1, Table 3 (rows "CUDA 13.3 Update 1 >=610.43.02", "CUDA 13.3 GA >=610.43.02", "CUDA 13.4 Developer Preview N/A (unbundled; R616 >=616.00)"), as copied in two public documents';
const RUNFILES =
  'NVIDIA runfile/installer names (https://developer.download.nvidia.com/compute/cuda/<ver>/local_installers/cuda_<ver>_<driver>_linux.run), as listed in the CUDA Toolkit Archive';

export interface DriverFloor {
  /** Minimum Linux x86_64 driver, or null when the source gives none ("N/A" or unknown). */
  linux: string | null;
  /** Minimum Windows x86_64 driver, or null when the source gives none. */
  windows: string | null;
}

export interface CudaRelease extends Sourced {
  /** NVIDIA's release number: "12.4.0" (GA), "12.4.1" (Update 1); 10.x uses build numbers such as "10.1.243". */
  version: string;
  /** "X.Y" of the release. */
  minor: string;
  /** Label as NVIDIA's Table 3 writes it. */
  label: string;
  /** The first general-availability release of its minor (what "12.4" means). */
  ga: boolean;
  /** Toolkit driver version (release notes Table 3): the driver needed for every feature of this toolkit. */
  minDriver: DriverFloor;
}

function rel(version: string, label: string, linux: string | null, windows: string | null, extra: Partial<CudaRelease> = {}): CudaRelease {
  const [maj, min] = version.split('.');
  return {
    version,
    minor: `${maj}.${min}`,
    label,
    ga: /GA|general release|^CUDA 10\.[02]\.\d+$/.test(label),
    minDriver: { linux, windows },
    source: RN,
    checked: CHECKED,
    confirmed: true,
    ...extra,
  };
}

// Windows "N/A" from 13.0: the table gives no Windows value ("Starting with CUDA 13.1, the Windows display
// driver is no longer bundled"); the 13.x minor-version-compatibility floor (R580) still applies.
const WIN_NA = 'Table 3 lists N/A for Windows x86_64; under minor version compatibility any 13.x runs on a driver >= 580 (Table 2).';
const WIN_NA_ZH = 'Table 3 中 Windows x86_64 一栏为 N/A；在次版本兼容（minor version compatibility）下，任何 13.x 都可在 >= 580 的驱动上运行（Table 2）。';

// Releases that exist (installers published) but are not rows of the Table 3 copy we read; the floor is the
// driver bundled in the installer name, which can be higher than the true minimum.
function bundled(version: string, label: string, linux: string, windows: string | null, note: string, noteZh: string): CudaRelease {
  return rel(version, label, linux, windows, { source: RUNFILES, confirmed: false, note, noteZh });
}

export const CUDA_RELEASES: readonly CudaRelease[] = [
  // 7.0–9.2: the same Table 3 (the older rows are kept at the bottom of every edition). Copies in third-party pages
  // checked 2026-11-30 agree on every value except 9.1 (one copy reads 387.26; NVIDIA's table and the others: 390.46).
  rel('7.0.28', 'CUDA 7.0 (7.0.28)', '346.46', '347.62', { ga: true }),
  rel('7.5.16', 'CUDA 7.5 (7.5.16)', '352.31', '353.66', { ga: true }),
  rel('8.0.44', 'CUDA 8.0 (8.0.44)', '367.48', '369.30', { ga: true }),
  rel('8.0.61', 'CUDA 8.0 (8.0.61 GA2)', '375.26', '376.51', {
    ga: false,
    note: 'GA2 is the second release of 8.0; 8.0.44 is the first (the GA row used for "8.0").',
    noteZh: 'GA2 是 8.0 的第二个发布版本；8.0.44 才是第一个（即 "8.0" 所对应的 GA 行）。',
  }),
  rel('9.0.76', 'CUDA 9.0 (9.0.76)', '384.81', '385.54', { ga: true }),
  rel('9.1.85', 'CUDA 9.1 (9.1.85)', '390.46', '391.29', {
    ga: true,
    note: "NVIDIA's table reads 390.46, but the CUDA 9.1.85 runfile bundles driver 387.26 (cuda_9.1.85_387.26_linux.run), and one third-party copy of the table reads 387.26: 387.26 runs CUDA 9.1 in practice",
    noteZh:
      'NVIDIA 的表格写的是 390.46，但 CUDA 9.1.85 的 runfile 自带驱动 387.26（cuda_9.1.85_387.26_linux.run），且有一份第三方转载的表格写的是 387.26：实际上 387.26 可以运行 CUDA 9.1',
  }),
  rel('9.2.88', 'CUDA 9.2 (9.2.88)', '396.26', '397.44', { ga: true }),
  rel('9.2.148', 'CUDA 9.2 (9.2.148 Update 1)', '396.37', '398.26', { ga: false }),
  rel('10.0.130', 'CUDA 10.0.130', '410.48', '411.31'),
  rel('10.1.105', 'CUDA 10.1 (10.1.105 general release, and updates)', '418.39', '418.96'),
  rel('10.1.168', 'CUDA 10.1 Update 1 (10.1.168)', '418.39', '418.96', {
    note: 'Table 3 has one row for 10.1 "general release, and updates"; Update 1 shares it.',
    noteZh: 'Table 3 中 10.1 只有一行 "general release, and updates"；Update 1 与其共用该行。',
  }),
  rel('10.1.243', 'CUDA 10.1 Update 2 (10.1.243)', '418.39', '418.96', {
    note: 'Table 3 has one row for 10.1 "general release, and updates"; Update 2 shares it.',
    noteZh: 'Table 3 中 10.1 只有一行 "general release, and updates"；Update 2 与其共用该行。',
  }),
  rel('10.2.89', 'CUDA 10.2.89', '440.33', '441.22'),
  rel('11.0.1', 'CUDA 11.0.1 RC', '450.36.06', '451.22', { ga: false, note: 'Release candidate.', noteZh: '候选发布版（RC）。' }),
  rel('11.0.2', 'CUDA 11.0.2 GA', '450.51.05', '451.48'),
  rel('11.0.3', 'CUDA 11.0.3 Update 1', '450.51.06', '451.82'),
  rel('11.1.0', 'CUDA 11.1 GA', '455.23', '456.38'),
  rel('11.1.1', 'CUDA 11.1.1 Update 1', '455.32', '456.81'),
  rel('11.2.0', 'CUDA 11.2.0 GA', '460.27.03', '460.82'),
  rel('11.2.1', 'CUDA 11.2.1 Update 1', '460.32.03', '461.09'),
  rel('11.2.2', 'CUDA 11.2.2 Update 2', '460.32.03', '461.33'),
  rel('11.3.0', 'CUDA 11.3.0 GA', '465.19.01', '465.89'),
  rel('11.3.1', 'CUDA 11.3.1 Update 1', '465.19.01', '465.89'),
  rel('11.4.0', 'CUDA 11.4.0 GA', '470.42.01', '471.11'),
  rel('11.4.1', 'CUDA 11.4 Update 1', '470.57.02', '471.41'),
  rel('11.4.2', 'CUDA 11.4 Update 2', '470.57.02', '471.41'),
  rel('11.4.3', 'CUDA 11.4 Update 3', '470.82.01', '472.50'),
  rel('11.4.4', 'CUDA 11.4 Update 4', '470.82.01', '472.50'),
  rel('11.5.0', 'CUDA 11.5 GA', '495.29.05', '496.04'),
  rel('11.5.1', 'CUDA 11.5 Update 1', '495.29.05', '496.13'),
  rel('11.5.2', 'CUDA 11.5 Update 2', '495.29.05', '496.13'),
  rel('11.6.0', 'CUDA 11.6 GA', '510.39.01', '511.23'),
  rel('11.6.1', 'CUDA 11.6 Update 1', '510.47.03', '511.65'),
  rel('11.6.2', 'CUDA 11.6 Update 2', '510.47.03', '511.65'),
  rel('11.7.0', 'CUDA 11.7 GA', '515.43.04', '516.01'),
  rel('11.7.1', 'CUDA 11.7 Update 1', '515.48.07', '516.31'),
  rel('11.8.0', 'CUDA 11.8 GA', '520.61.05', '520.06'),
  rel('12.0.0', 'CUDA 12.0 GA', '525.60.13', '527.41'),
  rel('12.0.1', 'CUDA 12.0 Update 1', '525.85.12', '528.33'),
  rel('12.1.0', 'CUDA 12.1 GA', '530.30.02', '531.14'),
  rel('12.1.1', 'CUDA 12.1 Update 1', '530.30.02', '531.14'),
  rel('12.2.0', 'CUDA 12.2 GA', '535.54.03', '536.25'),
  rel('12.2.1', 'CUDA 12.2 Update 1', '535.86.09', '536.67'),
  rel('12.2.2', 'CUDA 12.2 Update 2', '535.104.05', '537.13'),
  rel('12.3.0', 'CUDA 12.3 GA', '545.23.06', '545.84'),
  rel('12.3.1', 'CUDA 12.3 Update 1', '545.23.08', '546.12'),
  bundled(
    '12.3.2',
    'CUDA 12.3 Update 2',
    '545.23.08',
    '546.12',
    'Not a row of Table 3; installers bundle 545.23.08 / 546.12 (same as 12.3 Update 1).',
    '不在 Table 3 中；安装包自带 545.23.08 / 546.12（与 12.3 Update 1 相同）。',
  ),
  rel('12.4.0', 'CUDA 12.4 GA', '550.54.14', '551.61'),
  rel('12.4.1', 'CUDA 12.4 Update 1', '550.54.15', '551.78'),
  rel('12.5.0', 'CUDA 12.5 GA', '555.42.02', '555.85'),
  rel('12.5.1', 'CUDA 12.5 Update 1', '555.42.06', '555.85'),
  rel('12.6.0', 'CUDA 12.6 GA', '560.28.03', '560.76'),
  rel('12.6.1', 'CUDA 12.6 Update 1', '560.35.03', '560.94'),
  rel('12.6.2', 'CUDA 12.6 Update 2', '560.35.03', '560.94'),
  rel('12.6.3', 'CUDA 12.6 Update 3', '560.35.05', '561.17'),
  rel('12.8.0', 'CUDA 12.8 GA', '570.26', '570.65', {
    note: 'Table 3 says >= 570.26 / >= 570.65 although the 12.8.0 installers bundle 570.86.10 / 571.96.',
    noteZh: 'Table 3 写的是 >= 570.26 / >= 570.65，而 12.8.0 的安装包自带的是 570.86.10 / 571.96。',
  }),
  rel('12.8.1', 'CUDA 12.8 Update 1', '570.124.06', '572.61'),
  bundled(
    '12.8.2',
    'CUDA 12.8 Update 2',
    '570.211.01',
    '572.61',
    'Not a row of the Table 3 copy read (13.2 Update 2 notes); values are the drivers bundled in the 12.8.2 installers and may exceed the true minimum.',
    '不在所读的 Table 3（13.2 Update 2 发行说明）中；数值为 12.8.2 安装包自带的驱动版本，可能高于真实的最低要求。',
  ),
  rel('12.9.0', 'CUDA 12.9 GA', '575.51.03', '576.02'),
  rel('12.9.1', 'CUDA 12.9 Update 1', '575.57.08', '576.57'),
  bundled(
    '12.9.2',
    'CUDA 12.9 Update 2',
    '575.57.08',
    '576.57',
    'Not a row of the Table 3 copy read; installers bundle 575.57.08 / 576.57 (same as 12.9 Update 1).',
    '不在所读的 Table 3 中；安装包自带 575.57.08 / 576.57（与 12.9 Update 1 相同）。',
  ),
  rel('13.0.0', 'CUDA 13.0 GA', '580.65.06', null, { note: WIN_NA, noteZh: WIN_NA_ZH }),
  rel('13.0.1', 'CUDA 13.0 Update 1', '580.82.07', null, { note: WIN_NA, noteZh: WIN_NA_ZH }),
  rel('13.0.2', 'CUDA 13.0 Update 2', '580.95.05', null, { note: WIN_NA, noteZh: WIN_NA_ZH }),
  bundled(
    '13.0.3',
    'CUDA 13.0 Update 3',
    '580.126.20',
    null,
    `Not a row of the Table 3 copy read; 580.126.20 is the driver bundled in the 13.0.3 Linux runfile. ${WIN_NA}`,
    `不在所读的 Table 3 中；580.126.20 是 13.0.3 Linux runfile 自带的驱动。${WIN_NA_ZH}`,
  ),
  rel('13.1.0', 'CUDA 13.1 GA', '590.44.01', null, { note: WIN_NA, noteZh: WIN_NA_ZH }),
  rel('13.1.1', 'CUDA 13.1 Update 1', '590.48.01', null, { note: WIN_NA, noteZh: WIN_NA_ZH }),
  bundled(
    '13.1.2',
    'CUDA 13.1 Update 2',
    '590.48.01',
    null,
    `Not a row of the Table 3 copy read; the 13.1.2 Linux runfile bundles 590.48.01 (same as 13.1 Update 1). ${WIN_NA}`,
    `不在所读的 Table 3 中；13.1.2 Linux runfile 自带 590.48.01（与 13.1 Update 1 相同）。${WIN_NA_ZH}`,
  ),
  rel('13.2.0', 'CUDA 13.2 GA', '595.45.04', null, { note: WIN_NA, noteZh: WIN_NA_ZH }),
  rel('13.2.1', 'CUDA 13.2 Update 1', '595.58.03', null, { note: WIN_NA, noteZh: WIN_NA_ZH }),
  rel('13.2.2', 'CUDA 13.2 Update 2', '595.71.05', null, { note: WIN_NA, noteZh: WIN_NA_ZH }),
  // Issue-19 additions (2026-12-02): two public copies of Table 3 of the 13.3 notes agree with the bundled driver.
  rel('13.3.0', 'CUDA 13.3 GA', '610.43.02', null, {
    source: `${RN_133}; ${RUNFILES} (cuda_13.3.0_610.43.02_linux.run)`,
    checked: AUDIT_CHECKED,
    note: `Linux >= 610.43.02 as Table 3 of the 13.3 notes gives it, in two public copies (the same table lists 13.2 Update 1 >= 595.58.03 and 13.0 Update 2 >= 580.95.05, as our rows); the runfile bundles the same driver. The copies show the Linux column only. ${WIN_NA}`,
    noteZh: `Linux >= 610.43.02，取自 13.3 发行说明的 Table 3 的两份公开转载（同一表格列出 13.2 Update 1 >= 595.58.03、13.0 Update 2 >= 580.95.05，与本表对应各行一致）；runfile 自带的也是同一驱动。转载只包含 Linux 一栏。${WIN_NA_ZH}`,
  }),
  rel('13.3.1', 'CUDA 13.3 Update 1', '610.43.02', null, {
    source: `${RN_133}; ${RUNFILES} (cuda_13.3.1_610.43.02_linux.run)`,
    checked: AUDIT_CHECKED,
    note: `Linux >= 610.43.02, the same as 13.3 GA (Table 3 of the 13.3 notes, two public copies; the runfile bundles the same driver). The copies show the Linux column only. ${WIN_NA}`,
    noteZh: `Linux >= 610.43.02，与 13.3 GA 相同（13.3 发行说明的 Table 3，两份公开转载；runfile 自带同一驱动）。转载只包含 Linux 一栏。${WIN_NA_ZH}`,
  }),
  {
    // Issue-19 audit: R615/R616 drivers run CUDA 13.4 (they were reported as 13.3 because this row had no floor).
    ...rel('13.4.1', 'CUDA 13.4 GA', '615.71.09', null),
    source: `https://docs.nvidia.com/cuda/archive/13.4.1/cuda-toolkit-release-notes/index.html ("The CUDA Toolkit 13.4 GA release is versioned 13.4.1 and supersedes the 13.4.0 developer preview"); ${R615_SMI}`,
    checked: AUDIT_CHECKED,
    confirmed: false,
    note: `Linux floor 615.71.09 is a driver seen to report CUDA 13.4 (nvidia-smi / CUDA UMD on 615.71.09), not NVIDIA's Table 3 value: the true floor is at most this, and any R616 driver is above it. Table 3 of the 13.4 notes was not readable and from 13.4.1 the runfile names no bundled driver. Sources disagree: the 13.3 notes (as the issue-19 audit quotes them) say 13.4 needs R616 >= 616.00, secondary notes say "the R615 driver shipped with CUDA 13.4 GA"; the R616 floor is that of the 13.4.0 developer preview (Table 3 of the 13.3 notes, as copied publicly: "CUDA 13.4 Developer Preview N/A (unbundled; R616 >=616.00)"; read 2026-12-02). ${WIN_NA}`,
    noteZh: `Linux 驱动下限 615.71.09 是实际观察到报告 CUDA 13.4 的驱动（615.71.09 上的 nvidia-smi / CUDA UMD），并非 NVIDIA Table 3 的数值：真实下限不高于此，且任何 R616 驱动都高于它。13.4 发行说明的 Table 3 无法读取，且从 13.4.1 起 runfile 文件名不再带有自带的驱动版本。来源说法不一：13.3 发行说明（按 issue-19 审计的引用）称 13.4 需要 R616 >= 616.00，二手资料则称 "the R615 driver shipped with CUDA 13.4 GA"；R616 这一下限属于 13.4.0 developer preview（13.3 发行说明的 Table 3，公开转载为："CUDA 13.4 Developer Preview N/A (unbundled; R616 >=616.00)"；读取于 2026-12-02）。${WIN_NA_ZH}`,
  },
  {
    ...rel('13.4.2', 'CUDA 13.4 Update 1', null, null),
    ga: false,
    source: 'https://docs.nvidia.com/cuda/archive/13.4.2/cuda-toolkit-release-notes/index.html (title "CUDA Toolkit 13.4 Update 1")',
    checked: AUDIT_CHECKED,
    confirmed: false,
    note: 'Driver floor unknown: Table 3 not readable and no source names one (components are 13.4.92). A driver that runs 13.4 GA (>= 615.71.09) runs 13.4 Update 1 code under minor version compatibility (13.x on >= 580).',
    noteZh:
      '驱动下限未知：Table 3 无法读取，也没有来源给出该值（组件版本为 13.4.92）。能运行 13.4 GA 的驱动（>= 615.71.09）在次版本兼容下也能运行 13.4 Update 1 的代码（13.x 需驱动 >= 580）。',
  },
  {
    ...rel('13.5.0', 'CUDA 13.5 GA', null, null),
    source: 'https://docs.nvidia.com/cuda/cuda-toolkit-release-notes/ (page head "CUDA Toolkit 13.5 - Release Notes", cudart 13.5.37)',
    checked: AUDIT_CHECKED,
    confirmed: false,
    note: 'Newest toolkit found. Driver floor unknown: Table 3 not readable and no source names the driver branch of 13.5; the third digit of the release number (13.5.0) is assumed.',
    noteZh: '这是找到的最新工具包。驱动下限未知：Table 3 无法读取，也没有来源给出 13.5 对应的驱动分支；版本号的第三位（13.5.0）为假定值。',
  },
];

/** Table 2: minor-version-compatibility driver range per major. */
export interface MvcFloor extends Sourced {
  major: number;
  /** Lowest driver branch for minor version compatibility (Linux and Windows). */
  min: string;
  /** MVC upper bound (exclusive) when the table gives one; newer drivers work through backward compatibility. */
  maxExclusive: string | null;
  /** Exact floors where a finer one is documented (11.x: 450.80.02 / 452.39). */
  linux?: string;
  windows?: string;
}

export const MVC_FLOORS: readonly MvcFloor[] = [
  {
    major: 11,
    min: '450',
    maxExclusive: '525',
    linux: '450.80.02',
    windows: '452.39',
    source: `${RN}; Table 2 footnote ***`,
    checked: CHECKED,
    confirmed: true,
    note: 'CUDA 11.0 shipped with an earlier driver; MVC across 11.x needs 450.80.02 (Linux) / 452.39 (Windows).',
    noteZh: 'CUDA 11.0 发布时附带的是更早的驱动；要在整个 11.x 范围内使用次版本兼容（MVC）需要 450.80.02（Linux）/ 452.39（Windows）。',
  },
  {
    major: 12,
    min: '525',
    maxExclusive: '580',
    linux: '525.60.13',
    windows: '527.41',
    source: `${RN}; exact floors = CUDA 12.0 GA row of Table 3`,
    checked: CHECKED,
    confirmed: true,
    note: 'Table 2 says >= 525; the exact floor used here is the 12.0 GA toolkit driver. Drivers >= 580 run 12.x through backward compatibility.',
    noteZh: 'Table 2 写的是 >= 525；此处采用的精确下限是 12.0 GA 工具包对应的驱动版本。>= 580 的驱动通过向后兼容运行 12.x。',
  },
  {
    major: 13,
    min: '580',
    maxExclusive: null,
    linux: '580.65.06',
    source: `${RN}; exact Linux floor = CUDA 13.0 GA row of Table 3`,
    checked: CHECKED,
    confirmed: true,
    note: 'Table 2 says >= 580. Windows: no exact value (Table 3 N/A).',
    noteZh: 'Table 2 写的是 >= 580。Windows：无精确值（Table 3 为 N/A）。',
  },
];

/** Forward compatibility (cuda-compat-<major>-<minor>): which GPUs may use it. */
export const FORWARD_COMPAT: Sourced & { package: string; eligible: readonly string[]; notEligible: readonly string[] } = {
  package: 'cuda-compat-<major>-<minor>',
  eligible: ['NVIDIA Data Center GPUs', 'select NGC Server Ready SKUs of RTX cards', 'Jetson boards'],
  notEligible: ['GeForce', 'workstation RTX/Quadro cards that are not NGC Server Ready SKUs'],
  source:
    'https://docs.nvidia.com/deploy/cuda-compatibility/forward-compatibility.html ("Forward Compatibility is applicable only for systems with: NVIDIA Data Center GPUs. Select NGC Server Ready SKUs of RTX cards. Jetson boards.")',
  checked: CHECKED,
  confirmed: true,
  note: 'Linux only; the package is built from the driver that matches its CUDA release (e.g. cuda-compat-12-8 from the 570 driver).',
  noteZh: '仅限 Linux；该包由与其 CUDA 版本对应的驱动构建（例如 cuda-compat-12-8 来自 570 驱动）。',
};

/** PTX ISA version each toolkit minor emits. */
export interface PtxIsa extends Sourced {
  minor: string;
  ptx: string;
}

const PTX_SRC =
  'https://docs.nvidia.com/cuda/parallel-thread-execution/#release-notes-ptx-release-history (as mirrored in cuda-python cuda/bindings/utils/_ptx_utils.py)';
function ptx(minor: string, isa: string, extra: Partial<PtxIsa> = {}): PtxIsa {
  return { minor, ptx: isa, source: PTX_SRC, checked: CHECKED, confirmed: true, ...extra };
}

export const PTX_ISA: readonly PtxIsa[] = [
  ptx('10.0', '6.3'),
  ptx('10.1', '6.4'),
  ptx('10.2', '6.5'),
  ptx('11.0', '7.0'),
  ptx('11.1', '7.1'),
  ptx('11.2', '7.2'),
  ptx('11.3', '7.3'),
  ptx('11.4', '7.4'),
  ptx('11.5', '7.5'),
  ptx('11.6', '7.6'),
  ptx('11.7', '7.7'),
  ptx('11.8', '7.8'),
  ptx('12.0', '8.0'),
  ptx('12.1', '8.1'),
  ptx('12.2', '8.2'),
  ptx('12.3', '8.3'),
  ptx('12.4', '8.4'),
  ptx('12.5', '8.5'),
  ptx('12.6', '8.5', {
    note: 'CUDA 12.6 did not bump the PTX ISA (openxla/xla#16504); 8.6 belongs to the unreleased 12.7.',
    noteZh: 'CUDA 12.6 没有提升 PTX ISA 版本（openxla/xla#16504）；8.6 属于未发布的 12.7。',
  }),
  ptx('12.8', '8.7'),
  ptx('12.9', '8.8'),
  ptx('13.0', '9.0'),
  ptx('13.1', '9.1'),
  ptx('13.2', '9.2', { source: `${RN} ("For new features from PTX, refer to PTX ISA version 9.2")` }),
  ptx('13.3', '9.3', {
    source: 'ptxas --list-version of nvcc 13.3.73, quoted in a public benchmark write-up',
    confirmed: false,
    note: 'Measured by a third party, not read from NVIDIA’s table.',
    noteZh: '由第三方实测，并非读自 NVIDIA 的表格。',
  }),
  ptx('13.4', '9.4', {
    source: 'secondary: release notes of a CUDA 13.4 knowledge-base project ("CUDA Toolkit 13.4 / PTX ISA 9.4")',
    confirmed: false,
    note: 'Secondary only; NVIDIA’s PTX release history not read for 13.4.',
    noteZh: '仅有二手来源；未查阅 NVIDIA PTX 发布历史中 13.4 的条目。',
  }),
  ptx('13.5', '9.5', {
    source: 'secondary: apache/tvm-tirx commit f43b3030 ("PTX ISA 9.5 (CUDA 13.5)", 2026-11-12)',
    confirmed: false,
    note: 'Secondary only; NVIDIA’s PTX release history not read for 13.5.',
    noteZh: '仅有二手来源；未查阅 NVIDIA PTX 发布历史中 13.5 的条目。',
  }),
];

/** One SASS target and the toolkit range that can compile for it (offline, nvcc -gencode code=sm_XX). */
export interface ArchSupport extends Sourced {
  arch: string;
  /** First toolkit minor that targets it ("7.0" means "at or before 7.0", the oldest release tracked). */
  since: string;
  /** First toolkit minor that no longer targets it. */
  removedIn?: string;
}

const CMAKE = 'Kitware/CMake Modules/Internal/CMakeCUDAArchitecturesAll.cmake (toolkit → architectures)';
const DROP13 = `${RN} §2.6.2 ("Offline compilation and library support for these architectures [Maxwell, Pascal, Volta] have been removed in CUDA Toolkit 13.0")`;
const FEAT129 =
  'https://docs.nvidia.com/cuda/archive/12.9.1/cuda-features-archive/index.html ("adds compiler target support for SM architecture 10.3 (sm_103, sm_103f, sm_103a) and 12.1 (sm_121) … introduces … family-specific architectures")';
const NVCC13 =
  'nvcc --list-gpu-code of CUDA 13.0.3 and 13.3.73 (third-party captures): sm_75 sm_80 sm_86 sm_87 sm_88 sm_89 sm_90 sm_100 sm_103 sm_110 sm_120 sm_121';

// Floors before CUDA 10.0 (the oldest release CMake's table lists): "CUDA SDK 7.0 – 7.5 support for compute capability
// 2.0 – 5.x; 8.0: 2.0 – 6.x, last with 2.x; 9.0 – 9.2: 3.0 – 7.0; 10.0 – 10.2: 3.0 – 7.5".
const PRE10 = 'Wikipedia "CUDA", section GPUs supported (as copied in blog.csdn.net/mujie2015/article/details/137119349)';
const PRE10_NOTE =
  'Floors before CUDA 10.0 are from a secondary source (the Wikipedia table), not re-read from NVIDIA release notes; "7.0" means "at or before 7.0", the oldest release tracked.';
const PRE10_NOTE_ZH =
  'CUDA 10.0 之前的下限来自二手来源（Wikipedia 的表格），未对照 NVIDIA 发行说明重新核对；"7.0" 表示 "at or before 7.0"（不晚于 7.0），即所跟踪的最早版本。';

function arch(name: string, since: string, removedIn: string | undefined, source: string, extra: Partial<ArchSupport> = {}): ArchSupport {
  return { arch: name, since, ...(removedIn ? { removedIn } : {}), source, checked: CHECKED, confirmed: true, ...extra };
}

export const ARCH_SUPPORT: readonly ArchSupport[] = [
  // Fermi: last targeted by CUDA 8.0 ("CUDA 9 dropped support for compute_20", CMake MR 1329).
  arch('sm_20', '7.0', '9.0', `${PRE10}; https://gitlab.kitware.com/cmake/cmake/-/merge_requests/1329`, {
    confirmed: false,
    note: PRE10_NOTE,
    noteZh: PRE10_NOTE_ZH,
  }),
  arch('sm_21', '7.0', '9.0', PRE10, { confirmed: false, note: PRE10_NOTE, noteZh: PRE10_NOTE_ZH }),
  arch('sm_30', '7.0', '11.0', `${CMAKE}; ${PRE10}`, { confirmed: false, note: PRE10_NOTE, noteZh: PRE10_NOTE_ZH }),
  arch('sm_32', '7.0', '11.0', `nvcc 10.x/11.0 --list-gpu-code (community copies); ${PRE10}`, {
    confirmed: false,
    note: `Tegra K1; CMake does not list it. ${PRE10_NOTE}`,
    noteZh: `Tegra K1；CMake 未列出它。${PRE10_NOTE_ZH}`,
  }),
  arch('sm_35', '7.0', '12.0', `${CMAKE}; CMake MR 8031 ("Remove 35 and 37 for CUDA 12"); ${PRE10}`, {
    confirmed: false,
    note: PRE10_NOTE,
    noteZh: PRE10_NOTE_ZH,
  }),
  arch('sm_37', '7.0', '12.0', `${CMAKE}; CMake MR 8031; ${PRE10}`, { confirmed: false, note: PRE10_NOTE, noteZh: PRE10_NOTE_ZH }),
  arch('sm_50', '7.0', '13.0', `${DROP13}; ${PRE10}`, { confirmed: false, note: PRE10_NOTE, noteZh: PRE10_NOTE_ZH }),
  arch('sm_52', '7.0', '13.0', `${DROP13}; ${PRE10}`, { confirmed: false, note: PRE10_NOTE, noteZh: PRE10_NOTE_ZH }),
  arch('sm_53', '7.0', '13.0', `${DROP13}; ${PRE10}`, { confirmed: false, note: PRE10_NOTE, noteZh: PRE10_NOTE_ZH }),
  // Pascal arrived with CUDA 8.0, Volta with 9.0.
  arch('sm_60', '8.0', '13.0', `${DROP13}; ${PRE10}`, { confirmed: false, note: PRE10_NOTE, noteZh: PRE10_NOTE_ZH }),
  arch('sm_61', '8.0', '13.0', `${DROP13}; ${PRE10}`, { confirmed: false, note: PRE10_NOTE, noteZh: PRE10_NOTE_ZH }),
  arch('sm_62', '8.0', '13.0', `${DROP13}; ${PRE10}`, { confirmed: false, note: PRE10_NOTE, noteZh: PRE10_NOTE_ZH }),
  arch('sm_70', '9.0', '13.0', `${DROP13}; ${PRE10}`, { confirmed: false, note: PRE10_NOTE, noteZh: PRE10_NOTE_ZH }),
  arch('sm_72', '10.0', '13.0', `${DROP13}; ${NVCC13}`),
  arch('sm_75', '10.0', undefined, CMAKE),
  arch('sm_80', '11.0', undefined, CMAKE),
  arch('sm_86', '11.1', undefined, CMAKE),
  arch('sm_87', '11.4', undefined, CMAKE),
  arch('sm_88', '13.0', undefined, NVCC13, {
    confirmed: false,
    note: 'Listed by nvcc 13.x; no NVIDIA statement of when it was added was found.',
    noteZh: 'nvcc 13.x 列出了它；未找到 NVIDIA 关于它何时加入的说明。',
  }),
  arch('sm_89', '11.8', undefined, `${CMAKE}; CMake MR 8031`),
  arch('sm_90', '11.8', undefined, `${CMAKE}; CMake MR 8031`),
  arch('sm_90a', '12.0', undefined, 'CUDA 12.0 features (arch-specific sm_90a introduced with Hopper support in 12.0)', {
    confirmed: false,
    note: 'Widely used with 12.0+; NVIDIA text naming 12.0 as the first was not re-read.',
    noteZh: '在 12.0+ 中广泛使用；未重新查阅 NVIDIA 指明 12.0 为首个支持版本的原文。',
  }),
  arch('sm_100', '12.8', undefined, CMAKE),
  arch('sm_100a', '12.8', undefined, CMAKE, {
    confirmed: false,
    note: 'Arch-specific variants ship with the base target; CMake lists only base numbers.',
    noteZh: '架构特定（arch-specific）变体随基础目标一同提供；CMake 只列出基础编号。',
  }),
  arch('sm_100f', '12.9', undefined, FEAT129),
  arch('sm_101', '12.8', '13.0', `${CMAKE}; cuRANDDx release notes (Thor sm_101 renamed sm_110 in CUDA 13.0)`),
  arch('sm_101a', '12.8', '13.0', CMAKE, { confirmed: false, note: 'Renamed sm_110a in 13.0.', noteZh: '在 13.0 中更名为 sm_110a。' }),
  arch('sm_101f', '12.9', '13.0', FEAT129, { confirmed: false, note: 'Renamed sm_110f in 13.0.', noteZh: '在 13.0 中更名为 sm_110f。' }),
  arch('sm_103', '12.9', undefined, FEAT129),
  arch('sm_103a', '12.9', undefined, FEAT129),
  arch('sm_103f', '12.9', undefined, FEAT129),
  arch('sm_107', '13.4', undefined, 'secondary: CUTLASS 4.8.0dev notes (Rubin SM107) and apache/tvm-tirx (sm_107 PTX, CUDA 13.4/13.5)', {
    confirmed: false,
    note: 'Rubin. Neither the first toolkit that targets it nor its compute capability (10.7) is confirmed by NVIDIA text read here.',
    noteZh: 'Rubin。首个支持它的工具包及其算力（10.7）均未在此处读过的 NVIDIA 文本中得到确认。',
  }),
  arch('sm_110', '13.0', undefined, `${NVCC13}; cuRANDDx release notes`),
  arch('sm_110a', '13.0', undefined, 'nvcc 13.3 --help target list (third-party capture)', {
    confirmed: false,
    note: 'Seen in 13.3; assumed present since 13.0 with sm_110.',
    noteZh: '在 13.3 中见到；假定自 13.0 起就随 sm_110 一同提供。',
  }),
  arch('sm_110f', '13.0', undefined, 'nvcc 13.3 --help target list (third-party capture)', {
    confirmed: false,
    note: 'Seen in 13.3; assumed present since 13.0 with sm_110.',
    noteZh: '在 13.3 中见到；假定自 13.0 起就随 sm_110 一同提供。',
  }),
  arch('sm_120', '12.8', undefined, CMAKE),
  arch('sm_120a', '12.8', undefined, CMAKE, {
    confirmed: false,
    note: 'Arch-specific variants ship with the base target; CMake lists only base numbers.',
    noteZh: '架构特定（arch-specific）变体随基础目标一同提供；CMake 只列出基础编号。',
  }),
  arch('sm_120f', '12.9', undefined, FEAT129),
  arch('sm_121', '12.9', undefined, FEAT129),
  arch('sm_121a', '12.9', undefined, FEAT129, {
    confirmed: false,
    note: 'The 12.9 features text names sm_121 only; a/f variants seen in 13.x nvcc.',
    noteZh: '12.9 的新特性文档只提到 sm_121；a/f 变体见于 13.x 的 nvcc。',
  }),
  arch('sm_121f', '12.9', undefined, FEAT129, {
    confirmed: false,
    note: 'The 12.9 features text names sm_121 only; a/f variants seen in 13.x nvcc.',
    noteZh: '12.9 的新特性文档只提到 sm_121；a/f 变体见于 13.x 的 nvcc。',
  }),
];
