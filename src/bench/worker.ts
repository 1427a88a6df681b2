// The benchmark thread: one worker_threads Worker that owns the CUDA context and makes only synchronous
// koffi calls, so the child's main thread stays free to sample NVML and relay progress.
import { parentPort, workerData } from 'node:worker_threads';
import { type Lang, setLang } from '../i18n/index.js';
import type { EngineConfig, EngineMessage, EngineResult } from './types.js';

interface WorkerInput {
  config: EngineConfig;
  /** Module exporting runNativeEngine; tests pass a fake engine. */
  engineModule?: string;
  /** The CLI's language (a thread has its own copy of the i18n module). */
  lang?: Lang;
}

type EngineModule = { runNativeEngine(config: EngineConfig, post: (m: EngineMessage) => void): Promise<EngineResult> };

const input = workerData as WorkerInput;
if (input.lang) setLang(input.lang);
const post = (m: EngineMessage) => parentPort?.postMessage(m);
// No top-level await: the standalone executable bundles this thread as a CommonJS script.
void (async () => {
  try {
    // A literal specifier for the real engine, so a bundler can include it.
    const mod = (await (input.engineModule ? import(input.engineModule) : import('./native-engine.js'))) as EngineModule;
    post({ type: 'result', result: await mod.runNativeEngine(input.config, post) });
  } catch (error) {
    post({ type: 'fatal', message: error instanceof Error ? error.message : String(error) });
  }
})();
