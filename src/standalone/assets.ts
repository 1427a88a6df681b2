// Names of what scripts/package/ embeds in the executable next to the bundle (SEA assets).
export const ASSET = {
  koffiNode: 'koffi.node',
  nativeManifest: 'koffi.json',
  benchWorker: 'bench-worker.cjs',
} as const;

/** koffi.json: what the build recorded of the embedded module. */
export interface NativeManifest {
  triplet: string;
  version: string;
  sha256: string;
}
