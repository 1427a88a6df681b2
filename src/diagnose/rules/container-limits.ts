// container-limits: the limits a container starts with that multi-process GPU jobs run into.
// - /dev/shm: PyTorch's DataLoader workers hand batches to the main process through shared memory, and NCCL's SHM
//   transport creates a /dev/shm segment per pair of GPUs it connects. Docker, Podman and containerd (Kubernetes)
//   mount a 64 MiB tmpfs there unless told otherwise. PyTorch's README (Docker section): "the default shared memory
//   segment size that container runs with is not enough, and you should increase shared memory size either with
//   --ipc=host or --shm-size". NCCL's troubleshooting guide (Runtime and MPI issues, "Shared memory", Docker):
//   "--shm-size=1g --ulimit memlock=-1". Threshold: below NCCL's 1 GiB in a container; on a host, where Linux mounts
//   half of the RAM, only a /dev/shm someone shrank below 256 MiB.
// - RLIMIT_MEMLOCK: RDMA adapters move only registered memory, and ib_umem_get refuses to pin past the limit without
//   CAP_IPC_LOCK (NCCL: "Call to ibv_reg_mr … failed with error Cannot allocate memory", nccl-tests#206). CUDA's
//   pinned host memory is not counted: measured on an H200 as an unprivileged user with `ulimit -l 64`,
//   cuMemHostAlloc(1 GiB) and cuMemHostRegister(64 MiB) succeeded while mlock(64 MiB) failed with ENOMEM. So the
//   limit is reported only where an RDMA adapter is present. Slurm FAQ ("memlock"): jobs inherit the submitting
//   shell's limits unless PropagateResourceLimitsExcept=MEMLOCK; slurmd's own comes from its systemd unit.
import type { Evidence, Finding } from '../../findings.js';
import type { ErrorEvent } from '../../parse/types.js';
import type { LimitBytes, Snapshot } from '../../snapshot/types.js';
import { confirmedBy, eachFactOnce, fromCheck, namedByMessage } from '../from-text.js';
import type { Explained } from '../explain-helpers.js';
import { quotedLines } from '../quoted-lines.js';
import { eventsFor } from '../rank.js';
import type { Rule, RuleFinding, RuleInput } from '../types.js';
import { msg } from './messages.js';

const KiB = 2 ** 10;
const MiB = 2 ** 20;
const GiB = 2 ** 30;
/** NCCL's own number for containers (--shm-size=1g); DataLoader workers with a few batches in flight need as much. */
const SHM_MIN_CONTAINER = GiB;
/** A host's /dev/shm is half of its RAM unless someone set a size: only a deliberately tiny one is flagged. */
const SHM_MIN_HOST = 256 * MiB;
/** What Docker, Podman and containerd mount at /dev/shm by default (65536k). */
const SHM_RUNTIME_DEFAULT = 64 * MiB;
/** Docker's default is 64 KiB or 8 MiB (the kernel's, since 5.16); NCCL, UCX and MPI register hundreds of MiB. */
const MEMLOCK_MIN = GiB;

type PlaceKind = 'docker' | 'podman' | 'kubernetes' | 'other' | 'host' | 'unknown';
interface Place {
  kind: PlaceKind;
  name: string;
  source: string | null;
}

export const rule: Rule = {
  code: 'container-limits',
  scope: 'environment',
  check(input) {
    const s = input.snapshot;
    const place = placeOf(input);
    // On a machine alone, only where GPU work runs; a paste that shows a df row or a message is about it already.
    const gated = input.origin === 'machine';
    const shm = shmChecks(s, place, gated);
    const memlock = memlockChecks(s, place, gated);
    if (input.origin === 'machine') return [...shm, ...memlock];
    const events = eventsFor(input, 'container-limits');
    const shmEvents = events.filter((e) => e.signature === 'dataloader-shm');
    const memlockEvents = events.filter((e) => e.signature === 'rdma-memlock');
    return [
      ...overText(input, shmEvents, shm, () => shmFromMessage(s, place, shmEvents)),
      ...overText(input, memlockEvents, memlock, () => memlockFromMessage(s, place, memlockEvents)),
    ];
  },
};

/** The message's reading, confirmed by the facts' own finding of the same limit; without a message, the facts' finding. */
function overText(input: RuleInput, events: ErrorEvent[], checks: Finding[], read: () => Explained): RuleFinding[] {
  if (!events.length) return checks.map(fromCheck);
  const named = namedByMessage(input, 'container-limits', events, read());
  if (!checks.length) return [named];
  return [confirmedBy({ ...named, evidence: eachFactOnce([...named.evidence, ...checks.flatMap((c) => c.evidence)]) }, checks.length)];
}

// ---- where the job runs ------------------------------------------------------------------------------------------

function placeOf(input: RuleInput): Place {
  const s = input.snapshot;
  const c = s.os.container;
  // Pods on cgroup v2 show no runtime in /proc/1/cgroup; every pod's environment has KUBERNETES_SERVICE_HOST.
  if (c?.value === 'kubernetes') return { kind: 'kubernetes', name: 'kubernetes', source: c.source };
  if (s.node?.engine === 'kubernetes') return { kind: 'kubernetes', name: 'kubernetes', source: 'env:KUBERNETES_SERVICE_HOST' };
  if (c?.value === 'docker' || c?.value === 'podman') return { kind: c.value, name: c.value, source: c.source };
  if (c?.value) return { kind: 'other', name: c.value, source: c.source };
  // A text: the words around the error name the runtime.
  const said = input.events
    .filter((e) => e.signature === 'container-context' || e.signature === 'docker-desktop')
    .map((e) => e.text)
    .join('\n');
  if (/\b(?:kubectl|kubernetes|k8s|pods?)\b/i.test(said)) return { kind: 'kubernetes', name: 'kubernetes', source: 'pasted' };
  if (/\bpodman\b/i.test(said)) return { kind: 'podman', name: 'podman', source: 'pasted' };
  if (/\bdocker\b/i.test(said)) return { kind: 'docker', name: 'docker', source: 'pasted' };
  // Probed, and no sign of a container: the host itself.
  if (c && c.value === null) return { kind: 'host', name: 'host', source: c.source };
  return { kind: 'unknown', name: 'unknown', source: null };
}

const inContainer = (p: Place) => p.kind !== 'host';

function placeEvidence(p: Place): Evidence[] {
  return p.source && p.kind !== 'host' && p.kind !== 'unknown' ? [{ fact: msg('container.evContainer'), value: p.name, source: p.source }] : [];
}

/** GPU work happens here: a GPU (driver up or not), or torch in an environment. */
function gpuWork(s: Snapshot): boolean {
  return s.gpus.length > 0 || s.pciGpus.length > 0 || s.python.some((e) => e.packages.some((p) => p.name === 'torch' || p.name === 'pytorch'));
}

const hasGpu = (s: Snapshot) => s.gpus.length > 0 || s.pciGpus.length > 0;

// ---- /dev/shm ----------------------------------------------------------------------------------------------------

function shmChecks(s: Snapshot, where: Place, gated: boolean): Finding[] {
  const f = s.limits?.shm;
  // A /dev/shm that is a plain folder of the root file system has that file system's room, not a tmpfs limit.
  if (!f?.value.tmpfs || (gated && !gpuWork(s))) return [];
  const { totalBytes: total, freeBytes: free } = f.value;
  // Exactly the runtimes' default on a "host": a container the probe could not recognise (no /.dockerenv, cgroup v2).
  const place: Place = where.kind === 'host' && total === SHM_RUNTIME_DEFAULT ? { kind: 'unknown', name: 'unknown', source: null } : where;
  const vars = { size: size(total), free: size(free) };
  const evidence: Evidence[] = [{ fact: msg('container.evShm'), value: `${vars.size} (${vars.free})`, source: f.source }, ...placeEvidence(place)];
  const base = { code: 'container-limits' as const, severity: 'warning' as const, evidence, subject: '/dev/shm' };
  if (total < shmMinimum(place)) {
    const cause = inContainer(place)
      ? msg('container.shmCauseContainer', { ...vars, dockerDefault: total === SHM_RUNTIME_DEFAULT ? msg('container.shmDockerDefault') : '' })
      : msg('container.shmCauseHost', vars);
    return [{ ...base, title: msg('container.shmTitle', vars), cause, fix: shmFix(place) }];
  }
  if (free < total * 0.1 && free < SHM_MIN_CONTAINER) {
    return [
      {
        ...base,
        title: msg('container.shmTitleFull', vars),
        cause: msg('container.shmCauseFull', vars),
        fix: [`# ${msg('container.shmFixLeftovers')}`, 'ls -lS /dev/shm | head -20', 'sudo fuser -v /dev/shm/* 2>/dev/null', ...shmFix(place)],
      },
    ];
  }
  return [];
}

const shmMinimum = (p: Place) => (inContainer(p) ? SHM_MIN_CONTAINER : SHM_MIN_HOST);

/** A real pod-spec fragment: a memory-backed emptyDir mounted over /dev/shm (Kubernetes has no --shm-size). */
const K8S_SHM = [
  '#   spec:',
  '#     volumes:',
  '#       - name: dshm',
  '#         emptyDir: { medium: Memory, sizeLimit: 16Gi }',
  '#     containers:',
  '#       - name: <container>',
  '#         volumeMounts:',
  '#           - { name: dshm, mountPath: /dev/shm }',
];

function shmFix(p: Place): string[] {
  const check = [`# ${msg('container.shmFixCheck')}`, 'df -h /dev/shm'];
  switch (p.kind) {
    case 'docker':
      return [`# ${msg('container.shmFixDocker')}`, 'docker run --shm-size=16g …', 'docker run --ipc=host …', `# ${msg('container.shmFixCompose')}`, ...check];
    case 'podman':
      return [`# ${msg('container.shmFixPodman')}`, 'podman run --shm-size=16g …', 'podman run --ipc=host …', ...check];
    case 'kubernetes':
      return [`# ${msg('container.shmFixK8s')}`, ...K8S_SHM, ...check];
    case 'other':
      return [`# ${msg('container.shmFixOther', { kind: p.name })}`, 'sudo mount -o remount,size=16G /dev/shm', 'df -h /dev/shm'];
    case 'host':
      return [
        `# ${msg('container.shmFixHost')}`,
        'sudo mount -o remount,size=50% /dev/shm',
        'df -h /dev/shm',
        `# ${msg('container.shmFixFstab')}`,
        '# tmpfs /dev/shm tmpfs defaults,size=50% 0 0',
      ];
    case 'unknown':
      return [
        `# ${msg('container.shmFixUnknownDocker')}`,
        'docker run --shm-size=16g …',
        'docker run --ipc=host …',
        `# ${msg('container.shmFixK8s')}`,
        ...K8S_SHM,
        ...check,
      ];
  }
}

function shmFromMessage(s: Snapshot, place: Place, events: ErrorEvent[]): Explained {
  const f = s.limits?.shm;
  const evidence: Evidence[] = [...quotedLines(events), ...placeEvidence(place)];
  const fix = [...shmFix(place), `# ${msg('container.shmFixWorkers')}`];
  const finding = (title: string, cause: string): Finding => ({
    code: 'container-limits',
    severity: 'error',
    title,
    cause,
    evidence,
    fix,
    subject: '/dev/shm',
  });
  if (!f?.value.tmpfs) return { fit: 1.5, finding: finding(msg('container.msgShmTitleUnknown'), msg('container.msgShmCause')) };
  const vars = { size: size(f.value.totalBytes), free: size(f.value.freeBytes) };
  evidence.push({ fact: msg('container.evShm'), value: `${vars.size} (${vars.free})`, source: f.source });
  // The facts doubt the message when /dev/shm is large: the cause is then how much the workers hold, or leftovers.
  if (f.value.totalBytes >= shmMinimum(place)) return { fit: 1, finding: finding(msg('container.msgShmTitle', vars), msg('container.msgShmCauseBig', vars)) };
  return { fit: 1.8, finding: finding(msg('container.msgShmTitle', vars), msg('container.msgShmCause') + msg('container.msgShmCauseSize', vars)) };
}

// ---- RLIMIT_MEMLOCK ----------------------------------------------------------------------------------------------

function memlockChecks(s: Snapshot, place: Place, gated: boolean): Finding[] {
  const f = s.limits?.memlock;
  const rdma = s.limits?.rdmaDevices;
  if (!f || !small(f.value.softBytes) || !rdma?.value.length || (gated && !hasGpu(s))) return [];
  const { softBytes: soft, hardBytes: hard } = f.value;
  const slurm = s.node?.engine === 'slurm';
  const where = inContainer(place) && place.kind !== 'unknown' ? msg('container.mlWhereContainer') : slurm ? msg('container.mlWhereSlurm') : '';
  return [
    {
      code: 'container-limits',
      severity: 'warning',
      title: msg('container.mlTitle', { soft: limit(soft) }),
      cause: msg('container.mlCause', { soft: limit(soft), hard: limit(hard), where, devices: rdma.value.join(', ') }),
      evidence: [
        { fact: msg('container.evMemlock'), value: `${limit(soft)} / ${limit(hard)}`, source: f.source },
        { fact: msg('container.evRdma'), value: rdma.value.join(', '), source: rdma.source },
        ...placeEvidence(place),
      ],
      fix: memlockFix(place, hard, slurm),
      subject: 'RLIMIT_MEMLOCK',
    },
  ];
}

const small = (v: LimitBytes) => v !== 'unlimited' && v < MEMLOCK_MIN;

/** A systemd drop-in that lifts a service's limit (limits.conf does not apply to services), then a restart. */
const unlimitService = (service: string) =>
  `sudo mkdir -p /etc/systemd/system/${service}.service.d && printf '[Service]\\nLimitMEMLOCK=infinity\\n' | sudo tee /etc/systemd/system/${service}.service.d/memlock.conf && sudo systemctl daemon-reload && sudo systemctl restart ${service}`;

/** pam_limits reads /etc/security/limits.d/*.conf for every new login session (limits.conf(5)). */
const LIMITS_D = "printf '* soft memlock unlimited\\n* hard memlock unlimited\\n' | sudo tee /etc/security/limits.d/90-memlock.conf";

function memlockFix(p: Place, hard: LimitBytes | undefined, slurm: boolean): string[] {
  const check = [
    `# ${msg('container.mlFixCheck')}`,
    slurm ? "srun --propagate=NONE grep 'locked memory' /proc/self/limits" : "grep 'locked memory' /proc/self/limits",
  ];
  const out: string[] = [];
  switch (p.kind) {
    case 'docker':
      out.push(`# ${msg('container.mlFixDocker')}`, 'docker run --ulimit memlock=-1 …', `# ${msg('container.mlFixDockerDaemon')}`);
      break;
    case 'unknown':
      // Not known whether a container: its start, and the host's limits (most RDMA clusters run on hosts).
      out.push(`# ${msg('container.mlFixDocker')}`, 'docker run --ulimit memlock=-1 …');
      if (!slurm) out.push(`# ${msg('container.mlFixHost')}`, LIMITS_D);
      break;
    case 'podman':
      out.push(`# ${msg('container.mlFixPodman')}`, 'podman run --ulimit memlock=-1:-1 …');
      break;
    case 'kubernetes':
      out.push(
        `# ${msg('container.mlFixK8s')}`,
        '#   securityContext:',
        '#     capabilities:',
        '#       add: ["IPC_LOCK"]',
        `# ${msg('container.mlFixK8sRuntime')}`,
        unlimitService('containerd'),
      );
      break;
    case 'other':
    case 'host':
      if (!slurm && hard !== undefined && !small(hard))
        out.push(`# ${msg('container.mlFixSoft')}`, `ulimit -l ${hard === 'unlimited' ? 'unlimited' : Math.floor(hard / KiB)}`);
      if (!slurm) out.push(`# ${msg('container.mlFixHost')}`, LIMITS_D, `# ${msg('container.mlFixSystemd')}`);
      break;
  }
  if (slurm)
    out.push(
      `# ${msg('container.mlFixSlurm')}`,
      'srun --propagate=NONE <your command>',
      `# ${msg('container.mlFixSlurmAdmin')}`,
      '# PropagateResourceLimitsExcept=MEMLOCK',
      unlimitService('slurmd'),
    );
  return [...out, ...check];
}

function memlockFromMessage(s: Snapshot, place: Place, events: ErrorEvent[]): Explained {
  const f = s.limits?.memlock;
  const evidence: Evidence[] = [...quotedLines(events), ...placeEvidence(place)];
  // UCX names the limit itself: "Please set max locked memory (ulimit -l) to 'unlimited' (current: 64 kbytes)".
  const kb = events.map((e) => /\(current: (\d{1,12}) kbytes\)/.exec(e.text)?.[1]).find(Boolean);
  let soft: LimitBytes | undefined = f?.value.softBytes;
  if (f) evidence.push({ fact: msg('container.evMemlock'), value: `${limit(f.value.softBytes)} / ${limit(f.value.hardBytes)}`, source: f.source });
  else if (kb) {
    soft = Number(kb) * KiB;
    evidence.push({ fact: msg('container.evMemlockMessage'), value: limit(soft), source: 'pasted:error message' });
  }
  const cause = msg('container.msgMlCause') + (soft !== undefined ? msg('container.msgMlCauseLimit', { soft: limit(soft) }) : '');
  // An unlimited limit here doubts the message: the job ran elsewhere (another node, a container) or the adapter itself ran out.
  const fit = soft === undefined ? 1.5 : small(soft) ? 1.8 : 0.8;
  return {
    fit,
    finding: {
      code: 'container-limits',
      severity: 'error',
      title: msg('container.msgMlTitle'),
      cause,
      evidence,
      fix: memlockFix(place, f?.value.hardBytes, s.node?.engine === 'slurm'),
      subject: 'RLIMIT_MEMLOCK',
    },
  };
}

// ---- sizes -------------------------------------------------------------------------------------------------------

/** 67108864 → "64 MiB", 1.5 GiB → "1.5 GiB" (df -h's units, spelled out). */
function size(bytes: number): string {
  const one = (x: number) => (Number.isInteger(x) ? String(x) : x.toFixed(1));
  if (bytes >= GiB) return `${one(bytes / GiB)} GiB`;
  if (bytes >= MiB) return `${one(bytes / MiB)} MiB`;
  if (bytes >= KiB) return `${one(bytes / KiB)} KiB`;
  return `${bytes} B`;
}

const limit = (v: LimitBytes) => (v === 'unlimited' ? 'unlimited' : size(v));
