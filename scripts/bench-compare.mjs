// The "must show" table of issue 20: for each pass of scripts/device-bench.sh must-show, every row of the native
// engine next to the torch engine and the plain PyTorch timing (scripts/bench-torch-plain.py) of the same run, the
// ratios, and the wall time of each command. Reads DIR/{native,torch,plain}-<pass>.out and DIR/walls.jsonl.
// With two GPUs (scripts/device-multi-gpu.sh) the P2P rows (bandwidth, 4 KiB latency, each way) and the all-reduce
// busbw per size come too; the native figures say whether libnccl ran in the engine or torchrun did.
// Usage: node scripts/bench-compare.mjs DIR   → Markdown on stdout
import { existsSync, readFileSync } from 'node:fs';

const dir = process.argv[2];
if (!dir) {
  console.error('usage: node scripts/bench-compare.mjs DIR');
  process.exit(2);
}
const read = (name) => {
  const f = `${dir}/${name}.out`;
  if (!existsSync(f)) return null;
  const text = readFileSync(f, 'utf8').trim();
  try {
    return JSON.parse(text.slice(text.lastIndexOf('\n{') + 1));
  } catch {
    return null;
  }
};
const walls = existsSync(`${dir}/walls.jsonl`)
  ? readFileSync(`${dir}/walls.jsonl`, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l))
  : [];
const wallOf = (label) => walls.find((w) => w.label === label);
const MiB = 1024 * 1024;
const size = (b) => (b >= MiB ? `${b / MiB} MiB` : `${b / 1024} KiB`);
const f = (x, d = 1) => (x === undefined || x === null ? '—' : x >= 100 ? x.toFixed(0) : x.toFixed(d));
const ratio = (a, b, lowerBetter = false) => (a && b ? (lowerBetter ? b / a : a / b).toFixed(2) : '—');

/** Rows of one engine result (the `run.result` of bench --json) keyed like the plain script's. */
function engineRows(doc) {
  const r = doc?.run?.result;
  const out = new Map();
  if (!r) return out;
  for (const c of r.copies) out.set(`${c.kind} ${size(c.bytes)}`, c.medianGBs);
  for (const g of r.gemms) out.set(`gemm ${g.dtype} ${g.n}³`, g.medianTflops);
  for (const x of r.seed?.xcpu ?? []) out.set('seed x.cpu() 10000² fp32 (GB/s)', x.medianGBs);
  for (const g of r.seed?.matmul ?? []) out.set('seed matmul fp32 10000³ (ms)', (2 * g.n ** 3) / (g.medianTflops * 1e12) / 1e-3);
  for (const h of r.hostMemcpy ?? []) if (h.into === 'warm' && h.bytes === 256 * MiB) out.set('host memcpy 256 MiB (1 thread)', h.medianGBs);
  for (const p of r.p2p ?? []) {
    if (p.medianGBs !== null && p.bytes) out.set(`p2p ${p.src}→${p.dst} ${size(p.bytes)}`, p.medianGBs);
    if (p.latency) out.set(`p2p ${p.src}→${p.dst} latency ${size(p.latency.bytes)} (µs)`, p.latency.medianUs);
  }
  const ar = r.allReduce;
  for (const x of ar?.sizes ?? (ar ? [ar] : [])) out.set(`all-reduce ×${ar.gpus} busbw ${size(x.bytes)}`, ar.gpus >= 2 ? x.busbwGBs : x.algbwGBs);
  return out;
}

/** How the all-reduce of an engine result ran: "NCCL 2.28.9 in the engine" or "torchrun (…)". */
function allReduceVia(doc) {
  const ar = doc?.run?.result?.allReduce;
  if (!ar) return doc?.run?.result?.allReduceSkipped ? `skipped: ${doc.run.result.allReduceSkipped}` : null;
  return `${ar.via ?? '?'}, NCCL ${ar.nccl ?? '?'}${ar.fallback ? ` (fallback: ${ar.fallback})` : ''}${ar.ok ? '' : `, FAILED: ${ar.error ?? 'wrong result'}`}`;
}

function plainRows(doc) {
  const out = new Map();
  if (!doc) return out;
  for (const c of doc.copies) out.set(`${c.kind} ${size(c.bytes)}`, c.GBs);
  for (const g of doc.gemms) out.set(`gemm ${g.dtype} ${g.n}³`, g.TFLOPs);
  out.set('seed x.cpu() 10000² fp32 (GB/s)', doc.seed?.xcpu?.GBs);
  out.set('seed matmul fp32 10000³ (ms)', doc.seed?.matmul?.ms);
  out.set('host memcpy 256 MiB (1 thread)', doc.hostMemcpyGBs);
  for (const p of doc.p2p ?? []) {
    out.set(`p2p ${p.src}→${p.dst} ${size(p.bytes)}`, p.GBs);
    out.set(`p2p ${p.src}→${p.dst} latency 4 KiB (µs)`, p.latencyUs);
  }
  const ar = doc.allReduce;
  for (const x of ar?.sizes ?? []) out.set(`all-reduce ×${ar.gpus} busbw ${size(x.bytes)}`, ar.gpus >= 2 ? x.busbwGBs : x.algbwGBs);
  return out;
}

const lines = [];
for (const pass of ['a', 'b']) {
  const native = read(`native-${pass}`);
  const torch = read(`torch-${pass}`);
  const plain = read(`plain-${pass}`);
  if (!native && !torch && !plain) continue;
  const [n, t, p] = [engineRows(native), engineRows(torch), plainRows(plain)];
  const wn = wallOf(`native-${pass}`);
  const wt = wallOf(`torch-${pass}`);
  const wp = wallOf(`plain-${pass}`);
  lines.push(`### Pass ${pass}`, '');
  lines.push(
    `Wall time: \`bench --quick\` (native) **${wn?.wallS ?? '?'} s** (exit ${wn?.exit ?? '?'}), \`bench --quick --engine torch\` **${wt?.wallS ?? '?'} s** (exit ${wt?.exit ?? '?'}), plain PyTorch script ${wp?.wallS ?? '?'} s.`,
    '',
  );
  lines.push('| row | native | torch engine | plain PyTorch | native / plain | native / torch |', '| --- | ---: | ---: | ---: | ---: | ---: |');
  for (const key of new Set([...n.keys(), ...p.keys()])) {
    const lower = key.endsWith('(ms)') || key.endsWith('(µs)');
    lines.push(
      `| ${key} | ${f(n.get(key))} | ${f(t.get(key))} | ${f(p.get(key))} | ${ratio(n.get(key), p.get(key), lower)} | ${ratio(n.get(key), t.get(key), lower)} |`,
    );
  }
  const phases = native?.run?.phasesMs;
  const engine = native?.run?.result?.phasesMs;
  if (phases)
    lines.push(
      '',
      `native phases (ms): ${Object.entries({ ...phases, ...engine })
        .map(([k, v]) => `${k} ${v}`)
        .join(' · ')}`,
    );
  for (const [name, doc] of [
    ['native', native],
    ['torch engine', torch],
  ]) {
    const via = allReduceVia(doc);
    if (via) lines.push('', `${name} all-reduce: ${via}`);
  }
  if (plain?.allReduce) lines.push('', `plain all-reduce: torch.distributed, NCCL ${plain.allReduce.nccl}, ${plain.allReduce.gpus} process(es)`);
  for (const v of native?.linkVerdicts ?? []) lines.push('', `native: ${v.text}`);
  const verdict = native?.verdicts?.map((v) => `GPU ${v.gpu}: ${v.normal ? 'normal' : `NOT normal: ${v.problems.join(' ')}`}`).join('; ');
  if (verdict) lines.push('', `native verdict: ${verdict}`);
  lines.push('');
}
console.log(lines.join('\n'));
