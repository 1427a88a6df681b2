// Operating system facts that decide how a driver installs and loads: kernel, distro, WSL, container,
// Secure Boot, nouveau, kernel headers, DKMS.
import { parseOsRelease } from '../formats/os-release.js';
import type { Fact, OsInfo } from '../snapshot/types.js';
import { type ProbeContext, readText, runLogged } from './context.js';

const fact = <T>(value: T, source: string): Fact<T> => ({ value, source });

// EFI variable holding Secure Boot state: 4 bytes of attributes, then one byte 0/1.
const SECURE_BOOT_VAR = '/sys/firmware/efi/efivars/SecureBoot-8be4df61-93ca-11d2-aa0d-00e098032b8c';

export async function probeOs(ctx: ProbeContext, modules: string | undefined): Promise<OsInfo> {
  const { sys } = ctx;
  const [osrelease, osRel, procVersion] = await Promise.all([
    readText(ctx, '/proc/sys/kernel/osrelease'),
    readText(ctx, '/etc/os-release').then(async (t) => t ?? readText(ctx, '/usr/lib/os-release')),
    readText(ctx, '/proc/version'),
  ]);
  const release = parseOsRelease(osRel ?? '');
  const kernel = osrelease?.trim() ? fact(osrelease.trim(), 'file:/proc/sys/kernel/osrelease') : null;
  const [wsl, container, secureBoot, nouveau, headers, dkms] = await Promise.all([
    detectWsl(ctx, procVersion),
    detectContainer(ctx),
    detectSecureBoot(ctx),
    detectNouveau(ctx, modules),
    kernel ? detectHeaders(ctx, kernel.value) : Promise.resolve(null),
    detectDkms(ctx),
  ]);
  const osSource = 'file:/etc/os-release';
  return {
    kernel,
    id: release.ID ? fact(release.ID, osSource) : null,
    versionId: release.VERSION_ID ? fact(release.VERSION_ID, osSource) : null,
    prettyName: release.PRETTY_NAME ? fact(release.PRETTY_NAME, osSource) : null,
    arch: fact(sys.isForeignRoot ? 'unknown' : sys.arch, sys.isForeignRoot ? 'unknown' : 'node:process.arch'),
    wsl,
    container,
    secureBoot,
    nouveau,
    kernelHeaders: headers,
    dkms,
  };
}

async function detectWsl(ctx: ProbeContext, procVersion: string | undefined): Promise<Fact<boolean>> {
  if (procVersion && /microsoft|WSL/i.test(procVersion)) return fact(true, 'file:/proc/version');
  if (await ctx.sys.stat('/dev/dxg')) return fact(true, 'file:/dev/dxg');
  if (ctx.sys.env.WSL_DISTRO_NAME) return fact(true, 'env:WSL_DISTRO_NAME');
  return fact(false, procVersion ? 'file:/proc/version' : 'default');
}

async function detectContainer(ctx: ProbeContext): Promise<Fact<string | null>> {
  if (await ctx.sys.stat('/.dockerenv')) return fact('docker', 'file:/.dockerenv');
  if (await ctx.sys.stat('/run/.containerenv')) return fact('podman', 'file:/run/.containerenv');
  const envName = ctx.sys.env.container;
  if (envName) return fact(envName, 'env:container');
  const cgroup = await readText(ctx, '/proc/1/cgroup');
  if (cgroup && /docker|kubepods|containerd|lxc/.test(cgroup)) {
    const kind = /kubepods/.test(cgroup) ? 'kubernetes' : /lxc/.test(cgroup) ? 'lxc' : 'docker';
    return fact(kind, 'file:/proc/1/cgroup');
  }
  return fact(null, 'file:/.dockerenv');
}

async function detectSecureBoot(ctx: ProbeContext): Promise<Fact<'enabled' | 'disabled' | 'unknown'>> {
  const bytes = await ctx.sys.readBytes(SECURE_BOOT_VAR, 0, 5);
  if (bytes && bytes.length === 5) return fact(bytes[4] === 1 ? 'enabled' : 'disabled', `file:${SECURE_BOOT_VAR}`);
  if (!(await ctx.sys.stat('/sys/firmware/efi'))) {
    // sysfs shows firmware but no EFI: a legacy BIOS boot, so no Secure Boot to block a module. A container
    // or a tree without /sys/firmware tells nothing.
    const sysfs = (await ctx.sys.stat('/sys/firmware')) !== undefined;
    const inContainer = (await ctx.sys.stat('/.dockerenv')) !== undefined;
    return fact(sysfs && !inContainer ? 'disabled' : 'unknown', 'file:/sys/firmware/efi (absent)');
  }
  const r = await runLogged(ctx, 'mokutil --sb-state', 'mokutil', ['--sb-state']);
  if (!r.failed || r.stdout) {
    if (/SecureBoot enabled/i.test(r.stdout)) return fact('enabled', 'command:mokutil --sb-state');
    if (/SecureBoot disabled/i.test(r.stdout)) return fact('disabled', 'command:mokutil --sb-state');
  }
  return fact('unknown', 'efivars unreadable');
}

async function detectNouveau(ctx: ProbeContext, modules: string | undefined): Promise<OsInfo['nouveau']> {
  const loaded = modules === undefined ? null : fact(/^nouveau\s/m.test(modules), 'file:/proc/modules');
  const dirs = ['/etc/modprobe.d', '/usr/lib/modprobe.d', '/lib/modprobe.d'];
  let blacklisted: Fact<boolean> | null = null;
  for (const dir of dirs) {
    const entries = await ctx.sys.readDir(dir);
    if (!entries) continue;
    blacklisted ??= fact(false, `dir:${dir}`);
    for (const e of entries.filter((x) => x.name.endsWith('.conf'))) {
      const text = await readText(ctx, `${dir}/${e.name}`);
      if (text && /^\s*blacklist\s+nouveau\b/m.test(text)) return { loaded, blacklisted: fact(true, `file:${dir}/${e.name}`) };
    }
  }
  return { loaded, blacklisted };
}

async function detectHeaders(ctx: ProbeContext, kernel: string): Promise<Fact<boolean>> {
  for (const path of [`/lib/modules/${kernel}/build`, `/usr/src/linux-headers-${kernel}`, `/usr/src/kernels/${kernel}`]) {
    if (await ctx.sys.stat(path)) return fact(true, `file:${path}`);
  }
  return fact(false, `file:/lib/modules/${kernel}/build`);
}

/** DKMS keeps its tree under /var/lib/dkms/<module>/<version>; reading it avoids running `dkms status`. */
async function detectDkms(ctx: ProbeContext): Promise<Fact<string[]> | null> {
  const modules = await ctx.sys.readDir('/var/lib/dkms');
  if (!modules) return null;
  const out: string[] = [];
  for (const m of modules.filter((e) => e.kind === 'dir' && /nvidia/i.test(e.name))) {
    const versions = (await ctx.sys.readDir(`/var/lib/dkms/${m.name}`)) ?? [];
    for (const v of versions) if (/^\d/.test(v.name)) out.push(`${m.name}/${v.name}`);
  }
  return fact(out.sort(), 'dir:/var/lib/dkms');
}
