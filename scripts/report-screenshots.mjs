#!/usr/bin/env node
// Writes docs/report/*.png: the pages `gpuenv report` makes of the real H200 (its Snapshot and a bench run on it) and
// of the 4-node fleet of test/fixtures/fleet-report/, made by the built CLI and photographed in the same headless
// Chromium the tests drive. Run after `npm run build` (and node scripts/make-fixture-fleet-report.mjs):
//   node scripts/report-screenshots.mjs      (GPUENV_CHROMIUM=/path/to/chromium to choose the browser)
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';

const root = new URL('..', import.meta.url).pathname;
const out = join(root, 'docs/report');
const pick = (...files) => files.map((f) => join(root, f)).find((f) => existsSync(f));
// The real Snapshot and `bench --full --json` of the H200 (test/fixtures/captures/h200-bench/, 2026-12-02).
const snapshot = pick('test/fixtures/captures/h200-bench/snapshot-v2.json');
const bench = pick('test/fixtures/captures/h200-bench/bench-full-v2.json');
if (!snapshot || !bench) throw new Error('test/fixtures/captures/h200-bench/{snapshot,bench-full}.json missing');
const browserPath = [process.env.GPUENV_CHROMIUM, '/usr/lib/chromium/chromium', '/usr/bin/chromium'].find((p) => p && existsSync(p));
if (!browserPath) throw new Error('no Chromium: apt-get install chromium, or set GPUENV_CHROMIUM');

const tmp = mkdtempSync(join(tmpdir(), 'gpuenv-report-shots-'));
const report = (name, args) => {
  const file = join(tmp, `${name}.html`);
  execFileSync(process.execPath, [join(root, 'dist/cli.js'), 'report', ...args, '-o', file], {
    cwd: root,
    env: { ...process.env, GPUENV_LANG: 'en' },
    stdio: 'inherit',
  });
  return readFileSync(file, 'utf8');
};
const pages = {
  h200: report('h200', ['--snapshot', snapshot, '--bench', bench]),
  'h200-zh': report('h200-zh', ['--snapshot', snapshot, '--bench', bench, '--lang', 'zh-CN']),
  fleet: report('fleet', ['--fleet', 'test/fixtures/fleet-report/doctor', '--fleet', 'test/fixtures/fleet-report/bench']),
};

const shots = [
  // [file, page, selector (null: the top of the page), viewport width]
  ['h200-machine.png', 'h200', '#gpuenv-machine', 1100],
  ['h200-findings.png', 'h200', '#gpuenv-findings', 1100],
  ['h200-bench-charts.png', 'h200', '#gpuenv-bench .charts', 1100],
  ['h200-clocks.png', 'h200', '#gpuenv-bench h3:last-of-type + p + .charts', 1100],
  ['h200-zh-top.png', 'h200-zh', null, 1100],
  ['h200-phone.png', 'h200', null, 390],
  ['fleet.png', 'fleet', '#gpuenv-fleet', 1100],
];
mkdirSync(out, { recursive: true });
const browser = await chromium.launch({ executablePath: browserPath, args: ['--no-sandbox', '--disable-gpu', '--font-render-hinting=none'] });
try {
  for (const [file, name, selector, width] of shots) {
    const context = await browser.newContext({ viewport: { width, height: width < 600 ? 844 : 900 }, deviceScaleFactor: 1, colorScheme: 'light' });
    // Served from a made-up https origin; anything else the page asked for would be refused (it asks for nothing).
    await context.route('**/*', (route) =>
      route.request().url() === 'https://gpuenv-report.test/' ? route.fulfill({ contentType: 'text/html; charset=utf-8', body: pages[name] }) : route.abort(),
    );
    const page = await context.newPage();
    await page.goto('https://gpuenv-report.test/');
    const path = join(out, file);
    if (selector) await page.locator(selector).first().screenshot({ path });
    else await page.screenshot({ path });
    console.log(`docs/report/${file}`);
    await context.close();
  }
} finally {
  await browser.close();
  rmSync(tmp, { recursive: true, force: true });
}
