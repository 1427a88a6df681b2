// NVIDIA's CUDA packages on conda (cuda-nvcc, cuda-toolkit …): the one place a fix asks whether such a line can work
// before printing it. The nvidia channel starts with CUDA 11.3 (knowledge/data/conda-cuda.ts): an older CUDA has
// no conda nvcc, and its fix names the toolkit installer instead.
import { condaCudaPublished, condaCudaRow } from '../knowledge/conda-cuda.js';

/** Whether `pkg=<cuda>` can be installed from conda (or the table cannot tell: a newer release). */
export function condaCudaAvailable(pkg: string, cuda: string): boolean {
  const row = condaCudaRow(pkg);
  return !!row && condaCudaPublished(row, cuda) !== 'no';
}
