// The kernel side of the driver, read from /proc and /sys: works when NVML and nvidia-smi do not.
import type { Fact } from '../snapshot/types.js';
import { type ProbeContext, readText } from './context.js';

export interface KernelDriverFacts {
  kernelModule: Fact<string> | null;
  moduleLoaded: Fact<boolean> | null;
  moduleFlavor: Fact<'open' | 'proprietary'> | null;
  /** Raw /proc/modules text, shared with the nouveau check. */
  modules: string | undefined;
}

export async function probeKernelDriver(ctx: ProbeContext): Promise<KernelDriverFacts> {
  const [procVersion, sysVersion, modules] = await Promise.all([
    readText(ctx, '/proc/driver/nvidia/version'),
    readText(ctx, '/sys/module/nvidia/version'),
    readText(ctx, '/proc/modules'),
  ]);
  const parsed = procVersion ? parseProcDriverVersion(procVersion) : undefined;
  let kernelModule: Fact<string> | null = null;
  if (parsed?.version) kernelModule = { value: parsed.version, source: 'file:/proc/driver/nvidia/version' };
  else if (sysVersion?.trim()) kernelModule = { value: sysVersion.trim(), source: 'file:/sys/module/nvidia/version' };
  const moduleLoaded = modules === undefined ? null : { value: /^nvidia\s/m.test(modules), source: 'file:/proc/modules' };
  const moduleFlavor = parsed?.flavor ? { value: parsed.flavor, source: 'file:/proc/driver/nvidia/version' } : null;
  return { kernelModule, moduleLoaded, moduleFlavor, modules };
}

/** "NVRM version: NVIDIA UNIX Open Kernel Module for x86_64  580.159.04  Release Build …" */
export function parseProcDriverVersion(text: string): { version?: string; flavor?: 'open' | 'proprietary' } {
  const line = text.split('\n').find((l) => l.startsWith('NVRM version:'));
  if (!line) return {};
  const m = /\s(\d{3,}\.\d+(?:\.\d+)?)\s/.exec(`${line} `);
  const out: { version?: string; flavor?: 'open' | 'proprietary' } = {};
  if (m) out.version = m[1]!;
  out.flavor = /Open Kernel Module/i.test(line) ? 'open' : 'proprietary';
  return out;
}
