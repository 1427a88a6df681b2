// Entry point of the standalone executable (a Node single-executable application built by
// scripts/package/): the CLI, or one of its child parts when a gpuenv parent forked it with IPC.
import { rmSync } from 'node:fs';
import { getAsset } from 'node:sea';
import { runProcess } from '../cli.js';
import { childMode, setStandalone } from '../process/self.js';
import { ASSET, type NativeManifest } from './assets.js';
import { unpackNative } from './unpack.js';

let koffiDir: string | undefined;
setStandalone({
  benchWorkerSource: () => getAsset(ASSET.benchWorker, 'utf8'),
  asset: (relPath) => getAsset(relPath, 'utf8'),
  koffiDir: () => {
    if (koffiDir === undefined) {
      const manifest = JSON.parse(getAsset(ASSET.nativeManifest, 'utf8')) as NativeManifest;
      const bytes = new Uint8Array(getAsset(ASSET.koffiNode));
      const unpacked = unpackNative({ ...manifest, bytes }, { env: process.env });
      koffiDir = unpacked.dir;
      // A private temp copy serves this process only; a mapped module may be unlinked on Linux.
      if (unpacked.how === 'temp') process.on('exit', () => rmSync(unpacked.dir, { recursive: true, force: true }));
    }
    return koffiDir;
  },
});

const args = process.argv.slice(2);
const mode = childMode(args, typeof process.send === 'function');
// The child modules run their work when loaded; importing them lazily keeps the CLI's start-up small.
if (mode === 'native-probe') void import('../native/child.js');
else if (mode === 'bench') void import('../bench/child.js');
else runProcess(args);
