#!/usr/bin/env node
// Smoke test of what `npm run package` made, as a user without Node.js would run it: PATH holds no
// node, HOME is new. The x64 executable runs `--version`, `doctor --json` (its native probe child must
// have looked for libnvidia-ml, not failed to start), `explain -`, and its bench child with the bench
// thread (forked over IPC as bench.ts does; without a GPU it must fail on libcuda, nothing earlier).
// The wheel is installed into a fresh venv with pip --no-index and run both ways. The arm64
// executable must be an aarch64 ELF carrying the same bundle. The npm tarball installs globally and
// runs (that part uses this Node). Exit 0 when all pass.
import { execFileSync, fork, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, mkdirSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { elfInfo } from './elf.mjs';
import { mcpSession } from '../mcp-client.mjs';

const root = new URL('../..', import.meta.url).pathname.replace(/\/$/, '');
const version = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).version;
const release = join(root, 'release');
const work = mkdtempSync(join(tmpdir(), 'gpuenv-smoke-'));
let failed = 0;
const check = (name, ok, detail = '') => {
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${name}${detail ? `: ${detail}` : ''}`);
  if (!ok) failed++;
};

// A PATH with every command of /usr/bin and /bin but Node's.
const bin = join(work, 'bin');
mkdirSync(bin);
for (const dir of ['/usr/local/bin', '/usr/bin', '/bin']) {
  for (const name of existsSync(dir) ? readdirSync(dir) : []) {
    if (['node', 'nodejs', 'npm', 'npx', 'corepack'].includes(name) || existsSync(join(bin, name))) continue;
    symlinkSync(join(dir, name), join(bin, name));
  }
}
const env = { PATH: bin, HOME: join(work, 'home'), LANG: 'C.UTF-8' };
mkdirSync(env.HOME);
const run = (cmd, args, input) => spawnSync(cmd, args, { env, input, encoding: 'utf8', timeout: 120_000 });
check('no node on the PATH given to the executable', run('sh', ['-c', 'command -v node || true']).stdout.trim() === '');

const exe = join(release, `gpuenv-linux-${process.arch}`);
const v = run(exe, ['--version']);
check('executable --version', v.status === 0 && v.stdout.trim() === version, JSON.stringify(v.stdout.trim()));
check('no experimental warning on stderr', v.stderr === '', v.stderr.trim());

const d = run(exe, ['doctor', '--json']);
let doctor;
try {
  doctor = JSON.parse(d.stdout);
} catch {
  doctor = undefined;
}
check('executable doctor --json', d.status !== null && d.status <= 1 && doctor !== undefined, `exit ${d.status} ${d.stderr.trim().slice(0, 200)}`);
const native = doctor?.snapshot?.probes?.find((p) => /native/i.test(p.name));
check(
  'native probe child started and looked for NVML',
  Boolean(native) &&
    /libnvidia-ml|NVML/.test(JSON.stringify(native)) &&
    !/could not start|ENOENT|koffi could not be loaded|Cannot find module/.test(JSON.stringify(native)),
  JSON.stringify(native ?? null).slice(0, 300),
);
check(
  'koffi unpacked into the per-user cache',
  existsSync(join(env.HOME, '.cache', 'gpuenv')) && readdirSync(join(env.HOME, '.cache', 'gpuenv')).some((n) => n.startsWith('koffi-')),
);

// A root health check's HOME may be unwritable, even /proc: the module goes to a private temp folder.
const ro = spawnSync(exe, ['doctor', '--json'], { env: { ...env, HOME: '/proc' }, encoding: 'utf8', timeout: 60_000 });
const roNative = (() => {
  try {
    return JSON.stringify(JSON.parse(ro.stdout).snapshot.probes.find((p) => /native/i.test(p.name)));
  } catch {
    return '';
  }
})();
check(
  'HOME=/proc: the native probe still runs (temp folder), no timeout',
  /libnvidia-ml|NVML/.test(roNative) && !/timeout|timedOut/.test(roNative),
  roNative.slice(0, 200),
);

const e = run(exe, ['explain', '-'], 'RuntimeError: CUDA error: no kernel image is available for execution on the device\n');
check('executable explain -', e.status !== null && e.status <= 1 && /arch-unsupported/.test(e.stdout), `exit ${e.status}`);

// MCP as an assistant's client starts the executable (PATH without node): initialize, tools/list, tools/call doctor.
const mcp = mcpSession(exe, ['mcp'], { env, timeoutMs: 120_000 });
try {
  const init = await mcp.initialize('gpuenv-smoke');
  const info = init.response.result?.serverInfo;
  check('executable mcp: initialize', info?.name === 'gpuenv' && info.version === version, JSON.stringify(init.response).slice(0, 200));
  const listed = (await mcp.request('tools/list')).response.result?.tools ?? [];
  check(
    'executable mcp: tools/list, nine read-only tools',
    listed.length === 9 && listed.every((t) => t.annotations?.readOnlyHint === true),
    listed.map((t) => t.name).join(' '),
  );
  const called = (await mcp.request('tools/call', { name: 'doctor', arguments: {} })).response.result;
  check(
    'executable mcp: tools/call doctor gives doctor --json',
    called?.isError !== true && Array.isArray(called?.structuredContent?.findings) && JSON.parse(called.content[0].text).schemaVersion === 1,
    JSON.stringify(called ?? null).slice(0, 200),
  );
} catch (error) {
  check('executable mcp round-trip', false, error.message);
}
const mcpEnd = await mcp.close();
check(
  'executable mcp: only protocol on stdout; exit 0 when stdin closes',
  mcp.stray.length === 0 && mcpEnd.code === 0,
  `exit ${mcpEnd.code} ${mcp.stray.slice(0, 2).join(' | ')}`,
);

// Reading a Snapshot validates it against the schema embedded in the executable.
const fixtures = join(root, 'test', 'fixtures');
const lk = run(exe, ['lock', '--snapshot', join(fixtures, 'snapshots', 'h200.json')]);
check(
  'executable lock --snapshot (embedded schema)',
  lk.status === 0 && lk.stdout.includes('"lockVersion"'),
  `exit ${lk.status} ${lk.stderr.trim().slice(0, 200)}`,
);
const hostile = run(exe, ['doctor', '--snapshot', join(fixtures, 'hostile', 'gpus-not-a-list.snapshot.json')]);
check(
  'executable refuses a malformed Snapshot with exit 2',
  hostile.status === 2 && /\/gpus: must be array/.test(hostile.stderr),
  hostile.stderr.trim().slice(0, 200),
);

// The bench child and its thread, started from the executable the way src/bench/supervise.ts does.
const bench = await new Promise((resolve) => {
  const child = fork('--gpuenv-child', ['bench'], { execPath: exe, execArgv: [], env, serialization: 'json', stdio: ['ignore', 'ignore', 'pipe', 'ipc'] });
  const out = [];
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (c) => (stderr += c));
  child.on('message', (m) => out.push(m));
  const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
  child.on('exit', (code) => {
    clearTimeout(timer);
    setTimeout(() => resolve({ code, out, stderr }), 100);
  });
  child.send({
    type: 'start',
    engine: 'native',
    config: { mode: 'quick', gpus: [0], cublasDirs: [] },
    python: null,
    allReduce: false,
    pythonTimeoutMs: 10_000,
    sampleEveryMs: 100,
  });
});
const last = bench.out.at(-1);
const benchText = JSON.stringify(last ?? bench.stderr);
check(
  'bench child and thread start from the executable',
  last !== undefined && /libcuda/.test(benchText) && !/Cannot find|koffi could not|thread exited|without the koffi folder/.test(benchText),
  benchText.slice(0, 300),
);

// The wheel, in a fresh venv, installed without an index.
const wheel = readdirSync(release).find((n) => n.startsWith(`gpuenv-${version}-`) && n.endsWith(`${process.arch === 'x64' ? 'x86_64' : 'aarch64'}.whl`));
check('wheel present', Boolean(wheel), wheel ?? 'none');
if (wheel) {
  const venv = join(work, 'venv');
  execFileSync('python3', ['-m', 'venv', venv], { stdio: 'inherit', timeout: 120_000 });
  const pip = run(join(venv, 'bin', 'python'), ['-m', 'pip', 'install', '--no-index', '--no-deps', '-q', join(release, wheel)]);
  check('pip install --no-index --no-deps', pip.status === 0, pip.stderr.trim().slice(0, 300));
  const wv = run(join(venv, 'bin', 'gpuenv'), ['--version']);
  check('wheel console script --version', wv.status === 0 && wv.stdout.trim() === version, JSON.stringify(wv.stdout.trim()));
  const wd = run(join(venv, 'bin', 'python'), ['-m', 'gpuenv', 'doctor', '--json']);
  let parsed = false;
  try {
    parsed = Array.isArray(JSON.parse(wd.stdout).findings);
  } catch {}
  check('python -m gpuenv doctor --json', wd.status !== null && wd.status <= 1 && parsed, `exit ${wd.status}`);
  // The Python API of the installed wheel runs the same executable.
  const api = run(join(venv, 'bin', 'python'), [
    '-c',
    "import gpuenv, json; d = gpuenv.doctor(); e = gpuenv.explain('RuntimeError: CUDA error: no kernel image is available for execution on the device\\n'); print(json.dumps([isinstance(d['findings'], list), e['findings'][0]['code'], d._repr_html_()[:30]]))",
  ]);
  let apiOut;
  try {
    apiOut = JSON.parse(api.stdout.trim().split('\n').at(-1));
  } catch {}
  check(
    'wheel Python API: gpuenv.doctor(), gpuenv.explain(), _repr_html_',
    apiOut?.[0] === true && apiOut[1] === 'arch-unsupported' && /^<div class="gpuenv-report"/.test(apiOut[2]),
    `${JSON.stringify(apiOut ?? null)} ${api.stderr.trim().slice(0, 200)}`,
  );
  const bad = run(join(venv, 'bin', 'gpuenv'), ['doctor', '--no-such-flag']);
  check('exit code passes through the launcher', bad.status === 2, `exit ${bad.status}`);
}

// The other architecture: its ELF machine, and the same bundle (hence the same version string).
const bundle = readFileSync(join(root, '.release-build', 'gpuenv.cjs'));
for (const name of readdirSync(release).filter((n) => /^gpuenv-linux-(x64|arm64)$/.test(n))) {
  const file = join(release, name);
  const info = elfInfo(file);
  const want = name.endsWith('arm64') ? 183 : 62;
  check(`${name} is an ${want === 183 ? 'aarch64' : 'x86-64'} ELF`, info.machine === want, `e_machine ${info.machine}`);
  check(`${name} carries this build's bundle`, readFileSync(file).includes(bundle), basename(file));
}

// The npm package: what `npm pack` puts in, and a global install into a private prefix that runs.
const npmCli = join(dirname(process.execPath), 'npm');
const packed = JSON.parse(execFileSync(npmCli, ['pack', '--json', '--pack-destination', work], { cwd: root, encoding: 'utf8', timeout: 120_000 }))[0];
const packedFiles = packed.files.map((f) => f.path);
check(
  'npm pack holds dist/cli.js, schema and the README, nothing from test/ or eval/',
  packedFiles.includes('dist/cli.js') && packedFiles.some((p) => p.startsWith('schema/')) && !packedFiles.some((p) => /^(test|eval|src|scripts)\//.test(p)),
  `${packedFiles.length} files`,
);
const prefix = join(work, 'npm-prefix');
const inst = spawnSync(npmCli, ['install', '-g', '--prefix', prefix, '--no-audit', '--no-fund', join(work, packed.filename)], {
  encoding: 'utf8',
  timeout: 300_000,
});
check('npm install -g of the tarball', inst.status === 0, inst.stderr.trim().slice(-300));
const nv = spawnSync(join(prefix, 'bin', 'gpuenv'), ['--version'], { encoding: 'utf8', timeout: 60_000 });
check('installed gpuenv --version', nv.status === 0 && nv.stdout.trim() === version, JSON.stringify(nv.stdout.trim()));
const nd = spawnSync(join(prefix, 'bin', 'gpuenv'), ['doctor', '--json'], { encoding: 'utf8', timeout: 120_000 });
const ndNative = (() => {
  try {
    return JSON.stringify(JSON.parse(nd.stdout).snapshot.probes.find((p) => /native/i.test(p.name)));
  } catch {
    return '';
  }
})();
check(
  'installed gpuenv doctor: koffi loads from the registry install',
  /libnvidia-ml|NVML/.test(ndNative) && !/koffi could not be loaded/.test(ndNative),
  ndNative.slice(0, 200),
);

rmSync(work, { recursive: true, force: true });
console.log(failed === 0 ? 'smoke: all passed' : `smoke: ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
