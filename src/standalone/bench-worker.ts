// Entry point of the bench thread inside the executable: a new realm, told by its parent where the
// verified koffi module lies, then the ordinary worker module.
import { workerData } from 'node:worker_threads';
import { setStandalone, WORKER_KOFFI_DIR } from '../process/self.js';

const dir = (workerData as Record<string, unknown> | null)?.[WORKER_KOFFI_DIR];
setStandalone({
  benchWorkerSource: () => {
    throw new Error('the bench thread starts no thread of its own');
  },
  asset: () => {
    throw new Error('the bench thread reads no embedded file');
  },
  koffiDir: () => {
    if (typeof dir !== 'string') throw new Error('the bench thread was started without the koffi folder');
    return dir;
  },
});
void import('../bench/worker.js');
