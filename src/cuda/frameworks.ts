// Which CUDA each Python environment's frameworks were built for, read from files only (no import,
// no ELF scan): enough to say which installed toolkit matches them.
import type { ProbeContext } from '../probe/context.js';
import { buildInfo } from '../probe/python/build-info.js';
import { discoverEnvs } from '../probe/python/discover.js';
import { readPackages } from '../probe/python/packages.js';
import { envSitePackages } from '../probe/python/site-packages.js';

export interface FrameworkBuild {
  prefix: string;
  /** The environment `python3` on PATH runs. */
  active: boolean;
  name: string;
  version: string;
  /** "12.4", or only a major ("12") for builds that name no minor (jax plugins). */
  cuda: string;
  source: string;
}

const FRAMEWORK = /^(torch|tensorflow|tensorflow-gpu|tf-nightly|tf-nightly-gpu|jaxlib|jax-cuda\d+-plugin|cupy-cuda\w+|onnxruntime-gpu)$/;

export async function frameworkBuilds(ctx: ProbeContext): Promise<FrameworkBuild[]> {
  const out: FrameworkBuild[] = [];
  for (const env of await discoverEnvs(ctx, [])) {
    const sps = await envSitePackages(ctx, env.realPrefix, env.kind);
    const raw = await readPackages(ctx, env.realPrefix, sps);
    for (const p of raw) {
      if (!FRAMEWORK.test(p.name)) continue;
      // jaxlib names its CUDA through the plugin, listed on its own.
      if (p.name === 'jaxlib' && raw.some((q) => /^jax-cuda\d+-plugin$/.test(q.name))) continue;
      const b = await buildInfo(ctx, p, raw);
      if (!b?.cuda || b.cpuOnly) continue;
      out.push({ prefix: env.realPrefix, active: env.active, name: p.name, version: p.version, cuda: b.cuda, source: b.source });
    }
  }
  return out.sort((a, b) => Number(b.active) - Number(a.active) || a.prefix.localeCompare(b.prefix) || a.name.localeCompare(b.name));
}
