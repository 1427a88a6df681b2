// NVIDIA devices on the PCI bus, from sysfs: the one view that works with no driver at all.
import type { PciGpu } from '../snapshot/types.js';
import { type ProbeContext, readText, runLogged } from './context.js';

const NVIDIA_VENDOR = '0x10de';
// Display controllers: 0x0300 VGA, 0x0302 3D controller (data-center GPUs), 0x0380 other.
const DISPLAY_CLASS = /^0x03(00|02|80)/;

/** The name of the record saying the PCI bus was read: "no GPU" may only be concluded after it. */
export const PCI_SCAN = 'pci bus scan';

export async function probePci(ctx: ProbeContext): Promise<PciGpu[]> {
  const started = performance.now();
  const base = '/sys/bus/pci/devices';
  const entries = await ctx.sys.readDir(base);
  if (entries) {
    const gpus = await probeSysfs(ctx, base, entries.map((e) => e.name));
    ctx.records.push({ name: PCI_SCAN, ok: true, durationMs: Math.round(performance.now() - started), detail: `sysfs: ${gpus.length} NVIDIA display device(s)` });
    return gpus;
  }
  // No sysfs (some containers, a --root tree): ask lspci when there is one.
  const r = await runLogged(ctx, 'lspci -Dnn', 'lspci', ['-Dnn']);
  if (r.failed) return [];
  const gpus = parseLspci(r.stdout);
  ctx.records.push({ name: PCI_SCAN, ok: true, durationMs: r.durationMs, detail: `lspci: ${gpus.length} NVIDIA display device(s)` });
  return gpus;
}

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
      if (!DISPLAY_CLASS.test(klass)) return undefined; // the GPU's audio and USB functions
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
    const m = /^(\S+)\s.*\[(03[0-9a-f]{2})\]:.*\[10de:([0-9a-f]{4})\]/i.exec(line);
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
