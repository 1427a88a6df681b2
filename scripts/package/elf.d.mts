// Types for scripts/package/elf.mjs.
export function elfInfo(path: string): { machine: number; glibc: [number, number] | null };
export function newestGlibc(needs: Array<[number, number] | null>): [number, number];
