// forward-compat-shadowing through its one rule: the compat-in-use-old machine as it is and with the compat libcuda
// put in front by each setting the probe tells apart (CompatLibrary.via), Snapshots built here, and pastes. The fix must
// change the setting the evidence shows, and its commands are run here where they can be (sed on a copy of the file).
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { machineInput } from '../../../src/diagnose/index.js';
import { rule } from '../../../src/diagnose/rules/forward-compat-shadowing.js';
import { rule as shadowing } from '../../../src/diagnose/rules/library-shadowing.js';
import { explainText } from '../../../src/explain/index.js';
import { buildLdCache } from '../../../src/formats/ldcache.js';
import { setLang } from '../../../src/i18n/index.js';
import { takeSnapshot } from '../../../src/probe/take.js';
import type { Snapshot } from '../../../src/snapshot/types.js';
import { loadMachine } from '../../../src/system/fixture.js';
import type { System } from '../../../src/system/types.js';
import { writableCopy } from '../../cuda/helpers.js';
import { FIXED_NOW, snapshotOf } from '../../helpers/machines.js';
import { buildSnapshot, driver, gpu, toolkit } from '../../helpers/snapshot-builder.js';

const X = '/usr/lib/x86_64-linux-gnu';
const check = (s: Snapshot) => rule.check(machineInput(s));

function withEnv(sys: System, vars: Record<string, string>): System {
  return new Proxy(sys, { get: (t, k) => (k === 'env' ? vars : Reflect.get(t, k, t)) });
}

/** compat-in-use-old with another environment, and files written under its root first. */
async function variant(env: Record<string, string>, files: Record<string, string | Uint8Array> = {}): Promise<Snapshot> {
  const dir = writableCopy('compat-in-use-old');
  for (const [path, body] of Object.entries(files)) {
    const at = join(dir, 'root', path);
    mkdirSync(join(at, '..'), { recursive: true });
    writeFileSync(at, body);
  }
  return takeSnapshot(withEnv(await loadMachine(dir), env), { timeoutMs: 1_000, now: FIXED_NOW });
}

describe('forward-compat-shadowing on a machine: the fix follows the setting', () => {
  it('compat-in-use-old: LD_LIBRARY_PATH names the compat folder → that variable without it, and where it is set', async () => {
    setLang('en');
    const s = await snapshotOf('compat-in-use-old');
    expect(s.cudaCompat[0]?.via).toEqual({ kind: 'LD_LIBRARY_PATH', entry: '/usr/local/cuda-12.8/compat', file: null });
    const findings = check(s);
    expect(findings).toHaveLength(1);
    const f = findings[0]!;
    expect(f.severity).toBe('error');
    expect(f.title).toContain('570.124.06');
    expect(f.title).toContain('580.95.05');
    expect(f.cause).toContain('LD_LIBRARY_PATH names /usr/local/cuda-12.8/compat');
    expect(f.fix).toContain('export LD_LIBRARY_PATH=/usr/local/cuda/lib64');
    expect(f.fix.some((l) => l.startsWith('grep -n LD_LIBRARY_PATH ~/.bashrc'))).toBe(true);
    expect(f.fix.join('\n')).not.toContain('ld.so.conf');
  });

  it('the folder spelled through the /usr/local/cuda link (as measured on an H200) → still LD_LIBRARY_PATH, never ld.so.conf.d', async () => {
    const s = await variant({ PATH: '/usr/local/cuda/bin:/usr/bin:/bin', LD_LIBRARY_PATH: '/usr/local/cuda/compat:/usr/local/cuda/lib64' });
    expect(s.cudaCompat[0]?.via).toEqual({ kind: 'LD_LIBRARY_PATH', entry: '/usr/local/cuda/compat', file: null });
    const [f] = check(s);
    expect(f?.severity).toBe('error');
    expect(f?.cause).toContain('LD_LIBRARY_PATH names /usr/local/cuda/compat');
    expect(f?.fix).toContain('export LD_LIBRARY_PATH=/usr/local/cuda/lib64');
    expect(f?.fix.join('\n')).not.toMatch(/ld\.so\.conf|sudo ldconfig/);
  });

  it('a line of /etc/ld.so.conf.d puts it in the ld.so cache → that file named, the line deleted (sed, run here on a copy), ldconfig', async () => {
    const conf = '/etc/ld.so.conf.d/000-cuda-compat.conf';
    const s = await variant(
      { PATH: '/usr/bin:/bin' },
      {
        '/etc/ld.so.conf': 'include /etc/ld.so.conf.d/*.conf\n',
        [conf]: '# forward compatibility\n/usr/local/cuda/compat\n',
        '/etc/ld.so.conf.d/x86_64-linux-gnu.conf': `${X}\n`,
        '/etc/ld.so.cache': buildLdCache([
          { soname: 'libcuda.so.1', path: '/usr/local/cuda/compat/libcuda.so.1' },
          { soname: 'libcuda.so.1', path: `${X}/libcuda.so.1` },
          { soname: 'libnvidia-ml.so.1', path: `${X}/libnvidia-ml.so.1` },
        ]),
      },
    );
    expect(s.cudaCompat[0]?.via).toEqual({ kind: 'ld.so.conf', entry: '/usr/local/cuda/compat', file: conf });
    const [f] = check(s);
    expect(f?.cause).toContain(`${conf} puts /usr/local/cuda/compat in the ld.so cache`);
    expect(f?.fix.join('\n')).not.toContain('LD_LIBRARY_PATH=');
    const sed = f?.fix.find((l) => l.startsWith('sudo sed -i '));
    expect(sed).toBeDefined();
    expect(f?.fix[f.fix.indexOf(sed!) + 1]).toBe('sudo ldconfig');
    // The same sed on a copy of the file: the compat line goes, the comment and another folder stay.
    const tmp = join(mkdtempSync(join(tmpdir(), 'gpuenv-fc-')), 'conf');
    writeFileSync(tmp, '# forward compatibility\n/usr/local/cuda/compat   # added by hand\n/opt/other/lib\n');
    const expr = /^sudo sed -i '(.*)' \S+$/.exec(sed!)![1]!;
    execFileSync('sed', ['-i', expr, tmp], { env: { PATH: process.env.PATH } });
    expect(readFileSync(tmp, 'utf8')).toBe('# forward compatibility\n/opt/other/lib\n');
  });

  it('LD_PRELOAD names the compat libcuda → unset LD_PRELOAD; library-shadowing leaves it to this rule', async () => {
    const s = await variant({ PATH: '/usr/bin:/bin', LD_PRELOAD: '/usr/local/cuda/compat/libcuda.so.1' });
    expect(s.cudaCompat[0]?.via).toEqual({ kind: 'LD_PRELOAD', entry: '/usr/local/cuda/compat/libcuda.so.1', file: null });
    const [f] = check(s);
    expect(f?.cause).toContain('LD_PRELOAD preloads /usr/local/cuda/compat/libcuda.so.1');
    expect(f?.fix).toContain('unset LD_PRELOAD');
    expect(shadowing.check(machineInput(s))).toEqual([]);
  });

  it('/etc/ld.so.preload lists it beside another library → the file rewritten without it (printf run here)', async () => {
    const s = await variant({ PATH: '/usr/bin:/bin' }, { '/etc/ld.so.preload': `/usr/local/cuda-12.8/compat/libcuda.so.1\n${X}/libjemalloc.so.2\n` });
    expect(s.ldSoPreload?.value).toEqual(['/usr/local/cuda-12.8/compat/libcuda.so.1', `${X}/libjemalloc.so.2`]);
    const [f] = check(s);
    const line = f?.fix.find((l) => l.includes('sudo tee /etc/ld.so.preload'));
    expect(line).toBe(`printf '%s\\n' ${X}/libjemalloc.so.2 | sudo tee /etc/ld.so.preload`);
    const out = execFileSync('bash', ['-c', line!.replace(/ \| sudo tee .*$/, '')], { encoding: 'utf8', env: { PATH: process.env.PATH } });
    expect(out).toBe(`${X}/libjemalloc.so.2\n`);
  });
});

describe('forward-compat-shadowing over Snapshots built here', () => {
  const compat = (over: Partial<Snapshot['cudaCompat'][number]>) => ({
    path: '/usr/local/cuda-12.8/compat/libcuda.so.570.124.06',
    version: '570.124.06',
    inUse: true,
    reason: 'the CUDA driver API loaded /usr/local/cuda-12.8/compat/libcuda.so.570.124.06',
    ...over,
  });
  const base = {
    driver: driver('580.95.05'),
    gpus: [gpu('NVIDIA A100-SXM4-80GB', '8.0')],
    toolkits: [toolkit('12.8.1', { aliases: ['/usr/local/cuda'] })],
  };

  it('a container: the image ENV is named, with the value to pass', () => {
    const s = buildSnapshot({
      ...base,
      os: { container: { value: 'docker', source: 'file:/.dockerenv' } },
      env: { LD_LIBRARY_PATH: '/usr/local/cuda/compat:/usr/local/nvidia/lib64' },
      cudaCompat: [compat({ via: { kind: 'LD_LIBRARY_PATH', entry: '/usr/local/cuda/compat', file: null } })],
    });
    const [f] = check(s);
    expect(f?.fix).toContain('export LD_LIBRARY_PATH=/usr/local/nvidia/lib64');
    expect(f?.fix.some((l) => l.startsWith('# in a container (docker)') && l.includes('-e LD_LIBRARY_PATH=/usr/local/nvidia/lib64'))).toBe(true);
  });

  it('a Snapshot from before `via`: an LD_LIBRARY_PATH entry through the toolkit link still gives the LD_LIBRARY_PATH fix', () => {
    const s = buildSnapshot({ ...base, env: { LD_LIBRARY_PATH: '/usr/local/cuda/compat' }, cudaCompat: [compat({})] });
    const [f] = check(s);
    expect(f?.fix).toContain('unset LD_LIBRARY_PATH');
    expect(f?.fix.join('\n')).not.toContain('ld.so.conf');
  });

  it('the ld.so cache lists the folder but no configuration file does → ldconfig alone', () => {
    const s = buildSnapshot({ ...base, cudaCompat: [compat({ via: { kind: 'ld.so.conf', entry: '/usr/local/cuda-12.8/compat', file: null } })] });
    const [f] = check(s);
    expect(f?.fix.slice(0, 2)).toEqual([expect.stringContaining('no file of /etc/ld.so.conf'), 'sudo ldconfig']);
  });

  it('gives no error or warning on the healthy h200', async () => {
    const findings = check(await snapshotOf('h200'));
    expect(findings.filter((f) => f.code === 'forward-compat-shadowing' && f.severity !== 'info')).toEqual([]);
  });
});

describe('forward-compat-shadowing from a paste', () => {
  it.each([
    {
      name: 'error 804 on a GeForce card',
      text: ['RuntimeError: CUDA error: forward compatibility was attempted on non supported HW', 'GPU 0: NVIDIA GeForce RTX 4090 (UUID: GPU-0000)'],
      severity: 'error',
      cause: 'error 804',
    },
    {
      name: 'a compat library only listed, no error',
      text: ['$ ldconfig -p | grep libcuda', '\tlibcuda.so.1 (libc6,x86-64) => /usr/local/cuda-12.4/compat/libcuda.so.1'],
      severity: 'info',
      cause: 'harmless unless it is loaded',
    },
  ])('$name', async ({ text, severity, cause }) => {
    const r = await explainText(text.join('\n'));
    const f = r.findings.find((x) => x.code === 'forward-compat-shadowing');
    expect(f?.severity).toBe(severity);
    expect(f!.cause).toContain(cause);
    expect(new Set(f!.evidence.map((e) => `${e.fact} ${e.value}`)).size).toBe(f!.evidence.length);
  });

  const error803 =
    'RuntimeError: Unexpected error from cudaGetDeviceCount(). Did you run some cuda functions before calling NumCudaDevices() that might have already set an error? Error 803: system has unsupported display driver / cuda driver combination';

  it('error 803 with the pasted LD_LIBRARY_PATH naming a compat folder → that variable without it', async () => {
    const r = await explainText(['$ echo $LD_LIBRARY_PATH', '/usr/local/cuda/compat:/usr/local/nvidia/lib64', error803].join('\n'));
    const f = r.findings.find((x) => x.code === 'forward-compat-shadowing');
    expect(f?.fix).toContain('export LD_LIBRARY_PATH=/usr/local/nvidia/lib64');
  });

  it('error 803 with the pasted LD_PRELOAD naming the compat libcuda → unset LD_PRELOAD, one finding for it', async () => {
    const r = await explainText(['$ echo $LD_PRELOAD', '/usr/local/cuda/compat/libcuda.so.1', error803].join('\n'));
    const f = r.findings.find((x) => x.code === 'forward-compat-shadowing');
    expect(f?.fix).toContain('unset LD_PRELOAD');
    expect(r.findings.some((x) => x.code === 'library-shadowing')).toBe(false);
  });
});
