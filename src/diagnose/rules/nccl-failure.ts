// nccl-failure: multi-GPU communication problems — /dev/shm, PCIe peer-to-peer (ACS, IOMMU, GeForce boards), the
// network between ranks, NCCL versions that differ between ranks. Named by a message; the facts say which: the NCCL
// versions the ranks name, the GPUs, the host CPU, and the NCCL_* settings of the environment (pasted or probed).
// Sources: NCCL troubleshooting guide (PCI Access Control Services, shared memory, NCCL_SOCKET_IFNAME); nccl#199 and
// nccl#120 (IOMMU on AMD hosts); the signature rows in knowledge/data/error-signatures/nccl.ts.
import type { Evidence, Finding } from '../../findings.js';
import { compareVersions, versionParts } from '../../knowledge/version.js';
import type { ErrorEvent } from '../../parse/types.js';
import { contextOf, type ExplainContext } from '../context.js';
import { msg } from './messages.js';
import { msg as explainersMsg } from '../explainers/messages.js';
import { gpuEvidence, has, type Explained } from '../explain-helpers.js';
import { guessFinding } from '../guess.js';
import { quotedLines } from '../quoted-lines.js';
import { envSource } from '../env-evidence.js';
import { namedByMessage } from '../from-text.js';
import { eventsFor } from '../rank.js';
import type { Rule, RuleInput } from '../types.js';

export const rule: Rule = {
  code: 'nccl-failure',
  scope: 'environment',
  check(input) {
    // A machine alone: nothing is wrong until a message says so.
    if (input.origin === 'machine') return [];
    const r = ncclFailureFor(input);
    if (r) return [namedByMessage(input, 'nccl-failure', r.events, r)];
    const g = guessFinding(input, 'nccl-failure');
    return g ? [g] : [];
  },
};

/**
 * The NCCL finding the events of an input name, with how well the facts fit it and the events it rests on; undefined
 * when no event names NCCL. The arch rule ranks "NCCL fails on a Kepler GPU" against it.
 */
export function ncclFailureFor(input: RuleInput): (Explained & { events: ErrorEvent[] }) | undefined {
  const events = eventsFor(input, 'nccl-failure');
  if (!events.length) return undefined;
  return { ...explainNccl(contextOf(input), events, input), events };
}

/** A P2P path over PCIe and a hang/timeout (or P2P off as the workaround): the ACS pattern (NCCL troubleshooting, "PCI Access Control Services"). */
function p2pHang(events: ErrorEvent[], text: string): boolean {
  const p2p =
    has(events, 'nccl-p2p-transport', 'gpu-topo-pcie-switch', 'p2p-cannot-access') ||
    /P2P\/(?:IPC|CUMEM)|NCCL_P2P_DISABLE|CANNOT Access Peer|\bPHB\b|\bPIX\b|\bPXB\b/i.test(text);
  const hang = has(events, 'multi-gpu-hang', 'nccl-timeout') || /NCCL_P2P_DISABLE\s{0,2}=\s{0,2}1/i.test(text);
  return p2p && hang && !has(events, 'nccl-shm', 'nccl-net-error', 'nccl-socket');
}

/** The cause among NCCL's usual ones that the events and facts point at. */
function explainNccl(ctx: ExplainContext, events: ErrorEvent[], input: RuleInput): Explained {
  const evidence: Evidence[] = [...quotedLines(events)];
  const env = ctx.snapshot.env;
  // Ranks with different NCCL versions (per-rank "NCCL version" lines, or the versions named per node).
  const versions = [...new Set(ctx.facts.ncclVersions.map((v) => v.value))];
  const nccl =
    ctx.snapshot.libraries.find((l) => l.name === 'nccl')?.version?.value ??
    ctx.env?.packages.find((p) => /^nvidia-nccl/.test(p.name))?.version ??
    (versions.length === 1 ? versions[0] : undefined) ??
    env.NCCL_VERSION;
  const text = events.map((e) => e.text).join('\n');
  let what: string;
  let fix: string[];
  let fit = 1.3;
  // A bare "SHM" (e.g. "NCCL_SHM_DISABLE", "don't disable SHM") is not /dev/shm running out.
  if (versions.length >= 2) {
    what = explainersMsg('ncVersions', { versions: versions.join(', ') });
    evidence.push({ fact: 'NCCL', value: versions.join(', '), source: ctx.facts.ncclVersions[0]!.source });
    fix = [
      `python -c "import torch; print(torch.__version__, torch.cuda.nccl.version())"   # ${msg('fixes.nccl.everyNode')}`,
      'pip list 2>/dev/null | grep -i nccl   # nvidia-nccl-cu12 / -cu11',
      // The NCCL wheel's version is the release itself (2.21.5): pin it exactly; "2.21.5*" is not a valid specifier.
      `pip install "nvidia-nccl-cu12==${versionParts([...versions].sort((a, b) => compareVersions(b, a))[0]!)
        .slice(0, 3)
        .join('.')}"   # ${msg('fixes.nccl.sameEverywhere')}`,
    ];
    fit = 1.7;
  } else if (
    has(events, 'nccl-shm', 'dataloader-shm', 'bus-error') ||
    /\/dev\/shm|shm[-_ ]?size|shared memory[^\n]{0,40}(?:too small|full|No space|insufficient)|No space left on device|共享内存/i.test(text)
  ) {
    what = explainersMsg('ncShm');
    fix = ['df -h /dev/shm', `docker run --shm-size=16g …   # ${msg('fixes.orIpcHost')}`, `# ${msg('runtime.ncFixShmK8s')}`];
    fit = 1.8;
  } else if (has(events, 'gpudirect-rdma')) {
    what = explainersMsg('ncGdr');
    fix = [
      `sudo lspci -vvv | grep -i acsctl   # ${msg('fixes.nccl.acsGdr')}`,
      `sudo setpci -s <bridge bus:dev.fn> ECAP_ACS+0x6.w=0000   # ${msg('fixes.nccl.acsDisable')}`,
      `NCCL_NET_GDR_LEVEL=LOC <your command>   # ${msg('fixes.nccl.confirmNoGdr')}`,
      'lsmod | grep -E "nv_peer_mem|nvidia_peermem"',
    ];
    fit = 1.6;
  } else if (has(ctx.events, 'amd-host-cpu') && has(events, 'multi-gpu-hang', 'nccl-timeout') && !has(events, 'nccl-net-error', 'nccl-socket')) {
    // nccl#199 / nccl#120 (NCCL maintainers): on AMD CPUs the IOMMU makes P2P between GPUs stall.
    what = explainersMsg('ncIommu');
    evidence.push(...quotedLines(ctx.events.filter((e) => e.signature === 'amd-host-cpu')));
    fix = [
      'cat /proc/cmdline; sudo dmesg | grep -iE "AMD-Vi|IOMMU|page fault"',
      `# ${msg('runtime.ncFixIommuBoot')}`,
      `# ${msg('runtime.ncFixIommuBios')}`,
      `NCCL_P2P_DISABLE=1 <your command>   # ${msg('fixes.nccl.confirmNoP2p')}`,
    ];
    fit = 1.7;
  } else if (p2pHang(events, text)) {
    // P2P over PCIe (a P2P/IPC transport, GPUs behind a switch, or NCCL_P2P_DISABLE=1 as the workaround) and a hang or timeout.
    what = explainersMsg('ncAcs');
    evidence.push({ fact: 'PCIe', value: msg('runtime.evP2pSwitchHang'), source: 'pasted' });
    fix = [
      `nvidia-smi topo -m   # ${msg('fixes.nccl.pixPxb')}`,
      `sudo lspci -vvv | grep -i acsctl   # ${msg('fixes.nccl.acsBridge')}`,
      `sudo setpci -s <bridge bus:dev.fn> ECAP_ACS+0x6.w=0000   # ${msg('fixes.nccl.acsDisableBios')}`,
      `# ${msg('runtime.ncFixIommuAcs')}`,
      `NCCL_P2P_DISABLE=1 <your command>   # ${msg('fixes.nccl.workaround')}`,
      `# ${msg('runtime.ncFixRetest')}`,
    ];
    fit = 1.7;
  } else if (
    has(events, 'multi-gpu-hang', 'nccl-timeout') &&
    ctx.gpus.some((g) => /GeForce|\bRTX\s?[2-5]0[5-9]0\b|\bTITAN\b/i.test(g.gpu.name)) &&
    !has(events, 'nccl-net-error', 'nccl-socket', 'nccl-shm')
  ) {
    // GeForce boards: P2P over PCIe is unsupported (RTX 4090) or broken by some driver releases; NCCL then hangs.
    what = explainersMsg('ncGeforceP2p', { gpu: ctx.gpus.find((g) => /GeForce|RTX|TITAN/i.test(g.gpu.name))!.gpu.name });
    evidence.push(...gpuEvidence(ctx));
    fix = [
      `NCCL_P2P_DISABLE=1 <your command>   # ${msg('fixes.nccl.geforceP2p')}`,
      `nvidia-smi topo -p2p r   # ${msg('fixes.nccl.p2pRead')}`,
      `# ${msg('runtime.ncFixDriverP2p')}`,
    ];
    fit = 1.6;
  } else if (has(events, 'nccl-p2p', 'nccl-cuda-error')) {
    what = explainersMsg('ncP2p');
    fix = [
      'nvidia-smi topo -m',
      `NCCL_P2P_DISABLE=1 <your command>   # ${msg('fixes.nccl.confirm')}`,
      `sudo lspci -vvv | grep -i acsctl   # ${msg('fixes.nccl.acsBlocks')}`,
    ];
  } else if (has(events, 'nccl-socket')) {
    what = explainersMsg('ncSocket');
    fix = ['ip -br addr', `export NCCL_SOCKET_IFNAME=eth0   # ${msg('fixes.nccl.ranksShare')}`, 'export NCCL_DEBUG=INFO'];
  } else if (has(events, 'nccl-net-error', 'nccl-remote-exited') || /NET\/IB|ibv_|socket_ifname|connection (?:refused|reset|timed out)/i.test(text)) {
    what = explainersMsg('ncNet');
    fix = [
      `ip -br addr   # ${msg('fixes.nccl.nodeIface')}`,
      `export NCCL_SOCKET_IFNAME=eth0   # ${msg('fixes.nccl.ifaceList')}`,
      'export NCCL_DEBUG=INFO NCCL_DEBUG_SUBSYS=INIT,NET',
    ];
    if (/NET\/IB|ibv_|infiniband|mlx5/i.test(text)) fix.push(`export NCCL_IB_DISABLE=1   # ${msg('fixes.nccl.ibDisable')}`);
    fix.push(`# ${msg('runtime.ncFixFirewall')}`);
    fit = 1.6;
  } else if (has(events, 'nccl-system-error')) {
    what = explainersMsg('ncSystem');
    fix = [
      `export NCCL_DEBUG=INFO   # ${msg('fixes.nccl.rerunWarn')}`,
      `df -h /dev/shm   # ${msg('fixes.nccl.shmDocker')}`,
      'ip -br addr',
      `export NCCL_SOCKET_IFNAME=eth0   # ${msg('fixes.nccl.multiNodeIface')}`,
    ];
  } else if (has(events, 'nccl-timeout')) {
    what = explainersMsg('ncTimeout');
    fix = ['export NCCL_DEBUG=INFO', 'nvidia-smi topo -m', `NCCL_P2P_DISABLE=1 <your command>   # ${msg('fixes.nccl.test')}`];
    fit = 1;
  } else {
    what = explainersMsg('ncGeneric');
    fix = [`export NCCL_DEBUG=INFO NCCL_DEBUG_SUBSYS=INIT,ENV   # ${msg('fixes.nccl.rerunWarn')}`, `df -h /dev/shm   # ${msg('fixes.nccl.shmDocker')}`];
  }
  // Ranks in separate containers: Docker's bridge network keeps them from reaching each other.
  if (has(ctx.events, 'container-context') && fit < 1.8) fix.push(`docker run --network=host --ipc=host …   # ${msg('fixes.nccl.hostNetwork')}`);
  evidence.push(...settings(input, evidence));
  const cause = nccl ? explainersMsg('ncCause', { version: nccl, what }) : msg('runtime.ncCauseNoVersion', { what });
  const finding: Finding = {
    code: 'nccl-failure',
    severity: 'error',
    title: explainersMsg('ncTitle', { what: what.replace(/\.$/, '') }),
    cause,
    evidence,
    fix,
  };
  return { fit, finding };
}

/** Lines about NCCL's settings themselves: a setting they name is the user's. */
const SETTING_LINES = new Set(['nccl-env-mention', 'nccl-p2p-transport']);

/**
 * NCCL's settings in the environment (NCCL_SOCKET_IFNAME, NCCL_P2P_DISABLE …), unless a quoted line shows them
 * already, or an error message names them as advice ("run with NCCL_DEBUG=INFO for details"): not the environment.
 */
function settings(input: RuleInput, shown: readonly Evidence[]): Evidence[] {
  const env = input.snapshot.env;
  const advice = (k: string) => input.events.some((e) => !SETTING_LINES.has(e.signature) && e.text.includes(k));
  return Object.keys(env)
    .filter((k) => k.startsWith('NCCL_') && k !== 'NCCL_VERSION' && !advice(k) && !shown.some((e) => e.value.includes(`${k}=${env[k]}`)))
    .sort()
    .slice(0, 6)
    .map((k) => ({ fact: k, value: env[k]!, source: envSource(input, k) }));
}
