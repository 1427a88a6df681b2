// Untrusted values for the report: markup, attribute breakers, the end of the style sheet, terminal escapes and a
// right-to-left override, planted in every kind of field a Snapshot, a finding and a fleet result carry.
import type { Finding } from '../../src/findings.js';
import type { Snapshot } from '../../src/snapshot/types.js';

export const HOSTILE = [
  '<script>window.__pwned=1</script>',
  '"><img src=x onerror="window.__pwned=2">',
  "'><svg onload='window.__pwned=3'>",
  '</style><script>window.__pwned=4</script>',
  '</textarea></title><!--',
  '\u001b[31mred\u001b[0m\u202eevil\u0007',
].join(' ');

export function hostileSnapshot(base: Snapshot): Snapshot {
  const s = structuredClone(base);
  s.hostname = HOSTILE;
  s.os.prettyName = { value: HOSTILE, source: HOSTILE };
  s.gpus[0]!.name = HOSTILE;
  s.gpus[0]!.source = HOSTILE;
  s.driver.version = { value: HOSTILE, source: 'nvml' };
  s.toolkits[0]!.path = HOSTILE;
  s.toolkits[0]!.aliases = [HOSTILE];
  s.libraries[0]!.dir = HOSTILE;
  s.cudaCompat[0] && (s.cudaCompat[0].reason = HOSTILE);
  const env = s.python[0]!;
  env.prefix = HOSTILE;
  env.packages[0]!.version = HOSTILE;
  return s;
}

export const HOSTILE_FINDING: Finding = {
  code: 'library-shadowing',
  severity: 'warning',
  title: HOSTILE,
  cause: HOSTILE,
  subject: HOSTILE,
  evidence: [{ fact: HOSTILE, value: HOSTILE, source: HOSTILE }],
  fix: [`# ${HOSTILE}`, `export LD_LIBRARY_PATH=${HOSTILE}`],
  unchecked: [{ line: `export LD_LIBRARY_PATH=${HOSTILE}`, why: HOSTILE }],
};
