// Runs in a forked child: loads NVML and the CUDA driver, which may crash or hang, away from the CLI.
// The report goes back over IPC, never stdout: a stub libnvidia-ml prints a banner to stdout.
import { parseLang, setLang } from '../i18n/index.js';
import { loadKoffi, type Koffi } from './koffi.js';
import { msg } from './messages.js';
import type { NativeReport } from './report.js';

export type ChildMessage = { type: 'partial' | 'report'; report: NativeReport };

function send(message: ChildMessage): Promise<void> {
  return new Promise((resolve) => {
    if (!process.send) {
      // Run by hand (node dist/native/child.js): print instead.
      process.stderr.write(`${JSON.stringify(message.report, null, 2)}\n`);
      resolve();
      return;
    }
    process.send(message, undefined, {}, () => resolve());
  });
}

function ms(value: number): number {
  return Math.round(value * 10) / 10;
}

async function main(): Promise<void> {
  // What this child writes into the report is read in the parent's language (run.ts hands it over).
  setLang(parseLang(process.env.GPUENV_LANG) ?? 'en');
  const report: NativeReport = { nvml: null, cuda: null, unavailable: null };
  if (process.platform !== 'linux') {
    report.unavailable = msg('child.linuxOnly', { platform: process.platform });
    await send({ type: 'report', report });
    return;
  }
  let koffi: Koffi;
  try {
    koffi = await loadKoffi();
  } catch (error) {
    report.unavailable = msg('child.noKoffi', { why: error instanceof Error ? error.message : String(error) });
    await send({ type: 'report', report });
    return;
  }
  const { readNvml } = await import('./read-nvml.js');
  const { readCuda } = await import('./read-cuda.js');
  let t0 = performance.now();
  report.nvml = await readNvml(koffi);
  report.nvml.durationMs = ms(performance.now() - t0);
  // If cuInit crashes or hangs, the parent still has what NVML said.
  await send({ type: 'partial', report });
  t0 = performance.now();
  report.cuda = await readCuda(koffi);
  report.cuda.durationMs = ms(performance.now() - t0);
  await send({ type: 'report', report });
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    process.stderr.write(`${msg('child.failed', { why: error instanceof Error ? (error.stack ?? error.message) : String(error) })}\n`);
    process.exit(70);
  },
);
