import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../../src/cli.js';
import { fakeIo } from '../helpers/io.js';
import { machine } from '../helpers/machines.js';

async function doctor(name: string, args: string[] = []) {
  const io = fakeIo();
  const sys = await machine(name);
  const code = await main(['doctor', '--timeout', '0.3', ...args], { io, system: async () => sys });
  return { code, out: io.stdout(), err: io.stderr() };
}

describe('gpuenv doctor', () => {
  it('--json is {schemaVersion, snapshot, findings[]}', async () => {
    const r = await doctor('cpu-only-toolkit', ['--json']);
    const doc = JSON.parse(r.out);
    expect(Object.keys(doc)).toEqual(['schemaVersion', 'node', 'snapshot', 'findings', 'ruleErrors']);
    expect(doc.schemaVersion).toBe(1);
    expect(doc.snapshot.toolkits[0].path).toBe('/usr/local/cuda-13.0');
    expect(Array.isArray(doc.findings)).toBe(true);
    expect(r.code).toBe(doc.findings.some((f: { severity: string }) => f.severity === 'error') ? 1 : 0);
  });

  it('renders text and markdown', async () => {
    const t = await doctor('h200');
    expect(t.out).toContain('gpuenv doctor on h200');
    expect(t.out).toContain('Python environments');
    const md = await doctor('h200', ['--markdown']);
    expect(md.out).toMatch(/^## gpuenv doctor on h200/);
    expect(md.out).toContain('| 0 | NVIDIA H200 | 9.0 |');
  });

  it('reads a saved Snapshot instead of the machine', async () => {
    const snap = await doctor('cpu-only-toolkit', ['--json']);
    const dir = mkdtempSync(join(tmpdir(), 'gpuenv-doc-'));
    const file = join(dir, 'snap.json');
    writeFileSync(file, JSON.stringify(JSON.parse(snap.out).snapshot));
    const io = fakeIo();
    const code = await main(['doctor', '--snapshot', file, '--json'], {
      io,
      system: async () => {
        throw new Error('must not probe');
      },
    });
    expect(JSON.parse(io.stdout()).snapshot.toolkits[0].path).toBe('/usr/local/cuda-13.0');
    expect(code).toBe(snap.code);
  });

  it('answers bad --snapshot input with exit 2 and a clear message', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'gpuenv-doc-'));
    const cases: [string, string, RegExp][] = [
      ['missing.json', '', /no such file/],
      ['garbage.json', 'not json at all', /not JSON/],
      ['array.json', '[1,2]', /not a gpuenv Snapshot/],
      ['v9.json', '{"schemaVersion": 9}', /schemaVersion 9 is not supported/],
      ['partial.json', '{"schemaVersion": 1, "gpus": []}', /missing os, driver/],
    ];
    for (const [name, content, message] of cases) {
      const file = join(dir, name);
      if (content) writeFileSync(file, content);
      const io = fakeIo();
      expect(await main(['doctor', '--snapshot', file], { io })).toBe(2);
      expect(io.stderr()).toMatch(message);
      expect(io.stderr()).not.toMatch(/\n\s+at /);
    }
  });

  it('refuses --json with --markdown, and --snapshot with --deep', async () => {
    const a = fakeIo();
    expect(await main(['doctor', '--json', '--markdown'], { io: a })).toBe(2);
    const b = fakeIo();
    expect(await main(['doctor', '--snapshot', 'x.json', '--deep'], { io: b })).toBe(2);
  });
});
