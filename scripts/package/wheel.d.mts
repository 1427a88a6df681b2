// Types for scripts/package/wheel.mjs, so the TypeScript tests can build wheels.
export function platformTag(machine: string, glibc: [number, number]): string;
export function wheelName(version: string, tag: string): string;
export function buildWheel(o: {
  root: string;
  version: string;
  machine: string;
  glibc: [number, number];
  executable: Uint8Array;
  summary: string;
  readme: string;
  licenses: { name: string; text: string }[];
}): { name: string; tag: string; data: Buffer };
