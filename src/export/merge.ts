// --merge FILE: a Snapshot records only the GPU stack; a pip freeze adds the rest of the project's pins.
// Lines for packages the stack already pins (or CUDA runtime packages the wheels replace) are dropped.
import { UsageError } from '../errors.js';
import { EXTENSION_BUILDERS, PYPI, SYSTEM_CUDA_USERS, type ExportTarget, type Pin } from './target.js';
import { msg } from './messages.js';

const norm = (n: string) => n.toLowerCase().replace(/[-_.]+/g, '-');

export function mergeFreeze(target: ExportTarget, text: string, file: string): ExportTarget {
  const have = new Set(target.pins.map((p) => norm(p.name)));
  const added: Pin[] = [];
  const skipped: string[] = [];
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.replace(/\s+#.*$/, '').trim();
    if (!line || line.startsWith('#') || line.startsWith('-')) continue;
    const m = /^([A-Za-z0-9][A-Za-z0-9._-]*)(\[[^\]]*\])?\s*==\s*([^\s;]+)/.exec(line);
    if (!m?.[1] || !m[3]) {
      skipped.push(line);
      continue;
    }
    const name = norm(m[1]);
    if (have.has(name) || /^(nvidia-|cudatoolkit$|pytorch-cuda$)/.test(name) || name === 'pip' || name === 'setuptools' || name === 'wheel') continue;
    have.add(name);
    const extras = m[2]
      ? m[2]
          .slice(1, -1)
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean)
      : [];
    added.push({ name, version: m[3].split('+')[0] ?? m[3], ...(extras.length ? { extras } : {}), index: PYPI, from: `merge:${file}` });
  }
  if (added.length === 0 && skipped.length === 0) throw new UsageError(msg('merge.none', { file }));
  const notes = [...target.notes];
  if (skipped.length)
    notes.push(msg('merge.skipped', { file, count: skipped.length, lines: `${skipped.slice(0, 3).join('; ')}${skipped.length > 3 ? '; …' : ''}` }));
  const names = added.map((p) => p.name);
  return {
    ...target,
    pins: [...target.pins, ...added.sort((a, b) => a.name.localeCompare(b.name))],
    buildsExtensions: [...target.buildsExtensions, ...names.filter((n) => EXTENSION_BUILDERS.test(n))],
    usesSystemCuda: [...target.usesSystemCuda, ...names.filter((n) => SYSTEM_CUDA_USERS.test(n))],
    notes,
  };
}
