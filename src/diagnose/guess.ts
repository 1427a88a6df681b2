// What explain says when it cannot tell. No known message, no rule and no fact check named a cause, but the words of
// the paste point at an area ("nvidia-smi does not work", "out of memory", "conda … pip"): up to two guesses, marked
// as such (severity info, low score), each with the facts the paste states, what usually goes wrong there and the
// commands to check. And when not even the words point anywhere, but the paste shows an error, a message with several
// causes or a symptom: what was read, and which outputs to paste next (cannotTell, the rule of last resort).
import type { Evidence, Finding, FindingCode } from '../findings.js';
import { signatureById } from '../knowledge/error-signatures.js';
import { UNEXPLAINED, type Cue } from '../parse/cues.js';
import { isSymptom, symptomEvents, type Symptom } from '../parse/symptoms.js';
import type { ErrorEvent } from '../parse/types.js';
import { contextOf, type ExplainContext } from './context.js';
import type { RuleFinding, RuleInput } from './types.js';
import { msg as explainersMsg } from './explainers/messages.js';
import { msg as rulesMsg } from './rules/messages.js';

type MessageKey = Parameters<typeof explainersMsg>[0];

/** The commands that check an area, built at call time so that their comments follow the language. */
const checks = (): Partial<Record<FindingCode, string[]>> => ({
  'driver-too-old': [`nvidia-smi   # ${rulesMsg('fixes.guess.cudaVersionHeader')}`, 'python -c "import torch; print(torch.__version__, torch.version.cuda)"'],
  'arch-unsupported': ['nvidia-smi --query-gpu=name,compute_cap --format=csv', 'python -c "import torch; print(torch.cuda.get_arch_list())"'],
  'library-not-found': ['ldconfig -p | grep -E "libcuda|libcudart|libcudnn|libcublas"', 'echo $LD_LIBRARY_PATH', 'pip list 2>/dev/null | grep -i nvidia-'],
  'cudnn-mismatch': ['python -c "import torch; print(torch.backends.cudnn.version())"', 'ldconfig -p | grep libcudnn', 'pip list 2>/dev/null | grep -i cudnn'],
  'cpu-only-build': [
    'python -c "import torch; print(torch.__version__, torch.version.cuda, torch.cuda.is_available())"',
    'pip list 2>/dev/null | grep -iE "^(torch|tensorflow|jax)"',
  ],
  'no-gpu': ['nvidia-smi -L', 'echo $CUDA_VISIBLE_DEVICES', `docker run --rm --gpus all ubuntu nvidia-smi   # ${rulesMsg('fixes.guess.inContainers')}`],
  'driver-not-loaded': ['nvidia-smi', 'lsmod | grep nvidia', 'sudo dmesg | grep -iE "nvidia|nvrm|nouveau|secure"', 'dkms status'],
  'out-of-memory': [
    'nvidia-smi --query-compute-apps=pid,process_name,used_memory --format=csv',
    'nvidia-smi --query-gpu=memory.used,memory.total --format=csv',
  ],
  'nccl-failure': [
    `NCCL_DEBUG=INFO <your command>   # ${rulesMsg('fixes.guess.warnLine')}`,
    'nvidia-smi topo -m',
    `df -h /dev/shm   # ${rulesMsg('fixes.guess.shmContainers')}`,
  ],
  wsl: ['ls -la /usr/lib/wsl/lib/', 'cat /etc/ld.so.conf.d/ld.wsl.conf', 'dpkg -l | grep -iE "nvidia-(driver|utils)|libnvidia"'],
  'secure-boot': ['mokutil --sb-state', 'sudo dmesg | grep -iE "lockdown|key was rejected|module verification"'],
  nouveau: ['lsmod | grep nouveau', 'cat /etc/modprobe.d/*nouveau* 2>/dev/null'],
  'toolkit-mismatch': ['which -a nvcc; nvcc --version', 'echo $CUDA_HOME', 'python -c "import torch; print(torch.version.cuda)"'],
  'multiple-toolkits': ['which -a nvcc; ls -ld /usr/local/cuda*', 'echo "CUDA_HOME=$CUDA_HOME PATH=$PATH"'],
  'mixed-package-managers': [`conda list | grep -iE "torch|tensorflow|cuda|pypi"   # ${rulesMsg('fixes.guess.pypiChannel')}`, 'pip check'],
  'framework-cuda-mismatch': [
    'python -c "import torch; print(torch.__version__, torch.version.cuda)"',
    'nvcc --version',
    'pip list 2>/dev/null | grep -iE "cuda|cudnn|nvidia-"',
  ],
});

/** The facts the paste states, for a guess to show what it rests on. */
export function pastedFacts(ctx: ExplainContext): Evidence[] {
  const out: Evidence[] = [];
  const s = ctx.snapshot;
  for (const g of ctx.gpus.slice(0, 2)) out.push({ fact: explainersMsg('evGpu'), value: `${g.gpu.name}: ${g.cc} (${g.sm})`, source: g.source });
  if (s.driver.version) out.push({ fact: explainersMsg('evDriver'), value: s.driver.version.value, source: s.driver.version.source });
  if (s.driver.cudaVersion) out.push({ fact: explainersMsg('evDriverCuda'), value: s.driver.cudaVersion.value, source: s.driver.cudaVersion.source });
  for (const t of s.toolkits.slice(0, 2)) if (t.version) out.push({ fact: 'CUDA', value: t.version.value, source: t.version.source });
  for (const t of ctx.facts.toolkitMentions.slice(0, 3))
    out.push({ fact: explainersMsg('evToolkitNamed'), value: t.path ? `${t.path} → ${t.value}` : t.value, source: t.source });
  for (const p of (ctx.env?.packages ?? []).filter((p) => /^(torch|tensorflow|tensorflow-gpu|jax|jaxlib|onnxruntime-gpu|vllm)$/.test(p.name)).slice(0, 3)) {
    out.push({ fact: p.name, value: p.version, source: p.location });
  }
  if (ctx.facts.torchCuda) out.push({ fact: 'torch.version.cuda', value: ctx.facts.torchCuda.value, source: ctx.facts.torchCuda.source });
  const cudnn = s.libraries.find((l) => l.name === 'cudnn' && l.version)?.version;
  if (cudnn) out.push({ fact: 'cuDNN', value: cudnn.value, source: cudnn.source });
  if (s.os.kernel) out.push({ fact: explainersMsg('evKernel'), value: s.os.kernel.value, source: s.os.kernel.source });
  return out;
}

/**
 * The guess for one code: when the cue for it is among the first two cues that have checks to suggest. `index` is its
 * place there (the first guess ranks above the second).
 */
export function guessFor(ctx: ExplainContext, cues: readonly Cue[], code: FindingCode): { finding: Finding; index: number } | undefined {
  const checked = checks();
  const index = cues
    .filter((c) => checked[c.code])
    .slice(0, 2)
    .findIndex((c) => c.code === code);
  const c = cues.filter((x) => checked[x.code])[index];
  if (index < 0 || !c) return undefined;
  return {
    index,
    finding: {
      code: c.code,
      severity: 'info',
      title: explainersMsg('guessTitle', { area: explainersMsg(`area.${c.code}` as MessageKey) }),
      cause: explainersMsg('guessCause', {
        area: explainersMsg(`area.${c.code}` as MessageKey),
        line: c.line,
        usual: explainersMsg(`usual.${c.code}` as MessageKey),
      }),
      evidence: [{ fact: explainersMsg('evWords', { line: c.line }), value: c.text, source: explainersMsg('srcWordsOnly') }, ...pastedFacts(ctx)],
      fix: [`# ${explainersMsg('guessCheck')}`, ...(checked[c.code] ?? [])],
    },
  };
}

/** A rule's last resort over a text alone: the guess for its code, ranked as a guess (shown only when nothing else is). */
export function guessFinding(input: RuleInput, code: FindingCode): RuleFinding | undefined {
  if (input.origin !== 'paste') return undefined;
  const g = guessFor(contextOf(input), input.cues, code);
  return g ? { ...g.finding, rank: { events: [], fit: 1, fixed: 0.2 - g.index * 0.05, guess: true, phase: 3, index: g.index } } : undefined;
}

// ---- the rule of last resort ----------------------------------------------------------------------------------------

/** A message that names causes (not a context line such as "in a conda env", nor a prose symptom). */
const knownMessage = (e: ErrorEvent) => {
  const sig = signatureById(e.signature);
  return !!sig && !isSymptom(e.signature) && sig.causes.length > 0 && sig.weight >= 0.5;
};

/**
 * No rule named a cause (`found` holds no error or warning, and no guess), yet the paste shows an error, a known
 * message whose causes its facts cannot tell apart, or a symptom: an info finding with what was read and the outputs
 * that would show the cause, for the OS, framework and library the paste shows.
 */
export function cannotTell(input: RuleInput, code: FindingCode): RuleFinding | undefined {
  // A trace or a listing alone (LD_DEBUG, a pip list) is not a failure: the paste must say something goes wrong.
  if (input.origin === 'machine' || !input.trouble) return undefined;
  const found = input.found ?? [];
  if (found.some((f) => f.rank?.guess || f.severity !== 'info')) return undefined;
  const ctx = contextOf(input);
  const message = input.events.find(knownMessage);
  const error = input.cues.find((c) => c.code === UNEXPLAINED);
  const symptoms = symptomEvents(input.events);
  // Nothing recognised but the words say something goes wrong ("it does not work", a question): still never
  // "No problems found" — say what was read and what to paste.
  const evidence: Evidence[] = [];
  let cause: string;
  if (!message && !error && !symptoms.length) {
    cause = rulesMsg('explain.ctCauseTrouble');
  } else if (message) {
    const checked = checks();
    const causes = (signatureById(message.signature)?.causes ?? []).map((c) => c.code).filter((c) => checked[c]);
    const areas = causes.slice(0, 4).map((c) => explainersMsg(`area.${c}` as MessageKey));
    cause = rulesMsg('explain.ctCauseMessage', { line: message.line, causes: areas.join('; ') || message.signature });
    evidence.push({ fact: rulesMsg('explain.evMessage', { line: message.line }), value: message.text.slice(0, 300), source: 'pasted' });
  } else if (error) {
    cause = rulesMsg('explain.ctCauseError', { line: error.line });
  } else {
    const s = symptoms[0]!;
    cause = rulesMsg('explain.ctCauseSymptom', { line: s.line, symptom: rulesMsg(`explain.symptom.${s.signature}`) });
  }
  if (error && error.line !== message?.line) evidence.push({ fact: rulesMsg('explain.evError', { line: error.line }), value: error.text, source: 'pasted' });
  for (const s of symptoms.slice(0, 2)) evidence.push({ fact: rulesMsg('explain.evSymptom', { line: s.line }), value: s.text.slice(0, 300), source: 'pasted' });
  const facts = pastedFacts(ctx);
  evidence.push(...facts);
  const read = facts.length ? rulesMsg('explain.ctRecognised', { list: facts.map((f) => `${f.fact} ${f.value}`).join(', ') }) : rulesMsg('explain.ctNothing');
  const lines = [message?.text, error?.text, ...symptoms.map((s) => s.text)].filter((t): t is string => !!t);
  return {
    code,
    severity: 'info',
    title: rulesMsg('explain.ctTitle'),
    cause: `${cause} ${read} ${rulesMsg('explain.ctNext')}`,
    evidence,
    fix: [`# ${rulesMsg('explain.ctPaste')}`, ...nextOutputs(ctx, lines, [...new Set(symptoms.map((s) => s.signature))], message)],
    // Below every finding a rule makes: it speaks only for what nothing else explains.
    rank: { events: [], fit: 1, fixed: 0.05, phase: 3, index: 999 },
  };
}

/** The outputs that would show the cause, and only those the paste lacks: framework report, driver, kernel log, loader. */
function nextOutputs(ctx: ExplainContext, lines: readonly string[], symptoms: readonly Symptom[], message: ErrorEvent | undefined): string[] {
  const s = ctx.snapshot;
  const text = lines.join('\n');
  const windows = s.os.id?.value === 'windows' || /\b[A-Z]:\\|\.dll\b|\.exe\b/i.test(text);
  const wsl = s.os.wsl?.value === true;
  const pkgs = ctx.env?.packages ?? [];
  const pkg = (re: RegExp) => pkgs.some((p) => re.test(p.name));
  const out: string[] = [];
  // The framework's own report, unless the paste already is one.
  const tf = pkg(/^tensorflow(-gpu|-cpu)?$/) || /\btensorflow\b/i.test(text);
  const jax = pkg(/^jax(lib)?$/) || /\bjax(lib)?\b/i.test(text);
  const torch = !!ctx.torch || /\btorch\b|pytorch/i.test(text) || (!tf && !jax);
  const collectEnv = pkgs.some((p) => p.location === 'pasted:collect_env');
  if (torch && !collectEnv) out.push(`python -m torch.utils.collect_env   # ${rulesMsg('explain.nextCollectEnv')}`);
  if (tf)
    out.push(
      `python -c "import tensorflow as tf; print(tf.__version__, tf.sysconfig.get_build_info(), tf.config.list_physical_devices('GPU'))"   # ${rulesMsg('explain.nextTf')}`,
    );
  if (jax) out.push(`python -c "import jax; jax.print_environment_info()"   # ${rulesMsg('explain.nextJax')}`);
  const driverKnown = !!s.driver.version || !!s.driver.cudaVersion;
  if (!driverKnown) out.push(`nvidia-smi   # ${rulesMsg('explain.nextSmi')}`);
  // The kernel log is Linux's (WSL has no NVIDIA kernel module of its own): the driver's state, or Xid lines on a hang.
  const driverIssue =
    /nvidia-smi|driver|nvrm/i.test(text) ||
    !!(message && signatureById(message.signature)?.causes.some((c) => c.code === 'driver-not-loaded')) ||
    (!driverKnown && (symptoms.includes('gpu-not-detected') || symptoms.includes('gpu-not-used')));
  if (!windows && !wsl && (driverIssue || symptoms.includes('hang'))) out.push(`sudo dmesg | grep -i nvrm   # ${rulesMsg('explain.nextDmesg')}`);
  // A library the error names: the loader's view of it.
  const so = /(?:^|[\s'"(:=])((?:\/[\w.+-]+)+\/)?(lib[\w+-]+\.so(?:\.\d+){0,3})\b/.exec(text);
  const dll = /\b([\w+-]+\.dll)\b/i.exec(text);
  if (so?.[1] && !windows) out.push(`ldd ${so[1]}${so[2]} | grep "not found"   # ${rulesMsg('explain.nextLdd')}`);
  else if (so?.[2] && !windows) out.push(`ldconfig -p | grep ${so[2].replace(/\.so.*$/, '')}   # ${rulesMsg('explain.nextLdconfig')}`);
  else if (dll?.[1] && windows) out.push(`where.exe ${dll[1]}   # ${rulesMsg('explain.nextWhere')}`);
  if ((symptoms.includes('gpu-not-used') || symptoms.includes('gpu-not-detected')) && s.env.CUDA_VISIBLE_DEVICES === undefined)
    out.push(`${windows ? 'echo %CUDA_VISIBLE_DEVICES%' : 'echo $CUDA_VISIBLE_DEVICES'}   # ${rulesMsg('explain.nextVisible')}`);
  if (symptoms.includes('slow')) {
    out.push(`nvidia-smi -q -d PERFORMANCE   # ${rulesMsg('explain.nextPerf')}`);
    if (!windows) out.push(`env | grep -E "^(CUDA_|TORCH_|NCCL_)"   # ${rulesMsg('explain.nextEnvSlow')}`);
  }
  if (symptoms.includes('hang')) out.push(`py-spy dump --pid <pid>   # ${rulesMsg('explain.nextPySpy')}`);
  return out;
}
