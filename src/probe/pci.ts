// NVIDIA devices on the PCI bus, from sysfs: the one view that works with no driver at all.
import { PCI_SCAN, type PciGpu } from '../snapshot/types.js';
import { type ProbeContext, readText, runLogged } from './context.js';

const NVIDIA_VENDOR = '0x10de';
// Display controllers: 0x0300 VGA, 0x0302 3D controller (data-center GPUs), 0x0380 other.
const DISPLAY_CLASS = /^0x03(00|02|80)/;
// NVSwitch chips show as NVIDIA "bridge, other" functions (class 0x0680) on HGX/DGX boards.
const NVSWITCH_CLASS = /^0x0680/;

export interface PciScan {
  gpus: PciGpu[];
  nvswitches: Array<{ address: string; deviceId: string }>;
}

export async function probePci(ctx: ProbeContext): Promise<PciScan> {
  const started = performance.now();
  const base = '/sys/bus/pci/devices';
  const entries = await ctx.sys.readDir(base);
  if (entries) {
    const all = await probeSysfs(
      ctx,
      base,
      entries.map((e) => e.name),
    );
    const scan = split(all);
    ctx.records.push({
      name: PCI_SCAN,
      ok: true,
      durationMs: Math.round(performance.now() - started),
      detail: `sysfs: ${scan.gpus.length} NVIDIA display device(s)${switches(scan)}`,
    });
    return scan;
  }
  // No sysfs (some containers, a --root tree): ask lspci when there is one.
  const r = await runLogged(ctx, 'lspci -Dnn', 'lspci', ['-Dnn']);
  if (r.failed) return { gpus: [], nvswitches: [] };
  const scan = split(parseLspci(r.stdout));
  ctx.records.push({ name: PCI_SCAN, ok: true, durationMs: r.durationMs, detail: `lspci: ${scan.gpus.length} NVIDIA display device(s)${switches(scan)}` });
  return scan;
}

function split(all: PciGpu[]): PciScan {
  return {
    gpus: all.filter((d) => DISPLAY_CLASS.test(d.class)),
    nvswitches: all.filter((d) => NVSWITCH_CLASS.test(d.class)).map((d) => ({ address: d.address, deviceId: d.deviceId })),
  };
}

const switches = (scan: PciScan): string => (scan.nvswitches.length ? `, ${scan.nvswitches.length} NVSwitch(es)` : '');

async function probeSysfs(ctx: ProbeContext, base: string, names: string[]): Promise<PciGpu[]> {
  const devices = await Promise.all(
    names.map(async (address): Promise<PciGpu | undefined> => {
      const dir = `${base}/${address}`;
      const vendor = (await readText(ctx, `${dir}/vendor`))?.trim();
      if (vendor !== NVIDIA_VENDOR) return undefined;
      const [cls, device, subsys, driverLink] = await Promise.all([
        readText(ctx, `${dir}/class`),
        readText(ctx, `${dir}/device`),
        readText(ctx, `${dir}/subsystem_device`),
        ctx.sys.readLink(`${dir}/driver`),
      ]);
      const klass = cls?.trim() ?? '';
      // The GPU's audio and USB functions are not kept; NVSwitches are (split() sorts them out).
      if (!DISPLAY_CLASS.test(klass) && !NVSWITCH_CLASS.test(klass)) return undefined;
      return {
        address,
        vendorId: vendor,
        deviceId: device?.trim() ?? 'unknown',
        subsystemDeviceId: subsys?.trim() ?? null,
        class: klass,
        driver: driverLink ? (driverLink.split('/').pop() ?? null) : null,
        source: `sysfs:${dir}`,
      };
    }),
  );
  return devices.filter((d): d is PciGpu => d !== undefined).sort((a, b) => a.address.localeCompare(b.address));
}

/** `lspci -Dnn`: "0000:65:00.0 VGA compatible controller [0300]: NVIDIA Corporation GA102 [GeForce RTX 3090] [10de:2204] (rev a1)" */
export function parseLspci(text: string): PciGpu[] {
  const out: PciGpu[] = [];
  for (const line of text.split('\n')) {
    const m = /^(\S+)\s.*\[(03[0-9a-f]{2}|0680)\]:.*\[10de:([0-9a-f]{4})\]/i.exec(line);
    if (!m) continue;
    out.push({
      address: m[1]!,
      vendorId: NVIDIA_VENDOR,
      deviceId: `0x${m[3]!.toLowerCase()}`,
      subsystemDeviceId: null,
      class: `0x${m[2]!}00`,
      driver: null,
      source: 'command:lspci -Dnn',
    });
  }
  return out;
}
