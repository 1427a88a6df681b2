// The headless Chromium the report tests drive (Debian's `chromium`, through playwright-core). Absent, the browser
// tests skip with the reason; with GPUENV_REQUIRE_BROWSER=1 (set by .ci/run, which installs chromium) they fail.
import { existsSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { type Browser, chromium } from 'playwright-core';

/** The binary itself first: Debian's /usr/bin/chromium is a shell wrapper that only adds flags. */
const CANDIDATES = ['/usr/lib/chromium/chromium', 'chromium', 'chromium-browser', 'google-chrome', 'google-chrome-stable'];

export function chromiumPath(env: NodeJS.ProcessEnv = process.env): string | null {
  if (env.GPUENV_CHROMIUM && existsSync(env.GPUENV_CHROMIUM)) return env.GPUENV_CHROMIUM;
  for (const c of CANDIDATES) {
    if (c.startsWith('/')) {
      if (existsSync(c)) return c;
      continue;
    }
    for (const dir of (env.PATH ?? '').split(delimiter)) if (dir && existsSync(join(dir, c))) return join(dir, c);
  }
  return null;
}

/** For `describe.skipIf(!requireBrowser())`: throws when the browser is required (CI) but missing. */
export function requireBrowser(env: NodeJS.ProcessEnv = process.env): boolean {
  if (chromiumPath(env)) return true;
  if (env.GPUENV_REQUIRE_BROWSER === '1')
    throw new Error('headless Chromium required (GPUENV_REQUIRE_BROWSER=1) but not found: apt-get install -y chromium, or set GPUENV_CHROMIUM');
  return false;
}

export const SKIP_REASON = 'no Chromium found (apt-get install chromium, or GPUENV_CHROMIUM=/path): the browser tests of gpuenv report are skipped';

export function launch(): Promise<Browser> {
  const executablePath = chromiumPath();
  if (!executablePath) throw new Error(SKIP_REASON);
  // --no-sandbox: CI runs as root in a container, where Chromium's sandbox cannot start.
  return chromium.launch({ executablePath, args: ['--no-sandbox', '--disable-gpu', '--font-render-hinting=none'], timeout: 30_000 });
}
