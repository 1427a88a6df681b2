// `gpuenv report`: one self-contained HTML page of this machine (or a saved Snapshot) and its findings, a bench
// result and a fleet folder. Thin: inputs read or probed here, the page built by src/report/, written atomically.
import { stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import { diagnose } from '../diagnose/index.js';
import { UsageError } from '../errors.js';
import { takeSnapshot } from '../probe/take.js';
import { readBenchFile } from '../report/bench-input.js';
import { readFleet } from '../report/fleet-input.js';
import { renderReport } from '../report/index.js';
import { msg } from '../report/messages.js';
import { readSnapshotFile } from '../snapshot/read.js';
import { parseTimeout } from '../system/duration.js';
import { isStdout, writeOutput } from '../system/output-file.js';
import type { CommandContext, CommandDetails } from './types.js';

export const details: CommandDetails = {
  usage:
    'report [--snapshot FILE] [--bench FILE] [--fleet DIR]… [--doctor] [--fragment] [-o FILE|- [--force]] [--root DIR] [--timeout SECONDS] [--lang en|zh-CN]',
  help: () => [
    msg('opt.snapshot'),
    msg('opt.bench'),
    msg('opt.fleet'),
    msg('opt.doctor'),
    msg('opt.fragment'),
    msg('opt.output'),
    msg('opt.force'),
    msg('opt.timeout'),
  ],
  examples: [
    'gpuenv report',
    'gpuenv report --bench bench.json -o h200.html',
    'gpuenv report --snapshot h200.json --lang zh-CN -o h200-zh.html',
    'gpuenv report --fleet results/ -o fleet.html',
    'gpuenv report --snapshot h200.json --fragment -o -',
  ],
  options: {
    snapshot: { type: 'string' },
    bench: { type: 'string' },
    fleet: { type: 'string', multiple: true },
    doctor: { type: 'boolean' },
    fragment: { type: 'boolean' },
    output: { type: 'string', short: 'o' },
    force: { type: 'boolean' },
    timeout: { type: 'string' },
  },
  allowPositionals: false,
};

const str = (v: unknown) => (typeof v === 'string' ? v : undefined);

export async function run(ctx: CommandContext): Promise<number> {
  const { values, io, globals } = ctx;
  const snapshotFile = str(values.snapshot);
  const benchFile = str(values.bench);
  const fleetDirs = (Array.isArray(values.fleet) ? values.fleet : []).map(String);
  if (snapshotFile && globals.root) throw new UsageError(msg('err.snapshotFlags'));
  const timeoutMs = parseTimeout(values.timeout);
  const output = str(values.output) ?? 'gpuenv-report.html';
  // Refuse before probing: a page that cannot be written should not cost a probe of the machine.
  if (!isStdout(output) && values.force !== true && (await stat(resolve(io.cwd, output)).catch(() => null)))
    throw new UsageError(msg('err.exists', { file: output }));
  // The inputs are read first: a bad file is a usage error before any probing.
  const bench = benchFile ? await readBenchFile(benchFile, io.cwd) : undefined;
  const fleet = fleetDirs.length > 0 ? await readFleet(fleetDirs, io.cwd) : undefined;
  // The machine: a saved Snapshot, or this one probed, unless the page is only about a fleet (a login node's own
  // set-up is not the fleet's). --doctor asks for this machine as well.
  const wantMachine = snapshotFile !== undefined || values.doctor === true || fleetDirs.length === 0;
  let machine: Parameters<typeof renderReport>[0]['machine'];
  if (wantMachine) {
    const snapshot = snapshotFile
      ? await readSnapshotFile(snapshotFile, io.cwd)
      : await takeSnapshot(await ctx.system(), { timeoutMs, python: { extraPythons: [], deep: false } });
    machine = { snapshot, diagnosis: await diagnose(snapshot) };
  }
  const text = renderReport({
    ...(machine ? { machine } : {}),
    ...(bench ? { bench } : {}),
    ...(fleet ? { fleet } : {}),
    generatedAt: new Date().toISOString(),
    fragment: values.fragment === true,
  });
  if (isStdout(output)) io.out(text);
  else {
    await writeOutput(io.cwd, output, text, values.force === true);
    io.err(`${msg('written', { file: output, size: `${Math.ceil(Buffer.byteLength(text) / 1024)} KiB` })}\n`);
  }
  return 0;
}
