// `gpuenv compat <subject> <value>`: one knowledge lookup, printed as a small table or JSON.
// Each subject imports only its own table so the command stays fast in scripts.
import { UsageError, EXIT } from '../errors.js';
import { closestVersions } from '../knowledge/version.js';
import { displayWidth, padEndDisplay } from '../render/width.js';
import type { CommandContext, CommandDetails } from './types.js';
import { msg } from './messages.js';
import { noteOf } from '../knowledge/localized.js';

export const details: CommandDetails = {
  usage: 'compat <cuda|driver|gpu|torch|tensorflow|jax|cudnn|nccl|triton> <version|name> [--json] [--os linux|windows]',
  help: () => [msg('compat.help')],
  examples: [
    'gpuenv compat cuda 12.4',
    'gpuenv compat driver 535.104.05',
    'gpuenv compat gpu "RTX 3060"',
    'gpuenv compat torch 2.5.1 --json',
    'gpuenv compat torch',
    'gpuenv compat nccl 2.30.7',
    'gpuenv compat triton 3.7.1',
    'gpuenv compat triton',
  ],
  options: { os: { type: 'string' } },
  allowPositionals: true,
};

type Os = 'linux' | 'windows';
type Row = [key: string, value: string];
interface Answer {
  json: unknown;
  rows: Row[];
}

/** What `compat` looks up; the MCP server's compat tool offers the same list. */
export const COMPAT_SUBJECTS = ['cuda', 'driver', 'gpu', 'torch', 'tensorflow', 'jax', 'cudnn', 'nccl', 'triton'] as const;
// Subjects that list their known releases when no version is given.
const LISTS: Partial<Record<Subject, () => Promise<Answer>>> = { torch: listTorch, triton: listTriton };
type Subject = (typeof COMPAT_SUBJECTS)[number];

export async function run(ctx: CommandContext): Promise<number> {
  const [subject, value, extra] = ctx.positionals;
  if (!subject || extra !== undefined) throw new UsageError(msg('compat.usage.subject'));
  if (!(COMPAT_SUBJECTS as readonly string[]).includes(subject))
    throw new UsageError(msg('compat.usage.unknownSubject', { subject }), msg('compat.usage.subject'));
  // `compat torch` / `compat triton` alone list the releases the knowledge base has; every other subject needs a value.
  const list = LISTS[subject as Subject];
  if (!value && !list) throw new UsageError(msg('compat.usage.subject'));
  const osValue = ctx.values.os;
  let os: Os | undefined;
  if (osValue !== undefined) {
    if (osValue !== 'linux' && osValue !== 'windows') throw new UsageError(msg('compat.usage.badOs', { os: String(osValue) }));
    os = osValue;
  }
  const answer = value ? await LOOKUP[subject as Subject](value, os) : await list!();
  ctx.io.out(ctx.globals.json ? `${JSON.stringify(answer.json, null, 2)}\n` : table(answer.rows));
  return EXIT.ok;
}

const LOOKUP: Record<Subject, (value: string, os: Os | undefined) => Promise<Answer>> = {
  cuda: lookupCuda,
  driver: lookupDriver,
  cudnn: lookupCudnn,
  gpu: lookupGpu,
  torch: lookupTorch,
  tensorflow: lookupTensorflow,
  jax: lookupJax,
  nccl: lookupNccl,
  triton: lookupTriton,
};

async function lookupCuda(version: string, os: Os | undefined): Promise<Answer> {
  const k = await import('../knowledge/cuda.js');
  const r = k.cudaRelease(version);
  if (!r) throw new UsageError(msg('compat.unknown.cuda', { version }), msg('compat.closest', { list: k.closestCudaReleases(version).join(', ') }));
  const architectures = k.cudaArchitectures(r.version);
  const ptx = k.ptxIsaFor(r.version);
  const major = Number(r.minor.split('.')[0]);
  const mvc = k.mvcFloor(major);
  const json = {
    version: r.version,
    label: r.label,
    minDriver: { linux: r.minDriver.linux, windows: r.minDriver.windows },
    architectures,
    ptxIsa: ptx?.ptx ?? null,
    minorVersionCompatibility: mvc ? { major, minDriver: mvc.min, linux: mvc.linux ?? null, windows: mvc.windows ?? null } : null,
    confirmed: r.confirmed,
    ...(r.note ? { note: r.note } : {}),
    source: r.source,
    checked: r.checked,
  };
  const rows: Row[] = [
    [msg('compat.key.version'), mark(r.version, r)],
    [msg('compat.key.label'), r.label],
  ];
  if (os !== 'windows') rows.push([msg('compat.key.minDriverLinux'), r.minDriver.linux ?? msg('compat.na')]);
  if (os !== 'linux') rows.push([msg('compat.key.minDriverWindows'), r.minDriver.windows ?? msg('compat.na')]);
  rows.push([msg('compat.key.architectures'), architectures.join(' ')]);
  if (ptx) rows.push([msg('compat.key.ptx'), mark(ptx.ptx, ptx)]);
  if (mvc) rows.push([msg('compat.key.mvc'), msg('compat.val.mvc', { major, floor: mvc.linux ?? mvc.min })]);
  rows.push([msg('compat.key.source'), r.source]);
  return { json, rows };
}

async function lookupDriver(driver: string, os: Os | undefined): Promise<Answer> {
  if (!/^\d{3,4}(\.\d{1,3}){0,2}$/.test(driver.trim())) throw new UsageError(msg('compat.usage.badDriver', { driver }));
  const k = await import('../knowledge/cuda.js');
  const target: Os = os ?? 'linux';
  const best = k.maxCudaForDriver(driver.trim(), target);
  const majors = k.mvcMajorsForDriver(driver.trim(), target);
  const json = {
    driver: driver.trim(),
    os: target,
    maxCuda: best?.minor ?? null,
    maxCudaRelease: best?.version ?? null,
    minorVersionCompatibility: majors.map((f) => ({ major: f.major, minDriver: f[target] ?? f.min })),
    confirmed: best?.confirmed ?? true,
    ...(best?.note && !best.confirmed ? { note: best.note } : {}),
  };
  const rows: Row[] = [
    [msg('compat.key.driver'), driver.trim()],
    [msg('compat.key.os'), target],
    [msg('compat.key.maxCuda'), best ? mark(`${best.minor} (${best.version})`, best) : msg('compat.none')],
    [msg('compat.key.mvcMajors'), majors.length ? majors.map((f) => `${f.major}.x`).join(', ') : msg('compat.none')],
    [msg('compat.key.forwardCompat'), msg('compat.val.forwardCompat')],
  ];
  return { json, rows };
}

async function lookupCudnn(version: string): Promise<Answer> {
  const k = await import('../knowledge/cudnn.js');
  const r = k.cudnnRelease(version);
  if (!r) throw new UsageError(msg('compat.unknown.cudnn', { version }), msg('compat.closest', { list: k.closestCudnnReleases(version).join(', ') }));
  const builds = r.builds.map((b) => ({
    cudaMajor: b.cudaMajor,
    cudaVersions: b.cudaVersions,
    minDriver: b.minDriver,
    computeCapabilities: b.computeCapabilities,
    confirmed: b.confirmed,
    ...(b.note ? { note: b.note } : {}),
    source: b.source,
  }));
  const rows: Row[] = [[msg('compat.key.version'), r.version]];
  for (const b of r.builds) {
    const text = msg('compat.val.cudnnBuild', {
      cuda: b.cudaVersions.length ? b.cudaVersions.join(', ') : '?',
      linux: b.minDriver.linux ?? msg('compat.na'),
      windows: b.minDriver.windows ?? msg('compat.na'),
      cc: b.computeCapabilities.join(' '),
    });
    rows.push([msg('compat.key.cudnnBuild', { major: b.cudaMajor }), mark(text, b)]);
  }
  // A major can have several matrix rows (9.10.2 for CUDA 12.x: with and without Blackwell); cudaMajors lists each once.
  return { json: { version: r.version, cudaMajors: [...new Set(r.builds.map((b) => b.cudaMajor))], builds, confirmed: r.confirmed }, rows };
}

async function lookupNccl(version: string): Promise<Answer> {
  const k = await import('../knowledge/nccl.js');
  const r = k.ncclRelease(version);
  if (!r) throw new UsageError(msg('compat.unknown.nccl', { version }), msg('compat.closest', { list: k.closestNcclReleases(version).join(', ') }));
  const json = {
    version: r.version,
    cudaBuilds: r.cudaBuilds,
    released: r.released ?? null,
    confirmed: r.confirmed,
    ...(r.note ? { note: r.note } : {}),
    source: r.source,
    checked: r.checked,
  };
  const rows: Row[] = [
    [msg('compat.key.version'), mark(r.version, r)],
    [msg('compat.key.ncclCuda'), r.cudaBuilds.map((c) => (c.includes('.') ? c : `${c}.x`)).join(', ')],
  ];
  if (r.released) rows.push([msg('compat.key.released'), r.released]);
  rows.push([msg('compat.key.source'), r.source]);
  return { json, rows };
}

async function lookupTriton(version: string): Promise<Answer> {
  const k = await import('../knowledge/triton.js');
  const r = k.tritonRelease(version);
  if (!r) throw new UsageError(msg('compat.unknown.triton', { version }), msg('compat.closest', { list: k.closestTritonReleases(version).join(', ') }));
  const pinnedBy = k.torchPinning(r.version);
  const targets = k.tritonTargets(r);
  const local = version.trim().includes('+') ? version.trim().split('+').slice(1).join('+') : undefined;
  const json = {
    version: r.version,
    ...(local ? { localBuild: local } : {}),
    pinnedBy,
    ptxas: r.ptxas,
    ptxasCuda: r.ptxas ? k.ptxasCuda(r.ptxas) : null,
    ptxasBlackwell: r.ptxasBlackwell ?? null,
    ptxasBlackwellCuda: r.ptxasBlackwell ? k.ptxasCuda(r.ptxasBlackwell) : null,
    minComputeCapability: r.minComputeCapability,
    computeCapabilities: targets,
    python: r.python ?? null,
    confirmed: r.confirmed,
    ...(r.unconfirmedFields?.length ? { unconfirmedFields: r.unconfirmedFields } : {}),
    ...(r.note ? { note: r.note } : {}),
    source: r.source,
    checked: r.checked,
  };
  const partly = r.unconfirmedFields ?? [];
  const ptxasRow = (p: string | null | undefined) => (p ? msg('compat.val.ptxas', { ptxas: p, cuda: k.ptxasCuda(p) }) : msg('compat.unknown'));
  const rows: Row[] = [[msg('compat.key.version'), mark(r.version, r)]];
  if (local) rows.push([msg('compat.key.localBuild'), msg('compat.val.localBuild', { local })]);
  rows.push([msg('compat.key.pinnedBy'), pinnedBy.length ? pinnedBy.join(', ') : msg('compat.val.pinnedByNone')]);
  rows.push([msg('compat.key.ptxas'), partly.includes('ptxas') ? `${ptxasRow(r.ptxas)} (${msg('compat.val.assumed')})` : ptxasRow(r.ptxas)]);
  if (r.ptxasBlackwell !== undefined)
    rows.push([
      msg('compat.key.ptxasBlackwell'),
      partly.includes('ptxasBlackwell') ? `${ptxasRow(r.ptxasBlackwell)} (${msg('compat.val.assumed')})` : ptxasRow(r.ptxasBlackwell),
    ]);
  rows.push([msg('compat.key.gpuFloor'), msg('compat.val.gpuFloor', { cc: r.minComputeCapability })]);
  if (targets.length) rows.push([msg('compat.key.targets'), targets.join(' ')]);
  if (r.python) rows.push(['python', `${r.python.min} – ${r.python.max}`]);
  rows.push([msg('compat.key.source'), r.source]);
  return { json, rows };
}

/** `compat triton` without a version: every release known, newest first, with the torch releases that pin it. */
async function listTriton(): Promise<Answer> {
  const k = await import('../knowledge/triton.js');
  const releases = [...k.tritonReleases()].reverse();
  const nightly = k.tritonNightly();
  const json = {
    releases: releases.map((r) => ({
      version: r.version,
      pinnedBy: k.torchPinning(r.version),
      ptxas: r.ptxas,
      ptxasBlackwell: r.ptxasBlackwell ?? null,
      minComputeCapability: r.minComputeCapability,
      confirmed: r.confirmed && !(r.unconfirmedFields?.length ?? 0),
      checked: r.checked,
    })),
    nightly: { packages: nightly.packages, note: nightly.note, source: nightly.source, confirmed: nightly.confirmed },
  };
  const rows: Row[] = releases.map((r) => {
    const pins = k.torchPinning(r.version);
    const tools = [r.ptxas ?? '?', ...(r.ptxasBlackwell ? [r.ptxasBlackwell] : [])].join(' / ');
    return [r.version, `${pins.length ? `torch ${pins.join(', ')}` : msg('compat.val.pinnedByNone')}; ptxas ${tools}; CC >= ${r.minComputeCapability}`];
  });
  rows.push([msg('compat.key.nightly'), msg('compat.val.nightly', { packages: nightly.packages.join(', ') })]);
  return { json, rows };
}

// ---- other helpers' tables: loaded by path so a missing module is an error message, not a crash ----

interface GpuMatch {
  match: Record<string, unknown> | undefined;
  candidates: Record<string, unknown>[];
}
const GPUS_MODULE = '../knowledge/gpus.js';

async function lookupGpu(name: string): Promise<Answer> {
  const mod = await optionalImport<{ matchGpu(q: string): GpuMatch }>(GPUS_MODULE, 'GPU');
  const { match, candidates } = mod.matchGpu(name);
  const names = candidates
    .map((c) => String(c.name))
    .slice(0, 6)
    .join(', ');
  if (!match) {
    const key = candidates.length > 1 ? 'compat.ambiguous.gpu' : 'compat.unknown.gpu';
    throw new UsageError(msg(key, { name }), names ? msg('compat.closest', { list: names }) : undefined);
  }
  return { json: match, rows: objectRows(match) };
}

async function lookupTorch(version: string): Promise<Answer> {
  const k = await import('../knowledge/torch.js');
  const r = k.torchRelease(version);
  if (!r)
    throw new UsageError(
      msg('compat.unknown.torch', { version }),
      msg('compat.closest', {
        list: closest(
          version,
          k.torchReleases().map((x) => x.version),
        ),
      }),
    );
  // Contract fields first (version, cudaVariants as tags, pypiDefault), then the rest of the row.
  const { version: v0, cudaVariants: variants, pypiDefault, ...rest } = r;
  const json = { version: v0, cudaVariants: variants.map((v) => v.tag), pypiDefault, status: k.torchReleaseStatus(r), ...rest, variants };
  const rows: Row[] = [
    [msg('compat.key.version'), mark(r.version, r)],
    [msg('compat.key.status'), msg(`compat.status.${k.torchReleaseStatus(r)}`)],
    ['CUDA', r.cudaVariants.map((v) => v.tag).join(' ')],
    ['PyPI', r.pypiDefault],
    ['python', `${r.python.min} – ${r.python.max}`],
    ['torchvision', r.torchvision],
    ['torchaudio', r.torchaudio ?? msg('compat.none')],
  ];
  for (const v of r.cudaVariants) {
    const parts = [v.cudaFull ?? v.cuda, v.cudnn ? `cuDNN ${v.cudnn}` : '', v.nccl ? `NCCL ${v.nccl}` : '', archText(v)].filter(Boolean);
    rows.push([v.tag, parts.join('; ')]);
    for (const [platform, set] of Object.entries(v.byPlatform ?? {})) if (set) rows.push([`${v.tag} (${platform})`, archText(set) || msg('compat.none')]);
  }
  if (r.unconfirmedFields?.length)
    rows.push([msg('compat.key.source'), `${r.source} (${msg('compat.unconfirmed', { note: r.unconfirmedFields.join(', ') })})`]);
  else rows.push([msg('compat.key.source'), r.source]);
  return { json, rows };
}

/** `compat torch` without a version: every release the knowledge base has, newest first, with its status. */
async function listTorch(): Promise<Answer> {
  const k = await import('../knowledge/torch.js');
  const releases = [...k.torchReleases()].reverse();
  const json = {
    releases: releases.map((r) => ({
      version: r.version,
      status: k.torchReleaseStatus(r),
      released: r.released,
      pypiDefault: r.pypiDefault,
      cudaVariants: r.cudaVariants.map((v) => v.tag),
      ...(r.unconfirmedFields?.length ? { unconfirmedFields: r.unconfirmedFields } : {}),
      checked: r.checked,
    })),
  };
  const rows: Row[] = releases.map((r) => [
    r.version,
    `${msg(`compat.status.${k.torchReleaseStatus(r)}`)}; ${r.released}; ${r.cudaVariants.map((v) => v.tag).join(' ')}`,
  ]);
  return { json, rows };
}

async function lookupTensorflow(version: string): Promise<Answer> {
  const k = await import('../knowledge/tensorflow.js');
  const r = k.tensorflowRelease(version);
  if (!r)
    throw new UsageError(
      msg('compat.unknown.tensorflow', { version }),
      msg('compat.closest', {
        list: closest(
          version,
          k.tensorflowReleases().map((x) => x.version),
        ),
      }),
    );
  return { json: r, rows: objectRows(r as unknown as Record<string, unknown>) };
}

async function lookupJax(version: string): Promise<Answer> {
  const k = await import('../knowledge/jax.js');
  const r = k.jaxRelease(version);
  if (!r)
    throw new UsageError(
      msg('compat.unknown.jax', { version }),
      msg('compat.closest', {
        list: closest(
          version,
          k.jaxReleases().map((x) => x.version),
        ),
      }),
    );
  const extras = r.extras
    .map((e) => k.jaxCudaExtra(e))
    .filter((e) => e !== undefined)
    .map((e) => k.jaxExtraFor(r, e));
  // One entry per published GPU extra (a release since 0.7.2 ships CUDA 12 and CUDA 13 wheels). The release's own
  // built-with CUDA (changelog) belongs to its one extra; otherwise each extra's docs value.
  const single = extras.length === 1;
  const cudaExtras = extras.map((e) => ({
    extra: e.extra,
    cudaMajor: Number(e.requires.cuda.split('.')[0]),
    cudaMin: e.requires.cuda,
    builtWith: (single ? r.builtWithCuda : undefined) ?? e.builtWith?.cuda ?? null,
    cudnnMin: e.requires.cudnnMin,
    cudnnBelow: e.requires.cudnnBelow,
    minDriverLinux: e.minDriverLinux,
    minComputeCapability: e.minComputeCapability,
  }));
  // `cuda` (kept for scripts): the one CUDA the release's GPU wheels are built with; null when it ships wheels for
  // several CUDA majors, where one value would be wrong for the others (docs/compat.md).
  const json = { ...r, cuda: single ? (cudaExtras[0]?.builtWith ?? null) : null, cudaExtras, extraDetails: extras };
  const rows = objectRows(r as unknown as Record<string, unknown>);
  for (const e of cudaExtras)
    rows.push([
      `jax[${e.extra}]`,
      msg('compat.val.jaxExtra', { cuda: e.cudaMin, built: e.builtWith ?? '?', cudnn: e.cudnnMin, driver: e.minDriverLinux, cc: e.minComputeCapability }),
    ]);
  return { json, rows };
}

async function optionalImport<T>(specifier: string, what: string): Promise<T> {
  try {
    return (await import(specifier)) as T;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ERR_MODULE_NOT_FOUND') throw new UsageError(msg('compat.unavailable', { what }));
    throw error;
  }
}

// ---- rendering ----

interface Markable {
  confirmed: boolean;
  note?: string;
  noteZh?: string;
}

function mark(text: string, row: Markable): string {
  return row.confirmed ? text : `${text} (${msg('compat.unconfirmed', { note: noteOf(row) ?? '?' })})`;
}

function archText(v: { archList: readonly string[]; ptx: readonly string[] }): string {
  if (!v.archList.length) return '';
  return [...v.archList, ...v.ptx].join(' ');
}

/** Scalar fields of a row as key/value lines; the Sourced fields go last. */
function objectRows(obj: Record<string, unknown>): Row[] {
  const rows: Row[] = [];
  for (const [key, value] of Object.entries(obj)) {
    // A `<field>Zh` twin is the same text in Chinese (knowledge/localized.ts), not a field of its own.
    if (['source', 'checked', 'confirmed', 'note', 'unconfirmedFields', 'aliases'].includes(key) || key.endsWith('Zh') || value === undefined) continue;
    const text = render(value);
    if (text !== '') rows.push([fieldLabel(key), text]);
  }
  const confirmed = obj.confirmed !== false && !(Array.isArray(obj.unconfirmedFields) && obj.unconfirmedFields.length);
  const why =
    typeof obj.note === 'string'
      ? (noteOf({ note: obj.note, noteZh: typeof obj.noteZh === 'string' ? obj.noteZh : undefined }) ?? obj.note)
      : Array.isArray(obj.unconfirmedFields)
        ? obj.unconfirmedFields.join(', ')
        : '';
  if (typeof obj.source === 'string')
    rows.push([msg('compat.key.source'), confirmed ? obj.source : `${obj.source} (${msg('compat.unconfirmed', { note: why || '?' })})`]);
  return rows;
}

/** A row's field name in the output language; a field the catalogue does not name is shown as it is. */
function fieldLabel(key: string): string {
  const k = `compat.field.${key}`;
  return k in msg.table.en ? msg(k as Parameters<typeof msg>[0]) : key;
}

function render(value: unknown): string {
  if (value === null) return msg('compat.none');
  if (Array.isArray(value)) return value.map(render).join(', ');
  if (typeof value === 'object') {
    return Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => `${fieldLabel(k)} ${render(v)}`)
      .join(', ');
  }
  return String(value);
}

function table(rows: Row[]): string {
  const width = Math.max(...rows.map(([k]) => displayWidth(k))) + 2;
  return `${rows.map(([k, v]) => `${padEndDisplay(k, width)}${v}`).join('\n')}\n`;
}

function closest(version: string, versions: readonly string[]): string {
  return closestVersions(version, versions).join(', ');
}
