// The one way gpuenv loads koffi. Under Node it is the koffi package; in the standalone executable the
// bundled koffi finds its native module in the verified folder the executable unpacked (koffiDir),
// through the two globals the bundle's build rewrites koffi's import.meta to (scripts/package/bundle.mjs).
import { standaloneRuntime } from '../system/self.js';

export type Koffi = typeof import('koffi');

declare global {
  var __gpuenvKoffiDirname: string | undefined;
  var __gpuenvKoffiUrl: string | undefined;
}

export async function loadKoffi(): Promise<Koffi> {
  const runtime = standaloneRuntime();
  if (runtime) {
    const dir = runtime.koffiDir();
    // koffi searches `${resourcesPath}/koffi/<triplet>/koffi.node`; its other candidates are made to
    // point inside the same folder, so nothing outside what was verified can be picked first.
    (process as { resourcesPath?: string }).resourcesPath = dir;
    globalThis.__gpuenvKoffiDirname = `${dir}/lib/koffi`;
    globalThis.__gpuenvKoffiUrl = `file://${dir}/lib/koffi/index.js`;
  }
  return await import('koffi');
}
