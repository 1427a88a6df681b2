// Every CUDA version a text names belongs in a finding about which CUDA is where, when the finding does not say it
// already: the reader checks their own numbers against it.
import type { Finding, FindingCode } from '../findings.js';
import { versionParts } from '../knowledge/version.js';
import { msg } from './explainers/messages.js';
import type { RuleInput } from './types.js';

/** Causes about which CUDA is where: every CUDA version the paste names goes into the evidence, when the finding's text lacks it. */
const CUDA_CODES = new Set<FindingCode>([
  'driver-too-old',
  'framework-cuda-mismatch',
  'toolkit-mismatch',
  'multiple-toolkits',
  'cudnn-mismatch',
  'library-not-found',
  'forward-compat-shadowing',
]);

export function namedCuda(f: Finding, input: RuleInput): void {
  if (!CUDA_CODES.has(f.code)) return;
  const snapshot = input.snapshot;
  const named = new Set<string>();
  for (const t of snapshot.toolkits) if (t.version?.value) named.add(versionParts(t.version.value).slice(0, 2).join('.'));
  for (const t of input.text?.toolkitMentions ?? []) named.add(t.value);
  if (snapshot.driver.cudaVersion?.value) named.add(snapshot.driver.cudaVersion.value);
  const torchCuda = input.text?.torchCuda?.value;
  if (torchCuda && torchCuda !== 'None') named.add(torchCuda);
  const text = [f.title, f.cause, ...f.fix, ...f.evidence.map((e) => e.value)].join('\n');
  const missing = [...named].filter((v) => /^\d{1,2}\.\d$/.test(v) && !new RegExp(`(?<![\\d.])${v.replace('.', '\\.')}(?![\\d])`).test(text));
  if (missing.length) f.evidence.push({ fact: msg('evCudaNamed'), value: missing.join(', '), source: 'pasted' });
}
