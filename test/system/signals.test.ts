// Ctrl-C and SIGTERM end gpuenv promptly with 130/143 and take every process it started along, even
// those in their own process groups (a probe's wrapper script and its grandchild), for real: the CLI is
// bundled from src/, run as a process, and a fake nvidia-smi on its PATH never answers.
import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '../..');
const work = mkdtempSync(join(tmpdir(), 'gpuenv-signals-'));
const cli = join(work, 'cli.mjs');
afterAll(() => rmSync(work, { recursive: true, force: true }));

beforeAll(async () => {
  await build({
    entryPoints: [join(root, 'src/cli.ts')],
    bundle: true,
    platform: 'node',
    format: 'esm',
    packages: 'external',
    outfile: cli,
    logLevel: 'silent',
  });
  writeFileSync(join(work, 'package.json'), '{"type":"module"}');
  symlinkSync(join(root, 'node_modules'), join(work, 'node_modules'));
}, 60_000);

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function waitFor(check: () => boolean, ms: number): Promise<boolean> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (check()) return true;
    await new Promise((r) => setTimeout(r, 25));
  }
  return check();
}

describe.skipIf(process.platform !== 'linux')('signals', () => {
  for (const [signal, code] of [
    ['SIGTERM', 143],
    ['SIGINT', 130],
  ] as const) {
    it(`${signal} during a hung probe: exit ${code} at once, the probe's process group ended`, async () => {
      const bin = join(work, `bin-${signal}`);
      mkdirSync(bin);
      const pids = join(bin, 'pids');
      // A wrapper that starts a grandchild and waits on it, as nvidia-smi wrappers and shells do.
      writeFileSync(join(bin, 'nvidia-smi'), `#!/bin/sh\nsleep 60 &\necho "$$ $!" > ${pids}\nwait\n`);
      chmodSync(join(bin, 'nvidia-smi'), 0o755);
      const child = spawn(process.execPath, [cli, 'snapshot', '--timeout', '60'], {
        env: { PATH: `${bin}:/usr/bin:/bin`, HOME: work, GPUENV_LANG: 'en' },
        stdio: ['ignore', 'ignore', 'pipe'],
      });
      let stderr = '';
      child.stderr.setEncoding('utf8').on('data', (c: string) => (stderr += c));
      const exited = new Promise<number | null>((resolve) => child.on('exit', (c) => resolve(c)));
      expect(await waitFor(() => existsSync(pids) && readFileSync(pids, 'utf8').includes(' '), 20_000)).toBe(true);
      const [wrapper, grandchild] = readFileSync(pids, 'utf8').trim().split(' ').map(Number) as [number, number];
      expect(alive(wrapper) && alive(grandchild)).toBe(true);
      const sent = Date.now();
      child.kill(signal);
      expect(await exited).toBe(code);
      expect(Date.now() - sent).toBeLessThan(2_000);
      expect(await waitFor(() => !alive(wrapper) && !alive(grandchild), 2_000)).toBe(true);
      expect(stderr).not.toMatch(/Error|at /);
    }, 40_000);
  }
});
