// Every value that reaches a generated file is checked for its kind before anything is rendered: a
// teammate's Snapshot or a merged requirements file is untrusted input, and a version with a newline
// would otherwise become a `RUN` line of a Dockerfile. A value of the wrong shape is a usage error
// naming the field; nothing is written.
import { UsageError } from '../errors.js';
import type { ExportMeta } from './header.js';
import type { ExportTarget } from './target.js';

// PEP 440 versions (packaging's VERSION_PATTERN), with a local label such as +cu130.
const PEP440 =
  /^v?(?:[0-9]+!)?[0-9]+(?:\.[0-9]+)*(?:[-_.]?(?:a|b|c|rc|alpha|beta|pre|preview)[-_.]?[0-9]*)?(?:-[0-9]+|[-_.]?(?:post|rev|r)[-_.]?[0-9]*)?(?:[-_.]?dev[-_.]?[0-9]*)?(?:\+[a-z0-9]+(?:[-_.][a-z0-9]+)*)?$/i;
// PEP 508 distribution names.
const PYPI_NAME = /^[A-Za-z0-9](?:[A-Za-z0-9._-]*[A-Za-z0-9])?$/;
const MINOR = /^\d{1,2}\.\d{1,3}$/;
const DRIVER = /^\d{2,4}(?:\.\d{1,3}){0,2}$/;
const CC = /^\d{1,2}\.\d{1,2}$/;
// Image, service and conda environment names; OS ids and versions (lower-case tag grammar).
const NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;
const TAG = /^[a-z0-9][a-z0-9._-]{0,63}$/;
// C0 and C1 controls, DEL, and the Unicode line and paragraph separators: each can end a line or
// drive a terminal. Free text (comments) may hold anything else.
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;

export function isPep440(v: string): boolean {
  return PEP440.test(v);
}

export function isPypiName(v: string): boolean {
  return PYPI_NAME.test(v);
}

/** An index a file may name: https, a host, no credentials, nothing that ends the line. */
export function indexProblem(url: string): string | undefined {
  if (CONTROL.test(url) || /\s/.test(url)) return 'holds a space or control character';
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return 'is not a URL';
  }
  if (u.protocol !== 'https:') return 'is not an https URL';
  if (u.username || u.password) return 'carries credentials (keep them in pip.conf or a netrc, not in a generated file)';
  if (!u.hostname) return 'has no host';
  return undefined;
}

function refuse(field: string, value: unknown, what: string): never {
  throw new UsageError(`refusing to write the file: ${field} ${JSON.stringify(value)} ${what}`);
}

function expect(field: string, value: string | null | undefined, pattern: RegExp, what: string): void {
  if (value === null || value === undefined) return;
  if (!pattern.test(value)) refuse(field, value, `is not ${what}`);
}

function text(field: string, value: string | null | undefined): void {
  if (value && CONTROL.test(value)) refuse(field, value, 'holds a line break or control character');
}

/** Throws a UsageError naming the first value that is not of its kind. */
export function assertSafeTarget(target: ExportTarget, meta: ExportMeta, options: { os?: string; gpus?: string } = {}): void {
  // The user's own options first: they also appear in the regenerate line, which is checked last.
  expect('--os', options.os, TAG, 'an image OS (e.g. ubuntu24.04)');
  expect('--gpus', options.gpus, /^(?:all|[A-Za-z0-9-]{1,64}(?:, ?[A-Za-z0-9-]{1,64})*)$/, '"all", a count, or GPU indices or UUIDs separated by commas');
  for (const [i, p] of target.pins.entries()) {
    expect(`package ${i + 1} name`, p.name, PYPI_NAME, 'a PyPI package name');
    expect(`${p.name} version`, p.version, PEP440, 'a PEP 440 version');
    for (const x of p.extras ?? []) expect(`${p.name} extra`, x, PYPI_NAME, 'an extra name');
    const bad = indexProblem(p.index);
    if (bad) refuse(`${p.name} index`, p.index, bad);
    text(`${p.name} installer`, p.from);
  }
  expect('Python version', target.python, MINOR, 'a Python major.minor');
  expect('CUDA version', target.cuda, MINOR, 'a CUDA major.minor');
  if (target.torchIndex) {
    const bad = indexProblem(target.torchIndex);
    if (bad) refuse('PyTorch index', target.torchIndex, bad);
  }
  expect('environment name', target.name, NAME, 'an image or environment name');
  expect('conda environment name', target.condaName, NAME, 'a conda environment name');
  expect('driver version', target.driver?.version, DRIVER, 'a driver version');
  expect('driver CUDA', target.driver?.cuda, MINOR, 'a CUDA major.minor');
  for (const cc of target.ccs) expect('compute capability', cc, CC, 'a compute capability');
  expect('OS id', target.os?.id, TAG, 'an OS id');
  expect('OS version', target.os?.version, TAG, 'an OS version');
  for (const n of [...target.buildsExtensions, ...target.usesSystemCuda]) expect('package name', n, PYPI_NAME, 'a PyPI package name');
  text('origin', target.origin);
  for (const n of target.notes) text('note', n);
  text('regenerate command', meta.command);
}
