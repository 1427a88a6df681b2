// The child → worker → engine chain as it runs from dist/, with fake engines: results, progress, crashes, hangs.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../src/cli.js';
import type { SuperviseOptions, SuperviseOutcome } from '../../src/bench/supervise.js';
import type { System } from '../../src/system/types.js';
import { fakeIo } from '../helpers/io.js';

const dir = mkdtempSync(join(tmpdir(), 'gpuenv-bench-'));
const build = join(dir, 'build');
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let supervise: (o: SuperviseOptions) => Promise<SuperviseOutcome>;

beforeAll(async () => {
  const src = fileURLToPath(new URL('../../src/', import.meta.url));
  const walk = (d: string): string[] =>
    readdirSync(d).flatMap((f) => (statSync(join(d, f)).isDirectory() ? walk(join(d, f)) : f.endsWith('.ts') ? [join(d, f)] : []));
  for (const file of walk(src)) {
    const out = ts.transpileModule(readFileSync(file, 'utf8'), {
      compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022, verbatimModuleSyntax: true },
    });
    const target = join(build, relative(src, file)).replace(/\.ts$/, '.js');
    mkdirSync(join(target, '..'), { recursive: true });
    writeFileSync(target, out.outputText);
  }
  writeFileSync(join(build, 'package.json'), '{"type":"module"}');
  symlinkSync(fileURLToPath(new URL('../../node_modules', import.meta.url)), join(build, 'node_modules'));
  supervise = ((await import(join(build, 'bench/supervise.js'))) as { superviseBench: typeof supervise }).superviseBench;
}, 60_000);

function engine(name: string, body: string): string {
  const path = join(dir, name);
  writeFileSync(path, `export async function runNativeEngine(config, post) {\n${body}\n}`);
  return path;
}

const result = { engine: 'native', libraries: {}, copies: [], gemms: [], skipped: [], p2p: [], allReduce: null, errors: [], durationMs: 1 };
const start = (engineModule: string) => ({
  engine: 'native' as const,
  config: {
    mode: 'quick' as const,
    gpus: [0],
    copySizes: [1],
    copyIters: 1,
    gemmSizes: [],
    gemmIters: 1,
    dtypes: [],
    cublasDirs: [],
    p2p: false,
    seedIters: 0,
  },
  python: null,
  allReduce: false,
  pythonTimeoutMs: 1000,
  sampleEveryMs: 50,
  engineModule,
});

describe('bench worker protocol', () => {
  it('relays progress and returns the engine result with NVML context', async () => {
    const progress: string[] = [];
    const e = engine('ok.mjs', `post({ type: 'progress', text: 'copies ' + config.gpus[0] }); return ${JSON.stringify(result)};`);
    const o = await supervise({ start: start(e), timeoutMs: 10_000, onProgress: (t) => progress.push(t) });
    expect(o.ok).toBe(true);
    if (o.ok) {
      expect(o.run.result.engine).toBe('native');
      expect(o.run.gpus).toEqual([0]);
    }
    expect(progress).toEqual(['copies 0']);
  });
  it('an engine error is a failed run with its message', async () => {
    const o = await supervise({ start: start(engine('throw.mjs', `throw new Error('cuInit failed: CUDA_ERROR_NO_DEVICE (100)');`)), timeoutMs: 10_000 });
    expect(o).toMatchObject({ ok: false, reason: 'failed' });
    if (!o.ok) expect(o.detail).toContain('CUDA_ERROR_NO_DEVICE');
  });
  it('a segfault in the engine thread is contained in the child', async () => {
    const o = await supervise({ start: start(engine('segv.mjs', `process.kill(process.pid, 'SIGSEGV');`)), timeoutMs: 10_000 });
    expect(o).toMatchObject({ ok: false, reason: 'crashed' });
    if (!o.ok) expect(o.detail).toContain('SIGSEGV');
  });
  it('an engine that hangs in NCCL after its partial result: the child keeps what was measured and says why', async () => {
    const e = engine(
      'nccl-hang.mjs',
      `post({ type: 'partial', result: { ...${JSON.stringify(result)}, p2p: [{ src: 0, dst: 1, canAccess: true, bytes: 1, samplesGBs: [1], medianGBs: 1 }] } });
       const sab = new Int32Array(new SharedArrayBuffer(4)); Atomics.wait(sab, 0, 0);`,
    );
    const t0 = Date.now();
    const o = await supervise({ start: { ...start(e), allReduceTimeoutMs: 800 }, timeoutMs: 10_000 });
    expect(o.ok).toBe(true);
    if (o.ok) {
      expect(o.run.result.p2p).toHaveLength(1);
      expect(o.run.result.allReduce).toBeNull();
      expect(o.run.result.errors[0]).toContain('the NCCL all-reduce did not return within 1 s');
    }
    expect(Date.now() - t0).toBeLessThan(6000);
  });
  it('no libnccl and no Python with torch: the all-reduce is a skip with both reasons, not an error', async () => {
    const e = engine('no-nccl.mjs', `return { ...${JSON.stringify(result)}, allReduceSkipped: 'libnccl.so.2: not found' };`);
    const s0 = start(e);
    const o = await supervise({
      start: { ...s0, allReduce: true, config: { ...s0.config, allReduce: { sizes: [1024], iters: 1, warmup: 0, minGpus: 1 } } },
      timeoutMs: 10_000,
    });
    expect(o.ok).toBe(true);
    if (o.ok) {
      expect(o.run.result.errors.filter((x) => !x.startsWith('NVML'))).toEqual([]);
      expect(o.run.result.allReduceSkipped).toBe('no libnccl.so.2 (libnccl.so.2: not found) and no Python with torch for torchrun');
    }
  });
  it("the child and its engine thread speak the CLI's language", async () => {
    // The engine thread has its own copy of the i18n module: it reports the language it was given.
    const e = engine(
      'lang.mjs',
      `const { getLang } = await import(${JSON.stringify(join(build, 'i18n/index.js'))});
       return { ...${JSON.stringify(result)}, errors: ['thread:' + getLang()], allReduceSkipped: 'libnccl.so.2: not found' };`,
    );
    const s0 = start(e);
    const o = await supervise({
      start: { ...s0, lang: 'zh-CN', allReduce: true, config: { ...s0.config, allReduce: { sizes: [1024], iters: 1, warmup: 0, minGpus: 1 } } },
      timeoutMs: 10_000,
    });
    expect(o.ok).toBe(true);
    if (o.ok) {
      expect(o.run.result.errors).toContain('thread:zh-CN');
      expect(o.run.result.allReduceSkipped).toMatch(/[\u4e00-\u9fff]/);
      expect(o.run.result.allReduceSkipped).toContain('libnccl.so.2: not found');
    }
  });
  it('a hung engine is killed by the watchdog', async () => {
    const t0 = Date.now();
    const o = await supervise({
      start: start(engine('hang.mjs', `const sab = new Int32Array(new SharedArrayBuffer(4)); Atomics.wait(sab, 0, 0);`)),
      timeoutMs: 1500,
    });
    expect(o).toMatchObject({ ok: false, reason: 'timeout' });
    expect(Date.now() - t0).toBeLessThan(4000);
  });
});

describe('gpuenv bench without a GPU', () => {
  it('says so clearly and exits 1 in under 2 s (fake system)', async () => {
    const sys = {
      root: '/',
      isForeignRoot: false,
      env: {},
      platform: 'linux',
      arch: 'x64',
      probeNative: async () => ({
        ok: true,
        report: {
          nvml: { initRc: null, initError: null, library: { error: 'libnvidia-ml.so.1: not found' }, deviceCount: null },
          cuda: { initRc: 100, initError: 'CUDA_ERROR_NO_DEVICE', library: { error: null }, deviceCount: null },
          unavailable: null,
        },
        durationMs: 5,
      }),
    } as unknown as System;
    const io = fakeIo();
    const t0 = Date.now();
    const code = await main(['bench', '--quick'], { io, system: async () => sys });
    expect(code).toBe(1);
    expect(Date.now() - t0).toBeLessThan(2000);
    expect(io.stderr()).toContain('No NVIDIA GPU is visible');
    expect(io.stderr()).toContain('CUDA_ERROR_NO_DEVICE');
  });
  it('on this machine for real (no GPU here): exit 1 in under 2 s', async () => {
    const io = fakeIo({ ...process.env, GPUENV_LANG: 'en' } as Record<string, string>);
    const t0 = Date.now();
    const code = await main(['bench', '--quick'], { io });
    // A CI machine with a GPU would benchmark instead; this test is about the machines without one.
    if (code === 1 && io.stderr().includes('No NVIDIA GPU')) expect(Date.now() - t0).toBeLessThan(2000);
    else expect(io.stderr()).toContain('gpuenv bench');
  }, 30_000);
  it('rejects --quick with --full and a bad --engine', async () => {
    expect(await main(['bench', '--quick', '--full'], { io: fakeIo() })).toBe(2);
    expect(await main(['bench', '--engine', 'jax'], { io: fakeIo() })).toBe(2);
  });
});
