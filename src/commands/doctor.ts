// `gpuenv doctor`: read the machine (or a saved Snapshot), run every rule, print the report; exit 1 on errors.
import { diagnose, hasErrors } from '../diagnose/index.js';
import { UsageError } from '../errors.js';
import { renderDoctorMarkdown } from '../render/doctor-markdown.js';
import { renderDoctorText } from '../render/doctor-text.js';
import { makeStyle } from '../render/style.js';
import { outputWidth } from '../render/wrap.js';
import { readSnapshotFile } from '../snapshot/read.js';
import { nodeIdentity } from '../probe/node-identity.js';
import { NODE_OPTIONS, nodeOptionValues, writeNodeResult } from '../fleet/out-dir.js';
import { checkEnvPath, isEnvPath } from '../probe/python/env-option.js';
import { parseTimeout } from '../system/duration.js';
import type { System } from '../system/types.js';
import { takeSnapshot } from '../probe/take.js';
import { SNAPSHOT_SCHEMA_VERSION } from '../snapshot/types.js';
import { msg } from './messages.js';
import type { CommandContext, CommandDetails } from './types.js';

export const details: CommandDetails = {
  usage: 'doctor [--json|--markdown] [--deep] [--python PATH]… [--snapshot FILE] [--root DIR] [--timeout SECONDS] [--out-dir DIR] [--node-name NAME]',
  help: () => [
    msg('cli.doctor.opt.json'),
    msg('cli.doctor.opt.markdown'),
    msg('cli.doctor.opt.deep'),
    msg('cli.doctor.opt.python'),
    msg('cli.doctor.opt.snapshot'),
    msg('cli.snapshot.opt.root'),
    msg('cli.snapshot.opt.timeout'),
    msg('cli.fleet.opt.outDir'),
    msg('cli.fleet.opt.nodeName'),
  ],
  examples: [
    'gpuenv doctor',
    'gpuenv doctor --markdown > report.md',
    'gpuenv doctor --deep --python ~/venvs/train/bin/python',
    'gpuenv doctor --snapshot h200.json --json',
  ],
  options: {
    markdown: { type: 'boolean' },
    deep: { type: 'boolean' },
    python: { type: 'string', multiple: true },
    snapshot: { type: 'string' },
    timeout: { type: 'string' },
    ...NODE_OPTIONS,
  },
  allowPositionals: false,
};

export async function run(ctx: CommandContext): Promise<number> {
  const { values, globals, io } = ctx;
  if (values.markdown && globals.json) throw new UsageError(msg('cli.doctor.err.oneFormat'));
  const snapshotFile = typeof values.snapshot === 'string' ? values.snapshot : undefined;
  const pythons = (Array.isArray(values.python) ? values.python : []).map(String);
  if (snapshotFile && (globals.root || values.deep || pythons.length)) {
    throw new UsageError(msg('cli.doctor.err.snapshotLive'));
  }
  const timeoutMs = parseTimeout(values.timeout);
  const { outDir, nodeName } = nodeOptionValues(values);
  const snapshot = snapshotFile
    ? await readSnapshotFile(snapshotFile, ctx.io.cwd)
    : await ctx.system().then(async (sys) =>
        takeSnapshot(sys, {
          timeoutMs,
          ...(nodeName ? { nodeName } : {}),
          python: { extraPythons: await checkedPythons(sys, pythons, ctx.io.cwd), deep: values.deep === true },
        }),
      );
  // A saved Snapshot keeps the node it was taken on, unless --node-name says otherwise.
  const taken = snapshot.node ?? nodeIdentity({}, snapshot.hostname);
  const node = snapshotFile && nodeName ? { ...taken, name: nodeName } : taken;
  const diagnosis = await diagnose(snapshot);
  const doc = () => ({ schemaVersion: SNAPSHOT_SCHEMA_VERSION, node, snapshot, findings: diagnosis.findings, ruleErrors: diagnosis.ruleErrors });
  if (outDir !== undefined) {
    io.err(`${msg('cli.fleet.written', { file: await writeNodeResult(io.cwd, outDir, node, doc()) })}\n`);
  } else if (globals.json) {
    io.out(`${JSON.stringify(doc(), null, 2)}\n`);
  } else if (values.markdown) {
    io.out(renderDoctorMarkdown(snapshot, diagnosis));
  } else {
    io.out(renderDoctorText(snapshot, diagnosis, makeStyle(io.color), outputWidth(io)));
  }
  return hasErrors(diagnosis.findings) ? 1 : 0;
}

/** Every --python must be an environment or an interpreter that exists: a typo is an error, not ignored. */
async function checkedPythons(sys: System, pythons: string[], cwd: string): Promise<string[]> {
  const out: string[] = [];
  for (const p of pythons) out.push((await checkEnvPath(sys, isEnvPath(p) ? p : `./${p}`, '--python', cwd)) ?? p);
  return out;
}
