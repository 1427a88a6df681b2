// Entry point of the bench thread inside the executable: a new realm, told by its parent where the
// verified koffi module lies, then the ordinary worker module.
import { workerData } from 'node:worker_threads';
import { setStandalone, WORKER_KOFFI_DIR } from '../process/self.js';
import { msg } from './messages.js';

const dir = (workerData as Record<string, unknown> | null)?.[WORKER_KOFFI_DIR];
setStandalone({
  benchWorkerSource: () => {
    throw new Error(msg('worker.noThreads'));
  },
  asset: () => {
    throw new Error(msg('worker.noAssets'));
  },
  koffiDir: () => {
    if (typeof dir !== 'string') throw new Error(msg('worker.noKoffiDir'));
    return dir;
  },
});
void import('../bench/worker.js');
