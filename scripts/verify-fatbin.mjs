#!/usr/bin/env node
// Checks the built fatbin parser (dist/formats/fatbin.js) against cuobjdump on every shared object
// under the folders given: for each file, our SASS / PTX lists next to `cuobjdump --list-elf` /
// `--list-ptx`, whether they agree, and the time each took.
//
// usage: node scripts/verify-fatbin.mjs [--json OUT.json] [--cuobjdump PATH] DIR|FILE…
// Exit status: 0 all agree, 1 some differ, 2 usage error.
import { execFile } from 'node:child_process';
import { open, readdir, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';

const distUrl = new URL('../dist/formats/fatbin.js', import.meta.url);
const { scanFatbin, summarizeFatbin } = await import(fileURLToPath(distUrl));

const args = process.argv.slice(2);
let jsonOut;
let cuobjdump = process.env.CUOBJDUMP ?? 'cuobjdump';
const roots = [];
for (let i = 0; i < args.length; i++) {
  const a = args[i];
  if (a === '--json') jsonOut = args[++i];
  else if (a === '--cuobjdump') cuobjdump = args[++i];
  else roots.push(a);
}
if (roots.length === 0) {
  console.error('usage: node scripts/verify-fatbin.mjs [--json OUT.json] [--cuobjdump PATH] DIR|FILE…');
  process.exit(2);
}

async function* sharedObjects(path) {
  const st = await stat(path).catch(() => undefined);
  if (st === undefined) return;
  if (st.isFile()) {
    yield path;
    return;
  }
  if (!st.isDirectory()) return;
  for (const ent of await readdir(path, { withFileTypes: true })) {
    const p = join(path, ent.name);
    if (ent.isDirectory()) yield* sharedObjects(p);
    // Symlinked sonames point at a file listed under its own name: count it once.
    else if (ent.isFile() && /\.so(\.\d+)*$/.test(ent.name)) yield p;
  }
}

async function ours(path) {
  const fh = await open(path, 'r');
  try {
    const { size } = await fh.stat();
    const read = async (offset, length) => {
      const buf = Buffer.alloc(length);
      const { bytesRead } = await fh.read(buf, 0, length, offset);
      return buf.subarray(0, bytesRead);
    };
    const t0 = performance.now();
    const scan = await scanFatbin(read, size);
    const ms = performance.now() - t0;
    return { scan, summary: summarizeFatbin(scan), ms, size };
  } finally {
    await fh.close();
  }
}

function run(cmd, argv) {
  return new Promise((resolve) => {
    const t0 = performance.now();
    execFile(cmd, argv, { maxBuffer: 1 << 30, timeout: 600_000 }, (err, stdout, stderr) => {
      resolve({ ok: !err, code: err?.code, stdout: String(stdout), stderr: String(stderr), ms: performance.now() - t0 });
    });
  });
}

const order = (a, b) => {
  const pa = /_(\d+)(\w*)$/.exec(a);
  const pb = /_(\d+)(\w*)$/.exec(b);
  return pa && pb ? Number(pa[1]) - Number(pb[1]) || pa[2].localeCompare(pb[2]) : a.localeCompare(b);
};
const uniq = (xs) => [...new Set(xs)].sort(order);

// cuobjdump names each embedded file `<lib>.<n>.sm_90a.cubin` / `<lib>.<n>.sm_90.ptx`; PTX is
// named with "sm_" although it targets the virtual compute_ architecture.
function targets(out, ext, prefix) {
  const found = [];
  for (const line of out.split('\n')) {
    const m = new RegExp(`\\bsm_(\\d+[a-z]?)\\.${ext}\\b`).exec(line);
    if (m) found.push(`${prefix}_${m[1]}`);
  }
  return found;
}

const results = [];
let differ = 0;
let totalOurs = 0;
let totalCuobj = 0;
for (const root of roots) {
  for await (const file of sharedObjects(root)) {
    const mine = await ours(file);
    const elf = await run(cuobjdump, ['--list-elf', file]);
    const ptx = await run(cuobjdump, ['--list-ptx', file]);
    const cElf = targets(elf.stdout, 'cubin', 'sm');
    const cPtx = targets(ptx.stdout, 'ptx', 'compute');
    const loadable = mine.scan.entries.filter((e) => e.section === '.nv_fatbin');
    const all = mine.scan.entries;
    const count = (list, kind) => list.filter((e) => e.kind === kind).length;
    // cuobjdump names a family-specific cubin (-gencode code=sm_100f) plainly, "sm_100", though
    // the fatbin entry carries the 'f' flag (its PTX it does name "sm_100f"); we keep the 'f'.
    const plainSass = uniq(mine.summary.sass.map((t) => t.replace(/^(sm_\d+)f$/, '$1')));
    const sameSass = JSON.stringify(plainSass) === JSON.stringify(uniq(cElf));
    const fNamedPlain = sameSass && mine.summary.sass.some((t) => /^sm_\d+f$/.test(t));
    const samePtx = JSON.stringify(mine.summary.ptx) === JSON.stringify(uniq(cPtx));
    // Which section(s) does cuobjdump count? Compare entry counts both ways.
    const countsLoadable = count(loadable, 'elf') === cElf.length && count(loadable, 'ptx') === cPtx.length;
    const countsAll = count(all, 'elf') === cElf.length && count(all, 'ptx') === cPtx.length;
    // cuobjdump says "does not contain device code" and exits non-zero for plain libraries.
    const cuobjNoCode = !elf.ok && /does not contain device code|no device code|not contain/i.test(elf.stderr + elf.stdout);
    const agree = sameSass && samePtx && (countsLoadable || countsAll);
    if (!agree) differ++;
    totalOurs += mine.ms;
    totalCuobj += elf.ms + ptx.ms;
    const r = {
      file,
      sizeBytes: mine.size,
      agree,
      sameSass,
      samePtx,
      fNamedPlain,
      countsMatch: countsLoadable ? '.nv_fatbin' : countsAll ? 'all sections' : 'no',
      ours: {
        sass: mine.summary.sass,
        ptx: mine.summary.ptx,
        entries: mine.summary.entries,
        compressed: mine.summary.compressed,
        sections: mine.scan.sections,
        elfEntries: count(loadable, 'elf'),
        ptxEntries: count(loadable, 'ptx'),
        otherEntries: loadable.length - count(loadable, 'elf') - count(loadable, 'ptx'),
        error: mine.summary.error,
        ms: Math.round(mine.ms * 10) / 10,
      },
      cuobjdump: {
        sass: uniq(cElf),
        ptx: uniq(cPtx),
        elfEntries: cElf.length,
        ptxEntries: cPtx.length,
        noDeviceCode: cuobjNoCode,
        exit: elf.ok ? 0 : elf.code,
        stderr: (elf.stderr + ptx.stderr).trim().slice(0, 300),
        ms: Math.round((elf.ms + ptx.ms) * 10) / 10,
      },
    };
    results.push(r);
    const mark = agree ? 'agree ' : 'DIFFER';
    console.log(
      `${mark} ${file}  ours ${r.ours.ms} ms, cuobjdump ${r.cuobjdump.ms} ms, counts ${r.countsMatch}${fNamedPlain ? ', sm_NNNf named sm_NNN by cuobjdump' : ''}\n` +
        `       ours  sass=[${r.ours.sass.join(' ')}] ptx=[${r.ours.ptx.join(' ')}] entries=${r.ours.entries}${r.ours.error ? ` (${r.ours.error})` : ''}\n` +
        `       cuobj sass=[${r.cuobjdump.sass.join(' ')}] ptx=[${r.cuobjdump.ptx.join(' ')}] elf=${r.cuobjdump.elfEntries} ptx=${r.cuobjdump.ptxEntries}${r.cuobjdump.stderr ? ` (${r.cuobjdump.stderr.split('\n')[0]})` : ''}`,
    );
  }
}
const summary = {
  files: results.length,
  agree: results.length - differ,
  differ,
  oursMsTotal: Math.round(totalOurs),
  cuobjdumpMsTotal: Math.round(totalCuobj),
};
console.log(JSON.stringify(summary));
if (jsonOut) await writeFile(jsonOut, JSON.stringify({ summary, results }, null, 2));
process.exit(differ === 0 ? 0 : 1);
