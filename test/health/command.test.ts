// `gpuenv health` end to end on fixture machines: the exit contract, the formats, files written, fail-open.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../../src/cli.js';
import { fakeIo } from '../helpers/io.js';
import { machine } from '../helpers/machines.js';

async function health(name: string, args: string[], env: Record<string, string> = {}) {
  const io = { ...fakeIo(env), cwd: mkdtempSync(join(tmpdir(), 'gpuenv-health-')) };
  const sys = await machine(name);
  const code = await main(['health', '--timeout', '0.3', ...args], { io, system: async () => sys });
  return { code, out: io.stdout(), err: io.stderr(), cwd: io.cwd };
}

const hasPromtool = spawnSync('promtool', ['--version']).status === 0;
const requireRigs = process.env.GPUENV_REQUIRE_RIGS === '1';

describe('gpuenv health', () => {
  it('a healthy node exits 0; the kernel log it could not read is a skipped check, not a failure', async () => {
    const r = await health('h200', ['--json']);
    expect(r.code).toBe(0);
    const doc = JSON.parse(r.out);
    expect(doc).toMatchObject({ kind: 'gpuenv-health', status: 'ok', drain: [] });
    expect(doc.checks.find((c: { name: string }) => c.name === 'kernel-log').status).toBe('skipped');
    // Node scope only: no Python environment was read.
    expect(doc.snapshot.python).toEqual([]);
  });

  it("a user's environment problem never fails the node (doctor exits 1 on the same machine)", async () => {
    expect((await health('torch-cpu-only', [])).code).toBe(0);
    const io = fakeIo();
    const sys = await machine('torch-cpu-only');
    expect(await main(['doctor', '--timeout', '0.3'], { io, system: async () => sys })).toBe(1);
  });

  it('a node-scoped error exits 1 and names the drain-worthy codes', async () => {
    const r = await health('ecc-uncorrectable', ['--json']);
    expect(r.code).toBe(1);
    expect(JSON.parse(r.out)).toMatchObject({ status: 'error', overallSeverity: 'error', drain: ['ecc-errors'] });
  });

  it('warnings pass unless --warn-exit 1', async () => {
    expect((await health('pcie-x8-throttled', [])).code).toBe(0);
    expect((await health('pcie-x8-throttled', ['--warn-exit', '1'])).code).toBe(1);
  });

  it('a timed-out driver probe is asked again once before it counts', async () => {
    const r = await health('nvml-hang', ['--json']);
    const doc = JSON.parse(r.out);
    expect(doc.retried).toEqual(['native (NVML, CUDA driver API)']);
    expect(doc.drain).toContain('gpu-unresponsive');
    expect(r.code).toBe(1);
  });

  it('--format npd: one line of at most 80 characters, exit 0 OK / 1 NonOK', async () => {
    const ok = await health('h200', ['--format', 'npd']);
    expect(ok.code).toBe(0);
    const bad = await health('xid-fell-off-bus', ['--format', 'npd']);
    expect(bad.code).toBe(1);
    for (const r of [ok, bad]) {
      expect(r.out.split('\n').filter(Boolean)).toHaveLength(1);
      expect([...r.out.trimEnd()].length).toBeLessThanOrEqual(80);
    }
    expect(bad.out).toMatch(/^(xid-errors|gpu-missing): /);
  });

  it('--prom-textfile and --nfd-features are written atomically beside the stdout format', async () => {
    const r = await health('xid-fell-off-bus', ['--prom-textfile', 'gpuenv.prom', '--nfd-features', 'gpuenv', '--nfd-ttl', '10m']);
    expect(r.code).toBe(1);
    const prom = readFileSync(join(r.cwd, 'gpuenv.prom'), 'utf8');
    expect(prom).toContain('gpuenv_health_status 1');
    expect(prom).toMatch(/gpuenv_xid_events\{code="79",gpu="",pci_bus_id="0000:0f:00"\} 1/);
    expect(prom).not.toMatch(/^\S+ \S+ \d{10,}$/m); // no sample timestamps
    const nfd = readFileSync(join(r.cwd, 'gpuenv'), 'utf8');
    expect(nfd).toMatch(/^# \+expiry-time=\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/m);
    expect(nfd).toContain('gpuenv.io/health=error');
    expect(nfd).toContain('gpuenv.io/finding.xid-errors=true');
    for (const line of nfd.split('\n').filter((l) => l && !l.startsWith('#')))
      expect(line).toMatch(/^gpuenv\.io\/[A-Za-z0-9][-A-Za-z0-9_.]{0,61}[A-Za-z0-9]=(([A-Za-z0-9][-A-Za-z0-9_.]{0,61})?[A-Za-z0-9])?$/);
    expect(existsSync(join(r.cwd, '.gpuenv.prom.tmp'))).toBe(false);
  });

  it.skipIf(!hasPromtool && !requireRigs)('the Prometheus textfile passes promtool check metrics', async () => {
    for (const name of ['h200', 'xid-fell-off-bus', 'ecc-uncorrectable', 'gpu-modes-capped', 'pcie-x8-throttled']) {
      const r = await health(name, ['--format', 'prom']);
      const out = spawnSync('promtool', ['check', 'metrics'], { input: r.out, encoding: 'utf8' });
      expect(`${out.stdout}${out.stderr}`, name).toBe('');
      expect(out.status, name).toBe(0);
    }
  });

  it('usage errors exit 2, but 0 under --prolog (a failing prolog drains the node) and 1 with --fail-closed', async () => {
    expect((await health('h200', ['--warn-exit', '7'])).code).toBe(2);
    expect((await health('h200', ['--prolog', '--warn-exit', '7'])).code).toBe(0);
    expect((await health('h200', ['--prolog', '--fail-closed', '--warn-exit', '7'])).code).toBe(1);
    expect((await health('h200', ['--prolog', '--slurm-drain'])).code).toBe(0);
  });

  it('--snapshot judges a saved Snapshot; --out-dir writes DIR/<node>.json and nothing on stdout', async () => {
    const snap = join(import.meta.dirname, '../fixtures/snapshots/h200.json');
    const r = await health('h200', ['--snapshot', snap, '--expect-gpus', '2', '--out-dir', 'out', '--node-name', 'gpu09']);
    expect(r.code).toBe(1);
    expect(r.out).toBe('');
    const doc = JSON.parse(readFileSync(join(r.cwd, 'out', 'gpu09.json'), 'utf8'));
    expect(doc.drain).toEqual(['gpu-missing']);
    expect(doc.node.name).toBe('gpu09');
  });
});

describe('gpuenv health --every as a process', () => {
  it('rewrites its files each round and ends on SIGTERM', async () => {
    const { spawn } = await import('node:child_process');
    const { statSync } = await import('node:fs');
    const dir = mkdtempSync(join(tmpdir(), 'gpuenv-every-'));
    const cli = join(import.meta.dirname, '../../dist/cli.js');
    const root = join(import.meta.dirname, '../fixtures/machines/h200/root');
    const child = spawn(process.execPath, [cli, 'health', '--every', '1s', '--root', root, '--prom-textfile', join(dir, 'g.prom'), '--format', 'npd'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (b: Buffer) => (out += b));
    const mtimes: number[] = [];
    for (let i = 0; i < 40 && mtimes.length < 2; i++) {
      await new Promise((r) => setTimeout(r, 150));
      const m = existsSync(join(dir, 'g.prom')) ? statSync(join(dir, 'g.prom')).mtimeMs : 0;
      if (m && !mtimes.includes(m)) mtimes.push(m);
    }
    const exited = new Promise<number | null>((r) => child.on('exit', (code, signal) => r(code ?? (signal ? 128 : null))));
    child.kill('SIGTERM');
    expect(mtimes.length).toBe(2);
    expect(out.split('\n').filter(Boolean).length).toBeGreaterThanOrEqual(2);
    expect(await exited).not.toBeNull();
  });
});
