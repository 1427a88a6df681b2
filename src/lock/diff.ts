// Two locks (or Snapshots read as locks) side by side: one row per field, marked when they differ.
import { displayWidth, padEndDisplay } from '../render/width.js';
import { msg } from './messages.js';
import type { Lock } from './types.js';

export interface DiffRow {
  field: string;
  a: string | null;
  b: string | null;
  same: boolean;
}

function rows(lock: Lock): Map<string, string | null> {
  const r = new Map<string, string | null>();
  r.set('driver', lock.driver.seen);
  r.set('driver floor', lock.driver.floor);
  r.set('driver CUDA', lock.driver.cuda);
  r.set('GPUs', lock.gpus.count ? `${lock.gpus.count} × ${lock.gpus.names.join(', ')}` : null);
  r.set('GPU architectures', lock.gpus.architectures.join(', ') || null);
  r.set('CUDA (frameworks)', lock.cuda.runtime);
  r.set('CUDA toolkit', lock.cuda.toolkit);
  r.set('cuDNN', lock.cudnn);
  r.set('NCCL', lock.nccl);
  r.set('Python', lock.python.version);
  for (const f of lock.frameworks) r.set(f.name, `${f.version}${f.cuda ? ` (CUDA ${f.cuda})` : ' (CPU)'}`);
  for (const p of lock.packages) if (!r.has(p.name)) r.set(p.name, p.version);
  return r;
}

export function diffLocks(a: Lock, b: Lock): DiffRow[] {
  const ra = rows(a);
  const rb = rows(b);
  const fields = [...ra.keys(), ...[...rb.keys()].filter((k) => !ra.has(k))];
  return fields.map((field) => {
    const va = ra.get(field) ?? null;
    const vb = rb.get(field) ?? null;
    return { field, a: va, b: vb, same: va === vb };
  });
}

// The fixed rows' labels in the table (the JSON keeps the field names above; package rows are named by the package).
const LABELS: Record<string, Parameters<typeof msg>[0]> = {
  driver: 'diff.driver',
  'driver floor': 'diff.driverFloor',
  'driver CUDA': 'diff.driverCuda',
  GPUs: 'diff.gpus',
  'GPU architectures': 'diff.archs',
  'CUDA (frameworks)': 'diff.cudaFrameworks',
  'CUDA toolkit': 'diff.toolkit',
};

const label = (field: string) => {
  const key = Object.hasOwn(LABELS, field) ? LABELS[field] : undefined;
  return key ? msg(key) : field;
};

/** A plain table; differing rows marked with "≠" (and coloured by the caller's style when it wants). */
export function renderDiffTable(rowsIn: DiffRow[], nameA: string, nameB: string, none: string, header: string): string {
  const w0 = Math.max(displayWidth(header), ...rowsIn.map((r) => displayWidth(label(r.field))));
  const w1 = Math.max(displayWidth(nameA), ...rowsIn.map((r) => displayWidth(r.a ?? none)));
  const line = (mark: string, f: string, a: string, b: string) => `${mark} ${padEndDisplay(f, w0)}  ${padEndDisplay(a, w1)}  ${b}`.trimEnd();
  const out = [line(' ', header, nameA, nameB)];
  for (const r of rowsIn) out.push(line(r.same ? ' ' : '≠', label(r.field), r.a ?? none, r.b ?? none));
  return `${out.join('\n')}\n`;
}
