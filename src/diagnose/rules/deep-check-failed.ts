// deep-check-failed: `doctor --deep` imported torch in an environment's own interpreter (probe/python/deep.ts) and
// it failed — the import, the CUDA query, the test kernel, or it sees no GPU while the driver lists some — and no
// other rule's error names why. A rule of last resort: it reads the other findings, so a failure that gpus-hidden,
// driver-too-old or cpu-only-build already explains is not said twice, and one nobody explains is never a report
// that ends "0 errors".
import type { Evidence, Finding } from '../../findings.js';
import { findPackage, pythonOf } from '../../snapshot/queries.js';
import type { DeepCheck, Gpu, PythonEnv, Snapshot } from '../../snapshot/types.js';
import { factFindings } from '../rank.js';
import type { Rule, RuleFinding } from '../types.js';
import { msg } from './messages.js';

export const rule: Rule = {
  code: 'deep-check-failed',
  scope: 'environment',
  last: true,
  check: (input) => factFindings(input, findingsOf(input.snapshot, input.found ?? [])),
};

/**
 * Errors that cannot explain an import or a kernel failing: a toolkit's nvcc and the arch list only matter to what is
 * compiled next, /dev/shm and memlock limits only to DataLoader workers and NCCL, slow settings and clocks only to speed.
 */
const CANNOT_EXPLAIN = new Set([
  'toolkit-mismatch',
  'multiple-toolkits',
  'arch-list-mismatch',
  'container-limits',
  'slow-settings',
  'clocks-capped',
  'gpu-throttled',
  'pcie-degraded',
  'persistence-off',
  'lock-drift',
  'deep-check-failed',
]);

/** The child's error text is quoted, not a dump: one line, this long at most. */
const ERROR_CHARS = 300;

type Failure = 'timeout' | 'run' | 'import' | 'query' | 'kernel' | 'unavailable' | 'no-device';

function findingsOf(s: Snapshot, found: readonly RuleFinding[]): Finding[] {
  const out: Finding[] = [];
  for (const env of s.python) {
    const deep = env.deep;
    if (!deep) continue;
    const failure = failureOf(s, env, deep);
    if (!failure || explained(s, env, found)) continue;
    out.push(finding(s, env, deep, failure));
  }
  return out;
}

function failureOf(s: Snapshot, env: PythonEnv, deep: DeepCheck): Failure | null {
  // Not run at all (no interpreter found, a mounted --root whose programs are not run): nothing failed. The probe
  // keeps a record of each child it started (probe/python/deep.ts), so its absence says the child never ran.
  if (env.python === null || !s.probes.some((p) => p.name === deepProbeName(env.python!))) return null;
  if (deep.timedOut) return 'timeout';
  const t = deep.torch;
  if (!t) return 'run';
  if (t.version === null && t.error) return 'import';
  if (t.kernelOk === false) return 'kernel';
  if (t.error && t.cudaAvailable === null) return 'query';
  // No GPU listed by the driver: is_available() False is expected, and no-gpu / driver-not-loaded say why.
  if (s.gpus.length === 0) return null;
  if (t.cudaAvailable === false) return 'unavailable';
  if (t.deviceCount === 0) return 'no-device';
  // deep.ok also covers an error text the steps above did not place.
  return deep.ok || !deep.error ? null : 'query';
}

/**
 * Another rule's error names the cause, unless it is about another environment or cannot stop torch (above). Errors about a
 * GPU, the driver, the loader or the variables (no subject, gpu:N, a library, env:CUDA_VISIBLE_DEVICES) are about
 * every environment. Then nothing is added: the deep line stays in the report's Python section and in the JSON
 * Snapshot, and a second finding would only repeat the first one's cause.
 */
function explained(s: Snapshot, env: PythonEnv, found: readonly RuleFinding[]): boolean {
  const others = new Set(s.python.map((e) => e.prefix).filter((p) => p !== env.prefix));
  return found.some((f) => f.severity === 'error' && !CANNOT_EXPLAIN.has(f.code) && !(f.subject !== undefined && others.has(f.subject)));
}

function finding(s: Snapshot, env: PythonEnv, deep: DeepCheck, failure: Failure): Finding {
  const python = pythonOf(env);
  const t = deep.torch;
  const version = t?.version ?? findPackage(env, 'torch')?.version ?? '?';
  const error = deep.error ? oneLine(deep.error) : null;
  const seconds = Math.round(deep.durationMs / 1000);
  const gpus = gpuList(s.gpus);
  const vars = { prefix: env.prefix, python, version, seconds, error: error ?? '', count: t?.deviceCount ?? '?', gpus, cuda: t?.cudaRuntime ?? 'None' };
  let title: string;
  let cause: string;
  switch (failure) {
    case 'timeout':
      title = msg('devices.dcTitleTimeout', vars);
      cause = msg('devices.dcCauseTimeout', vars);
      break;
    case 'run':
      title = msg('devices.dcTitleRun', vars);
      cause = msg('devices.dcCauseRun', vars);
      break;
    case 'import':
      title = msg('devices.dcTitleImport', vars);
      cause = msg('devices.dcCauseImport', vars);
      break;
    case 'query':
      title = msg('devices.dcTitleQuery', vars);
      cause = msg('devices.dcCauseQuery', vars);
      break;
    case 'kernel':
      title = msg('devices.dcTitleKernel', vars);
      cause = error ? msg('devices.dcCauseKernel', vars) : msg('devices.dcCauseKernelSilent', vars);
      break;
    case 'unavailable':
      title = msg('devices.dcTitleUnavailable', vars);
      cause = msg('devices.dcCauseUnavailable', vars) + (error ? msg('devices.dcCauseError', vars) : msg('devices.dcCauseSilent'));
      break;
    case 'no-device':
      title = msg('devices.dcTitleNoDevice', vars);
      cause =
        msg('devices.dcCauseNoDevice', { ...vars, available: String(t?.cudaAvailable ?? '?') }) +
        (error ? msg('devices.dcCauseError', vars) : msg('devices.dcCauseSilent'));
      break;
  }
  return {
    code: 'deep-check-failed',
    severity: 'error',
    title,
    cause: cause + msg('devices.dcCauseUnexplained'),
    evidence: evidenceOf(s, env, deep, error),
    fix: fixOf(failure, shellWord(python)),
    subject: env.prefix,
  };
}

function evidenceOf(s: Snapshot, env: PythonEnv, deep: DeepCheck, error: string | null): Evidence[] {
  const source = deepProbeName(pythonOf(env));
  const t = deep.torch;
  const out: Evidence[] = [{ fact: msg('devices.evInterpreter'), value: pythonOf(env), source: env.foundBy.join(', ') || 'python environments' }];
  if (t) {
    out.push({ fact: msg('devices.evTorch'), value: `${t.version ?? '?'}${t.cudaRuntime ? ` (CUDA ${t.cudaRuntime})` : ''}`, source });
    out.push({ fact: msg('devices.evAvailable'), value: String(t.cudaAvailable ?? '?'), source });
    out.push({ fact: msg('devices.evCount'), value: String(t.deviceCount ?? '?'), source });
    out.push({
      fact: msg('devices.evKernel'),
      value: t.kernelOk === null ? msg('devices.kernelNotRun') : t.kernelOk ? msg('devices.kernelOk') : msg('devices.kernelFailed'),
      source,
    });
  }
  if (deep.timedOut) out.push({ fact: msg('devices.evDuration'), value: `${Math.round(deep.durationMs / 100) / 10} s`, source });
  if (error) out.push({ fact: msg('devices.evChildError'), value: error, source });
  // torch's own warnings (CUDA initialization: …) name the cause more often than the error does.
  for (const w of t?.warnings ?? []) if (!error?.includes(w)) out.push({ fact: msg('readings.evTorchWarning'), value: oneLine(w), source });
  out.push({ fact: msg('devices.evDriverGpus'), value: s.gpus.length ? gpuList(s.gpus) : '0', source: s.gpus[0]?.source ?? 'nvml' });
  return out;
}

/** The next checks, with this environment's own interpreter: what torch sees, the CUDA error in full, the driver, the variables. */
function fixOf(failure: Failure, py: string): string[] {
  const sees = `${py} -c "import torch; print(torch.__version__, torch.version.cuda, torch.cuda.is_available(), torch.cuda.device_count())"`;
  const driver = [msg('devices.dcFixDriver'), 'nvidia-smi', "env | grep -E 'CUDA|NVIDIA'"];
  const collect = [msg('devices.dcFixCollect'), `${py} -m torch.utils.collect_env`];
  if (failure === 'timeout')
    return [msg('devices.dcFixTimeout'), `time ${py} -c "import torch; print(torch.cuda.is_available())"`, 'timeout 30 nvidia-smi', ...collect];
  if (failure === 'import' || failure === 'run') return [msg('devices.dcFixImport'), `${py} -c "import torch"`, ...driver, ...collect];
  return [msg('devices.dcFixSee'), sees, `${py} -c "import torch; torch.zeros(1, device='cuda')"`, ...driver, ...collect];
}

function gpuList(gpus: readonly Gpu[]): string {
  return msg(gpus.length === 1 ? 'devices.gpuListOne' : 'devices.gpuList', { count: gpus.length, list: gpus.map((g) => `${g.index}: ${g.name}`).join(', ') });
}

/** The first line that says something, cut; render escapes it later. */
function oneLine(text: string): string {
  const line =
    text
      .split('\n')
      .map((l) => l.trim())
      .find((l) => l !== '') ?? '';
  return line.length > ERROR_CHARS ? `${line.slice(0, ERROR_CHARS - 1)}…` : line;
}

/** The name probe/python/deep.ts gives the record of the child it ran. */
function deepProbeName(python: string): string {
  return `python --deep (${python})`;
}

function shellWord(p: string): string {
  return /^[\w./+-]+$/.test(p) ? p : `'${p.replace(/'/g, `'\\''`)}'`;
}
