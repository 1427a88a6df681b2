// gpus-hidden: CUDA_VISIBLE_DEVICES leaves CUDA programs fewer GPUs than the driver shows (or none), or a container
// was created with NVIDIA_VISIBLE_DEVICES saying "no GPU". nvidia-smi reads neither variable, so it still lists every
// GPU while torch sees none: the classic "nvidia-smi works, is_available() is False".
//
// How CUDA reads CUDA_VISIBLE_DEVICES (CUDA C Programming Guide, "CUDA Environment Variables", 5.2.1.1
// CUDA_VISIBLE_DEVICES, https://docs.nvidia.com/cuda/cuda-programming-guide/05-appendices/environment-variables.html):
// unset shows every GPU, an empty string none; entries are nvidia-smi indices, `GPU-…` UUIDs (a unique leading part is
// enough) or `MIG-…` ids; the list is read left to right and an invalid entry ends it ("0,2,-1,1" shows 0 and 2).
// Measured on an H200 (driver 580.159.04, torch 2.11.0+cu130, gpuenv's --deep script, 2026): "", "-1", "NoDevFiles",
// "3", "7,0", "GPU-deadbeef", "MIG-deadbeef" and the bare "GPU-" → 0 devices, no error text; "0,7" and "0,-1" → 1;
// " 0" → 1 (blanks are skipped); an upper-case UUID → CUDA's one device (so UUIDs compare without case); "0,0" → 0
// devices and torch's warning "Error 101: invalid device ordinal" (a duplicate voids the whole list, not only itself).
import type { Evidence, Finding } from '../../findings.js';
import { PASTED_PREFIX } from '../../parse/snapshot.js';
import { pythonOf } from '../../snapshot/queries.js';
import type { Gpu, Snapshot } from '../../snapshot/types.js';
import { eventBase, eventsFor } from '../rank.js';
import { FACT_PRIOR } from '../from-text.js';
import { hasSymptom } from '../../parse/symptoms.js';
import { containerGpusNone, inContainer } from '../system-facts.js';
import type { Rule, RuleFinding, RuleInput } from '../types.js';
import { msg } from './messages.js';

export const rule: Rule = {
  code: 'gpus-hidden',
  scope: 'environment',
  check(input) {
    const found = [...fromCudaVisible(input), ...fromContainerVariable(input)];
    return found.map((f) => ranked(input, f));
  },
};

const CVD = 'CUDA_VISIBLE_DEVICES';
const NVD = 'NVIDIA_VISIBLE_DEVICES';

type Stop = 'index' | 'uuid' | 'ambiguous' | 'mig' | 'word' | 'duplicate';

export interface Visibility {
  /** Entries as written, blanks trimmed, empty ones left out. */
  named: string[];
  /** The GPUs CUDA programs see, in the order they are numbered from 0; a MIG entry counts as its own device. */
  visible: Array<{ entry: string; gpu: Gpu | null }>;
  /** The entry that ended the list, and why; null when every entry counts. */
  stop: { entry: string; why: Stop; duplicateOf?: Gpu } | null;
  /** An entry could not be judged (a UUID while some GPU's UUID is unknown): say nothing. */
  unknown: boolean;
}

/** CUDA's reading of the variable against the GPUs the driver lists (see the top of the file). */
export function readVisibleDevices(value: string, gpus: readonly Gpu[]): Visibility {
  const named = value
    .split(',')
    .map((e) => e.trim())
    .filter((e) => e !== '');
  const out: Visibility = { named, visible: [], stop: null, unknown: false };
  const migOn = gpus.some((g) => g.migMode.current === true);
  // Empty entries ("0,") are passed over: what CUDA does with them is not documented, so nothing is claimed about them.
  for (const entry of named) {
    let gpu: Gpu | undefined;
    let why: Stop | undefined;
    if (/^\d+$/.test(entry)) {
      gpu = gpus.find((g) => g.index === Number(entry));
      if (!gpu) why = 'index';
    } else if (/^GPU-[0-9a-f][0-9a-f-]*$/i.test(entry)) {
      const matches = gpus.filter((g) => g.uuid?.toLowerCase().startsWith(entry.toLowerCase()));
      if (matches.length === 1) gpu = matches[0];
      else if (matches.length > 1) why = 'ambiguous';
      else if (gpus.some((g) => !g.uuid)) out.unknown = true;
      else why = 'uuid';
    } else if (/^MIG-/i.test(entry)) {
      // MIG devices are not in the Snapshot: with MIG on somewhere, the entry is taken at its word.
      if (migOn) {
        out.visible.push({ entry, gpu: null });
        continue;
      }
      why = 'mig';
    } else why = 'word';
    if (out.unknown) return out;
    if (gpu && out.visible.some((v) => v.gpu === gpu)) {
      out.stop = { entry, why: 'duplicate', duplicateOf: gpu };
      out.visible = [];
      return out;
    }
    if (why) {
      out.stop = { entry, why };
      return out;
    }
    out.visible.push({ entry, gpu: gpu ?? null });
  }
  return out;
}

function fromCudaVisible(input: RuleInput): Finding[] {
  const s = input.snapshot;
  const value = s.env[CVD];
  if (value === undefined) return [];
  const gpus = s.gpus;
  const read = readVisibleDevices(value, gpus);
  if (read.unknown) return [];
  if (gpus.length === 0) {
    // A paste that names no GPU can still show the variable hiding every one, when the text says CUDA sees none.
    // Without the GPUs' indices and UUIDs only an empty list or a word that is no id at all can be judged.
    const hidesAll = read.named.length === 0 || (read.stop?.why === 'word' && read.visible.length === 0);
    if (input.origin === 'machine') return [];
    if (hidesAll && symptom(input)) return [finding(input, value, read, gpus)];
    // Only indices from 1 up, and CUDA says it sees no device: GPUs are numbered from 0, so on a machine with fewer
    // GPUs than the lowest index none of them exists (the common case: a script's "1" on a one-GPU machine). Index 0
    // exists wherever any GPU does, so a list with 0 in it cannot explain "no device".
    const lowest = lowestIndexAboveZero(read.named);
    // ("invalid device ordinal" is not such a message: there CUDA sees GPUs and the program asks for one past them.)
    const seesNone =
      eventsFor(input, 'no-gpu').some((e) => e.signature === 'no-cuda-gpus' || e.signature === 'cuda-not-available') ||
      hasSymptom(input.events, 'gpu-not-detected', 'gpu-not-used');
    if (lowest !== null && seesNone) return [finding(input, value, read, gpus, lowest)];
    return [];
  }
  if (read.stop === null && read.named.length > 0) return [];
  return [finding(input, value, read, gpus)];
}

/** The text says CUDA sees no GPU (a message that lists no-gpu among its causes), or that something goes wrong. */
function symptom(input: RuleInput): boolean {
  return eventsFor(input, 'no-gpu').length > 0 || input.trouble;
}

/** The lowest entry when every entry is a GPU index of 1 or more; null otherwise. */
function lowestIndexAboveZero(named: readonly string[]): number | null {
  if (!named.length || !named.every((e) => /^\d+$/.test(e) && Number(e) >= 1)) return null;
  return Math.min(...named.map(Number));
}

function finding(input: RuleInput, value: string, read: Visibility, gpus: readonly Gpu[], pastedLowest?: number): Finding {
  const s = input.snapshot;
  const shown = value.trim() === '' ? '""' : cut(value);
  const none = read.visible.length === 0;
  const slurm = slurmJob(s);
  const gpusText = gpus.length ? gpuList(gpus) : '';
  const parts: string[] = [];
  if (read.named.length === 0) parts.push(gpus.length ? msg('devices.ghCauseEmpty', { gpus: gpusText }) : msg('devices.ghCauseEmptyAny'));
  else if (pastedLowest !== undefined) parts.push(msg('devices.ghCausePastedIndex', { value: shown, lowest: pastedLowest }));
  else if (read.stop) {
    const { entry, why } = read.stop;
    const e = cut(entry);
    if (why === 'duplicate') {
      const g = read.stop.duplicateOf!;
      const same = read.named.filter((n) => sameGpu(n, g));
      parts.push(msg('devices.ghCauseDuplicate', { index: g.index, entries: same.map(cut).join(', ') }));
    } else {
      if (why === 'index')
        parts.push(msg(gpus.length === 1 ? 'devices.ghCauseIndexOne' : 'devices.ghCauseIndex', { entry: e, gpus: gpusText, max: gpus.length - 1 }));
      else if (why === 'uuid') parts.push(msg('devices.ghCauseUuid', { entry: e, uuids: gpus.map((g) => g.uuid).join(', ') }));
      else if (why === 'ambiguous')
        parts.push(
          msg('devices.ghCauseAmbiguous', {
            entry: e,
            uuids: gpus
              .filter((g) => g.uuid?.toLowerCase().startsWith(entry.toLowerCase()))
              .map((g) => g.uuid)
              .join(', '),
          }),
        );
      else if (why === 'mig') parts.push(msg('devices.ghCauseMig', { entry: e }));
      else if (entry === '-1') parts.push(msg('devices.ghCauseMinusOne'));
      else if (entry === 'NoDevFiles') parts.push(msg('devices.ghCauseNoDevFiles'));
      else parts.push(msg('devices.ghCauseWord', { entry: e }));
      if (none) parts.push(msg('devices.ghCauseStopNone'));
      else {
        parts.push(msg('devices.ghCauseStopSome', { visible: read.visible.map(label).join(', ') }));
        // Programs number what they see from 0: say so when that is not the driver's numbering.
        const first = read.visible[0]!;
        if (read.visible.some((v, i) => v.gpu?.index !== i)) parts.push(msg('devices.ghRenumbered', { first: first.gpu ? first.gpu.index : cut(first.entry) }));
      }
    }
  }
  if (slurm) parts.push(msg('devices.ghCauseSlurm', { job: slurm.job, given: slurm.gpus ? msg('devices.ghGiven', { gpus: slurm.gpus }) : '' }));
  const title =
    pastedLowest !== undefined
      ? msg('devices.ghTitlePasted', { name: CVD, value: shown })
      : none
        ? msg('devices.ghTitleNone', { name: CVD, value: shown })
        : msg('devices.ghTitleSome', { name: CVD, value: shown, seen: read.visible.length, named: read.named.length });
  return {
    code: 'gpus-hidden',
    severity: none ? 'error' : 'warning',
    title,
    cause: parts.join(' ').replace(/ {2,}/g, ' '),
    evidence: evidenceOf(input, value, read, gpus, slurm),
    fix: slurm ? slurmFix(s, gpus) : shellFix(s, read, gpus, pastedLowest !== undefined),
    subject: `env:${CVD}`,
  };
}

function evidenceOf(input: RuleInput, value: string, read: Visibility, gpus: readonly Gpu[], slurm: SlurmJob | null): Evidence[] {
  const s = input.snapshot;
  const out: Evidence[] = [{ fact: CVD, value: value === '' ? '""' : cut(value), source: sourceOf(input, CVD) }];
  if (gpus.length) out.push({ fact: msg('devices.evDriverGpus'), value: gpuList(gpus), source: gpus[0]!.source });
  out.push({
    fact: msg('devices.evVisible'),
    value: read.visible.length ? read.visible.map(label).join(', ') : msg('devices.none'),
    source: 'CUDA_VISIBLE_DEVICES rules (CUDA Programming Guide 5.2.1.1)',
  });
  // gpuenv's own CUDA child inherits the variable: its cuInit says the same (CUDA_ERROR_NO_DEVICE when all are hidden).
  if (s.cudaDriverApi?.error) out.push({ fact: msg('devices.evCuInit'), value: s.cudaDriverApi.error, source: 'cuda-driver:cuInit' });
  if (slurm) out.push({ fact: msg('devices.evSlurmJob'), value: slurm.job, source: slurm.source });
  for (const k of ['SLURM_JOB_GPUS', 'SLURM_STEP_GPUS', 'GPU_DEVICE_ORDINAL'])
    if (s.env[k] !== undefined) out.push({ fact: k, value: cut(s.env[k]!), source: sourceOf(input, k) });
  // What the --deep child saw confirms the reading.
  for (const env of s.python)
    if (env.deep?.torch?.deviceCount !== null && env.deep?.torch?.deviceCount !== undefined)
      out.push({
        fact: msg('devices.evTorchCount', { prefix: env.prefix }),
        value: String(env.deep.torch.deviceCount),
        source: `python --deep (${pythonOf(env)})`,
      });
  return out;
}

/** Outside a scheduler: where it is set, unset it, or name GPUs that exist; then count again. */
function shellFix(s: Snapshot, read: Visibility, gpus: readonly Gpu[], firstGpu = false): string[] {
  // The GPUs the list meant that exist (past the entry that ended it too), each once; else every GPU.
  const picked: Gpu[] = [];
  const keep: string[] = [];
  for (const n of read.named) {
    const hit = gpus.filter((g) => sameGpu(n, g));
    if (hit.length === 1 && !picked.includes(hit[0]!)) {
      picked.push(hit[0]!);
      keep.push(n);
    }
  }
  const exists = keep.length ? keep : gpus.map((g) => String(g.index));
  // A paste that shows no GPU list: the index every machine with a GPU has, after listing what exists.
  if (firstGpu && !exists.length) exists.push('0');
  return [
    msg('devices.ghFixList'),
    'nvidia-smi -L',
    msg('devices.ghFixWhere'),
    'grep -n CUDA_VISIBLE_DEVICES ~/.bashrc ~/.profile ~/.bash_profile ~/.zshrc /etc/environment 2>/dev/null',
    msg('devices.ghFixUnset'),
    `unset ${CVD}`,
    ...(exists.length ? [msg('devices.ghFixExport'), `export ${CVD}=${exists.join(',')}`] : []),
    msg('devices.ghFixCheck'),
    `${checkPython(s)} -c "import torch; print(torch.cuda.device_count())"`,
  ];
}

/** Under Slurm the scheduler owns the variable: the job has to ask for GPUs. */
function slurmFix(s: Snapshot, gpus: readonly Gpu[]): string[] {
  const n = Math.max(1, gpus.length);
  return [
    msg('devices.ghFixSlurmShow'),
    'scontrol show job "$SLURM_JOB_ID" | grep -iE "tres|gres"',
    msg('devices.ghFixSlurm'),
    `srun --gpus=${n} nvidia-smi -L`,
    msg('devices.ghFixCheck'),
    `srun --gpus=${n} ${checkPython(s)} -c "import torch; print(torch.cuda.device_count())"`,
  ];
}

/**
 * NVIDIA_VISIBLE_DEVICES is read by the NVIDIA Container Toolkit when a container is created; inside, its indices are
 * the host's, so they are never compared with the GPUs seen here. Only "void", "none" and empty say "no GPU"
 * (NVIDIA Container Toolkit, "Specialized Configurations with Docker" → GPU Enumeration:
 * https://docs.nvidia.com/datacenter/cloud-native/container-toolkit/latest/docker-specialized.html).
 */
function fromContainerVariable(input: RuleInput): Finding[] {
  const s = input.snapshot;
  const v = containerGpusNone(s);
  // A text need not say it runs in a container: the variable is the container toolkit's, and the text saying CUDA
  // sees no GPU (or that something goes wrong) is enough.
  const container = inContainer(s) ?? (input.origin !== 'machine' && v !== undefined && symptom(input) ? 'container' : null);
  if (v === undefined || !container || s.gpus.length > 0) return [];
  const shown = v === '' ? '""' : v;
  return [
    {
      code: 'gpus-hidden',
      severity: 'error',
      title: msg('devices.ghTitleContainer', { value: shown }),
      cause: msg('devices.ghCauseContainer', { container, value: shown, meaning: v === 'none' ? msg('devices.ghMeaningNone') : msg('devices.ghMeaningVoid') }),
      evidence: [
        { fact: NVD, value: shown, source: sourceOf(input, NVD) },
        { fact: msg('devices.evContainer'), value: container, source: s.os.container?.source ?? 'os' },
        ...(input.origin === 'machine' ? [{ fact: msg('devices.evDriverGpus'), value: '0', source: 'nvml' }] : []),
      ],
      fix: [
        msg('devices.ghFixContainer'),
        'docker run --rm --gpus all <image> nvidia-smi -L',
        msg('devices.ghFixContainerRuntime'),
        'docker run --rm --runtime=nvidia -e NVIDIA_VISIBLE_DEVICES=all <image> nvidia-smi -L',
        msg('devices.ghFixK8s'),
      ],
      subject: `env:${NVD}`,
    },
  ];
}

interface SlurmJob {
  job: string;
  gpus: string | null;
  source: string;
}

/**
 * Inside a Slurm job (probe/node-identity.ts: SLURM_JOB_ID) the gres/gpu plugin wrote CUDA_VISIBLE_DEVICES from the
 * job's GPUs. On a Slurm node outside a job (ssh) the variable is the person's own, and the shell fix applies.
 */
function slurmJob(s: Snapshot): SlurmJob | null {
  if (s.node?.engine !== 'slurm' || !s.node.jobId) return null;
  return { job: s.node.jobId, gpus: s.env.SLURM_STEP_GPUS ?? s.env.SLURM_JOB_GPUS ?? null, source: 'env:SLURM_JOB_ID' };
}

/** The interpreter of the active environment (a pasted one has no path of its own), else python3. */
function checkPython(s: Snapshot): string {
  const real = s.python.filter((e) => e.python && e.prefix !== PASTED_PREFIX);
  const env = real.find((e) => e.active) ?? real[0];
  return env ? shellWord(pythonOf(env)) : 'python3';
}

function shellWord(p: string): string {
  return /^[\w./+-]+$/.test(p) ? p : `'${p.replace(/'/g, `'\\''`)}'`;
}

function sameGpu(entry: string, g: Gpu): boolean {
  return /^\d+$/.test(entry) ? Number(entry) === g.index : !!g.uuid && g.uuid.toLowerCase().startsWith(entry.toLowerCase());
}

function label(v: { entry: string; gpu: Gpu | null }): string {
  return v.gpu ? `GPU ${v.gpu.index} (${v.gpu.name})` : cut(v.entry);
}

function gpuList(gpus: readonly Gpu[]): string {
  return msg(gpus.length === 1 ? 'devices.gpuListOne' : 'devices.gpuList', { count: gpus.length, list: gpus.map((g) => `${g.index}: ${g.name}`).join(', ') });
}

function cut(v: string): string {
  return v.length > 120 ? `${v.slice(0, 117)}…` : v;
}

function sourceOf(input: RuleInput, name: string): string {
  return input.origin !== 'machine' && input.text?.env[name] === input.snapshot.env[name] ? 'pasted:env' : `env:${name}`;
}

/**
 * Over a text: the messages that show CUDA seeing no GPU ("No CUDA GPUs are available", is_available() False) list
 * no-gpu as their cause, "CUDA_VISIBLE_DEVICES hides it" among its readings; the value in the text says which. Ranked
 * just above no-gpu's reading of the same lines (fit up to 1.6 there), so the named variable comes first.
 */
function ranked(input: RuleInput, f: Finding): RuleFinding {
  if (input.origin === 'machine') return f;
  const { base } = eventBase(eventsFor(input, 'no-gpu'), 'no-gpu');
  return { ...f, rank: { events: [], fit: 1, fixed: Math.max(FACT_PRIOR, base * 1.6 + 0.15), phase: 1, index: 0 } };
}
