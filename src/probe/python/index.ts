// Python environments and the GPU frameworks in them, from files: where each env is, its Python
// version, the framework builds, which CUDA libraries their shared objects would load and which GPU
// architectures they carry. Python runs only with `deep` (one child process per env, time-limited).
import type { LdCacheEntry } from '../../formats/ldcache.js';
import type { PythonEnv, PythonPackage } from '../../snapshot/types.js';
import type { ProbeContext } from '../context.js';
import { buildInfo } from './build-info.js';
import { deepCheck } from './deep.js';
import { discoverEnvs } from './discover.js';
import { archsOf, cudaLibrariesOf, cudaObjects, tensorflowDlopens } from './objects.js';
import { readDistributions, readPackages } from './packages.js';
import { loaderView } from './resolve.js';
import { torchDeclaredArchs } from './torch-archs.js';
import { torchPreload } from './torch-preload.js';
import { envSitePackages } from './site-packages.js';
import { pythonVersion } from './version.js';

/** Packages that import torch before their own CUDA objects load. */
const TORCH_EXTENSIONS = /^(torchvision|torchaudio|xformers|flash-attn|vllm|bitsandbytes)$/;

export interface PythonProbeOptions {
  ldCache: LdCacheEntry[];
  /** --python values: interpreters or prefixes. */
  extraPythons: string[];
  deep: boolean;
  /** Limit for each --deep child (default 30 s). */
  deepTimeoutMs?: number;
}

export async function probePythonEnvs(ctx: ProbeContext, options: PythonProbeOptions): Promise<PythonEnv[]> {
  const started = Date.now();
  const view = loaderView(ctx, options.ldCache);
  const found = await discoverEnvs(ctx, options.extraPythons);
  const envs = await Promise.all(
    found.map(async (f): Promise<PythonEnv> => {
      const sps = await envSitePackages(ctx, f.realPrefix, f.kind);
      const raw = await readPackages(ctx, f.realPrefix, sps);
      const packages: PythonPackage[] = [];
      // torch first: its extensions (torchvision, xformers …) are imported after it and reuse what it loaded.
      const ordered = [...raw].sort((a, b) => Number(b.name === 'torch') - Number(a.name === 'torch'));
      let torchLoaded: Map<string, string> | undefined;
      for (const p of ordered) {
        const build = await buildInfo(ctx, p, raw);
        const files = p.sitePackages && !p.name.startsWith('nvidia-') ? await cudaObjects(ctx, p.name, p.sitePackages) : [];
        const preload =
          p.name === 'torch' && p.sitePackages && build && !build.cpuOnly
            ? await torchPreload(ctx, `${p.sitePackages}/torch`, sps, build.cuda?.split('.')[0] ?? null)
            : null;
        packages.push({
          name: p.name,
          version: p.version,
          installer: p.installer,
          location: p.location,
          build,
          cudaLibraries: files.length
            ? await cudaLibrariesOf(ctx, files, {
                view,
                preload,
                ...(torchLoaded && TORCH_EXTENSIONS.test(p.name) ? { loaded: torchLoaded } : {}),
                dlopened: /^(tensorflow|tf-nightly)/.test(p.name) && build && !build.cpuOnly ? tensorflowDlopens(build.cuda, build.cudnn) : [],
              })
            : [],
          archs: await withDeclaredArchs(ctx, p.name, p.sitePackages, await archsOf(ctx, files)),
        });
        const last = packages.at(-1);
        if (last?.name === 'torch') {
          torchLoaded = new Map(last.cudaLibraries.filter((l) => l.resolvedPath !== null).map((l) => [l.soname, l.resolvedPath as string]));
        }
      }
      packages.sort((a, b) => a.name.localeCompare(b.name));
      const hasTorch = packages.some((p) => p.name === 'torch');
      return {
        prefix: f.realPrefix,
        python: f.python,
        kind: f.kind,
        foundBy: f.foundBy,
        active: f.active,
        version: await pythonVersion(ctx, f.realPrefix),
        sitePackages: sps,
        packages,
        distributions: await readDistributions(ctx, sps),
        deep: options.deep && hasTorch ? await deepCheck(ctx, f.python, options.deepTimeoutMs) : null,
      };
    }),
  );
  ctx.records.push({ name: 'python environments (files)', ok: true, durationMs: Date.now() - started, detail: `${envs.length} found` });
  // Active first, then by prefix, so output is stable.
  return envs.sort((a, b) => Number(b.active) - Number(a.active) || a.prefix.localeCompare(b.prefix));
}

export { readElfDynamic, type ElfDynamic } from '../../formats/elf.js';
export { readElfDynamicFile, expandOrigin } from './elf-dynamic.js';

/** torch also declares an arch list (get_arch_list()); the fatbin's list can be longer. */
async function withDeclaredArchs(
  ctx: ProbeContext,
  name: string,
  sitePackages: string | null | undefined,
  archs: PythonPackage['archs'],
): Promise<PythonPackage['archs']> {
  if (name !== 'torch' || !archs || !sitePackages) return archs;
  const declared = await torchDeclaredArchs(ctx, `${sitePackages}/torch`);
  return declared ? { ...archs, declared: declared.archs, declaredSource: declared.source } : { ...archs, declared: null };
}
