// `npm run package`: the standalone executables for linux-x64 and linux-arm64, a pip wheel for each,
// and SHA256SUMS, in release/. Needs the npm registry for the pinned Node and koffi builds (cached in
// .release-cache/), nothing else; the arm64 files are made on an x64 machine and the other way round.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { bundle } from './bundle.mjs';
import { elfInfo, newestGlibc } from './elf.mjs';
import { fetchPinned } from './fetch.mjs';
import { injectBlob, makeBlob } from './sea.mjs';
import { KOFFI_VERSION, NODE_VERSION, TARGETS } from './targets.mjs';
import { buildWheel } from './wheel.mjs';

const root = new URL('../..', import.meta.url).pathname.replace(/\/$/, '');
const log = (t) => process.stderr.write(`package: ${t}\n`);
const sha256 = (buf) => createHash('sha256').update(buf).digest('hex');

const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const koffiInstalled = JSON.parse(readFileSync(join(root, 'node_modules/koffi/package.json'), 'utf8')).version;
if (koffiInstalled !== KOFFI_VERSION)
  throw new Error(`node_modules/koffi is ${koffiInstalled}, scripts/package/targets.mjs pins ${KOFFI_VERSION}: update both together`);

const only = process.argv.slice(2).filter((a) => !a.startsWith('-'));
const targets = TARGETS.filter((t) => only.length === 0 || only.includes(t.arch));
const cacheDir = join(root, '.release-cache');
const buildDir = join(root, '.release-build');
const releaseDir = join(root, 'release');
rmSync(buildDir, { recursive: true, force: true });
mkdirSync(buildDir, { recursive: true });
mkdirSync(releaseDir, { recursive: true });

const parts = TARGETS.map((t) => ({
  t,
  node: fetchPinned(cacheDir, t.node.name, NODE_VERSION, t.node.integrity, log),
  koffi: fetchPinned(cacheDir, t.koffi.name, KOFFI_VERSION, t.koffi.integrity, log),
}));
const host = parts.find((p) => p.t.arch === process.arch);
if (!host) throw new Error(`no pinned Node for this build machine's architecture (${process.arch})`);
const hostNode = join(host.node, 'bin', 'node');
const release = JSON.parse(execFileSync(hostNode, ['-p', 'JSON.stringify(process.release)'], { encoding: 'utf8', timeout: 30_000 }));
if (!release.lts) throw new Error(`Node ${NODE_VERSION} is not an LTS release (process.release.lts is empty)`);
log(`Node ${NODE_VERSION} (${release.lts} LTS), koffi ${KOFFI_VERSION}`);

log('bundling');
const bundled = await bundle(root, buildDir);

const licenses = [
  { name: 'gpuenv-LICENSE.txt', text: readFileSync(join(root, 'LICENSE'), 'utf8') },
  { name: 'node-LICENSE.txt', text: readFileSync(join(host.node, 'LICENSE'), 'utf8') },
  { name: 'koffi-LICENSE.txt', text: readFileSync(join(root, 'node_modules/koffi/LICENSE.txt'), 'utf8') },
];
const summary = pkg.description;
const readme = readFileSync(join(root, 'python', 'README.md'), 'utf8');
const made = [];
for (const { t, node, koffi } of parts.filter((p) => targets.includes(p.t))) {
  const koffiNode = join(koffi, t.koffiTriplet, 'koffi.node');
  const koffiBytes = readFileSync(koffiNode);
  const manifest = join(buildDir, `koffi-${t.arch}.json`);
  writeFileSync(manifest, JSON.stringify({ triplet: t.koffiTriplet, version: KOFFI_VERSION, sha256: sha256(koffiBytes) }));
  // Package files read at run time (src/standalone/assets.ts BUNDLED_FILES), under their own paths.
  const files = Object.fromEntries(['schema/snapshot.schema.json', 'schema/lock.schema.json'].map((f) => [f, join(root, f)]));
  const blob = makeBlob(hostNode, buildDir, bundled.cli, { 'koffi.node': koffiNode, 'koffi.json': manifest, 'bench-worker.cjs': bundled.worker, ...files });
  const exeName = `gpuenv-linux-${t.arch}`;
  const exe = join(releaseDir, exeName);
  log(`writing release/${exeName}`);
  await injectBlob(join(node, 'bin', 'node'), blob, exe);
  const elf = elfInfo(exe);
  if (elf.machine !== t.elfMachine) throw new Error(`${exeName}: ELF machine ${elf.machine}, expected ${t.elfMachine}`);
  const glibc = newestGlibc([elf.glibc, elfInfo(koffiNode).glibc]);
  made.push(exeName);
  const wheel = buildWheel({ root, version: pkg.version, machine: t.machine, glibc, executable: readFileSync(exe), summary, readme, licenses });
  const tmp = join(releaseDir, `${wheel.name}.tmp`);
  writeFileSync(tmp, wheel.data);
  renameSync(tmp, join(releaseDir, wheel.name));
  made.push(wheel.name);
  log(`writing release/${wheel.name} (needs glibc ${glibc.join('.')})`);
}
copyFileSync(join(host.node, 'LICENSE'), join(releaseDir, 'NODE-LICENSE.txt'));
// Every artefact of this version in release/, also those of a target not rebuilt this time.
const present = readdirSync(releaseDir).filter((n) =>
  n.startsWith('gpuenv-linux-') ? !n.endsWith('.tmp') : n.startsWith(`gpuenv-${pkg.version}-`) && n.endsWith('.whl'),
);
const sums = present.sort().map((name) => `${sha256(readFileSync(join(releaseDir, name)))}  ${name}`);
writeFileSync(join(releaseDir, 'SHA256SUMS'), `${sums.join('\n')}\n`);
log(`done: ${made.join(', ')}`);
