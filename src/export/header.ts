// The lines every generated file starts with: what produced it, when, and from which environment.
import { VERSION } from '../version.js';
import { msg } from './messages.js';
import type { ExportTarget } from './target.js';

export interface ExportMeta {
  /** Date written into headers (SOURCE_DATE_EPOCH when set, for reproducible output). */
  now: Date;
  /** The command that regenerates the file ("gpuenv export dockerfile --snapshot h200.json"). */
  command: string;
}

export function headerLines(kind: string, target: ExportTarget, meta: ExportMeta): string[] {
  const cuda = target.cuda
    ? msg('header.cudaBuilds', { cuda: target.cuda, index: target.torchIndex ? msg('header.torchIndex', { index: target.torchIndex }) : '' })
    : msg('header.noCuda');
  const gpus = target.ccs.length ? msg('header.gpus', { sms: target.ccs.map((c) => c.replace('.', '')).join(', sm_') }) : '';
  const driver = target.driver?.version ? msg('header.driver', { version: target.driver.version }) : '';
  const lines = [
    msg('header.generated', { version: VERSION, date: meta.now.toISOString().slice(0, 10), kind, command: meta.command }),
    msg('header.from', { origin: target.origin }),
    msg('header.stack', { python: target.python, cuda, gpus, driver }),
  ];
  for (const n of target.notes) lines.push(msg('header.note', { note: n }));
  return lines;
}

export function hashComment(lines: string[]): string {
  return lines.map((l) => `# ${l}`.trimEnd()).join('\n');
}
