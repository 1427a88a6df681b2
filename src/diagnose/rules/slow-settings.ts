// slow-settings: environment variables that switch off a fast path of NCCL, CUDA or PyTorch, or force a choice the
// library makes better itself. Usually a debugging step left in ~/.bashrc, a job script or an image. One finding per
// machine lists them all; a value that turns the switch off (NCCL_P2P_DISABLE=0) is not one.
//
// Sources: NCCL environment variables, https://docs.nvidia.com/deeplearning/nccl/user-guide/docs/env.html (the
// "Debugging" section: "should not be used in production nor retained in scripts … Keeping them set may result in
// sub-optimal behavior, crashes, or hangs"); CUDA C Programming Guide, "CUDA Environment Variables"
// (CUDA_LAUNCH_BLOCKING, CUDA_CACHE_DISABLE, CUDA_DEVICE_MAX_CONNECTIONS: 1 to 32, default 8); PyTorch "CUDA semantics"
// (PYTORCH_NO_CUDA_MEMORY_CACHING disables caching, for debugging) and torch.distributed (TORCH_NCCL_BLOCKING_WAIT:
// "due to its blocking nature, it has a performance overhead").
//
// Severity: warning where the setting costs speed on nearly every run of a job it applies to (synchronous launches,
// no caching allocator, P2P off between several GPUs); info where it is a valid choice made on purpose or matters only
// on hardware gpuenv does not see (InfiniBand), or only in a rare case (PTX JIT without its cache).
import type { Evidence, Finding, Severity } from '../../findings.js';
import { compareVersions } from '../../knowledge/version.js';
import { findPackage, hasGpu, platformOf } from '../../snapshot/queries.js';
import type { Snapshot } from '../../snapshot/types.js';
import { envSource } from '../env-evidence.js';
import { factFindings } from '../rank.js';
import type { Rule, RuleInput } from '../types.js';
import { msg } from './messages.js';

export const rule: Rule = {
  code: 'slow-settings',
  scope: 'environment',
  check(input) {
    // A machine without any GPU has no fast path to lose (no-gpu says why); a text is read as it is.
    if (input.origin === 'machine' && !hasGpu(input.snapshot)) return [];
    const found = findingOf(input);
    return factFindings(input, found ? [found] : []);
  },
};

interface Hit {
  name: string;
  value: string;
  severity: Severity;
  cause: string;
  /** Extra fix lines that check what the cause leaves open. */
  checks?: string[];
}

interface Context {
  s: Snapshot;
  /** GPUs this machine (or the text) shows; null when a text does not say. */
  gpus: number | null;
  paste: boolean;
  env: Readonly<Record<string, string>>;
}

/** NCCL reads its integer variables with strtoll (base 0); P2P_DISABLE and SHM_DISABLE act on 1 (src/misc/param.cc, transport/p2p.cc, shm.cc). */
const int = (v: string): number | undefined => {
  const t = v.trim();
  if (!/^[+-]?(0x[0-9a-f]+|\d+)$/i.test(t)) return undefined;
  return Number.parseInt(t, t.toLowerCase().includes('0x') ? 16 : 10);
};
const isOne = (v: string) => int(v) === 1;

const TOPO = 'nvidia-smi topo -m';
const IB = 'ls /sys/class/infiniband 2>/dev/null';

/** Each variable: whether its value is on, and what it costs. Order: the order the finding lists them in. */
const CHECKS: readonly ((c: Context) => Hit | undefined)[] = [
  (c) => {
    const v = c.env.CUDA_LAUNCH_BLOCKING;
    // CUDA: "1" disables asynchronous launches, "0" (the default) keeps them.
    return v !== undefined && isOne(v)
      ? { name: 'CUDA_LAUNCH_BLOCKING', value: v, severity: 'warning', cause: msg('settings.ssLaunchBlocking', { name: 'CUDA_LAUNCH_BLOCKING', value: v }) }
      : undefined;
  },
  (c) => {
    const name = 'PYTORCH_NO_CUDA_MEMORY_CACHING';
    const v = c.env[name];
    if (v === undefined) return undefined;
    // torch >= 2.7 acts on "1" only (pytorch/pytorch#145905); before, any value at all switched caching off
    // (getenv(...) != nullptr in c10/cuda/CUDACachingAllocator.cpp; pytorch/pytorch#145661).
    const old = oldTorch(c.s);
    const on = v.trim() === '1' || old !== undefined;
    if (!on) return undefined;
    const cause = msg('settings.ssNoCaching', { name, value: v }) + (v.trim() !== '1' && old ? msg('settings.ssNoCachingOld', { version: old }) : '');
    return { name, value: v, severity: 'warning', cause };
  },
  (c) => p2pOff(c),
  (c) => {
    const name = 'NCCL_P2P_LEVEL';
    const v = c.env[name];
    if (v === undefined || p2pLoc(v)) return undefined;
    // NVL, PIX, PXB (legacy 1, 2) allow only the shorter paths; PHB and SYS (3, 4) allow at least what NCCL picks by
    // default. An NVSwitch system joins every GPU by NVLink, so a level that allows NVLink takes nothing from it.
    const level = v.trim().toUpperCase();
    const reach =
      level === 'NVL'
        ? 'settings.ssReachNvl'
        : level === 'PIX' || level === '1'
          ? 'settings.ssReachPix'
          : level === 'PXB' || level === '2'
            ? 'settings.ssReachPxb'
            : undefined;
    if (!reach || (c.s.fabric?.nvswitches.length ?? 0) > 0 || c.gpus === 1) return undefined;
    return {
      name,
      value: v,
      severity: 'info',
      cause: msg('settings.ssP2pLevel', { name, value: v, reach: msg(reach) }),
      checks: [msg('settings.ssFixTopo'), TOPO],
    };
  },
  (c) => {
    const name = 'NCCL_SHM_DISABLE';
    const v = c.env[name];
    if (v === undefined || !isOne(v)) return undefined;
    // SHM is NCCL's fallback where P2P cannot be used; with P2P off too, all traffic between local GPUs takes the network.
    const withP2p = p2pOff(c) !== undefined;
    const severity: Severity = withP2p && c.gpus !== 1 ? 'warning' : 'info';
    return {
      name,
      value: v,
      severity,
      cause: msg('settings.ssShmDisable', { name, value: v }) + (withP2p ? msg('settings.ssShmWithP2p') : '') + (c.gpus === 1 ? msg('settings.ssOneGpu') : ''),
    };
  },
  (c) => {
    const name = 'NCCL_IB_DISABLE';
    const v = c.env[name];
    const n = v === undefined ? undefined : int(v);
    // net_ib/init.cc: `if (ncclParamIbDisable()) return ncclInternalError;` — any non-zero value.
    return n
      ? { name, value: v!, severity: 'info', cause: msg('settings.ssIbDisable', { name, value: v! }), checks: [msg('settings.ssFixIb'), IB] }
      : undefined;
  },
  (c) => {
    const name = 'NCCL_NET';
    const v = c.env[name];
    // Case-insensitive names of the internal networks: "IB" and "Socket".
    return v !== undefined && v.trim().toLowerCase() === 'socket'
      ? { name, value: v, severity: 'info', cause: msg('settings.ssNetSocket', { name, value: v }), checks: [msg('settings.ssFixIb'), IB] }
      : undefined;
  },
  (c) => forced(c, 'NCCL_ALGO', 'ssAlgo'),
  (c) => forced(c, 'NCCL_PROTO', 'ssProto'),
  (c) => {
    const name = 'CUDA_CACHE_DISABLE';
    const v = c.env[name];
    return v !== undefined && isOne(v) ? { name, value: v, severity: 'info', cause: msg('settings.ssCacheDisable', { name, value: v }) } : undefined;
  },
  (c) => {
    const name = 'CUDA_DEVICE_MAX_CONNECTIONS';
    const v = c.env[name];
    return v !== undefined && int(v) === 1 ? { name, value: v, severity: 'info', cause: msg('settings.ssMaxConnections', { name, value: v }) } : undefined;
  },
  (c) => {
    // The current name first; NCCL_BLOCKING_WAIT is the older one, which torch still honours with a deprecation warning.
    for (const name of ['TORCH_NCCL_BLOCKING_WAIT', 'NCCL_BLOCKING_WAIT']) {
      const v = c.env[name];
      if (v !== undefined && isOne(v)) return { name, value: v, severity: 'info', cause: msg('settings.ssBlockingWait', { name, value: v }) };
    }
    return undefined;
  },
  (c) => {
    const name = 'NCCL_DEBUG';
    const v = c.env[name];
    // A pasted NCCL log was made with NCCL_DEBUG=INFO on purpose: saying so adds nothing.
    if (c.paste || v === undefined || !/^(info|trace)$/i.test(v.trim())) return undefined;
    return { name, value: v, severity: 'info', cause: msg('settings.ssDebug', { name, value: v }) };
  },
];

function p2pLoc(v: string): boolean {
  const t = v.trim().toUpperCase();
  return t === 'LOC' || int(t) === 0;
}

/** NCCL_P2P_DISABLE=1, or NCCL_P2P_LEVEL=LOC (0): no P2P at all. */
function p2pOff(c: Context): Hit | undefined {
  const d = c.env.NCCL_P2P_DISABLE;
  const l = c.env.NCCL_P2P_LEVEL;
  const name = d !== undefined && isOne(d) ? 'NCCL_P2P_DISABLE' : l !== undefined && p2pLoc(l) ? 'NCCL_P2P_LEVEL' : undefined;
  if (!name) return undefined;
  const value = c.env[name]!;
  // One GPU has no peer on this machine; a text that does not say how many GPUs is read as a multi-GPU job (it runs NCCL).
  const one = c.gpus === 1;
  const cause = msg(name === 'NCCL_P2P_DISABLE' ? 'settings.ssP2pDisable' : 'settings.ssP2pLoc', { name, value }) + (one ? msg('settings.ssOneGpu') : '');
  return { name, value, severity: one ? 'info' : 'warning', cause, ...(one ? {} : { checks: [msg('settings.ssFixTopo'), TOPO] }) };
}

function forced(c: Context, name: string, key: 'ssAlgo' | 'ssProto'): Hit | undefined {
  const v = c.env[name];
  return v !== undefined && v.trim() !== '' ? { name, value: v, severity: 'info', cause: msg(`settings.${key}`, { name, value: v }) } : undefined;
}

/** The version of a torch older than 2.7 in any environment of the Snapshot. */
function oldTorch(s: Snapshot): string | undefined {
  for (const env of s.python ?? []) {
    const t = findPackage(env, 'torch');
    if (t && compareVersions(t.version.replace(/\+.*$/, ''), '2.7') < 0) return t.version;
  }
  return undefined;
}

function findingOf(input: RuleInput): Finding | undefined {
  const s = input.snapshot;
  const paste = input.origin === 'paste';
  // GPUs the driver lists, else those on the PCI bus (a driver not loaded still leaves them there to use).
  const count = s.gpus.length || (s.pciGpus?.length ?? 0);
  const c: Context = { s, gpus: count > 0 ? count : paste ? null : 0, paste, env: s.env ?? {} };
  const hits = CHECKS.map((f) => f(c)).filter((h): h is Hit => h !== undefined);
  // NCCL_P2P_LEVEL=LOC is reported once, as P2P off.
  const unique = hits.filter((h, i) => hits.findIndex((x) => x.name === h.name) === i);
  if (!unique.length) return undefined;
  const severity: Severity = unique.some((h) => h.severity === 'warning') ? 'warning' : 'info';
  const list = unique.map((h) => `${h.name}=${h.value}`).join(', ');
  const evidence: Evidence[] = unique.map((h) => ({ fact: h.name, value: h.value, source: envSource(input, h.name) }));
  return {
    code: 'slow-settings',
    severity,
    title: msg(severity === 'warning' ? 'settings.ssTitleSlow' : 'settings.ssTitleInfo', { list }),
    cause: [msg('settings.ssIntro'), ...unique.map((h) => h.cause)].join(' '),
    evidence,
    fix: fixLines(s, unique),
  };
}

function fixLines(s: Snapshot, hits: Hit[]): string[] {
  const names = hits.map((h) => h.name);
  if (platformOf(s) === 'windows') return [msg('settings.ssFixUnset'), ...names.map((n) => `Remove-Item Env:${n}`)];
  const nccl = names.some((n) => n.startsWith('NCCL_'));
  const files = [
    '~/.bashrc',
    '~/.bash_profile',
    '~/.profile',
    '~/.zshrc',
    '/etc/environment',
    '/etc/profile.d/*.sh',
    ...(nccl ? ['/etc/nccl.conf', '~/.nccl.conf'] : []),
  ];
  const pattern = names.length === 1 ? names[0]! : `'${names.join('|')}'`;
  const fix = [
    msg('settings.ssFixUnset'),
    ...names.map((n) => `unset ${n}`),
    msg('settings.ssFixWhere'),
    `grep -n${names.length === 1 ? '' : 'E'} ${pattern} ${files.join(' ')} 2>/dev/null`,
  ];
  if (nccl) fix.push(msg('settings.ssFixNcclConf'));
  if (s.os?.container?.value) fix.push(msg('settings.ssFixContainer'));
  for (const h of hits) for (const line of h.checks ?? []) if (!fix.includes(line)) fix.push(line);
  return fix;
}
