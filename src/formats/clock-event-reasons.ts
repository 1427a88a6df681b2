// The clock event ("throttle") reasons: NVML's bitmask and nvidia-smi's XML both name them, and a Snapshot
// keeps nvidia-smi's names whichever of the two answered.

// nvml.h nvmlClocksEventReason* bits, with the names nvidia-smi prints.
export const CLOCK_EVENT_REASONS: ReadonlyArray<readonly [bigint, string]> = [
  [0x1n, 'gpu_idle'],
  [0x2n, 'applications_clocks_setting'],
  [0x4n, 'sw_power_cap'],
  [0x8n, 'hw_slowdown'],
  [0x10n, 'sync_boost'],
  [0x20n, 'sw_thermal_slowdown'],
  [0x40n, 'hw_thermal_slowdown'],
  [0x80n, 'hw_power_brake_slowdown'],
  [0x100n, 'display_clocks_setting'],
];

export function reasonNames(mask: bigint): string[] {
  return CLOCK_EVENT_REASONS.filter(([bit]) => (mask & bit) !== 0n).map(([, name]) => name);
}
