// CUDA versions published as conda packages: the pytorch-cuda metapackage (pytorch/nvidia channels), NVIDIA's own
// CUDA component packages (cuda-toolkit, cuda-nvcc, cuda-runtime … on the nvidia channel, one label per CUDA release)
// and the older all-in-one cudatoolkit (conda-forge, anaconda). The install checker reads these to judge a printed
// `conda install …=X.Y` line.
import type { Sourced } from '../types.js';

export interface CondaCudaPackages extends Sourced {
  /** Package names the row covers (conda's normalised names). */
  names: readonly string[];
  /** CUDA major.minor versions published, oldest first. */
  versions: readonly string[];
  /** No version will be added (the package was retired): one past the newest is never published, not merely unknown. */
  closed?: boolean;
  /** Versions below the oldest listed may exist on a channel the row does not cover: unknown, not wrong. */
  olderUnknown?: boolean;
}

const CHECKED = '2026-12-02';

export const CONDA_CUDA: readonly CondaCudaPackages[] = [
  {
    names: ['pytorch-cuda'],
    versions: ['11.6', '11.7', '11.8', '12.1', '12.4'],
    source:
      'https://anaconda.org/pytorch/pytorch-cuda (11.6 … 12.4); the pytorch channel ends with torch 2.5 (https://github.com/pytorch/pytorch/issues/138506)',
    checked: CHECKED,
    confirmed: true,
    closed: true,
  },
  {
    // The nvidia channel's labels (nvidia/label/cuda-X.Y.Z), the same for every component package. CUDA 12.7 was never
    // released. A label newer than the last listed here may exist: the checker says it cannot tell, not that it is wrong.
    names: ['cuda-toolkit', 'cuda-nvcc', 'cuda-runtime', 'cuda-cudart', 'cuda-libraries', 'cuda-libraries-dev', 'cuda-nvrtc', 'cuda', 'cuda-version'],
    versions: ['11.3', '11.4', '11.5', '11.6', '11.7', '11.8', '12.0', '12.1', '12.2', '12.3', '12.4', '12.5', '12.6', '12.8', '12.9', '13.0', '13.1', '13.2'],
    source:
      'https://anaconda.org/nvidia/cuda-nvrtc/files (labels cuda-11.3.0 … cuda-13.2.1); https://anaconda.org/nvidia/cuda-nvcc (nvidia/label/cuda-11.3.0 … ); conda-forge carries the same packages from CUDA 12.0 (https://anaconda.org/conda-forge/cuda-nvcc)',
    checked: CHECKED,
    confirmed: true,
    note: 'a cuda-13.3.0 label appears on nvidia/cuda-nvcc-dev_linux-64 only; newer versions are left unchecked',
    noteZh: 'cuda-13.3.0 标签只出现在 nvidia/cuda-nvcc-dev_linux-64 上；更新的版本未作核对',
  },
  {
    names: ['cudatoolkit'],
    versions: ['9.2', '10.0', '10.1', '10.2', '11.0', '11.1', '11.2', '11.3', '11.4', '11.5', '11.6', '11.7', '11.8'],
    source:
      'https://anaconda.org/conda-forge/cudatoolkit/files (9.2.148, 10.0.130, 10.1.243, 10.2.89, 11.0.3 … 11.8.0; the last release: CUDA 12 ships as cuda-* packages)',
    checked: CHECKED,
    confirmed: true,
    closed: true,
    olderUnknown: true,
    note: "the anaconda (defaults) channel's cudatoolkit builds are not listed here; versions before 9.2 there are left unchecked",
    noteZh: 'anaconda（defaults）频道的 cudatoolkit 构建未列在此处；该频道上 9.2 之前的版本未作核对',
  },
];
