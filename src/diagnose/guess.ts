// The last resort: no known message, no rule and no fact check named a cause, but the words of the paste point at an
// area ("nvidia-smi does not work", "out of memory", "conda … pip"). Up to two guesses, marked as such (severity
// info, low score), each with the facts the paste states, what usually goes wrong there and the commands to check.
import type { Evidence, Finding, FindingCode } from '../findings.js';
import type { Cue } from '../parse/cues.js';
import { contextOf, type ExplainContext } from './context.js';
import type { RuleFinding, RuleInput } from './types.js';
import { em as m } from './explainers/messages.js';

type MessageKey = Parameters<typeof m>[0];

const CHECKS: Partial<Record<FindingCode, string[]>> = {
  'driver-too-old': [
    'nvidia-smi   # "CUDA Version" in the header = the newest CUDA this driver runs',
    'python -c "import torch; print(torch.__version__, torch.version.cuda)"',
  ],
  'arch-unsupported': ['nvidia-smi --query-gpu=name,compute_cap --format=csv', 'python -c "import torch; print(torch.cuda.get_arch_list())"'],
  'library-not-found': ['ldconfig -p | grep -E "libcuda|libcudart|libcudnn|libcublas"', 'echo $LD_LIBRARY_PATH', 'pip list 2>/dev/null | grep -i nvidia-'],
  'cudnn-mismatch': ['python -c "import torch; print(torch.backends.cudnn.version())"', 'ldconfig -p | grep libcudnn', 'pip list 2>/dev/null | grep -i cudnn'],
  'cpu-only-build': [
    'python -c "import torch; print(torch.__version__, torch.version.cuda, torch.cuda.is_available())"',
    'pip list 2>/dev/null | grep -iE "^(torch|tensorflow|jax)"',
  ],
  'no-gpu': ['nvidia-smi -L', 'echo $CUDA_VISIBLE_DEVICES', 'docker run --rm --gpus all ubuntu nvidia-smi   # in containers'],
  'driver-not-loaded': ['nvidia-smi', 'lsmod | grep nvidia', 'sudo dmesg | grep -iE "nvidia|nvrm|nouveau|secure"', 'dkms status'],
  'out-of-memory': [
    'nvidia-smi --query-compute-apps=pid,process_name,used_memory --format=csv',
    'nvidia-smi --query-gpu=memory.used,memory.total --format=csv',
  ],
  'nccl-failure': [
    'NCCL_DEBUG=INFO <your command>   # the WARN line names the failing call',
    'nvidia-smi topo -m',
    'df -h /dev/shm   # containers: 64 MB by default; docker run --shm-size=16g (or --ipc=host)',
  ],
  wsl: ['ls -la /usr/lib/wsl/lib/', 'cat /etc/ld.so.conf.d/ld.wsl.conf', 'dpkg -l | grep -iE "nvidia-(driver|utils)|libnvidia"'],
  'secure-boot': ['mokutil --sb-state', 'sudo dmesg | grep -iE "lockdown|key was rejected|module verification"'],
  nouveau: ['lsmod | grep nouveau', 'cat /etc/modprobe.d/*nouveau* 2>/dev/null'],
  'toolkit-mismatch': ['which -a nvcc; nvcc --version', 'echo $CUDA_HOME', 'python -c "import torch; print(torch.version.cuda)"'],
  'multiple-toolkits': ['which -a nvcc; ls -ld /usr/local/cuda*', 'echo "CUDA_HOME=$CUDA_HOME PATH=$PATH"'],
  'mixed-package-managers': ['conda list | grep -iE "torch|tensorflow|cuda|pypi"   # channel "pypi" = installed by pip', 'pip check'],
  'framework-cuda-mismatch': [
    'python -c "import torch; print(torch.__version__, torch.version.cuda)"',
    'nvcc --version',
    'pip list 2>/dev/null | grep -iE "cuda|cudnn|nvidia-"',
  ],
};

/** The facts the paste states, for a guess to show what it rests on. */
function pastedFacts(ctx: ExplainContext): Evidence[] {
  const out: Evidence[] = [];
  const s = ctx.snapshot;
  for (const g of ctx.gpus.slice(0, 2)) out.push({ fact: m('evGpu'), value: `${g.gpu.name}: ${g.cc} (${g.sm})`, source: g.source });
  if (s.driver.version) out.push({ fact: m('evDriver'), value: s.driver.version.value, source: s.driver.version.source });
  if (s.driver.cudaVersion) out.push({ fact: m('evDriverCuda'), value: s.driver.cudaVersion.value, source: s.driver.cudaVersion.source });
  for (const t of s.toolkits.slice(0, 2)) if (t.version) out.push({ fact: 'CUDA', value: t.version.value, source: t.version.source });
  for (const t of ctx.facts.toolkitMentions.slice(0, 3))
    out.push({ fact: m('evToolkitNamed'), value: t.path ? `${t.path} → ${t.value}` : t.value, source: t.source });
  for (const p of (ctx.env?.packages ?? []).filter((p) => /^(torch|tensorflow|tensorflow-gpu|jax|jaxlib|onnxruntime-gpu|vllm)$/.test(p.name)).slice(0, 3)) {
    out.push({ fact: p.name, value: p.version, source: p.location });
  }
  if (ctx.facts.torchCuda) out.push({ fact: 'torch.version.cuda', value: ctx.facts.torchCuda.value, source: ctx.facts.torchCuda.source });
  const cudnn = s.libraries.find((l) => l.name === 'cudnn' && l.version)?.version;
  if (cudnn) out.push({ fact: 'cuDNN', value: cudnn.value, source: cudnn.source });
  if (s.os.kernel) out.push({ fact: m('evKernel'), value: s.os.kernel.value, source: s.os.kernel.source });
  return out;
}

/**
 * The guess for one code: when the cue for it is among the first two cues that have checks to suggest. `index` is its
 * place there (the first guess ranks above the second).
 */
export function guessFor(ctx: ExplainContext, cues: readonly Cue[], code: FindingCode): { finding: Finding; index: number } | undefined {
  const index = cues
    .filter((c) => CHECKS[c.code])
    .slice(0, 2)
    .findIndex((c) => c.code === code);
  const c = cues.filter((x) => CHECKS[x.code])[index];
  if (index < 0 || !c) return undefined;
  return {
    index,
    finding: {
      code: c.code,
      severity: 'info',
      title: m('guessTitle', { area: m(`area:${c.code}` as MessageKey) }),
      cause: m('guessCause', { area: m(`area:${c.code}` as MessageKey), line: c.line, usual: m(`usual:${c.code}` as MessageKey) }),
      evidence: [{ fact: m('evWords', { line: c.line }), value: c.text, source: 'pasted (words only, no known message)' }, ...pastedFacts(ctx)],
      fix: [`# ${m('guessCheck')}`, ...(CHECKS[c.code] ?? [])],
    },
  };
}

/** A rule's last resort over a text alone: the guess for its code, ranked as a guess (shown only when nothing else is). */
export function guessFinding(input: RuleInput, code: FindingCode): RuleFinding | undefined {
  if (input.origin !== 'paste') return undefined;
  const g = guessFor(contextOf(input), input.cues, code);
  return g ? { ...g.finding, rank: { events: [], fit: 1, fixed: 0.2 - g.index * 0.05, guess: true, phase: 3, index: g.index } } : undefined;
}
