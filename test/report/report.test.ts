// gpuenv report without a browser: escaping, the sections from the real captures, the page's size and policy, the
// fragment's shape, and the command's files, flags and bad inputs.
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { main } from '../../src/cli.js';
import { diagnose } from '../../src/diagnose/index.js';
import { setLang } from '../../src/i18n/index.js';
import { CSS } from '../../src/report/css.js';
import { esc, html, raw } from '../../src/report/escape.js';
import { renderReport } from '../../src/report/index.js';
import { contentSecurityPolicy } from '../../src/report/page.js';
import { SCRIPT } from '../../src/report/script.js';
import { fakeIo } from '../helpers/io.js';
import { AT, FLEET, H200_BENCH, H200_SNAPSHOT, fleetPage, h200Input, h200Page } from './fixtures.js';
import { HOSTILE, HOSTILE_FINDING, hostileSnapshot } from './hostile.js';

const work = mkdtempSync(join(tmpdir(), 'gpuenv-report-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

async function cli(args: string[]) {
  const io = { ...fakeIo(), cwd: work };
  const code = await main(['report', ...args], { io });
  return { code, out: io.stdout(), err: io.stderr() };
}

const count = (text: string, what: string | RegExp) => text.split(what).length - 1;

describe('escaping: one function for every outside value', () => {
  it('escapes markup, quotes and shows invisible characters', () => {
    expect(esc('<a href="x">\'&\'</a>')).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
    expect(esc('a\u001b[31mb\u202ec\u0000')).toBe('a\\u{1b}[31mb\\u{202e}c\\u{0}');
    expect(esc('line\nnext\ttab')).toBe('line\nnext\ttab');
    expect(esc(null)).toBe('');
    expect(esc(0)).toBe('0');
  });

  it('html`` escapes every interpolation except its own markup, and joins lists', () => {
    const inner = html`<b>${'<i>'}</b>`;
    expect(html`<p title="${'"x"'}">${inner}${['<', raw('<br>')]}${false}${null}</p>`.text).toBe('<p title="&quot;x&quot;"><b>&lt;i&gt;</b>&lt;<br></p>');
  });

  it('a hostile Snapshot and finding reach the page only as text', async () => {
    const base = await h200Input();
    const snapshot = hostileSnapshot(base.machine.snapshot);
    const diagnosis = await diagnose(snapshot);
    diagnosis.findings.push(HOSTILE_FINDING);
    const page = renderReport({ machine: { snapshot, diagnosis }, bench: base.bench, generatedAt: AT });
    expect(page.includes(HOSTILE)).toBe(false);
    expect(page.match(/<img|<svg onload|onerror="|onload='|__pwned=\d<\/script/)?.[0]).toBeUndefined();
    expect(count(page, '<script')).toBe(1);
    expect(count(page, '<style')).toBe(1);
    expect(count(page, '</style>')).toBe(1);
    expect(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u202e]/.test(page)).toBe(false);
    expect(page).toContain('&lt;script&gt;window.__pwned=1&lt;/script&gt;');
    expect(page).toContain('\\u{1b}[31mred');
  });
});

describe('the page from the real H200 captures', () => {
  it('has the machine, the findings, the bench and the policy', async () => {
    const page = await h200Page();
    expect(page.startsWith('<!doctype html>\n<html lang="en">')).toBe(true);
    for (const id of ['gpuenv-machine', 'gpuenv-findings', 'gpuenv-bench']) expect(page).toContain(`id="${id}"`);
    expect(page).not.toContain('id="gpuenv-fleet"');
    // The machine: GPU, driver, toolkit, the loaded cuDNN of the venv (loadedLibrary's answer).
    expect(page).toContain('NVIDIA H200');
    expect(page).toContain('580.159.04');
    expect(page).toContain('/usr/local/cuda-13.0');
    expect(page).toMatch(/nvidia\/cudnn\/lib\/libcudnn\.so\.9<\/td><td>preloaded/);
    // Findings: the doctor's and the bench's, one copy button per command line (comments get none).
    expect(page).toContain('data-code="forward-compat-shadowing"');
    expect(page).toContain('data-code="gpu-throttled"');
    expect(count(page, '<button type="button" class="copy"')).toBe(count(page, '<li class="cmd">'));
    // Bench: one table row per measurement, a chart per copy family and GEMM, four time series.
    // Bench: one table row per report row (measurements, the host's memcpy and the seed's checks of schema 2).
    const doc = JSON.parse(readFileSync(H200_BENCH, 'utf8'));
    expect(count(page.slice(page.indexOf('class="sortable rows"')), /<tr><td class="num">/)).toBe(doc.rows.length);
    for (const id of ['pcie-gpu0', 'd2d-gpu0', 'gemm-gpu0', 'clock-smMHz', 'clock-memMHz', 'clock-powerW', 'clock-temperatureC'])
      expect(page).toContain(`data-chart="${id}"`);
    expect(Buffer.byteLength(page)).toBeLessThan(3 * 1024 * 1024);
  });

  it('allows exactly its own style sheet and script by hash, and forbids every fetch', async () => {
    const page = await h200Page();
    const csp = contentSecurityPolicy();
    expect(page).toContain(`<meta http-equiv="Content-Security-Policy" content="${csp.replaceAll("'", '&#39;')}">`);
    const hash = (t: string) => `'sha256-${createHash('sha256').update(t).digest('base64')}'`;
    expect(csp).toContain(`style-src ${hash(CSS)}`);
    expect(csp).toContain(`script-src ${hash(SCRIPT)}`);
    expect(csp).toMatch(/^default-src 'none'/);
    expect(page).toContain(`<style>${CSS}</style>`);
    expect(page).toContain(`<script>${SCRIPT}</script>`);
    // No URL anywhere that a browser would fetch, and no style attribute the policy would block.
    expect(page.match(/(src|href)="(?!#|data:)[^"]*"/)?.[0]).toBeUndefined();
    expect(page.match(/ style="[^"]*"/)?.[0]).toBeUndefined();
    expect(CSS).not.toMatch(/url\(|@import/);
  });

  it('--fragment: one div with its own scoped style, no script, no document shell', async () => {
    const frag = await h200Page(true);
    expect(frag.startsWith('<div class="gpuenv-report" lang="en"><style>')).toBe(true);
    expect(frag.trimEnd().endsWith('</div>')).toBe(true);
    expect(frag.match(/<script|<html|<head>|<body|<meta[\s>]|<!doctype|<button/i)?.[0]).toBeUndefined();
    // Every rule of the style sheet is scoped to the report's div (or is an @media block of such rules).
    for (const rule of CSS.replace(/@media[^{]+\{/g, '').split('}')) {
      const selector = rule.split('{')[0]!.trim();
      if (selector) expect(selector.split(',').every((s) => s.trim().startsWith('.gpuenv-report'))).toBe(true);
    }
  });

  it('--lang zh-CN applies to the page', async () => {
    setLang('zh-CN');
    try {
      const page = await h200Page();
      expect(page).toContain('<html lang="zh-CN">');
      expect(page).toContain('>显存<');
      expect(page).toContain('诊断结果');
      expect(page).toContain('>复制<');
    } finally {
      setLang('en');
    }
  });
});

describe('the fleet page from the 4-node fixture', () => {
  it('marks the odd driver and the ECC node in the matrix, from fleet report’s own analysis', async () => {
    const page = await fleetPage();
    const row = (node: string) => page.slice(page.indexOf(`<tr data-node="${node}">`), page.indexOf('</tr>', page.indexOf(`<tr data-node="${node}">`)));
    expect(row('gpu03')).toMatch(/<td class="odd must"[^>]*>570\.86\.10<\/td>/);
    expect(row('gpu01')).not.toContain('odd');
    expect(row('gpu02')).toMatch(/<td class="count bad" data-sort="3"/);
    expect(row('gpu02')).toContain('ecc-errors');
    expect(count(page, '<tr data-node=')).toBe(4);
    expect(page).toContain('class="sortable matrix"');
  });
});

describe('gpuenv report (the command)', () => {
  it('writes the page atomically, refuses to overwrite without --force, and - is stdout', async () => {
    const r = await cli(['--snapshot', H200_SNAPSHOT, '--bench', H200_BENCH, '-o', 'h200.html']);
    expect(r.code).toBe(0);
    expect(r.err).toMatch(/wrote h200\.html \(\d+ KiB\)/);
    const first = readFileSync(join(work, 'h200.html'), 'utf8');
    expect(first).toContain('id="gpuenv-bench"');
    const again = await cli(['--snapshot', H200_SNAPSHOT, '-o', 'h200.html']);
    expect(again.code).toBe(2);
    expect(again.err).toMatch(/the file exists; add --force/);
    expect(readFileSync(join(work, 'h200.html'), 'utf8')).toBe(first);
    expect((await cli(['--snapshot', H200_SNAPSHOT, '-o', 'h200.html', '--force'])).code).toBe(0);
    expect(readFileSync(join(work, 'h200.html'), 'utf8')).not.toContain('id="gpuenv-bench"');
    const out = await cli(['--snapshot', H200_SNAPSHOT, '--fragment', '-o', '-']);
    expect(out.code).toBe(0);
    expect(out.out.startsWith('<div class="gpuenv-report"')).toBe(true);
  });

  it('refuses an existing default file before probing anything', async () => {
    writeFileSync(join(work, 'gpuenv-report.html'), 'mine');
    const r = await cli([]);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/gpuenv-report\.html: the file exists/);
    expect(readFileSync(join(work, 'gpuenv-report.html'), 'utf8')).toBe('mine');
  });

  it('--fleet alone reports the fleet without probing this machine; repeated folders merge', async () => {
    const r = await cli(['--fleet', join(FLEET, 'doctor'), '--fleet', join(FLEET, 'bench'), '-o', '-']);
    expect(r.code).toBe(0);
    expect(r.out).toContain('id="gpuenv-fleet"');
    expect(r.out).not.toContain('id="gpuenv-machine"');
  });

  it('bad inputs: one clear message, exit 2, no stack trace', async () => {
    writeFileSync(join(work, 'not-json.json'), '{"rows": [');
    writeFileSync(
      join(work, 'wrong.json'),
      JSON.stringify({ schemaVersion: 1, ok: true, run: { gpus: [0], engine: 'native', mode: 'quick', result: { copies: 'x' } } }),
    );
    const doc = JSON.parse(readFileSync(H200_BENCH, 'utf8'));
    writeFileSync(join(work, 'clock.json'), JSON.stringify({ ...doc, run: { ...doc.run, clocks: [{ tMs: 'soon', gpu: 0 }] } }));
    const cases: [string[], RegExp][] = [
      [['--snapshot', join(work, 'missing.json')], /--snapshot .*missing\.json: no such file/],
      [['--snapshot', H200_SNAPSHOT, '--bench', join(work, 'missing.json')], /--bench .*missing\.json: no such file/],
      [['--snapshot', H200_SNAPSHOT, '--bench', join(work, 'not-json.json')], /not-json\.json: not JSON/],
      [['--snapshot', H200_SNAPSHOT, '--bench', join(work, 'wrong.json')], /not a gpuenv bench result \(run\.result\.copies: not a list\)/],
      [['--snapshot', H200_SNAPSHOT, '--bench', join(work, 'clock.json')], /run\.clocks\[0\]: not a clock sample/],
      [['--snapshot', H200_SNAPSHOT, '--bench', work], /is a folder/],
      [['--fleet', join(work, 'nowhere')], /--fleet .*nowhere: no such file or folder/],
      [['--fleet', mkdtempSync(join(work, 'empty-'))], /no gpuenv results/],
      [['--snapshot', join(work, 'wrong.json')], /not a complete gpuenv Snapshot/],
      [['--bogus'], /bogus/],
    ];
    for (const [args, message] of cases) {
      const r = await cli([...args, '-o', '-']);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.err).toMatch(message);
      expect(r.err).not.toMatch(/ at |TypeError|Cannot read/);
    }
    expect(() => statSync(join(work, 'missing.json'))).toThrow();
  });

  it('says what is wrong with a bench file in Chinese with --lang zh-CN', async () => {
    const doc = JSON.parse(readFileSync(H200_BENCH, 'utf8'));
    writeFileSync(join(work, 'clock-zh.json'), JSON.stringify({ ...doc, run: { ...doc.run, clocks: [{ tMs: 'soon', gpu: 0 }] } }));
    const r = await cli(['--lang', 'zh-CN', '--snapshot', H200_SNAPSHOT, '--bench', join(work, 'clock-zh.json'), '-o', '-']);
    expect(r.code).toBe(2);
    expect(r.err).toContain('不是 gpuenv 性能测试结果（run.clocks[0]：不是时钟采样）');
  });
});
