// Every value that reaches a generated file is checked for its kind before anything is rendered: a
// teammate's Snapshot or a merged requirements file is untrusted input, and a version with a newline
// would otherwise become a `RUN` line of a Dockerfile. A value of the wrong shape is a usage error
// naming the field; nothing is written.
import { UsageError } from '../errors.js';
import type { ExportMeta } from './header.js';
import { msg } from './messages.js';
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
  if (CONTROL.test(url) || /\s/.test(url)) return msg('safe.space');
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return msg('safe.notUrl');
  }
  if (u.protocol !== 'https:') return msg('safe.notHttps');
  if (u.username || u.password) return msg('safe.credentials');
  if (!u.hostname) return msg('safe.noHost');
  return undefined;
}

function refuse(field: string, value: unknown, what: string): never {
  throw new UsageError(msg('safe.refuse', { field, value: JSON.stringify(value), what }));
}

function expect(field: string, value: string | null | undefined, pattern: RegExp, what: string): void {
  if (value === null || value === undefined) return;
  if (!pattern.test(value)) refuse(field, value, msg('safe.isNot', { what }));
}

function text(field: string, value: string | null | undefined): void {
  if (value && CONTROL.test(value)) refuse(field, value, msg('safe.control'));
}

/** Throws a UsageError naming the first value that is not of its kind. */
export function assertSafeTarget(target: ExportTarget, meta: ExportMeta, options: { os?: string; gpus?: string } = {}): void {
  // The user's own options first: they also appear in the regenerate line, which is checked last.
  expect('--os', options.os, TAG, msg('kind.imageOs'));
  expect('--gpus', options.gpus, /^(?:all|[A-Za-z0-9-]{1,64}(?:, ?[A-Za-z0-9-]{1,64})*)$/, msg('kind.gpus'));
  for (const [i, p] of target.pins.entries()) {
    expect(msg('field.packageName', { n: i + 1 }), p.name, PYPI_NAME, msg('kind.pypiName'));
    expect(msg('field.version', { name: p.name }), p.version, PEP440, msg('kind.pep440'));
    for (const x of p.extras ?? []) expect(msg('field.extra', { name: p.name }), x, PYPI_NAME, msg('kind.extra'));
    const bad = indexProblem(p.index);
    if (bad) refuse(msg('field.index', { name: p.name }), p.index, bad);
    text(msg('field.installer', { name: p.name }), p.from);
  }
  expect(msg('field.python'), target.python, MINOR, msg('kind.pythonMinor'));
  expect(msg('field.cuda'), target.cuda, MINOR, msg('kind.cudaMinor'));
  if (target.torchIndex) {
    const bad = indexProblem(target.torchIndex);
    if (bad) refuse(msg('field.torchIndex'), target.torchIndex, bad);
  }
  expect(msg('field.envName'), target.name, NAME, msg('kind.name'));
  expect(msg('field.condaName'), target.condaName, NAME, msg('kind.condaName'));
  expect(msg('field.driver'), target.driver?.version, DRIVER, msg('kind.driver'));
  expect(msg('field.driverCuda'), target.driver?.cuda, MINOR, msg('kind.cudaMinor'));
  for (const cc of target.ccs) expect(msg('field.cc'), cc, CC, msg('kind.cc'));
  expect(msg('field.osId'), target.os?.id, TAG, msg('kind.osId'));
  expect(msg('field.osVersion'), target.os?.version, TAG, msg('kind.osVersion'));
  for (const n of [...target.buildsExtensions, ...target.usesSystemCuda]) expect(msg('field.package'), n, PYPI_NAME, msg('kind.pypiName'));
  text(msg('field.origin'), target.origin);
  for (const n of target.notes) text(msg('field.note'), n);
  text(msg('field.command'), meta.command);
}
