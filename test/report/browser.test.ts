// gpuenv report in a real headless Chromium: the pages of the real H200 and of the 4-node fleet load with no console
// error and no request beyond the page itself, the charts carry one point per measurement, the fleet table sorts,
// every fix command has a working copy button, hostile values stay text, phones and print get their layouts, and
// each section looks like its stored screenshot (compared downscaled, so font differences between machines pass).
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { diagnose } from '../../src/diagnose/index.js';
import { renderReport } from '../../src/report/index.js';
import { launch, requireBrowser, SKIP_REASON } from './browser.js';
import { AT, FIXTURES, H200_BENCH, fleetPage, h200Input, h200Page } from './fixtures.js';
import { HOSTILE, HOSTILE_FINDING, hostileSnapshot } from './hostile.js';

// https: a secure context, where the clipboard API (the copy buttons) is available.
// The callbacks of page.evaluate run in the browser: its globals, loosely typed (the project has no DOM lib).
declare const document: any;
declare const window: any;
declare const navigator: any;
declare const Image: any;
type HTMLImageElement = any;

const ORIGIN = 'https://gpuenv-report.test/';
const SHOTS = join(FIXTURES, 'report');
const UPDATE = process.env.GPUENV_UPDATE_SCREENSHOTS === '1';
/** Downscaled to this width, a pixel differs when its grey level moves by more than THRESHOLD; MAX_DIFF of them may. */
const COMPARE_WIDTH = 200;
const THRESHOLD = 48;
const MAX_DIFF = 0.03;
const MAX_ASPECT_CHANGE = 0.04;

const available = requireBrowser();
if (!available) console.warn(SKIP_REASON);

interface Opened {
  context: BrowserContext;
  page: Page;
  /** Every request other than the page itself: there must be none. */
  requests: string[];
  /** Console errors and warnings, and uncaught exceptions. */
  problems: string[];
}

describe.skipIf(!available)('gpuenv report in headless Chromium', () => {
  let browser: Browser;
  let h200: string;
  let fleet: string;
  beforeAll(async () => {
    browser = await launch();
    h200 = await h200Page();
    fleet = await fleetPage();
  }, 60_000);
  afterAll(async () => browser?.close());

  async function open(html: string, viewport = { width: 1000, height: 800 }): Promise<Opened> {
    const context = await browser.newContext({ viewport, deviceScaleFactor: 1, colorScheme: 'light', locale: 'en-US' });
    const requests: string[] = [];
    const problems: string[] = [];
    // The page is served from a made-up origin; any other request is recorded and refused.
    await context.route('**/*', (route) => {
      const url = route.request().url();
      if (url === ORIGIN) return route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: html });
      requests.push(url);
      return route.abort();
    });
    const page = await context.newPage();
    page.on('request', (r) => {
      if (r.url() !== ORIGIN && !requests.includes(r.url())) requests.push(r.url());
    });
    page.on('console', (msg) => {
      if (msg.type() === 'error' || msg.type() === 'warning') problems.push(`${msg.type()}: ${msg.text()}`);
    });
    page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
    await page.goto(ORIGIN, { waitUntil: 'load' });
    return { context, page, requests, problems };
  }

  it('the H200 page loads with no console error and no request; its policy blocks script, style and fetches', async () => {
    const { context, page, requests, problems } = await open(h200);
    expect(await page.locator('section').count()).toBe(3);
    expect(problems).toEqual([]);
    expect(requests).toEqual([]);
    // The policy is in force: an injected script does not run, and a fetch never leaves the page.
    const injected = await page.evaluate(async () => {
      const s = document.createElement('script');
      s.textContent = 'window.__injected = 1';
      document.body.append(s);
      const fetched = await fetch('http://elsewhere.test/x').then(
        () => 'sent',
        () => 'blocked',
      );
      return { ran: (window as unknown as { __injected?: number }).__injected ?? null, fetched };
    });
    expect(injected).toEqual({ ran: null, fetched: 'blocked' });
    expect(requests).toEqual([]);
    expect(problems.some((p) => /Content Security Policy/.test(p))).toBe(true);
    await context.close();
  });

  it('the charts have one point per measurement and one vertex per clock sample', async () => {
    const run = JSON.parse(readFileSync(H200_BENCH, 'utf8')).run;
    const { context, page } = await open(h200);
    const charts = await page.$$eval('figure.chart', (figs) =>
      figs.map((f) => ({
        id: f.getAttribute('data-chart'),
        series: [...f.querySelectorAll('g.series')].map((g) => ({
          name: g.getAttribute('data-series'),
          points: Number(g.getAttribute('data-points')),
          circles: g.querySelectorAll('circle').length,
          vertices: (g.querySelector('path')?.getAttribute('d')?.match(/[ML]/g) ?? []).length,
          dashed: g.querySelector('path')?.classList.contains('dashed') ?? false,
        })),
      })),
    );
    const measured = (id: string) => charts.find((c) => c.id === id)!.series.filter((s) => !s.dashed);
    const circles = (id: string) => measured(id).reduce((n, s) => n + s.circles, 0);
    expect(circles('pcie-gpu0') + circles('d2d-gpu0')).toBe(run.result.copies.length);
    expect(circles('gemm-gpu0')).toBe(run.result.gemms.length);
    expect(measured('gemm-gpu0').map((s) => s.name)).toEqual([...new Set(run.result.gemms.map((g: { dtype: string }) => g.dtype))]);
    for (const c of charts) for (const s of c.series) expect(s.vertices, `${c.id} ${s.name}`).toBe(s.points);
    const samples = (key: string) => run.clocks.filter((x: Record<string, unknown>) => x[key] !== null).length;
    for (const key of ['smMHz', 'memMHz', 'powerW', 'temperatureC']) expect(measured(`clock-${key}`)[0]!.points).toBe(samples(key));
    // The expectation lines: one vertex per row that has an expected value.
    const pinned = run.result.copies.filter((c: { kind: string }) => c.kind === 'h2d-pinned').length;
    expect(charts.find((c) => c.id === 'pcie-gpu0')!.series.find((s) => s.dashed && /h2d-pinned/.test(s.name ?? ''))!.points).toBe(pinned);
    await context.close();
  });

  it('every fix command has a copy button that puts the command on the clipboard', async () => {
    const { context, page, problems } = await open(h200);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: ORIGIN });
    const commands = page.locator('ol.fix li.cmd');
    const n = await commands.count();
    expect(n).toBeGreaterThan(0);
    expect(await page.locator('ol.fix li.cmd button.copy').count()).toBe(n);
    expect(await page.locator('ol.fix li.comment button').count()).toBe(0);
    const first = commands.first();
    await first.locator('button.copy').click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await first.locator('code').textContent());
    expect(await first.locator('button.copy').textContent()).toBe('Copied');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('the fleet page loads clean, marks the odd nodes and sorts by a click on a header', async () => {
    const { context, page, requests, problems } = await open(fleet);
    expect(problems).toEqual([]);
    expect(requests).toEqual([]);
    const order = () => page.$$eval('table.matrix tbody tr', (rows) => rows.map((r) => r.getAttribute('data-node')));
    expect(await order()).toEqual(['gpu01', 'gpu02', 'gpu03', 'gpu04']);
    expect(await page.locator('tr[data-node="gpu03"] td.odd.must').count()).toBe(2);
    expect(await page.locator('tr[data-node="gpu02"] td.count.bad').count()).toBe(2);
    const header = (text: RegExp) => page.locator('table.matrix thead th').filter({ hasText: text }).first();
    await header(/hardware counters/).click();
    expect((await order()).at(-1)).toBe('gpu02');
    expect(await header(/hardware counters/).getAttribute('aria-sort')).toBe('ascending');
    await header(/hardware counters/).click();
    expect((await order())[0]).toBe('gpu02');
    await header(/^driver ★$/).click();
    expect((await order())[0]).toBe('gpu03');
    await header(/^driver ★$/).press('Enter');
    expect((await order()).at(-1)).toBe('gpu03');
    await context.close();
  });

  it('hostile values are shown as text and run nothing', async () => {
    const base = await h200Input();
    const snapshot = hostileSnapshot(base.machine.snapshot);
    const diagnosis = await diagnose(snapshot);
    diagnosis.findings.push(HOSTILE_FINDING);
    const { context, page, requests, problems } = await open(renderReport({ machine: { snapshot, diagnosis }, generatedAt: AT }));
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned ?? null)).toBeNull();
    expect(await page.locator('img, .gpuenv-report svg[onload]').count()).toBe(0);
    expect(await page.locator('h1').textContent()).toContain('<script>window.__pwned=1</script>');
    expect(await page.locator('h1').textContent()).toContain('\\u{1b}[31mred');
    expect(HOSTILE).toContain('\u001b');
    expect(problems).toEqual([]);
    expect(requests).toEqual([]);
    await context.close();
  });

  it('a phone gets one column without sideways scrolling of the page; print hides the buttons', async () => {
    for (const html of [h200, fleet]) {
      const { context, page } = await open(html, { width: 390, height: 844 });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await context.close();
    }
    const { context, page } = await open(h200);
    expect(await page.locator('button.copy').first().isVisible()).toBe(true);
    await page.emulateMedia({ media: 'print' });
    expect(await page.locator('button.copy').first().isVisible()).toBe(false);
    expect(await page.locator('nav').isVisible()).toBe(false);
    await context.close();
  });

  /** The share of differing pixels of two PNGs drawn to the same small canvas, and their aspect ratios. */
  async function compare(page: Page, a: Buffer, b: Buffer): Promise<{ ratio: number; aspects: [number, number] }> {
    return page.evaluate(
      async ([x, y, width, threshold]) => {
        const load = (b64: string) =>
          new Promise<HTMLImageElement>((resolve, reject) => {
            const img = new Image();
            img.onload = () => resolve(img);
            img.onerror = reject;
            img.src = `data:image/png;base64,${b64}`;
          });
        const [ia, ib] = await Promise.all([load(x as string), load(y as string)]);
        const w = width as number;
        const h = Math.max(1, Math.round((w * ia.height) / ia.width));
        const grey = (img: HTMLImageElement) => {
          const c = document.createElement('canvas');
          c.width = w;
          c.height = h;
          const g = c.getContext('2d')!;
          g.fillStyle = '#fff';
          g.fillRect(0, 0, w, h);
          g.drawImage(img, 0, 0, w, h);
          const d = g.getImageData(0, 0, w, h).data;
          const out = new Float32Array(w * h);
          for (let i = 0; i < w * h; i++) out[i] = 0.299 * d[4 * i]! + 0.587 * d[4 * i + 1]! + 0.114 * d[4 * i + 2]!;
          return out;
        };
        const ga = grey(ia);
        const gb = grey(ib);
        let diff = 0;
        for (let i = 0; i < ga.length; i++) if (Math.abs(ga[i]! - gb[i]!) > (threshold as number)) diff++;
        return { ratio: diff / ga.length, aspects: [ia.width / ia.height, ib.width / ib.height] as [number, number] };
      },
      [a.toString('base64'), b.toString('base64'), COMPARE_WIDTH, THRESHOLD] as const,
    );
  }

  const SECTIONS: [string, 'h200' | 'fleet', string][] = [
    ['h200-machine', 'h200', '#gpuenv-machine'],
    ['h200-findings', 'h200', '#gpuenv-findings'],
    ['h200-bench', 'h200', '#gpuenv-bench'],
    ['fleet', 'fleet', '#gpuenv-fleet'],
  ];
  for (const [name, which, selector] of SECTIONS) {
    it(`the ${name} section looks like test/fixtures/report/${name}.png`, async () => {
      const { context, page } = await open(which === 'h200' ? h200 : fleet);
      const shot = await page.locator(selector).screenshot({ animations: 'disabled', caret: 'hide' });
      const file = join(SHOTS, `${name}.png`);
      if (UPDATE) {
        mkdirSync(SHOTS, { recursive: true });
        writeFileSync(file, shot);
      }
      expect(existsSync(file), `${file} missing: run with GPUENV_UPDATE_SCREENSHOTS=1`).toBe(true);
      const blank = await context.newPage();
      const { ratio, aspects } = await compare(blank, readFileSync(file), shot);
      expect(Math.abs(aspects[0] / aspects[1] - 1), `${name}: aspect ratio ${aspects.join(' vs ')}`).toBeLessThan(MAX_ASPECT_CHANGE);
      expect(ratio, `${name}: ${(ratio * 100).toFixed(2)} % of pixels differ`).toBeLessThan(MAX_DIFF);
      await context.close();
    });
  }

  it('the comparison sees a real change: a retitled, recoloured finding', async () => {
    const { context, page } = await open(h200);
    const a = await page.locator('#gpuenv-findings').screenshot();
    const b = await page.locator('#gpuenv-findings').screenshot();
    const blank = await context.newPage();
    expect((await compare(blank, a, b)).ratio).toBe(0);
    // The same section with one finding's badge recoloured and its title changed.
    await page.evaluate(() => {
      const h = document.querySelector('.finding h4')!;
      h.textContent = 'a different title that is long enough to move many pixels of this heading around';
      document.querySelector('.finding')!.classList.replace('info', 'error');
    });
    const c = await page.locator('#gpuenv-findings').screenshot();
    const r = await compare(blank, a, c);
    expect(r.ratio).toBeGreaterThan(0.002);
    await context.close();
  });
});
