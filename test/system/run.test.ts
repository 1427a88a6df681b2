import { describe, expect, it } from 'vitest';
import { runCommand } from '../../src/system/run.js';

describe('runCommand', () => {
  it('returns output and exit code as data', async () => {
    const r = await runCommand('sh', ['-c', 'echo out; echo err >&2; exit 3']);
    expect(r).toMatchObject({ stdout: 'out\n', stderr: 'err\n', exitCode: 3, failed: true, timedOut: false, notFound: false });
  });

  it('reports a missing program without throwing', async () => {
    const r = await runCommand('definitely-not-a-program-gpuenv', []);
    expect(r).toMatchObject({ notFound: true, failed: true, exitCode: null });
  });

  it('kills a program that does not answer, with its children, at the timeout', async () => {
    const started = Date.now();
    const r = await runCommand('sh', ['-c', 'sleep 30 & sleep 30; echo never'], { timeoutMs: 200 });
    expect(r.timedOut).toBe(true);
    expect(r.failed).toBe(true);
    expect(r.stdout).toBe('');
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('keeps at most maxBuffer bytes of output', async () => {
    const r = await runCommand('sh', ['-c', 'head -c 100000 /dev/zero'], { maxBuffer: 1000 });
    expect(r.stdout.length).toBe(1000);
    expect(r.failed).toBe(false);
  });
});
