// Types for scripts/package/zip.mjs.
export function makeZip(entries: { name: string; data: Uint8Array; mode?: number }[]): Buffer;
