// The fleet commands with --lang zh-CN (issue 21): the report, the generated manifests and slurm.conf snippets, the
// run summary and the usage errors hold no English sentence, and what Kubernetes, Slurm and sh read (keys, values,
// commands) is the same bytes as in English: only the comments change.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { main } from '../../src/cli.js';
import { renderRunSummary } from '../../src/fleet/run/render.js';
import { setLang } from '../../src/i18n/index.js';
import { fakeIo } from '../helpers/io.js';
import { englishRuns } from '../i18n/english.js';
import { FLEET } from '../report/fixtures.js';

const h200 = JSON.parse(readFileSync(join(import.meta.dirname, '../fixtures/snapshots/h200.json'), 'utf8'));
const work = mkdtempSync(join(tmpdir(), 'gpuenv-fleet-zh-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

async function gpuenv(args: string[], lang: 'en' | 'zh-CN' = 'zh-CN') {
  const io = { ...fakeIo(), cwd: work };
  const code = await main([...args, '--lang', lang], { io });
  return { code, out: io.stdout(), err: io.stderr() };
}

/** The English runs of a text, none expected. */
const english = (text: string) => englishRuns(text);
const comments = (text: string) =>
  text
    .split('\n')
    .filter((l) => /^\s*#/.test(l))
    .join('\n');
const code = (text: string) =>
  text
    .split('\n')
    .filter((l) => !/^\s*#/.test(l))
    .join('\n');

function snapshotOf(name: string, change: (s: any) => void = () => {}) {
  const s = structuredClone(h200);
  s.node = { name, engine: 'slurm', jobId: '7', visibleDevices: '0' };
  s.hostname = name;
  change(s);
  return s;
}
const bench = (name: string, value: number) => ({
  schemaVersion: 1,
  ok: true,
  node: { name },
  findings: [],
  rows: [{ gpu: 0, what: 'gemm bf16', size: '8192³', value, unit: 'TFLOP/s' }],
  run: { before: [{ index: 0, name: 'NVIDIA H200' }] },
});

describe('fleet report in Chinese', () => {
  const dir = join(work, 'results');
  mkdirSync(dir);
  for (const n of ['gpu01', 'gpu02']) writeFileSync(join(dir, `${n}.json`), JSON.stringify(snapshotOf(n)));
  writeFileSync(
    join(dir, 'gpu03.json'),
    JSON.stringify(
      snapshotOf('gpu03', (s) => {
        s.driver.version.value = '570.86.10';
        s.gpus[0].ecc.volatileUncorrected = 3;
        s.gpus[0].ecc.remappingPending = true;
      }),
    ),
  );
  // gpu01-03 ran bench too (a second result of the same node); gpu09-11 only ran bench.
  for (const [n, v] of [
    ['gpu01', 794],
    ['gpu02', 790],
    ['gpu03', 796],
    ['gpu09', 600],
    ['gpu10', 795],
    ['gpu11', 793],
  ] as const)
    writeFileSync(join(dir, `bench-${n}.json`), JSON.stringify(bench(n, v)));
  writeFileSync(join(dir, 'broken.json'), '{"gpus": [');

  it('text and Markdown: check names, counters and every line in Chinese; the JSON keeps the stable ids', async () => {
    for (const args of [[dir], [dir, '--markdown']]) {
      const r = await gpuenv(['fleet', 'report', ...args]);
      expect(r.code).toBe(1);
      expect(english(r.out), r.out).toEqual([]);
      expect(r.out).toContain('驱动');
      expect(r.out).toContain('ECC 不可纠正错误（易失）');
      if (args.length === 1) expect(r.out).toContain('只有 bench 结果的节点（没有快照，不参与差异和硬件计数检查）：gpu09, gpu10, gpu11');
      expect(r.out).not.toMatch(/driver CUDA|GPU product|row remapping/);
    }
    const doc = JSON.parse((await gpuenv(['fleet', 'report', dir, '--json'])).out);
    expect(doc.drift.map((d: { key: string }) => d.key)).toEqual(['driver']);
    expect(doc.same.map((s: { key: string }) => s.key)).toContain('GPU product');
    expect(doc.hardware.map((h: { counter: string }) => h.counter)).toEqual(['ECC volatile uncorrected', 'row remapping pending']);
  });

  it('names the nodes with bench results only, not those that also have a Snapshot', async () => {
    const r = await gpuenv(['fleet', 'report', dir], 'en');
    expect(r.out).toContain('Nodes with bench results only (no Snapshot, so not in the drift and counter checks): gpu09, gpu10, gpu11\n');
    expect(JSON.parse((await gpuenv(['fleet', 'report', dir, '--json'], 'en')).out).withoutSnapshot).toEqual(['gpu09', 'gpu10', 'gpu11']);
  });

  it('the report page shows the check names and counters from the catalogue', async () => {
    const r = await gpuenv(['report', '--fleet', join(FLEET, 'doctor'), '--fleet', join(FLEET, 'bench'), '-o', '-']);
    expect(r.code).toBe(0);
    const section = r.out.slice(r.out.indexOf('id="gpuenv-fleet"'));
    expect(section).toContain('>驱动 ★</th>');
    expect(section).toContain('<dt>操作系统</dt>');
    expect(section).not.toMatch(/>(driver|driver CUDA|GPU product|GPU count|ECC mode|MIG mode)( ★)?</);
    const en = await gpuenv(['report', '--fleet', join(FLEET, 'doctor'), '--fleet', join(FLEET, 'bench'), '-o', '-'], 'en');
    expect(en.out).toContain('>driver ★</th>');
  });
});

describe('generated files in Chinese: comments only', () => {
  it('manifests: the same YAML and JSON as in English, Chinese comments', async () => {
    for (const args of [
      ['--k8s', 'daemonset'],
      ['--k8s', 'job', '-w', 'gpu01', '-w', 'gpu02'],
      ['--k8s', 'daemonset', '--image', 'registry.example/gpuenv:1'],
    ]) {
      const zh = await gpuenv(['fleet', 'manifests', ...args]);
      const en = await gpuenv(['fleet', 'manifests', ...args], 'en');
      expect(zh.code).toBe(0);
      expect(code(zh.out)).toBe(code(en.out));
      expect(comments(zh.out)).toMatch(/[\u4e00-\u9fff]/);
      expect(english(comments(zh.out)), comments(zh.out)).toEqual([]);
    }
    const zh = JSON.parse((await gpuenv(['fleet', 'manifests', '--k8s', 'npd-plugin'])).out);
    const en = JSON.parse((await gpuenv(['fleet', 'manifests', '--k8s', 'npd-plugin'], 'en')).out);
    expect({ ...zh, _comment: [] }).toEqual({ ...en, _comment: [] });
    expect(zh._comment).toHaveLength(en._comment.length);
    expect(english(zh._comment.join('\n'))).toEqual([]);
  });

  it('slurm-conf: the same slurm.conf lines and sh code, Chinese comments; the scripts still parse', async () => {
    const zh = await gpuenv(['fleet', 'slurm-conf', '--gpuenv', '/shared/bin/gpuenv']);
    const en = await gpuenv(['fleet', 'slurm-conf', '--gpuenv', '/shared/bin/gpuenv'], 'en');
    expect(code(zh.out)).toBe(code(en.out));
    expect(english(comments(zh.out)), comments(zh.out)).toEqual([]);
    expect(spawnSync('sh', ['-n'], { input: zh.out, encoding: 'utf8' }).status).toBe(0);
  });
});

describe('fleet run and bad input in Chinese', () => {
  it('usage errors: Chinese, exit 2', async () => {
    const cases = [
      ['fleet', 'run', '--via', 'ssh', '--out-dir', 'r', '--', 'doctor'],
      ['fleet', 'run', '--via', 'slurm', '--', 'doctor'],
      ['fleet', 'run', '--via', 'slurm', '--out-dir', 'r', '-N', '0', '--', 'doctor'],
      ['fleet', 'run', '--via', 'pdsh', '--out-dir', 'r', '-w', 'gpu01', '-R', 'rsh', '--', 'doctor'],
      ['fleet', 'run', '--via', 'pdsh', '--out-dir', 'r', '--dry-run', '--', 'doctor'],
      ['fleet', 'run', '--via', 'slurm', '--out-dir', 'r', '--dry-run', '--'],
      ['fleet', 'run', '--via', 'slurm', '--out-dir', 'r', '-N', '2', '--dry-run', '--', 'fleet', 'report'],
      ['fleet', 'run', '--via', 'k8s', '--out-dir', 'r', '-w', 'gpu01', '--', 'doctor'],
      ['fleet', 'manifests', '--k8s', 'job'],
      ['fleet', 'manifests', '--k8s', 'pod'],
      ['fleet', 'manifests', '--k8s', 'daemonset', '--namespace', 'Bad_NS'],
      ['fleet', 'slurm-conf', '--gpuenv', 'bin/gpuenv'],
      ['fleet', 'report', dirOf('missing')],
      ['fleet', 'report', work, '--json', '--markdown'],
      ['fleet'],
    ];
    for (const args of cases) {
      const r = await gpuenv(args);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.err, args.join(' ')).toMatch(/[\u4e00-\u9fff]/);
      expect(english(r.err), r.err).toEqual([]);
    }
  });

  it('the k8s dry run and the run summary', async () => {
    const dry = await gpuenv(['fleet', 'run', '--via', 'k8s', '--out-dir', 'r', '-w', 'gpu01', '--dry-run', '--', 'doctor']);
    expect(dry.out).toContain('# 然后：\n# kubectl delete jobs');
    setLang('zh-CN');
    try {
      const text = renderRunSummary({
        engine: 'pdsh',
        argv: ['pdsh'],
        outDir: 'results',
        engineExit: 1,
        engineError: null,
        nodes: [
          { node: 'gpu01', ok: true, file: 'results/gpu01.json', error: null },
          { node: 'gpu02', ok: false, file: null, error: '没有任何输出' },
        ],
        missing: ['gpu03'],
        expectedCount: 3,
      });
      expect(text).toContain('下一步：gpuenv fleet report results');
      expect(english(text), text).toEqual([]);
    } finally {
      setLang('en');
    }
  });
});

function dirOf(name: string): string {
  return join(work, name);
}
