// Names of what scripts/package/ embeds in the executable next to the bundle (SEA assets).
export const ASSET = {
  koffiNode: 'koffi.node',
  nativeManifest: 'koffi.json',
  benchWorker: 'bench-worker.cjs',
} as const;

/** Files embedded under their package-relative paths, read through src/system/bundled.ts. */
export const BUNDLED_FILES = ['schema/snapshot.schema.json', 'schema/lock.schema.json'] as const;

/** koffi.json: what the build recorded of the embedded module. */
export interface NativeManifest {
  triplet: string;
  version: string;
  sha256: string;
}
