// TensorFlow releases 1.5 → newest: tested CUDA/cuDNN (Linux GPU), Python range, native-Windows GPU, the
// `tensorflow[and-cuda]` extra and the compute capabilities the pip wheels are built for (2.4 on). Rows ascend by version.
import type { Sourced } from '../types.js';

const CHECKED = '2026-11-30';

const TESTED = 'https://www.tensorflow.org/install/source#gpu ("Tested build configurations", Linux GPU table; tensorflow/docs site/en/install/source.md)';
const WINDOWS =
  'https://www.tensorflow.org/install/pip#windows-native ("TensorFlow 2.10 was the last TensorFlow release that supported GPU on native-Windows")';
const REL_217 = 'https://github.com/tensorflow/tensorflow/releases/tag/v2.17.0 (Maxwell 5.x removed from the wheels; 8.9 added)';
// A stored copy of the same page's source (it has rows up to 2.18.0); the pre-2.4 rows were read from it on the date below.
const TESTED_COPY = 'tensorflow/docs site/en/install/source.md @ b19e63b865a24aad11787ef2ccf03caf2ed731d8 (Linux GPU table)';
const AND_CUDA = 'tensorflow/tensorflow tensorflow/tools/pip_package/setup.py EXTRA_PACKAGES["and-cuda"] (nvidia-*-cu12 pins)';

export interface TensorflowRelease extends Sourced {
  /** Version as the tested-configurations table names it: "2.16.1". */
  version: string;
  python: { min: string; max: string };
  /** CUDA the Linux GPU build was tested with ("12.3"). */
  cuda: string;
  /** cuDNN major.minor it was tested with ("8.9"). */
  cudnn: string;
  /** GPU on native Windows (not WSL2). */
  windowsNativeGpu: boolean;
  /** `pip install tensorflow[and-cuda]` pulls the nvidia-* CUDA wheels (Linux only). */
  andCudaExtra: boolean;
  /** Compute capabilities in the pip wheels (sm_ = SASS, compute_ = PTX), where known. */
  computeCapabilities?: readonly string[];
  /** Fields of this row that rest on a secondary source or are unverified. */
  unconfirmedFields?: readonly string[];
}

// .bazelrc TF_CUDA_COMPUTE_CAPABILITIES by era; only the 2.17 change is stated in release notes.
const CC_OLD = ['sm_35', 'sm_50', 'sm_60', 'sm_70', 'sm_75', 'compute_80'];
const CC_MID = ['sm_50', 'sm_60', 'sm_70', 'sm_80', 'compute_90'];
const CC_NEW = ['sm_60', 'sm_70', 'sm_80', 'sm_89', 'compute_90'];
// 2.15 (CUDA 12.2): the sm_75 + compute_80 era list, without sm_35 (CUDA 12.0 removed Kepler targets, so nvcc 12.2 cannot
// emit sm_35; see ARCH_SUPPORT in cuda.ts).
const CC_215 = ['sm_50', 'sm_60', 'sm_70', 'sm_75', 'compute_80'];
const TF_CC_SRC =
  'issue-19 audit (2026-12-01): the .bazelrc change from "…sm_75,compute_80" to "sm_50,sm_60,sm_70,sm_80,compute_90" landed in November 2023, after the r2.15 branch; https://github.com/tensorflow/tensorflow/issues/62320 (2.15.0rc0 on H100: no sm_90 kernels, JIT from PTX) is consistent with it';
const TF_CC_NOTE =
  'Compute capabilities corrected by the issue-19 audit (were sm_50 … sm_80 + compute_90, the list of 2.16): 2.12–2.15 still carry the sm_75 + compute_80 list. The .bazelrc at v2.12.0 … v2.15.0 could not be read here (the tensorflow snapshot is too large to fetch and no stored copy is tied to a tag), so the list stays unconfirmed.';
const TF_CC_NOTE_ZH =
  '算力列表经 issue 19 审查更正（原为 sm_50 … sm_80 + compute_90，即 2.16 的列表）：2.12–2.15 仍是 sm_75 + compute_80 那一组。v2.12.0 … v2.15.0 的 .bazelrc 在这里读不到（tensorflow 快照太大无法拉取，且没有与 tag 对应的存档副本），因此该列表仍为未确认。';
const CC_215_NOTE = ' For 2.15 sm_35 is left out: it was built with CUDA 12.2, which has no sm_35 target; whether its .bazelrc still named sm_35 is not known.';
const CC_215_NOTE_ZH = '2.15 不含 sm_35：它用 CUDA 12.2 构建，而 CUDA 12.2 没有 sm_35 目标；它的 .bazelrc 是否仍写有 sm_35 不得而知。';

function t(version: string, py: [string, string], cuda: string, cudnn: string, extra: Partial<TensorflowRelease> = {}): TensorflowRelease {
  const minor = Number(version.split('.')[1]);
  return {
    version,
    python: { min: py[0], max: py[1] },
    cuda,
    cudnn,
    windowsNativeGpu: minor <= 10,
    andCudaExtra: minor >= 14,
    computeCapabilities: minor <= 11 ? CC_OLD : minor <= 16 ? CC_MID : CC_NEW,
    unconfirmedFields: ['computeCapabilities'],
    source: `${TESTED}; ${WINDOWS}`,
    checked: CHECKED,
    confirmed: true,
    ...extra,
  };
}

/**
 * A release before 2.4 (1.x as the `tensorflow-gpu` package up to 1.14): CUDA and cuDNN come from the system, no
 * `and-cuda` extra; GPU on native Windows. Python is the Python 3 part of the table's cell; `py2` when it also lists 2.7.
 * Compute capabilities of these wheels are not in the table.
 */
function old(version: string, py: [string, string], cuda: string, cudnn: string, py2: boolean, extra: Partial<TensorflowRelease> = {}): TensorflowRelease {
  const cell = `${py2 ? '2.7, ' : ''}${py[0]}-${py[1]}`;
  return {
    version,
    python: { min: py[0], max: py[1] },
    cuda,
    cudnn,
    windowsNativeGpu: true,
    andCudaExtra: false,
    source: `${TESTED}; read in ${TESTED_COPY}; ${WINDOWS}`,
    checked: CHECKED,
    confirmed: true,
    note: `Python cell "${cell}"${py2 ? ' (Python 2.7 is not in the min/max range)' : ''}.`,
    noteZh: `表格中 Python 一栏为 "${cell}"${py2 ? '（Python 2.7 不在 min/max 范围内）' : ''}。`,
    ...extra,
  };
}

// TF 1.5–1.12: the table says CUDA "9" and cuDNN "7"; the binaries load libcudart.so.9.0, so the row says 9.0.
const CUDA9 = {
  note: 'Python cell "2.7, 3.3-3.6" (Python 2.7 is not in the min/max range). The table says CUDA "9"; the wheels link CUDA 9.0.',
  noteZh: '表格中 Python 一栏为 "2.7, 3.3-3.6"（Python 2.7 不在 min/max 范围内）。表格写的是 CUDA "9"；wheel 链接的是 CUDA 9.0。',
};

export const TENSORFLOW_RELEASES: readonly TensorflowRelease[] = [
  old('1.5.0', ['3.3', '3.6'], '9.0', '7', true, CUDA9),
  old('1.6.0', ['3.3', '3.6'], '9.0', '7', true, CUDA9),
  old('1.7.0', ['3.3', '3.6'], '9.0', '7', true, CUDA9),
  old('1.8.0', ['3.3', '3.6'], '9.0', '7', true, CUDA9),
  old('1.9.0', ['3.3', '3.6'], '9.0', '7', true, CUDA9),
  old('1.10.0', ['3.3', '3.6'], '9.0', '7', true, CUDA9),
  old('1.11.0', ['3.3', '3.6'], '9.0', '7', true, CUDA9),
  old('1.12.0', ['3.3', '3.6'], '9.0', '7', true, CUDA9),
  old('1.13.1', ['3.3', '3.7'], '10.0', '7.4', true),
  old('1.14.0', ['3.3', '3.7'], '10.0', '7.4', true),
  old('1.15.0', ['3.3', '3.7'], '10.0', '7.4', true),
  old('2.0.0', ['3.3', '3.7'], '10.0', '7.4', true),
  old('2.1.0', ['3.5', '3.7'], '10.1', '7.6', true),
  old('2.2.0', ['3.5', '3.8'], '10.1', '7.6', false),
  old('2.3.0', ['3.5', '3.8'], '10.1', '7.6', false),
  t('2.4.0', ['3.6', '3.8'], '11.0', '8.0'),
  t('2.5.0', ['3.6', '3.9'], '11.2', '8.1'),
  t('2.6.0', ['3.6', '3.9'], '11.2', '8.1'),
  t('2.7.0', ['3.7', '3.9'], '11.2', '8.1'),
  t('2.8.0', ['3.7', '3.10'], '11.2', '8.1'),
  t('2.9.0', ['3.7', '3.10'], '11.2', '8.1'),
  t('2.10.0', ['3.7', '3.10'], '11.2', '8.1', {
    note: 'Last release with GPU support on native Windows; later releases need WSL2.',
    noteZh: '最后一个在原生 Windows 上支持 GPU 的版本；之后的版本需要 WSL2。',
  }),
  t('2.11.0', ['3.7', '3.10'], '11.2', '8.1'),
  t('2.12.0', ['3.8', '3.11'], '11.8', '8.6', {
    computeCapabilities: CC_OLD,
    source: `${TESTED}; ${WINDOWS}; ${TF_CC_SRC}`,
    checked: '2026-12-02',
    note: TF_CC_NOTE,
    noteZh: TF_CC_NOTE_ZH,
  }),
  t('2.13.0', ['3.8', '3.11'], '11.8', '8.6', {
    computeCapabilities: CC_OLD,
    source: `${TESTED}; ${WINDOWS}; ${TF_CC_SRC}`,
    checked: '2026-12-02',
    note: TF_CC_NOTE,
    noteZh: TF_CC_NOTE_ZH,
  }),
  t('2.14.0', ['3.9', '3.11'], '11.8', '8.7', {
    computeCapabilities: CC_OLD,
    source: `${TESTED}; ${WINDOWS}; ${AND_CUDA}; ${TF_CC_SRC}`,
    checked: '2026-12-02',
    note: `First release with the tensorflow[and-cuda] extra. ${TF_CC_NOTE}`,
    noteZh: `第一个提供 tensorflow[and-cuda] extra 的版本。${TF_CC_NOTE_ZH}`,
  }),
  t('2.15.0', ['3.9', '3.11'], '12.2', '8.9', {
    computeCapabilities: CC_215,
    source: `${TESTED}; ${WINDOWS}; ${TF_CC_SRC}`,
    checked: '2026-12-02',
    note: `${TF_CC_NOTE}${CC_215_NOTE}`,
    noteZh: `${TF_CC_NOTE_ZH}${CC_215_NOTE_ZH}`,
  }),
  t('2.16.1', ['3.9', '3.12'], '12.3', '8.9'),
  t('2.17.0', ['3.9', '3.12'], '12.3', '8.9', { source: `${TESTED}; ${WINDOWS}; ${REL_217}` }),
  t('2.18.0', ['3.9', '3.12'], '12.5', '9.3', {
    source: `${TESTED}; ${WINDOWS}; ${AND_CUDA}`,
    note: 'and-cuda pins (2.18–2.20 era setup.py): nvidia-cudnn-cu12==9.3.0.75, nvidia-nccl-cu12==2.25.1 (the 2.25.1 pin may be from a later 2.1x).',
    noteZh:
      'and-cuda 的版本锁定（2.18–2.20 时期的 setup.py）：nvidia-cudnn-cu12==9.3.0.75、nvidia-nccl-cu12==2.25.1（2.25.1 这一锁定可能来自之后的某个 2.1x 版本）。',
  }),
  t('2.19.0', ['3.9', '3.12'], '12.5', '9.3', {
    source: 'https://github.com/tensorflow/tensorflow/issues/88029 (hermetic CUDA still 12.5 in 2.19/2.20) — no tested-configurations row stored',
    confirmed: false,
    note: 'Row not seen in the stored tested-configurations table; CUDA/cuDNN inferred from hermetic CUDA 12.5 and the and-cuda pins; Python range assumed.',
    noteZh: '已存的 tested-configurations 表格中没有这一行；CUDA/cuDNN 是根据 hermetic CUDA 12.5 和 and-cuda 的版本锁定推断的；Python 范围为假定。',
  }),
  t('2.20.0', ['3.9', '3.13'], '12.5', '9.3', {
    source: 'https://github.com/tensorflow/tensorflow/issues/88029 (hermetic CUDA still 12.5 in 2.19/2.20) — no tested-configurations row stored',
    confirmed: false,
    note: 'Row not seen in the stored tested-configurations table; no Blackwell-native (CUDA 12.8) build; Python range assumed.',
    noteZh: '已存的 tested-configurations 表格中没有这一行；没有原生支持 Blackwell（CUDA 12.8）的构建；Python 范围为假定。',
  }),
  t('2.21.0', ['3.10', '3.13'], '12.5', '9.3', {
    source: 'tensorflow.org/install/source (page updated 2026-03-12) as quoted by a secondary document',
    confirmed: false,
    note: 'Quoted from the official table by a secondary copy; not read from tensorflow.org directly.',
    noteZh: '由二手副本转引自官方表格；未直接读自 tensorflow.org。',
  }),
];
