// requirements.txt: exact pins, and the PyTorch index the +cuXXX builds come from (PyPI stays the default).
import { hashComment, headerLines, type ExportMeta } from './header.js';
import { pinSpec, PYPI, type ExportTarget } from './target.js';
import { msg } from './messages.js';

export function indexLines(target: ExportTarget): string[] {
  const extra = [...new Set(target.pins.map((p) => p.index).filter((i) => i !== PYPI))];
  return extra.map((i) => `--extra-index-url ${i}`);
}

export function renderRequirements(target: ExportTarget, meta: ExportMeta): string {
  const lines = [
    hashComment([...headerLines('requirements', target, meta), msg('req.install'), msg('req.uv'), msg('req.pinsIndex')]),
    ...indexLines(target),
    '',
  ];
  const fromIndex = target.pins.filter((p) => p.index !== PYPI);
  const fromPypi = target.pins.filter((p) => p.index === PYPI);
  if (fromIndex.length) lines.push(`# ${msg('req.from', { index: String(fromIndex[0]?.index) })}`, ...fromIndex.map(pinSpec), '');
  if (fromPypi.length) lines.push(`# ${msg('req.from', { index: 'PyPI' })}`, ...fromPypi.map(pinSpec), '');
  return `${lines.join('\n').trimEnd()}\n`;
}
