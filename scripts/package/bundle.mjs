// Bundles the CLI and the bench thread into one CommonJS file each (a Node single-executable
// application runs one CommonJS script), with koffi's JavaScript inside and its native module left out:
// the executable carries that as an asset and unpacks it (src/standalone/unpack.ts).
import { build } from 'esbuild';
import { readFileSync } from 'node:fs';
import { join, sep } from 'node:path';

// koffi's loader reads import.meta (absent in CommonJS) to find its module: point it at the verified
// folder src/native/koffi.ts sets up, and drop its require() of the per-platform npm packages, which
// would load a module from whatever node_modules lies near the executable, unchecked.
const koffiLoader = {
  name: 'koffi-standalone',
  setup(b) {
    const inKoffi = /[\\/]node_modules[\\/]koffi[\\/].*\.js$/;
    b.onLoad({ filter: inKoffi }, (args) => {
      if (args.path.endsWith(`${sep}src${sep}static.js`)) return { contents: 'export function loadStatic() { return null; }', loader: 'js' };
      const text = readFileSync(args.path, 'utf8')
        .replaceAll('import.meta.dirname', 'globalThis.__gpuenvKoffiDirname')
        .replaceAll('import.meta.url', 'globalThis.__gpuenvKoffiUrl');
      return { contents: text, loader: 'js' };
    });
  },
};

/** Writes <outDir>/gpuenv.cjs and <outDir>/bench-worker.cjs; returns their paths. */
export async function bundle(root, outDir) {
  const common = {
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node24',
    minify: true,
    legalComments: 'eof',
    logLevel: 'warning',
    plugins: [koffiLoader],
    // Our own modules compute script URLs they use only under Node (src/system/self.ts forks the
    // executable instead); any valid URL keeps those expressions from throwing.
    define: { 'import.meta.url': '"file:///gpuenv-standalone/gpuenv.cjs"', 'import.meta.dirname': '"/gpuenv-standalone"' },
    absWorkingDir: root,
  };
  const out = { cli: join(outDir, 'gpuenv.cjs'), worker: join(outDir, 'bench-worker.cjs') };
  await build({ ...common, entryPoints: [join(root, 'src/standalone/main.ts')], outfile: out.cli });
  await build({ ...common, entryPoints: [join(root, 'src/standalone/bench-worker.ts')], outfile: out.worker });
  return out;
}
