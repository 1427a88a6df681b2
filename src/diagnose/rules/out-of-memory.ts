// out-of-memory: a memory error, and what actually consumed the memory. Named by a message (PyTorch's numbers,
// vLLM's start-up check, a DataLoader bus error, a bare "out of memory"); the facts say who holds the memory: the
// GPU memory in use (nvidia-smi pasted, or this machine), nvidia-smi's process table, and the allocator settings of
// the environment. Without a message nothing is wrong: memory in use is what GPUs are for.
import type { Evidence, Finding } from '../../findings.js';
import type { ErrorEvent } from '../../parse/types.js';
import { contextOf, type ExplainContext } from '../context.js';
import { msg } from './messages.js';
import { msg as explainersMsg } from '../explainers/messages.js';
import { first, gpuEvidence, has, type Explained } from '../explain-helpers.js';
import { guessFinding } from '../guess.js';
import { quotedLines } from '../quoted-lines.js';
import { envSource } from '../env-evidence.js';
import { fromFactsAlone, namedByMessage } from '../from-text.js';
import { eventsFor } from '../rank.js';
import type { Rule, RuleFinding, RuleInput } from '../types.js';

export const rule: Rule = {
  code: 'out-of-memory',
  scope: 'environment',
  check(input) {
    // A machine alone: nothing is wrong until a message says so.
    if (input.origin === 'machine') return [];
    const f = outOfMemoryFinding(input);
    return f ? [f] : [];
  },
};

function outOfMemoryFinding(input: RuleInput): RuleFinding | undefined {
  const ctx = contextOf(input);
  const events = eventsFor(input, 'out-of-memory');
  if (events.length) {
    const r = fromMessage(ctx, input, events);
    return namedByMessage(input, 'out-of-memory', events, r);
  }
  // No message names it, but the paste talks about memory and shows it taken: tie order 5 among causes from facts.
  const held = memoryHeld(ctx, input, []);
  if (held) return fromFactsAlone(held, 5);
  return guessFinding(input, 'out-of-memory');
}

const QUERY_APPS = 'nvidia-smi --query-compute-apps=pid,process_name,used_memory --format=csv';

/** Allocator settings that change how much of the GPU a framework takes or how it splits it. */
const ALLOC_VARS = ['PYTORCH_CUDA_ALLOC_CONF', 'XLA_PYTHON_CLIENT_PREALLOCATE', 'XLA_PYTHON_CLIENT_MEM_FRACTION', 'XLA_PYTHON_CLIENT_ALLOCATOR'];

function finding(input: RuleInput, title: string, cause: string, evidence: Evidence[], fix: string[]): Finding {
  const env = input.snapshot.env;
  // A setting an error message names is advice (PyTorch's OOM message suggests expandable_segments), not the environment.
  const set = ALLOC_VARS.filter((k) => env[k] !== undefined && !input.events.some((e) => e.text.includes(`${k}=`)));
  // An `export NAME=value` the environment already has is no fix.
  const already = (l: string) => set.some((k) => l === `export ${k}=${env[k]}` || l.startsWith(`export ${k}=${env[k]} `));
  const todo = fix.filter((l) => !already(l));
  return {
    code: 'out-of-memory',
    severity: 'error',
    title,
    cause,
    evidence: [...evidence, ...set.map((k) => ({ fact: k, value: env[k]!, source: envSource(input, k) }))],
    fix: todo,
  };
}

/**
 * nvidia-smi shows the GPU's memory taken by others while the text talks about memory: who holds it (the process
 * table, by PID) or how much is gone (memory in use on a GPU, at least half of it).
 */
function memoryHeld(ctx: ExplainContext, input: RuleInput, events: ErrorEvent[]): Explained | undefined {
  if (!has(ctx.events, 'memory-prose', 'torch-oom', 'cuda-oom-generic')) return undefined;
  const procs = [...ctx.facts.gpuProcesses]
    .sort((a, b) => b.mib - a.mib)
    .filter((p) => p.mib >= 1024)
    .slice(0, 4);
  if (procs.length) {
    const list = procs.map((p) => `PID ${p.pid} (${p.name}) ${p.mib}MiB on GPU ${p.gpu}`).join(', ');
    const pids = procs.map((p) => p.pid);
    return {
      fit: 1.5,
      finding: finding(
        input,
        explainersMsg('oomProcsTitle', { list: pids.map((p) => `PID ${p}`).join(', ') }),
        explainersMsg('oomProcsCause', { list }),
        [...quotedLines(events), { fact: explainersMsg('evGpuProcesses'), value: list, source: 'pasted:nvidia-smi' }],
        [`ps -o pid,stat,etime,cmd -p ${pids.join(',')}   # ${msg('fixes.oom.stat')}`, `kill ${pids.join(' ')}   # ${msg('fixes.oom.kill')}`, QUERY_APPS],
      ),
    };
  }
  const g = ctx.snapshot.gpus.find((x) => x.memory.totalBytes && x.memory.usedBytes && x.memory.usedBytes / x.memory.totalBytes >= 0.5);
  if (!g?.memory.totalBytes || !g.memory.usedBytes) return undefined;
  const mib = (b: number) => `${Math.round(b / 1048576)}MiB`;
  const vars = { used: mib(g.memory.usedBytes), total: mib(g.memory.totalBytes), gpu: `GPU ${g.index} (${g.name})`, procs: '' };
  return {
    fit: 1.4,
    finding: finding(
      input,
      explainersMsg('oomHeldTitle', vars),
      explainersMsg('oomHeldCause', vars),
      [...quotedLines(events), { fact: msg('runtime.evMemoryInUse', { gpu: g.index }), value: `${vars.used} / ${vars.total}`, source: g.source }],
      [
        QUERY_APPS,
        `sudo fuser -v /dev/nvidia*   # ${msg('fixes.oom.fuser')}`,
        `sudo kill <pid>   # ${msg('fixes.oom.killPid')}`,
        `# ${msg('runtime.oomFixFreeGpu')}`,
      ],
    ),
  };
}

const GIB: Record<string, number> = { KiB: 1 / 1024 / 1024, MiB: 1 / 1024, GiB: 1, TiB: 1024 };

/** "1.50 GiB" → 1.5 (PyTorch's sizes). */
function gib(s: string | undefined): number | undefined {
  const r = s ? /^(\d+(?:\.\d+)?) ([KMGT]iB)$/.exec(s) : null;
  return r ? Number(r[1]) * (GIB[r[2]!] ?? 1) : undefined;
}

const size = (g: number) => (g >= 1 ? `${g.toFixed(2)} GiB` : `${(g * 1024).toFixed(0)} MiB`);

/** The message names the memory error: its own numbers say what took the memory. */
function fromMessage(ctx: ExplainContext, input: RuleInput, events: ErrorEvent[]): Explained {
  const e = first(events, 'torch-oom');
  const evidence = [...quotedLines(events), ...gpuEvidence(ctx)];
  const vllm = first(events, 'vllm-free-memory')?.groups;
  if (vllm?.free && vllm.total) {
    const free = Number(vllm.free);
    const total = Number(vllm.total);
    const vars = {
      free: vllm.free,
      total: vllm.total,
      util: vllm.util ?? '?',
      want: vllm.want ?? '?',
      held: (total - free).toFixed(2),
      fits: Math.max(0.05, Math.floor((free / total) * 100 - 2) / 100).toFixed(2),
    };
    return {
      fit: 2,
      finding: finding(input, explainersMsg('oomVllmTitle', vars), explainersMsg('oomVllmCause', vars), evidence, [
        `${QUERY_APPS}   # ${msg('fixes.oom.whoHolds', { held: vars.held })}`,
        `vllm serve <model> --gpu-memory-utilization ${vars.fits}   # ${msg('fixes.oom.vllmShare')}`,
        `# ${msg('runtime.oomFixOtherVllm')}`,
      ]),
    };
  }
  if (!e && has(events, 'dataloader-shm')) {
    return {
      fit: 1.8,
      finding: finding(input, explainersMsg('oomShmTitle'), explainersMsg('oomShmCause'), evidence, [
        'df -h /dev/shm',
        `docker run --shm-size=16g …   # ${msg('fixes.orIpcHost')}`,
        `# ${msg('runtime.oomFixShmK8s')}`,
        `# ${msg('runtime.oomFixFewerWorkers')}`,
      ]),
    };
  }
  if (!e) {
    // nvidia-smi / gpustat show the memory already taken by others: that is the answer.
    const held = memoryHeld(ctx, input, events);
    if (held) return held;
    const cudnn = has(events, 'cudnn-status-error', 'dnn-library-not-found') && !has(events, 'cuda-oom-generic');
    return {
      fit: cudnn ? 0.9 : 1.2,
      finding: finding(
        input,
        explainersMsg('oomTitle', { where: '' }),
        cudnn ? `${explainersMsg('oomCudnn')} ${explainersMsg('oomGeneric')}` : explainersMsg('oomGeneric'),
        evidence,
        [QUERY_APPS, 'export XLA_PYTHON_CLIENT_PREALLOCATE=false   # JAX', 'export PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True'],
      ),
    };
  }
  const g = e.groups;
  // Several OOM lines (a retry, a second attempt): every size asked for, largest first.
  const sizes = [
    ...new Set(
      events
        .filter((x) => x.signature === 'torch-oom')
        .map((x) => x.groups.tried)
        .filter((x): x is string => !!x),
    ),
  ].sort((a, b) => (gib(b) ?? 0) - (gib(a) ?? 0));
  if (sizes.length > 1) evidence.push({ fact: explainersMsg('evOomSizes'), value: sizes.join(', '), source: 'pasted:error message' });
  const tried = gib(g.tried);
  const total = gib(g.total);
  const alloc = gib(g.allocated);
  const reserved = gib(g.reserved);
  const free = gib(g.free);
  const unalloc = gib(g.unallocated);
  const res = reserved ?? (alloc !== undefined && unalloc !== undefined ? alloc + unalloc : undefined);
  const numbers = explainersMsg('oomNumbers', {
    tried: g.tried ?? '?',
    total: g.total ?? '?',
    allocated: g.allocated ?? '?',
    reserved: res !== undefined ? size(res) : '?',
    free: g.free ?? '?',
  });
  const verdicts: string[] = [];
  const fix: string[] = [];
  const others = total !== undefined && res !== undefined && free !== undefined ? total - res - free : undefined;
  if (others !== undefined && total !== undefined && others > Math.max(0.15 * total, 1)) {
    verdicts.push(explainersMsg('oomOthers', { others: size(others), procs: g.processes ? `: ${g.processes.replace(/,/g, ', ')}` : '' }));
    fix.push(QUERY_APPS, `# ${msg('runtime.oomFixStopOther')}`);
  }
  const slack = res !== undefined && alloc !== undefined ? res - alloc : undefined;
  if (slack !== undefined && res !== undefined && tried !== undefined && slack > Math.max(0.1 * res, tried)) {
    verdicts.push(explainersMsg('oomFrag', { slack: size(slack) }));
    fix.push('export PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True');
  }
  if (!verdicts.length && alloc !== undefined && total !== undefined) {
    verdicts.push(explainersMsg('oomModel', { allocated: size(alloc), total: size(total) }));
    fix.push(`# ${msg('runtime.oomFixSmaller')}`, 'export PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True');
  }
  if (!verdicts.length) {
    verdicts.push(explainersMsg('oomGeneric'));
    fix.push(QUERY_APPS);
  }
  return {
    fit: 1.8,
    finding: finding(
      input,
      explainersMsg('oomTitle', { where: g.gpu ? ` (GPU ${g.gpu})` : '' }),
      explainersMsg('oomCause', { numbers, verdict: verdicts.join(' ') }),
      evidence,
      fix,
    ),
  };
}
