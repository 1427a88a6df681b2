// Which CUDA versions a conda package of CUDA was published for (knowledge/data/conda-cuda.ts).
import { CONDA_CUDA, type CondaCudaPackages } from './data/conda-cuda.js';
import { compareVersions, versionParts } from './version.js';

export type { CondaCudaPackages };

/** The row of a conda CUDA package name, if gpuenv tracks it. */
export function condaCudaRow(name: string): CondaCudaPackages | undefined {
  return CONDA_CUDA.find((r) => r.names.includes(name));
}

/** The CUDA versions of the pytorch-cuda metapackage. */
export function pytorchCudaVersions(): readonly string[] {
  return condaCudaRow('pytorch-cuda')!.versions;
}

/**
 * A spec's version ("11.8", "12.1.105", "12.4.*") against the row: published, never published, or unknown (past the
 * newest version of a package still published, or below a row whose older channels are not covered).
 */
export function condaCudaPublished(row: CondaCudaPackages, version: string): 'yes' | 'no' | 'unknown' {
  const [maj, min] = versionParts(version.replace(/\.\*$/, ''));
  if (maj === undefined || min === undefined) return 'unknown';
  const mm = `${maj}.${min}`;
  if (row.versions.includes(mm)) return 'yes';
  if (compareVersions(mm, row.versions.at(-1)!) > 0) return row.closed ? 'no' : 'unknown';
  if (compareVersions(mm, row.versions[0]!) < 0) return row.olderUnknown ? 'unknown' : 'no';
  return 'no';
}
