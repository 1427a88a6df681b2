// `gpuenv explain [FILE|-] [--json] [--here]`: pasted errors and environment dumps → root cause and fix.
import { open } from 'node:fs/promises';
import { resolve } from 'node:path';
import { UsageError } from '../errors.js';
import { explainText, type Explanation } from '../explain/index.js';
import { collectBounded, DEFAULT_LIMITS, type Collected } from '../parse/collect.js';
import { explainFindingsSection } from '../render/explain-text.js';
import { makeStyle } from '../render/style.js';
import { outputWidth } from '../render/wrap.js';
import { isSymptom, symptomEvents } from '../parse/symptoms.js';
import { takeSnapshot } from '../probe/take.js';
import { SNAPSHOT_SCHEMA_VERSION } from '../snapshot/types.js';
import { msg } from './messages.js';
import type { CommandContext, CommandDetails } from './types.js';

export const details: CommandDetails = {
  usage: 'explain [FILE|-] [--json] [--here]',
  help: () => [msg('explain.opt.file'), msg('explain.opt.json'), msg('explain.opt.here')],
  examples: ['python train.py 2>&1 | gpuenv explain -', 'gpuenv explain error.log', 'gpuenv explain collect_env.txt --here', 'gpuenv explain log.txt --json'],
  options: { here: { type: 'boolean' } },
  allowPositionals: true,
};

export async function run(ctx: CommandContext): Promise<number> {
  const { io, values, globals, positionals } = ctx;
  if (positionals.length > 1) throw new UsageError(msg('explain.tooMany'), `gpuenv ${details.usage}`);
  const file = positionals[0];
  const here = values.here === true;
  let collected: Collected;
  if (file !== undefined && file !== '-') collected = await collectFile(resolve(io.cwd, file), file);
  else if (file === undefined && here) collected = { bytes: Buffer.alloc(0), totalBytes: 0, droppedBytes: 0 };
  else collected = await collectBounded(io.stdin());
  const bytes = collected.bytes;
  if (bytes.length === 0 && !here) throw new UsageError(msg('explain.empty'), msg('explain.emptyHint'));
  const snapshot = here ? await takeSnapshot(await ctx.system(), {}) : undefined;
  const result = await explainText(bytes, snapshot ? { here: snapshot } : {});
  if (collected.droppedBytes > 0) {
    result.parsed.input.totalBytes = collected.totalBytes;
    result.parsed.input.droppedBytes = collected.droppedBytes;
  }
  if (globals.json) {
    const findings = result.findings.map((f) => ({
      code: f.code,
      severity: f.severity,
      title: f.title,
      cause: f.cause,
      fix: f.fix,
      evidence: f.evidence,
      ...(f.unconfirmed ? { unconfirmed: f.unconfirmed } : {}),
    }));
    const input = {
      bytes: result.parsed.input.totalBytes,
      lines: result.parsed.input.lines,
      droppedBytes: result.parsed.input.droppedBytes,
      binary: result.parsed.input.binary,
    };
    io.out(`${JSON.stringify({ schemaVersion: SNAPSHOT_SCHEMA_VERSION, findings, input, recognised: result.parsed.segments.map((s) => s.kind) }, null, 2)}\n`);
  } else {
    io.out(render(result, makeStyle(io.color), outputWidth(io), bytes.length === 0));
  }
  return result.findings.some((f) => f.severity === 'error') ? 1 : 0;
}

/** Any readable path: a file, a FIFO, `<(…)`, a /proc file (stat's size is not trusted), streamed. */
async function collectFile(path: string, shown: string): Promise<Collected> {
  let fh;
  try {
    fh = await open(path, 'r');
    if ((await fh.stat()).isDirectory()) throw Object.assign(new Error('EISDIR'), { code: 'EISDIR' });
    return await collectBounded(fh.createReadStream({ autoClose: false, highWaterMark: 1024 * 1024 }));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const known = code === 'ENOENT' || code === 'EISDIR' || code === 'EACCES' ? msg(`explain.reason.${code}`) : undefined;
    throw new UsageError(msg('explain.notFound', { file: shown, reason: known ?? code ?? String(error) }));
  } finally {
    await fh?.close();
  }
}

function size(n: number): string {
  return n >= 1024 * 1024 ? `${(n / 1024 / 1024).toFixed(1)} MB` : n >= 1024 ? `${(n / 1024).toFixed(1)} KB` : `${n} B`;
}

function render(r: Explanation, st: ReturnType<typeof makeStyle>, width: number, hereOnly: boolean): string {
  const out = [st.bold(msg('explain.title')), ''];
  const inp = r.parsed.input;
  if (hereOnly) out.push(msg('explain.hereOnly'));
  else {
    out.push(msg('explain.read', { lines: inp.lines, size: size(inp.totalBytes) }));
    if (inp.droppedBytes > 0)
      out.push(msg('explain.truncated', { total: size(inp.totalBytes), kept: size(DEFAULT_LIMITS.head), dropped: size(inp.droppedBytes) }));
    if (inp.binary) out.push(msg('explain.binary'));
    if (inp.encoding !== 'utf-8') out.push(msg('explain.encoding', { encoding: inp.encoding.toUpperCase() }));
    const kinds = new Map<string, string>();
    for (const s of r.parsed.segments)
      if (!kinds.has(s.kind))
        kinds.set(s.kind, `${s.kind} (${msg(s.startLine === s.endLine ? 'explain.line' : 'explain.lines', { from: s.startLine, to: s.endLine })})`);
    // Messages and symptoms are recognised too, with or without a command's output around them.
    const list = [...kinds.values()].slice(0, 8);
    const said = (events: readonly { line: number }[], key: 'messagesAt' | 'symptomsAt') => {
      const lines = [...new Set(events.map((e) => e.line))];
      if (lines.length === 1) list.push(msg(`explain.${key}1`, { line: lines[0]! }));
      else if (lines.length) list.push(msg(`explain.${key}`, { lines: lines.slice(0, 6).join(', ') + (lines.length > 6 ? ' …' : '') }));
    };
    said(
      r.parsed.events.filter((e) => !isSymptom(e.signature)),
      'messagesAt',
    );
    said(symptomEvents(r.parsed.events), 'symptomsAt');
    out.push(
      list.length ? msg('explain.recognised', { list: list.join(', ') }) : factList(r).length ? msg('explain.onlyFacts') : msg('explain.nothingRecognised'),
    );
  }
  const facts = factList(r);
  if (facts.length) out.push(msg('explain.facts', { list: facts.join(' · ') }));
  out.push('', ...explainFindingsSection(r.findings, st, width), '');
  return out.join('\n');
}

function factList(r: Explanation): string[] {
  const s = r.snapshot;
  const out: string[] = [];
  for (const g of s.gpus.slice(0, 4)) out.push(`${g.name}${g.computeCapability ? ` (sm_${g.computeCapability.replace('.', '')})` : ''}`);
  if (s.driver.version)
    out.push(msg('explain.factDriver', { version: s.driver.version.value, cuda: s.driver.cudaVersion ? ` (CUDA ${s.driver.cudaVersion.value})` : '' }));
  else if (s.driver.cudaVersion) out.push(`driver CUDA ${s.driver.cudaVersion.value}`);
  for (const t of s.toolkits.slice(0, 2)) if (t.version) out.push(`nvcc ${t.version.value}`);
  for (const p of (s.python[0]?.packages ?? []).filter((p) => /^(torch|tensorflow|jax|jaxlib|vllm)$/.test(p.name)).slice(0, 4))
    out.push(`${p.name} ${p.version}`);
  return out;
}
