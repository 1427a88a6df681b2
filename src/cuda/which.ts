// `gpuenv cuda which`: the nvcc, CUDA_HOME and CUDA runtime a build started now would use — the way
// torch.utils.cpp_extension and the dynamic loader find them — and whether they agree with each other and
// with the CUDA each framework was built for (`toolkit-mismatch`).
import type { Finding } from '../findings.js';
import { createProbeContext, type ProbeContext } from '../probe/context.js';
import { readLdCache } from '../probe/libraries.js';
import { loaderView, resolveSoname } from '../probe/python/resolve.js';
import { resolveNvcc } from '../probe/toolkits.js';
import { cudaHomeCandidate, toolkitAt, type CudaHomeVia } from '../snapshot/cuda-home.js';
import type { Toolkit } from '../snapshot/types.js';
import type { System } from '../system/types.js';
import { frameworkBuilds, type FrameworkBuild } from './frameworks.js';
import { msg } from './messages.js';
import { CUDA_LINK } from './switch.js';
import { findToolkits, isUnder, shortVersion, versionOf } from './toolkits.js';

export interface ToolkitRef {
  path: string;
  version: string | null;
}

export interface WhichReport {
  nvcc: { onPath: string; real: string; toolkit: ToolkitRef | null } | null;
  /** What torch.utils.cpp_extension takes as CUDA_HOME: $CUDA_HOME, $CUDA_PATH, nvcc's grandparent folder, /usr/local/cuda. */
  cudaHome: { path: string; via: CudaHomeVia; toolkit: ToolkitRef | null } | null;
  /** libcudart.so.<major> as the loader resolves it for a program built now. */
  runtime: { soname: string; path: string | null; via: string; version: string | null; toolkit: ToolkitRef | null } | null;
  symlink: { target: string | null; toolkit: ToolkitRef | null };
  frameworks: Array<FrameworkBuild & { matches: boolean | null }>;
  findings: Finding[];
}

const ref = (t: Toolkit | undefined): ToolkitRef | null => (t ? { path: t.path, version: versionOf(t) } : null);
const mm = (v: string | null | undefined): string | null => (v ? v.split('.').slice(0, 2).join('.') : null);

function owner(toolkits: Toolkit[], real: string | undefined): Toolkit | undefined {
  if (!real) return undefined;
  // The longest root wins: a toolkit inside a conda env is more specific than the env.
  return [...toolkits].filter((t) => isUnder(real, t.path)).sort((a, b) => b.path.length - a.path.length)[0];
}

export async function cudaWhich(sys: System, options: { timeoutMs?: number; toolkits?: Toolkit[] } = {}): Promise<WhichReport> {
  const ctx: ProbeContext = createProbeContext(sys, options.timeoutMs ?? 5_000);
  const toolkits = options.toolkits ?? (await findToolkits(sys, ctx.timeoutMs));
  const env = sys.env;

  const onPath = await sys.which('nvcc');
  const nvccReal = onPath ? await resolveNvcc(ctx, onPath) : undefined;
  const nvcc = onPath && nvccReal ? { onPath, real: nvccReal, toolkit: ref(owner(toolkits, nvccReal)) } : null;

  // The same answer doctor and explain give (snapshot/cuda-home.ts), with the links of this machine followed.
  const home = cudaHomeCandidate(env, onPath, (await sys.stat(CUDA_LINK)) !== undefined);
  const homeReal = home ? await sys.realPath(home.path) : undefined;
  const homeToolkit = home && homeReal ? toolkitAt(toolkits, home.path, homeReal) : undefined;
  const cudaHome = home ? { ...home, toolkit: ref(homeToolkit) } : null;

  // No toolkit at all (a driver-only machine) is an answer, not a crash: no runtime to resolve then.
  const chosen = toolkits.find((t) => t.path === nvcc?.toolkit?.path) ?? homeToolkit ?? toolkits[0];
  const major = ((chosen ? versionOf(chosen) : undefined) ?? '').split('.')[0];
  let runtime: WhichReport['runtime'] = null;
  if (toolkits.length > 0 && major) {
    const soname = `libcudart.so.${major}`;
    const r = await resolveSoname(ctx, soname, null, '/', loaderView(ctx, await readLdCache(ctx)));
    const real = r.resolvedPath ? await sys.realPath(r.resolvedPath) : undefined;
    runtime = { soname, path: r.resolvedPath, via: r.via, version: r.version, toolkit: ref(owner(toolkits, real)) };
  }

  const linkReal = await sys.realPath(CUDA_LINK);
  const symlink = { target: (await sys.readLink(CUDA_LINK)) ?? null, toolkit: ref(toolkits.find((t) => t.path === linkReal)) };

  const builds = await frameworkBuilds(ctx);
  const buildCuda = mm(cudaHome?.toolkit?.version);
  const frameworks = builds.map((b) => ({ ...b, matches: buildCuda ? sameCuda(b.cuda, buildCuda) : null }));

  const report: WhichReport = { nvcc, cudaHome, runtime, symlink, frameworks, findings: [] };
  report.findings = findingsFor(report, toolkits);
  return report;
}

/** "12" matches any 12.x; "12.4" only 12.4. */
function sameCuda(framework: string, toolkit: string): boolean {
  const f = framework.split('.');
  const t = toolkit.split('.');
  return f[0] === t[0] && (f[1] === undefined || f[1] === t[1]);
}

function findingsFor(r: WhichReport, toolkits: Toolkit[]): Finding[] {
  const out: Finding[] = [];
  const evidence = [
    ...(r.nvcc
      ? [{ fact: 'nvcc', value: `${r.nvcc.onPath} → ${r.nvcc.real}${r.nvcc.toolkit ? ` (CUDA ${r.nvcc.toolkit.version})` : ''}`, source: 'env:PATH' }]
      : []),
    ...(r.cudaHome
      ? [
          {
            fact: 'CUDA_HOME',
            value: `${r.cudaHome.path}${r.cudaHome.toolkit ? ` (CUDA ${r.cudaHome.toolkit.version})` : ''}`,
            source: r.cudaHome.via === 'nvcc' ? 'nvcc on PATH' : r.cudaHome.via === 'symlink' ? `file:${CUDA_LINK}` : `env:${r.cudaHome.via}`,
          },
        ]
      : []),
    ...(r.runtime?.path
      ? [{ fact: r.runtime.soname, value: `${r.runtime.path}${r.runtime.version ? ` (${r.runtime.version})` : ''}`, source: r.runtime.via }]
      : []),
  ];
  const newestMatching = (cuda: string) => toolkits.find((t) => sameCuda(cuda, mm(versionOf(t)) ?? ''));

  // CUDA_HOME that is not a toolkit: builds find nvcc through it but no headers (cuda_runtime.h) or libraries.
  if (r.cudaHome && !r.cudaHome.toolkit) {
    const guess = r.nvcc?.toolkit ?? ref(toolkits[0]);
    out.push({
      code: 'toolkit-mismatch',
      severity: 'warning',
      title: msg('f.homeNotToolkitTitle', { path: r.cudaHome.path }),
      cause: msg(r.cudaHome.via === 'nvcc' ? 'f.homeFromWrapper' : 'f.homeNotToolkit', {
        path: r.cudaHome.path,
        nvcc: r.nvcc?.onPath ?? '',
        via: r.cudaHome.via,
      }),
      evidence,
      fix: guess ? [`eval "$(gpuenv cuda use ${mm(guess.version) ?? guess.path})"`] : [msg('f.fixInstall', { cuda: '' })],
      subject: r.cudaHome.path,
    });
  }

  // nvcc, CUDA_HOME and the runtime should be one CUDA.
  const parts = [
    r.nvcc?.toolkit ? { what: 'nvcc', v: mm(r.nvcc.toolkit.version), path: r.nvcc.toolkit.path } : null,
    r.cudaHome?.toolkit ? { what: 'CUDA_HOME', v: mm(r.cudaHome.toolkit.version), path: r.cudaHome.toolkit.path } : null,
    r.runtime?.path && r.runtime.version?.includes('.') ? { what: r.runtime.soname, v: mm(r.runtime.version), path: r.runtime.path } : null,
  ].filter((p): p is { what: string; v: string; path: string } => p !== null && p.v !== null);
  const versions = [...new Set(parts.map((p) => p.v))];
  if (versions.length > 1) {
    const want = r.cudaHome?.toolkit ?? r.nvcc?.toolkit;
    out.push({
      code: 'toolkit-mismatch',
      severity: 'warning',
      title: msg('f.disagreeTitle', { list: parts.map((p) => `${p.what} ${p.v}`).join(', ') }),
      cause: msg('f.disagreeCause', { list: parts.map((p) => `${p.what} → CUDA ${p.v} (${p.path})`).join('; ') }),
      evidence,
      fix: want ? [`# ${msg('f.fixPick')}`, `eval "$(gpuenv cuda use ${mm(want.version) ?? want.path})"`] : [],
    });
  }

  // Each torch is compared with the toolkit its extension builds would use.
  const buildTk = r.cudaHome?.toolkit;
  for (const f of r.frameworks) {
    if (f.name !== 'torch' || !buildTk || f.matches !== false) continue;
    const tk = mm(buildTk.version) ?? '?';
    const major = f.cuda.split('.')[0] !== tk.split('.')[0];
    const match = newestMatching(f.cuda);
    out.push({
      code: 'toolkit-mismatch',
      severity: major ? 'warning' : 'info',
      title: msg('f.fwTitle', { name: f.name, version: f.version, cuda: f.cuda, tk }),
      cause: msg(major ? 'f.fwCauseMajor' : 'f.fwCauseMinor', { name: f.name, version: f.version, cuda: f.cuda, tk, prefix: f.prefix, home: buildTk.path }),
      evidence: [...evidence, { fact: `${f.name} build CUDA`, value: f.cuda, source: f.source }],
      fix: match
        ? [`# ${msg('f.fixUse', { cuda: f.cuda })}`, `eval "$(gpuenv cuda use ${mm(versionOf(match))})"`]
        : [msg('f.fixInstall', { cuda: f.cuda }), `eval "$(gpuenv cuda use ${f.cuda})"`],
      subject: f.prefix,
    });
  }
  return out;
}

export { shortVersion };
