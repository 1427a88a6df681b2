// Types for scripts/elf-lib.mjs, so TypeScript tests can build the same ELF files as the fixtures.
export interface FatbinEntrySpec {
  kind: 'elf' | 'ptx';
  arch: number;
  variant?: '' | 'a' | 'f';
}
export function buildFatbin(entries: FatbinEntrySpec[]): Uint8Array;
export interface SharedObjectSpec {
  needed?: string[];
  soname?: string;
  rpath?: string;
  runpath?: string;
  sections?: Array<{ name: string; data: Uint8Array }>;
  machine?: number;
}
export function buildSharedObject(spec?: SharedObjectSpec): Uint8Array;
