import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setLang } from '../../src/i18n/index.js';
import { runNativeProbe } from '../../src/native/run.js';
import type { NativeReport } from '../../src/native/report.js';

const dir = mkdtempSync(join(tmpdir(), 'gpuenv-run-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const report: NativeReport = { nvml: null, cuda: null, unavailable: null };

function script(name: string, body: string): string {
  const path = join(dir, name);
  writeFileSync(path, body);
  return path;
}

describe('runNativeProbe watchdog', () => {
  it('kills a child that hangs and answers within the timeout', async () => {
    const childScript = script('hang.mjs', 'console.log("loading"); setInterval(() => {}, 1000);');
    const started = Date.now();
    const result = await runNativeProbe({ timeoutMs: 500, childScript });
    expect(Date.now() - started).toBeLessThan(1500);
    expect(result).toMatchObject({ ok: false, reason: 'timeout' });
    expect(result.durationMs).toBeGreaterThanOrEqual(500);
  });

  it('reports a crash by signal, with the tail of stderr', async () => {
    const childScript = script('segv.mjs', 'process.stderr.write("about to call cuInit\\n"); process.kill(process.pid, "SIGSEGV");');
    const result = await runNativeProbe({ timeoutMs: 5000, childScript });
    expect(result).toMatchObject({ ok: false, reason: 'crashed' });
    if (!result.ok) {
      expect(result.detail).toContain('SIGSEGV');
      expect(result.detail).toContain('about to call cuInit');
    }
  });

  it('reports an exit without a report, with its code', async () => {
    const childScript = script('exit.mjs', 'process.exit(3);');
    const result = await runNativeProbe({ timeoutMs: 5000, childScript });
    expect(result).toMatchObject({ ok: false, reason: 'crashed' });
    if (!result.ok) expect(result.detail).toContain('code 3');
  });

  it('returns the report a child sends, even with a stub banner on stdout and exit right after', async () => {
    const body = `
      console.log("WARNING: You should always run with libnvidia-ml.so that is installed with your NVIDIA Display Driver");
      process.send({ type: 'report', report: ${JSON.stringify(report)} }, () => process.exit(0));`;
    const result = await runNativeProbe({ timeoutMs: 5000, childScript: script('ok.mjs', body) });
    expect(result).toMatchObject({ ok: true, report });
  });

  it('keeps what NVML said when the CUDA part crashes afterwards', async () => {
    const partial = { ...report, nvml: { driverVersion: '580.159.04' } };
    const body = `process.send({ type: 'partial', report: ${JSON.stringify(partial)} }, () => process.kill(process.pid, 'SIGABRT'));`;
    const result = await runNativeProbe({ timeoutMs: 5000, childScript: script('partial.mjs', body) });
    expect(result).toMatchObject({ ok: false, reason: 'crashed', partial });
  });

  it('maps a child that cannot load koffi to "unavailable"', async () => {
    const body = `process.send({ type: 'report', report: ${JSON.stringify({ ...report, unavailable: 'koffi could not be loaded: Cannot find package' })} }, () => process.exit(0));`;
    const result = await runNativeProbe({ timeoutMs: 5000, childScript: script('nokoffi.mjs', body) });
    expect(result).toMatchObject({ ok: false, reason: 'unavailable', detail: 'koffi could not be loaded: Cannot find package' });
  });

  it('turns a missing script into a failure, never a throw', async () => {
    const result = await runNativeProbe({ timeoutMs: 5000, childScript: join(dir, 'absent.mjs') });
    expect(result.ok).toBe(false);
  });

  it('hands the environment to the child', async () => {
    const body = `process.send({ type: 'report', report: { nvml: null, cuda: null, unavailable: process.env.GPUENV_MARK } }, () => process.exit(0));`;
    const result = await runNativeProbe({ timeoutMs: 5000, env: { PATH: process.env.PATH, GPUENV_MARK: 'from-parent' }, childScript: script('env.mjs', body) });
    expect(result).toMatchObject({ ok: false, reason: 'unavailable', detail: 'from-parent' });
  });

  it("hands this run's language to the child, over the environment's", async () => {
    const body = `process.send({ type: 'report', report: { nvml: null, cuda: null, unavailable: process.env.GPUENV_LANG } }, () => process.exit(0));`;
    setLang('zh-CN');
    try {
      const result = await runNativeProbe({ timeoutMs: 5000, env: { PATH: process.env.PATH, GPUENV_LANG: 'en' }, childScript: script('lang.mjs', body) });
      expect(result).toMatchObject({ ok: false, reason: 'unavailable', detail: 'zh-CN' });
    } finally {
      setLang('en');
    }
  });

  it("words a crash in this run's language", async () => {
    const english = await runNativeProbe({ timeoutMs: 5000, childScript: script('exit3.mjs', 'process.exit(3);') });
    expect(english).toMatchObject({ ok: false, reason: 'crashed', detail: 'native probe exited with code 3 without a report' });
    setLang('zh-CN');
    try {
      const result = await runNativeProbe({ timeoutMs: 5000, childScript: script('exit3.mjs', 'process.exit(3);') });
      expect(result).toMatchObject({ ok: false, reason: 'crashed', detail: '原生探测退出（退出码 3），没有给出报告' });
    } finally {
      setLang('en');
    }
  });
});

describe('the real child on a machine without an NVIDIA driver', () => {
  // The child runs as plain JavaScript, as from dist/: transpile src/native and what it imports from src/formats and src/process.
  const build = join(dir, 'build');
  beforeAll(() => {
    const src = fileURLToPath(new URL('../../src/', import.meta.url));
    const files = [
      ...readdirSync(join(src, 'native'))
        .filter((f) => f.endsWith('.ts'))
        .map((f) => `native/${f}`),
      'formats/ldcache.ts',
      'i18n/index.ts',
      'formats/gpu-process.ts',
      'process/self.ts',
      'process/children.ts',
    ];
    for (const f of files) {
      const out = ts.transpileModule(readFileSync(join(src, f), 'utf8'), {
        compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022, verbatimModuleSyntax: true },
      });
      mkdirSync(join(build, f, '..'), { recursive: true });
      writeFileSync(join(build, f.replace(/\.ts$/, '.js')), out.outputText);
    }
    writeFileSync(join(build, 'package.json'), '{"type":"module"}');
    symlinkSync(fileURLToPath(new URL('../../node_modules', import.meta.url)), join(build, 'node_modules'));
  });

  it('says NVML and libcuda are absent, with where it looked', async () => {
    const result = await runNativeProbe({
      timeoutMs: 10_000,
      // No driver libraries anywhere the loader looks: an empty LD_LIBRARY_PATH entry and this machine's dirs.
      env: { PATH: process.env.PATH, LD_LIBRARY_PATH: join(dir, 'empty') },
      childScript: join(build, 'native/child.js'),
    });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const { nvml, cuda } = result.report;
    if (nvml?.library.loadedPath) return; // a machine with a driver: nothing to assert here
    expect(nvml).toMatchObject({ initRc: null, deviceCount: null, devices: [] });
    expect(nvml?.library.loadedPath).toBeNull();
    expect(nvml?.library.error).toMatch(/^libnvidia-ml\.so\.1: not found in LD_LIBRARY_PATH/);
    expect(cuda?.library.error).toMatch(/^libcuda\.so\.1: /);
    expect(result.report.unavailable).toBeNull();
    expect(result.durationMs).toBeLessThan(5000);
  });

  it("writes what it could not load in the parent's language", async () => {
    setLang('zh-CN');
    try {
      const result = await runNativeProbe({
        timeoutMs: 10_000,
        env: { PATH: process.env.PATH, LD_LIBRARY_PATH: join(dir, 'empty') },
        childScript: join(build, 'native/child.js'),
      });
      expect(result.ok).toBe(true);
      if (!result.ok || result.report.nvml?.library.loadedPath) return;
      expect(result.report.nvml?.library.error).toMatch(/^libnvidia-ml\.so\.1：在 LD_LIBRARY_PATH、ld\.so 缓存和 .+ 中都没有找到$/);
    } finally {
      setLang('en');
    }
  });
});
