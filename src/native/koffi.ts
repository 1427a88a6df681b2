// The one way gpuenv loads koffi. Under Node it is the koffi package; in the standalone executable the
// bundled koffi finds its native module in the verified folder the executable unpacked (koffiDir),
// through the two globals the bundle's build rewrites koffi's import.meta to (scripts/package/bundle.mjs).
import { standaloneRuntime } from '../process/self.js';

export type Koffi = typeof import('koffi');

declare global {
  var __gpuenvKoffiDirname: string | undefined;
  var __gpuenvKoffiUrl: string | undefined;
}

export async function loadKoffi(): Promise<Koffi> {
  const runtime = standaloneRuntime();
  if (runtime) {
    const dir = runtime.koffiDir();
    // koffi searches `${resourcesPath}/koffi/<triplet>/koffi.node`. Its other candidates are
    // `${dirname}/../../../@koromix/…` and `${dirname}/../../build/koffi/…`: with dirname three levels
    // inside the verified folder (which is 0700 and ours), both lie inside it too and do not exist.
    (process as { resourcesPath?: string }).resourcesPath = dir;
    globalThis.__gpuenvKoffiDirname = `${dir}/none/lib/koffi`;
    globalThis.__gpuenvKoffiUrl = `file://${dir}/none/lib/koffi/index.js`;
  }
  return await import('koffi');
}
