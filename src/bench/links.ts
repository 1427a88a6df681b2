// How each pair of GPUs is joined, read from NVML the way `nvidia-smi topo -m` shows it: NV# (active NVLinks
// between the two, or through NVSwitch chips) or the PCIe path (PIX … SYS), and NVML's own P2P verdict.
import type { LibraryHandle } from 'koffi';
import { type NvmlDevice, tryFunc } from '../native/nvml.js';
import type { GpuLink, PcieLevel } from './types.js';

/** nvmlGpuTopologyLevel_t → the topo -m legend. */
const LEVELS: Record<number, PcieLevel> = { 0: 'internal', 10: 'PIX', 20: 'PXB', 30: 'PHB', 40: 'NODE', 50: 'SYS' };
/** nvmlGpuP2PStatus_t (NVML_P2P_STATUS_*). */
const P2P_STATUS = ['ok', 'chipset-not-supported', 'gpu-not-supported', 'ioh-topology-not-supported', 'disabled-by-regkey', 'not-supported', 'unknown'];
/** nvmlGpuP2PCapsIndex_t. */
export const P2P_CAPS = { READ: 0, NVLINK: 2 } as const;
/** nvmlIntNvLinkDeviceType_t: GPU 0, IBMNPU 1, SWITCH 2. */
const NVLINK_SWITCH = 2;
/** NVML_NVLINK_MAX_LINKS (nvml.h, NVML 12 and 13). */
export const NVLINK_MAX_LINKS = 18;

export interface NvLinkReading {
  active: boolean;
  /** PCI bus id of what the link leads to, as NVML writes it ("00000000:07:00.0"); null when unread. */
  remoteBusId: string | null;
  remoteType: number | null;
}

/** What NVML says about one pair, raw: the pure part below turns it into a GpuLink. */
export interface PairReading {
  a: number;
  b: number;
  busIdA: string | null;
  busIdB: string | null;
  ancestor: number | null;
  p2pRead: number | null;
  p2pNvlink: number | null;
  linksA: NvLinkReading[];
  linksB: NvLinkReading[];
}

/** "00000000:07:00.0" and "0000:07:00.0" are one device: the domain compared as a number. */
export function sameBusId(x: string | null, y: string | null): boolean {
  const norm = (s: string) => {
    const [dom, ...rest] = s.trim().toLowerCase().split(':');
    return rest.length === 2 ? `${Number.parseInt(dom ?? '', 16)}:${rest.join(':')}` : s.trim().toLowerCase();
  };
  return x !== null && y !== null && x !== '' && norm(x) === norm(y);
}

export function describeLink(r: PairReading): GpuLink {
  const direct = r.linksA.filter((l) => l.active && sameBusId(l.remoteBusId, r.busIdB)).length;
  const activeA = r.linksA.filter((l) => l.active);
  const activeB = r.linksB.filter((l) => l.active);
  let nvlinks = direct;
  let nvswitch = false;
  if (direct === 0 && activeA.length > 0 && activeB.length > 0) {
    // NVSwitch boards: every link goes to a switch; topo -m counts the links each GPU has into the fabric.
    const toSwitch = (ls: NvLinkReading[]) => ls.filter((l) => l.remoteType === NVLINK_SWITCH).length;
    const switched = Math.min(toSwitch(activeA), toSwitch(activeB));
    if (switched > 0) {
      nvlinks = switched;
      nvswitch = true;
    } else if (r.p2pNvlink === 0) {
      // NVML says P2P runs over NVLink, but the far ends are not readable (a VM that hides the switches).
      nvlinks = Math.min(activeA.length, activeB.length);
      nvswitch = true;
    }
  }
  const pcie = r.ancestor === null ? null : (LEVELS[r.ancestor] ?? null);
  const kind = nvlinks > 0 ? 'nvlink' : pcie !== null ? 'pcie' : 'unknown';
  const status = (s: number | null) => (s === null ? null : (P2P_STATUS[s] ?? `status ${s}`));
  return {
    a: r.a,
    b: r.b,
    topo: kind === 'nvlink' ? `NV${nvlinks}` : pcie === 'internal' ? 'PIX' : pcie,
    kind,
    nvlinks: kind === 'unknown' && r.linksA.length === 0 ? null : nvlinks,
    nvswitch,
    pcie,
    p2pRead: status(r.p2pRead),
    p2pNvlink: status(r.p2pNvlink),
  };
}

type Fn = (...args: never[]) => number;

interface LinkBindings {
  ancestor?: (a: NvmlDevice, b: NvmlDevice, out: [number]) => number;
  p2p?: (a: NvmlDevice, b: NvmlDevice, index: number, out: [number]) => number;
  state?: (d: NvmlDevice, link: number, out: [number]) => number;
  remotePci?: (d: NvmlDevice, link: number, out: Record<string, unknown>) => number;
  remoteType?: (d: NvmlDevice, link: number, out: [number]) => number;
  pci?: (d: NvmlDevice, out: Record<string, unknown>) => number;
}

/** Binds the topology calls (all optional: older drivers and non-NVLink GPUs lack some); nvmlPciInfo_t must be declared (bindNvml). */
export function bindLinks(lib: LibraryHandle): LinkBindings {
  const f = <K extends keyof LinkBindings>(_key: K, ...protos: string[]) => tryFunc<Fn>(lib, ...protos) as unknown as LinkBindings[K];
  const d = 'nvmlDevice_t';
  return {
    ancestor: f('ancestor', `int nvmlDeviceGetTopologyCommonAncestor(${d} device1, ${d} device2, _Out_ int *pathInfo)`),
    p2p: f('p2p', `int nvmlDeviceGetP2PStatus(${d} device1, ${d} device2, int p2pIndex, _Out_ int *p2pStatus)`),
    state: f('state', `int nvmlDeviceGetNvLinkState(${d} device, unsigned int link, _Out_ int *isActive)`),
    remotePci: f(
      'remotePci',
      `int nvmlDeviceGetNvLinkRemotePciInfo_v2(${d} device, unsigned int link, _Out_ nvmlPciInfo_t *pci)`,
      `int nvmlDeviceGetNvLinkRemotePciInfo(${d} device, unsigned int link, _Out_ nvmlPciInfo_t *pci)`,
    ),
    remoteType: f('remoteType', `int nvmlDeviceGetNvLinkRemoteDeviceType(${d} device, unsigned int link, _Out_ int *pNvLinkDeviceType)`),
    pci: f('pci', `int nvmlDeviceGetPciInfo_v3(${d} device, _Out_ nvmlPciInfo_t *pci)`, `int nvmlDeviceGetPciInfo_v2(${d} device, _Out_ nvmlPciInfo_t *pci)`),
  };
}

function u32(fn: (() => number) | undefined, out: [number]): number | null {
  try {
    return fn && fn() === 0 ? out[0] : null;
  } catch {
    return null;
  }
}

function readNvLinks(b: LinkBindings, d: NvmlDevice): NvLinkReading[] {
  const out: NvLinkReading[] = [];
  if (!b.state) return out;
  for (let link = 0; link < NVLINK_MAX_LINKS; link++) {
    const s: [number] = [0];
    if (u32(() => b.state!(d, link, s), s) === null) continue;
    const pci: Record<string, unknown> = {};
    const t: [number] = [0];
    const remote = s[0] === 1 && b.remotePci?.(d, link, pci) === 0 && typeof pci.busId === 'string' ? pci.busId : null;
    out.push({ active: s[0] === 1, remoteBusId: remote, remoteType: s[0] === 1 ? u32(b.remoteType && (() => b.remoteType!(d, link, t)), t) : null });
  }
  return out;
}

/** Every unordered pair of the measured GPUs, a < b. */
export function readLinks(b: LinkBindings, handles: Map<number, NvmlDevice>): GpuLink[] {
  const ids = [...handles.keys()].sort((x, y) => x - y);
  if (ids.length < 2) return [];
  const busId = (d: NvmlDevice) => {
    const pci: Record<string, unknown> = {};
    return b.pci?.(d, pci) === 0 && typeof pci.busId === 'string' ? pci.busId : null;
  };
  const nv = new Map(ids.map((i) => [i, readNvLinks(b, handles.get(i)!)]));
  const out: GpuLink[] = [];
  for (const [k, a] of ids.entries()) {
    for (const bId of ids.slice(k + 1)) {
      const da = handles.get(a)!;
      const db = handles.get(bId)!;
      const anc: [number] = [0];
      const rd: [number] = [0];
      const nl: [number] = [0];
      out.push(
        describeLink({
          a,
          b: bId,
          busIdA: busId(da),
          busIdB: busId(db),
          ancestor: u32(b.ancestor && (() => b.ancestor!(da, db, anc)), anc),
          p2pRead: u32(b.p2p && (() => b.p2p!(da, db, P2P_CAPS.READ, rd)), rd),
          p2pNvlink: u32(b.p2p && (() => b.p2p!(da, db, P2P_CAPS.NVLINK, nl)), nl),
          linksA: nv.get(a)!,
          linksB: nv.get(bId)!,
        }),
      );
    }
  }
  return out;
}
