// Issue 18's acceptance on the real H200 Snapshot (test/fixtures/snapshots/h200.json, taken on the machine): each
// setting added to its recorded environment, diagnosed through `gpuenv doctor --snapshot FILE --json`, as a user would.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { main } from '../../src/cli.js';
import { fakeIo } from '../helpers/io.js';

const REAL = JSON.parse(readFileSync(join(import.meta.dirname, '../fixtures/snapshots/h200.json'), 'utf8'));
const dir = mkdtempSync(join(tmpdir(), 'gpuenv-settings-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function doctorWith(env: Record<string, string>) {
  const snapshot = structuredClone(REAL);
  snapshot.env = { ...snapshot.env, ...env };
  const file = join(
    dir,
    `${Object.keys(env).join('-') || 'unchanged'}-${Object.values(env)
      .join('-')
      .replace(/[^\w.]/g, '_')}.json`,
  );
  writeFileSync(file, JSON.stringify(snapshot));
  const io = fakeIo();
  const code = await main(['doctor', '--snapshot', file, '--json'], { io });
  const findings = JSON.parse(io.stdout()).findings as { code: string; severity: string; title: string; cause: string }[];
  return { code, findings, worst: (c: string) => findings.filter((f) => f.code === c).map((f) => f.severity) };
}

describe('doctor --snapshot: the real H200 with one setting added', () => {
  it('unchanged: no error and no warning', async () => {
    const r = await doctorWith({});
    expect(r.code).toBe(0);
    expect(r.findings.filter((f) => f.severity !== 'info')).toEqual([]);
  });

  it.each([[''], ['3']])('CUDA_VISIBLE_DEVICES=%j is an error (exit 1)', async (value) => {
    const r = await doctorWith({ CUDA_VISIBLE_DEVICES: value });
    expect(r.code).toBe(1);
    expect(r.worst('gpus-hidden')).toEqual(['error']);
  });

  it('TORCH_CUDA_ARCH_LIST="7.5;8.0" is a warning naming 9.0', async () => {
    const r = await doctorWith({ TORCH_CUDA_ARCH_LIST: '7.5;8.0' });
    const f = r.findings.find((x) => x.code === 'arch-list-mismatch');
    expect(f?.severity).toBe('warning');
    expect(`${f?.title} ${f?.cause}`).toContain('9.0');
  });

  it.each([['NCCL_P2P_DISABLE'], ['CUDA_LAUNCH_BLOCKING']])('%s=1 is at least a note', async (name) => {
    const r = await doctorWith({ [name]: '1' });
    const f = r.findings.find((x) => x.code === 'slow-settings');
    expect(f, r.findings.map((x) => x.code).join(', ')).toBeDefined();
    expect(JSON.stringify(f)).toContain(name);
  });
});
