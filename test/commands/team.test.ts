// The team commands outside the happy path: a machine without the locked environment, Snapshots of two
// nodes, export's JSON form.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { main } from '../../src/cli.js';
import { fakeIo } from '../helpers/io.js';

const snapshots = join(import.meta.dirname, '../fixtures/snapshots');
const h200 = join(snapshots, 'h200.json');
const work = mkdtempSync(join(tmpdir(), 'gpuenv-team-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

async function cli(args: string[]) {
  const io = fakeIo();
  const code = await main(args, { io });
  return { code, out: io.stdout(), err: io.stderr() };
}

/** The h200 Snapshot as a machine that has no Python environment at all (a new hire's laptop). */
function bareMachine(): string {
  const doc = JSON.parse(readFileSync(h200, 'utf8'));
  doc.python = [];
  doc.gpus = [];
  const file = join(work, 'bare.json');
  writeFileSync(file, JSON.stringify(doc));
  return file;
}

describe('lock, verify and diff where the locked environment is missing', () => {
  it('verify of the H200 lock on a machine without Python packages: findings and exit 1, not a usage error', async () => {
    const lockFile = join(work, 'h200.lock.json');
    expect((await cli(['lock', '--snapshot', h200, '-o', lockFile])).code).toBe(0);
    const r = await cli(['verify', lockFile, '--snapshot', bareMachine(), '--json']);
    expect(r.code).toBe(1);
    const doc = JSON.parse(r.out);
    const titles = doc.findings.map((f: { title: string }) => f.title);
    expect(titles).toContain('no Python environment with packages on this machine');
    expect(titles).toContain('torch 2.11.0 from the lock is not installed');
    const torch = doc.findings.find((f: { title: string }) => f.title.startsWith('torch 2.11.0'));
    expect(torch.fix).toEqual(['pip install torch==2.11.0+cu130 --extra-index-url https://download.pytorch.org/whl/cu130']);
    expect(torch.cause).toContain('this machine has no torch');
  });

  it('lock of a machine without packages is a lock with no environment', async () => {
    const r = await cli(['lock', '--snapshot', bareMachine()]);
    expect(r.code).toBe(0);
    const lock = JSON.parse(r.out);
    expect(lock.source.environment).toBeNull();
    expect(lock.frameworks).toEqual([]);
  });

  it('diff of two Snapshots shows the differing driver, exit 1', async () => {
    const r = await cli(['diff', h200, join(snapshots, 'torch-cpu-only.json')]);
    expect(r.code).toBe(1);
    expect(r.out).toMatch(/≠ driver\s+580\.159\.04\s+550\.120/);
    const same = await cli(['diff', h200, h200]);
    expect(same.code).toBe(0);
  });

  it('--env naming an environment the Snapshot lacks is a usage error naming what it found', async () => {
    const r = await cli(['lock', '--snapshot', h200, '--env', '/opt/nope']);
    expect(r.code).toBe(2);
    expect(r.err).toContain('--env /opt/nope: no such Python environment in the snapshot (found: /opt/torch/.venv');
  });
});

describe('export --json', () => {
  it('prints {kind, path, content, reasons}, and path is where -o wrote it', async () => {
    const r = await cli(['export', 'requirements', '--snapshot', h200, '--json']);
    expect(r.code).toBe(0);
    const doc = JSON.parse(r.out);
    expect(Object.keys(doc)).toEqual(['kind', 'path', 'content', 'reasons']);
    expect(doc).toMatchObject({ kind: 'requirements', path: null });
    expect(doc.content).toContain('torch==2.11.0+cu130');
    const file = join(work, 'req.txt');
    const w = await cli(['export', 'requirements', '--snapshot', h200, '--json', '-o', file]);
    expect(JSON.parse(w.out).path).toBe(file);
    expect(readFileSync(file, 'utf8')).toBe(JSON.parse(w.out).content);
  });
});

describe('export keeps the whole environment by default', () => {
  function withDistributions(): string {
    const doc = JSON.parse(readFileSync(h200, 'utf8'));
    doc.python[0].distributions.push(
      { name: 'requests', version: '2.32.3', installer: 'uv', direct: false },
      { name: 'transformers', version: '4.57.1', installer: 'pip', direct: false },
      { name: 'my-project', version: '0.1.0', installer: 'pip', direct: true },
      { name: 'mkl-service', version: '2.4.0', installer: 'conda', direct: false },
    );
    const file = join(work, 'with-dists.json');
    writeFileSync(file, JSON.stringify(doc));
    return file;
  }

  it('pins what pip and uv installed, leaves out local and conda installs with a note saying why', async () => {
    const r = await cli(['export', 'requirements', '--snapshot', withDistributions(), '--json']);
    expect(r.code).toBe(0);
    const doc = JSON.parse(r.out);
    expect(doc.content).toContain('requests==2.32.3');
    expect(doc.content).toContain('transformers==4.57.1');
    expect(doc.content).toContain('torch==2.11.0+cu130');
    expect(doc.content).not.toMatch(/^(my-project|mkl-service)==/m);
    expect(doc.reasons).toContain('left out my-project: installed from a local folder, VCS or URL (install them from their source)');
    expect(doc.reasons).toContain('left out 1 distribution(s) installed by conda (mkl-service): PyPI may not serve those builds');
    // Every note is also in the file's header: the comments say what the file holds.
    for (const reason of doc.reasons) expect(doc.content).toContain(reason);
  });

  it('--gpu-only gives the GPU stack alone, and the regenerate line says so', async () => {
    const r = await cli(['export', 'requirements', '--snapshot', withDistributions(), '--gpu-only']);
    expect(r.code).toBe(0);
    expect(r.out).not.toContain('requests');
    expect(r.out).toContain('torch==2.11.0+cu130');
    expect(r.out).toMatch(/regenerate: gpuenv export requirements --snapshot \S+ --gpu-only/);
  });

  it('the lock pins the whole environment too', async () => {
    const lock = JSON.parse((await cli(['lock', '--snapshot', withDistributions()])).out);
    expect(lock.packages.map((p: { name: string }) => p.name)).toEqual(expect.arrayContaining(['requests', 'transformers', 'torch']));
  });
});
