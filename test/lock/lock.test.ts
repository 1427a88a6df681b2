import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Ajv2020 from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { main } from '../../src/cli.js';
import { lockFromSnapshot } from '../../src/lock/make.js';
import type { Lock } from '../../src/lock/types.js';
import { verifyLock } from '../../src/lock/verify.js';
import { fakeIo } from '../helpers/io.js';
import { FIXED_NOW, machine, snapshotOf } from '../helpers/machines.js';

const schema = JSON.parse(readFileSync(join(import.meta.dirname, '../../schema/lock.schema.json'), 'utf8'));
const validate = new Ajv2020.default({ allErrors: true, strict: false, validateFormats: false }).compile(schema);

async function gpuenv(name: string | null, args: string[], cwd = '/tmp') {
  const io = { ...fakeIo({ SOURCE_DATE_EPOCH: '1795996800' }), cwd };
  const sys = name ? await machine(name) : null;
  const code = await main(args, {
    io,
    system: async () => {
      if (!sys) throw new Error('must not probe');
      return sys;
    },
  });
  return { code, out: io.stdout(), err: io.stderr() };
}

function tmp(name: string, text: string): string {
  const file = join(mkdtempSync(join(tmpdir(), 'gpuenv-lock-')), name);
  writeFileSync(file, text);
  return file;
}

describe('gpuenv lock', () => {
  it('records the H200 contract and matches the JSON Schema', async () => {
    const r = await gpuenv('h200', ['lock']);
    expect(r.code).toBe(0);
    const lock = JSON.parse(r.out) as Lock;
    expect(validate(lock), JSON.stringify(validate.errors)).toBe(true);
    expect(lock.driver).toEqual({ floor: expect.stringMatching(/^580\./), seen: '580.159.04', cuda: '13.0' });
    expect(lock.gpus).toEqual({ count: 1, names: ['NVIDIA H200'], architectures: ['9.0'] });
    expect(lock.cuda).toEqual({ runtime: '13.0', toolkit: expect.stringMatching(/^13\.0/) });
    expect(lock.cudnn).toBe('9.19.0.56');
    expect(lock.nccl).toBe('2.28.9');
    expect(lock.frameworks.find((f) => f.name === 'torch')).toEqual({
      name: 'torch',
      version: '2.11.0',
      cuda: '13.0',
      index: 'https://download.pytorch.org/whl/cu130',
    });
    expect(lock.indexes).toEqual(['https://download.pytorch.org/whl/cu130']);
  });

  it('-o writes the file once; --force replaces it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'gpuenv-lock-'));
    expect((await gpuenv('h200', ['lock', '-o', 'gpuenv.lock.json'], dir)).code).toBe(0);
    expect(JSON.parse(readFileSync(join(dir, 'gpuenv.lock.json'), 'utf8')).lockVersion).toBe(1);
    expect((await gpuenv('h200', ['lock', '-o', 'gpuenv.lock.json'], dir)).code).toBe(2);
    expect((await gpuenv('h200', ['lock', '-o', 'gpuenv.lock.json', '--force'], dir)).code).toBe(0);
  });
});

describe('gpuenv verify', () => {
  it('the machine the lock was made on matches it', async () => {
    const lock = tmp('gpuenv.lock.json', (await gpuenv('h200', ['lock'])).out);
    const r = await gpuenv('h200', ['verify', lock]);
    expect(r.out).toContain('this machine matches');
    expect(r.code).toBe(0);
  });

  it('names each difference of a drifted machine, exit 1 on breaking ones', async () => {
    const h200 = await snapshotOf('h200');
    const lock = lockFromSnapshot(h200, undefined, FIXED_NOW());
    // A teammate's machine: older driver, other GPU, torch 2.5.1+cu124 in conda, Python 3.11.
    const other = await snapshotOf('conda-pip-mixed');
    const findings = verifyLock(lock, other);
    const codes = findings.map((f) => `${f.code}:${f.severity}`);
    expect(codes).toContain('driver-too-old:error');
    expect(findings.find((f) => f.code === 'lock-drift' && f.title.startsWith('GPU architecture 8.9 (NVIDIA GeForce RTX 4090)'))?.severity).toBe('warning');
    expect(findings.find((f) => f.code === 'framework-cuda-mismatch' && f.title.startsWith('torch is built for CUDA 12.4'))).toBeDefined();
    expect(findings.find((f) => f.title === 'torch 2.5.1 differs from the lock (2.11.0)')?.severity).toBe('error');
    expect(findings.find((f) => f.title === 'Python 3.11.10 differs from the lock (3.12.3)')?.severity).toBe('error');
    expect(findings.filter((f) => f.title.includes('from the lock is not installed')).map((f) => f.title)).toEqual(
      expect.arrayContaining(['jax 0.11.2 from the lock is not installed', 'nvidia-cudnn-cu13 9.19.0.56 from the lock is not installed']),
    );
    const driver = findings.find((f) => f.code === 'driver-too-old')!;
    expect(driver.title).toMatch(/^driver 550\.120 is older than the lock's floor 580\./);
    expect(driver.evidence.map((e) => e.value)).toContain('550.120');
  });

  it('a lock edited to pin another build is reported against the H200', async () => {
    const h200 = await snapshotOf('h200');
    const lock = lockFromSnapshot(h200, undefined, FIXED_NOW());
    lock.frameworks = lock.frameworks.map((f) => (f.name === 'torch' ? { ...f, cuda: '12.8' } : f));
    lock.packages = lock.packages.map((p) => (p.name === 'triton' ? { ...p, version: '3.5.0' } : p));
    lock.nccl = '2.27.3';
    lock.gpus.architectures = ['12.0'];
    const titles = verifyLock(lock, h200).map((f) => `${f.code} ${f.title}`);
    expect(titles).toEqual(
      expect.arrayContaining([
        'framework-cuda-mismatch torch is built for CUDA 13.0, the lock for 12.8',
        'lock-drift triton 3.6.0 differs from the lock (3.5.0)',
        'lock-drift NCCL 2.28.9 differs from the lock (2.27.3)',
        'lock-drift GPU architecture 9.0 (NVIDIA H200) differs from the lock (12.0)',
      ]),
    );
  });

  it('CLI: text and --json, exit 1, findings named', async () => {
    const lock = tmp('gpuenv.lock.json', (await gpuenv('h200', ['lock'])).out);
    const text = await gpuenv('torch-cpu-only', ['verify', lock]);
    expect(text.code).toBe(1);
    expect(text.out).toMatch(/breaking and \d+ other differences/);
    expect(text.out).toContain('[cpu-only-build]');
    const json = await gpuenv('torch-cpu-only', ['verify', lock, '--json']);
    const doc = JSON.parse(json.out) as { ok: boolean; findings: { code: string }[] };
    expect(doc.ok).toBe(false);
    expect(doc.findings.map((f) => f.code)).toEqual(expect.arrayContaining(['cpu-only-build', 'driver-too-old']));
  });

  it('a missing or foreign lock file is a usage error', async () => {
    expect((await gpuenv('h200', ['verify', '/nonexistent/gpuenv.lock.json'])).err).toMatch(/no such file.*gpuenv lock -o/);
    const snap = tmp('snap.json', '{"schemaVersion":1}');
    expect((await gpuenv('h200', ['verify', snap])).code).toBe(2);
  });
});

describe('gpuenv diff', () => {
  it('a snapshot and a lock side by side; exit 1 when they differ', async () => {
    const h200 = await snapshotOf('h200');
    const mixed = await snapshotOf('conda-pip-mixed');
    const a = tmp('h200.json', JSON.stringify(h200));
    const b = tmp('mixed.json', JSON.stringify(mixed));
    const lock = tmp('gpuenv.lock.json', JSON.stringify(lockFromSnapshot(h200, undefined, FIXED_NOW())));
    const r = await gpuenv(null, ['diff', a, b]);
    expect(r.code).toBe(1);
    expect(r.out).toMatch(/^≠ driver\s+580\.159\.04\s+550\.120$/m);
    expect(r.out).toMatch(/^≠ torch\s+2\.11\.0 \(CUDA 13\.0\)\s+2\.5\.1 \(CUDA 12\.4\)$/m);
    const same = await gpuenv(null, ['diff', a, lock, '--json']);
    const doc = JSON.parse(same.out) as { same: boolean; a: { kind: string }; b: { kind: string } };
    expect(doc).toMatchObject({ same: true, a: { kind: 'snapshot' }, b: { kind: 'lock' } });
    expect(same.code).toBe(0);
  });
});
