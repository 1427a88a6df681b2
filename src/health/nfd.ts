// `health --nfd-features FILE`: a Node Feature Discovery "local" feature file. Labels under gpuenv.io/ (never
// nvidia.com/, which GPU Feature Discovery owns, nor kubernetes.io), values sanitised to label syntax, an
// expiry time so labels vanish when the writer stops (NFD issue #25), under NFD's 64 kB limit.
import type { HealthResult } from './types.js';

export const NFD_PREFIX = 'gpuenv.io/';
const NFD_MAX_BYTES = 64 * 1024;

/** A Kubernetes label value: ≤ 63 characters of [A-Za-z0-9_.-], starting and ending alphanumeric; '' when nothing is left. */
export function labelValue(text: string): string {
  return text
    .replace(/[^A-Za-z0-9_.-]+/g, '_')
    .slice(0, 63)
    .replace(/^[^A-Za-z0-9]+/, '')
    .replace(/[^A-Za-z0-9]+$/, '');
}

export function renderNfd(r: HealthResult, now: Date, ttlSeconds: number): string {
  const s = r.snapshot;
  const expiry = new Date(now.getTime() + ttlSeconds * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z');
  const labels: Array<[string, string]> = [['health', r.status]];
  if (s) {
    if (s.driver.version) labels.push(['driver', s.driver.version.value]);
    if (s.driver.cudaVersion) labels.push(['cuda-driver', s.driver.cudaVersion.value]);
    labels.push(['gpu-count', String(s.gpus.length)]);
    const products = [...new Set(s.gpus.map((g) => g.name))];
    if (products.length === 1) labels.push(['gpu-product', products[0]!]);
  }
  // Error findings only: a label per code lets a scheduler avoid nodes with one (few codes, low cardinality).
  for (const code of r.drain) labels.push([`finding.${code}`, 'true']);
  const lines = [`# gpuenv health ${r.takenAt}: labels expire unless rewritten`, `# +expiry-time=${expiry}`];
  for (const [name, value] of labels) {
    const v = labelValue(value);
    lines.push(`${NFD_PREFIX}${name}=${v}`);
  }
  let text = `${lines.join('\n')}\n`;
  while (Buffer.byteLength(text) > NFD_MAX_BYTES) text = `${text.split('\n').slice(0, -2).join('\n')}\n`;
  return text;
}
