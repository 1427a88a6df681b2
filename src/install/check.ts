// Does a printed install command exist? One checker for every fix line gpuenv prints (doctor, explain, plan,
// export): PyTorch wheel indexes, torch builds and their torchvision/torchaudio pairs, the Python of the environment,
// nvidia-*-cuNN wheels, jax[cudaNN] and tensorflow[and-cuda] extras, conda's pytorch-cuda — all read from the
// knowledge tables (src/knowledge), never from a copy. Three answers: ok; wrong (why), a bug of the producer;
// unknown (why): the tables cannot tell, and the line is shown as unchecked.
import { torchRelease, torchReleases, parseTorchVersion } from '../knowledge/torch.js';
import type { TorchRelease } from '../knowledge/torch.js';
import { compareVersions, versionParts } from '../knowledge/version.js';
import { PASTED_PREFIX } from '../parse/snapshot.js';
import { findPackage, platformOf, publicVersion, pythonOf } from '../snapshot/queries.js';
import type { PythonEnv, Snapshot } from '../snapshot/types.js';
import { msg } from './messages.js';
import { checkJax, checkNvidiaWheel, checkTensorflow } from './check-wheels.js';
import { installCommands, pythonVersionOfName, type CondaInstall, type InstallCommand, type PipInstall, type Requirement } from './command-line.js';
import { cudaTags, nearestTags, nightlyTags, pairedVersion, pairUnconfirmed, parseTorchIndexUrl, pythonFits, rocmTags } from './torch-index.js';
import { condaCudaPublished, condaCudaRow, pytorchCudaVersions } from '../knowledge/conda-cuda.js';

export type Verdict = 'ok' | 'wrong' | 'unknown';

export interface Issue {
  verdict: 'wrong' | 'unknown';
  why: string;
}

export interface LineCheck {
  /** 'none': the line installs nothing the tables know (nvidia-smi, a placeholder, pip install bitsandbytes). */
  verdict: Verdict | 'none';
  issues: Issue[];
}

export interface CheckContext {
  /** The Snapshot the fix is for: its environments' Python and packages, its platform. */
  snapshot?: Snapshot;
  /** The Python the commands run with when no environment of the Snapshot is theirs (plan's new venv: "3.12"). */
  python?: string;
}

/** Packages the checker has tables for; a command with none of them is 'none'. */
const KNOWN = /^(torch|pytorch|torchvision|torchaudio|jax|tensorflow|pytorch-cuda|cudatoolkit|cuda-[a-z-]+|nvidia-.+-cu\d+)$/;

/** One line on its own. */
export function checkLine(line: string, ctx: CheckContext = {}): LineCheck {
  return checkLines([line], ctx)[0]!;
}

/** The lines of one fix in order: a package an earlier line uninstalls is gone for the later ones. */
export function checkLines(lines: readonly string[], ctx: CheckContext = {}): LineCheck[] {
  const removed = new Set<string>();
  return lines.map((line) => {
    const commands = installCommands(commandPart(line));
    const issues: Issue[] = [];
    let scoped = false;
    for (const c of commands) {
      if (c.kind === 'pip-uninstall' || c.kind === 'conda-remove') {
        for (const n of c.names) removed.add(n === 'pytorch' ? 'torch' : n);
        continue;
      }
      if (c.kind === 'pip-install') {
        scoped ||=
          c.requirements.some((r) => KNOWN.test(r.name)) ||
          [c.indexUrl, ...c.extraIndexUrls, ...c.findLinks].some((u) => u && !u.includes('<') && parseTorchIndexUrl(u));
        issues.push(...checkPip(c, ctx, removed));
        for (const r of c.requirements) removed.delete(r.name);
      } else {
        scoped ||= c.specs.some((s) => KNOWN.test(s.name));
        issues.push(...checkConda(c));
        for (const s of c.specs) removed.delete(s.name === 'pytorch' ? 'torch' : s.name);
      }
    }
    const verdict: LineCheck['verdict'] = issues.some((i) => i.verdict === 'wrong') ? 'wrong' : issues.length ? 'unknown' : scoped ? 'ok' : 'none';
    return { verdict, issues };
  });
}

/**
 * The command a line holds: the line itself, or for a "# " instruction the command it quotes
 * ("# or pip: pip install torch==1.8.1+cu111 -f …") — a person copies that too.
 */
function commandPart(line: string): string {
  if (!line.startsWith('#')) return line;
  const m = /(?:^|[\s:(`])((?:\S*python[\d.]*\s+-m\s+)?pip3?\s+install\b|uv\s+pip\s+install\b|conda\s+install\b)/.exec(line);
  return m ? line.slice(m.index + m[0].length - m[1]!.length).replace(/[)`]\s*$/, '') : '';
}

// ---- the environment a command installs into -----------------------------------------------------------------

function envOf(snapshot: Snapshot | undefined, python: string | undefined): PythonEnv | undefined {
  const envs = snapshot?.python ?? [];
  if (python && /[\\/]/.test(python)) return envs.find((e) => pythonOf(e) === python || python.startsWith(`${e.prefix}/`));
  if (python && pythonVersionOfName(python)) return undefined;
  return envs.find((e) => e.prefix === PASTED_PREFIX) ?? envs.find((e) => e.active) ?? envs[0];
}

function pythonVersion(python: string | undefined, env: PythonEnv | undefined): string | undefined {
  if (python) {
    const named = pythonVersionOfName(python) ?? (/^\d+\.\d+(\.\d+)?$/.test(python) ? python : undefined);
    if (named) return named;
  }
  return env?.version?.value ?? undefined;
}

/** The platform only when the Snapshot states it: a paste without an OS says nothing about Windows or aarch64. */
function statedPlatform(snapshot: Snapshot | undefined) {
  return snapshot?.os?.id?.value || snapshot?.os?.arch?.value ? platformOf(snapshot) : undefined;
}

// ---- pip -----------------------------------------------------------------------------------------------------------

const wrong = (why: string): Issue => ({ verdict: 'wrong', why });
const unknown = (why: string): Issue => ({ verdict: 'unknown', why });

function checkPip(c: PipInstall, ctx: CheckContext, removed: Set<string>): Issue[] {
  const issues: Issue[] = [];
  const env = envOf(ctx.snapshot, c.python);
  const python = pythonVersion(c.python, env) ?? ctx.python;
  const platform = statedPlatform(ctx.snapshot);
  // The tag the PyTorch index of this command serves (the first one that names a tag).
  let indexTag: string | undefined;
  for (const url of [c.indexUrl, ...c.extraIndexUrls, ...c.findLinks]) {
    // A template (`whl/cu<nvcc>`) is an instruction for a person, not a URL.
    if (!url || url.includes('<')) continue;
    const ref = parseTorchIndexUrl(url);
    if (!ref) continue;
    if (ref.kind === 'other') {
      issues.push(unknown(msg('check.indexOther', { url })));
      continue;
    }
    if (ref.kind === 'stable-html') {
      if (ref.tag) issues.push(...indexTagIssues(ref.tag, false));
      continue;
    }
    issues.push(...indexTagIssues(ref.tag, ref.nightly));
    indexTag ??= ref.tag;
  }
  const byName = new Map(c.requirements.map((r) => [r.name, r]));
  if (byName.has('pytorch')) issues.push(wrong(msg('check.pipPytorch')));
  const torch = byName.get('torch');
  const release = torch ? torchIssues(torch, indexTag, python, platform, issues) : undefined;
  if (torch && !pinOf(torch) && indexTag && python && /^cu\d+$/.test(indexTag)) {
    const rows = cudaTags().get(indexTag) ?? [];
    if (rows.length && !rows.some((r) => !r.unreleased && pythonFits(r, python, true)))
      issues.push(wrong(msg('check.torchTagPython', { tag: indexTag, python })));
  }
  for (const name of ['torchvision', 'torchaudio'] as const) {
    const req = byName.get(name);
    if (req) issues.push(...companionIssues(name, req, torch, release));
    else if (release && env) issues.push(...leftBehind(name, env, release, removed));
  }
  for (const r of c.requirements) {
    if (/^nvidia-.+-cu\d+$/.test(r.name)) issues.push(...checkNvidiaWheel(r));
    else if (r.name === 'jax') issues.push(...checkJax(r));
    else if (r.name === 'tensorflow' && r.extras.includes('and-cuda')) issues.push(...checkTensorflow(r));
  }
  return issues;
}

function indexTagIssues(tag: string, nightly: boolean): Issue[] {
  if (nightly) {
    const tags = nightlyTags();
    if (tags.has(tag)) return [];
    // An older nightly folder may still be served; a tag no row has never was.
    if (cudaTags().has(tag)) return [unknown(msg('check.indexNightlyUnknown', { tag, tags: [...tags].join(', ') }))];
    return [wrong(msg('check.indexNightlyUnknown', { tag, tags: [...tags].join(', ') }))];
  }
  if (tag === 'cpu' || cudaTags().has(tag)) return [];
  if (tag.startsWith('rocm')) return rocmTags().has(tag) ? [] : [unknown(msg('check.rocmOther', { tag, tags: [...rocmTags().keys()].slice(-4).join(', ') }))];
  return [wrong(msg('check.indexUnknown', { tag, near: nearestTags(tag).join(', ') }))];
}

/** `==X` / `===X` of a requirement; other specifiers pin nothing the checker can look up. */
function pinOf(r: Requirement): string | undefined {
  return r.specs.find(([op]) => op === '==' || op === '===')?.[1];
}

/** Issues of the torch requirement itself; returns the release it pins when the table has it. */
function torchIssues(
  req: Requirement,
  indexTag: string | undefined,
  python: string | undefined,
  platform: ReturnType<typeof statedPlatform>,
  issues: Issue[],
): TorchRelease | undefined {
  const pin = pinOf(req);
  if (!pin) return undefined;
  const parsed = parseTorchVersion(pin);
  const release = releaseOf(parsed.version, issues);
  if (!release) return undefined;
  const tag = parsed.local ?? indexTag;
  if (parsed.local && indexTag && parsed.local !== indexTag)
    issues.push(wrong(msg('check.torchTagIndex', { version: release.version, tag: parsed.local, index: indexTag })));
  if (tag && /^cu\d+$/.test(tag)) {
    const v = release.cudaVariants.find((x) => x.tag === tag);
    if (!v)
      issues.push(wrong(msg('check.torchNoVariant', { version: release.version, tag, tags: ['cpu', ...release.cudaVariants.map((x) => x.tag)].join(', ') })));
    else if (platform && !v.platforms.includes(platform))
      issues.push(wrong(msg('check.torchPlatform', { version: release.version, tag, platform, platforms: v.platforms.join(', ') })));
  } else if (tag?.startsWith('rocm')) {
    if (!release.rocm) issues.push(unknown(msg('check.torchNoRocm', { version: release.version })));
    else if (tag !== `rocm${release.rocm}`) issues.push(unknown(msg('check.torchRocmOther', { version: release.version, rocm: `rocm${release.rocm}` })));
  }
  if (python && !pythonFits(release, python, true))
    issues.push(wrong(msg('check.torchPython', { version: release.version, python, min: release.python.min, max: release.python.max })));
  return release;
}

/**
 * The row a pinned version names. "2.5.*" and "2.5" mean the newest 2.5.x; a version the table brackets but
 * does not list was never released; one outside it (older than 1.8, newer than the newest row) cannot be checked.
 */
function releaseOf(pin: string, issues: Issue[]): TorchRelease | undefined {
  const version = pin.replace(/\.\*$/, '');
  if (!/^\d+(\.\d+){1,2}$/.test(version)) {
    issues.push(unknown(msg('check.torchPre', { version: pin })));
    return undefined;
  }
  const rows = torchReleases();
  const oldest = rows[0]!.version;
  const newest = rows.at(-1)!.version;
  const r = torchRelease(version);
  if (r) {
    if (r.unreleased) issues.push(unknown(msg('check.torchUnreleased', { version: r.version })));
    return r;
  }
  const [a, b] = versionParts(version);
  const minor = `${a}.${b ?? 0}`;
  const series = rows.filter((x) => x.version.startsWith(`${minor}.`));
  if (compareVersions(version, oldest) < 0 || (compareVersions(version, newest) > 0 && !series.length)) {
    issues.push(unknown(msg('check.torchOutside', { version, oldest, newest })));
    return undefined;
  }
  // A patch after the newest of the newest series may have been published since the table was written.
  if (series.length && series.at(-1) === rows.filter((x) => !x.unreleased).at(-1) && compareVersions(version, series.at(-1)!.version) > 0) {
    issues.push(unknown(msg('check.torchOutside', { version, oldest, newest: series.at(-1)!.version })));
    return undefined;
  }
  issues.push(wrong(msg('check.torchNoRelease', { version, minor, list: series.map((x) => x.version).join(', ') || '-' })));
  return undefined;
}

const paired = pairedVersion;

function companionIssues(name: 'torchvision' | 'torchaudio', req: Requirement, torch: Requirement | undefined, release: TorchRelease | undefined): Issue[] {
  const pin = pinOf(req);
  if (!pin) return [];
  const parsed = parseTorchVersion(pin);
  const version = parsed.version.replace(/\.\*$/, '');
  const out: Issue[] = [];
  const torchPin = torch ? pinOf(torch) : undefined;
  const torchLocal = torchPin ? parseTorchVersion(torchPin).local : undefined;
  if (parsed.local && torchLocal && parsed.local !== torchLocal && torchPin)
    out.push(wrong(msg('check.companionTag', { pkg: name, version: pin, torch: torchPin, a: parsed.local, b: torchLocal })));
  if (release) {
    const want = paired(release, name);
    const vars = { pkg: name, version, torch: release.version, want: want ?? '-' };
    if (want === null) out.push(pairUnconfirmed(release, name) ? unknown(msg('check.companionNone', vars)) : wrong(msg('check.companionNone', vars)));
    else if (compareVersions(want, version) !== 0 || !/^\d+(\.\d+)*$/.test(version))
      out.push(pairUnconfirmed(release, name) ? unknown(msg('check.companionUnconfirmed', vars)) : wrong(msg('check.companionWrong', vars)));
    else if (pairUnconfirmed(release, name)) out.push(unknown(msg('check.companionUnconfirmed', vars)));
    return out;
  }
  if (!torch && !torchReleases().some((r) => paired(r, name) === version)) out.push(unknown(msg('check.companionUnknown', { pkg: name, version })));
  return out;
}

/** torch moves to `release` and the environment's torchvision/torchaudio stays behind (or was removed above). */
function leftBehind(name: 'torchvision' | 'torchaudio', env: PythonEnv, release: TorchRelease, removed: Set<string>): Issue[] {
  const have = findPackage(env, name);
  const want = paired(release, name);
  if (!have || !want) return [];
  if (removed.has(name)) return [wrong(msg('check.companionRemoved', { pkg: name, torch: release.version, want }))];
  if (compareVersions(publicVersion(have.version), want) === 0) return [];
  // Only a version the table pairs with another torch is known to break; an unknown one is left alone.
  const other = torchReleases().find((r) => paired(r, name) === publicVersion(have.version));
  return other ? [wrong(msg('check.companionLeft', { pkg: name, have: have.version, torch: release.version, want }))] : [];
}

// ---- conda ---------------------------------------------------------------------------------------------------------

function checkConda(c: CondaInstall): Issue[] {
  const out: Issue[] = [];
  const spec = (n: string) => c.specs.find((s) => s.name === n);
  const cudaSpec = spec('pytorch-cuda');
  if (cudaSpec?.version && !pytorchCudaVersions().includes(cudaSpec.version))
    out.push(wrong(msg('check.condaCuda', { cuda: cudaSpec.version, list: pytorchCudaVersions().join(', ') })));
  out.push(...condaCudaPackages(c));
  const torch = spec('pytorch') ?? spec('torch');
  const version = torch?.version?.replace(/\.\*$/, '');
  if (!torch || !version || version.includes('*')) return out;
  const release = releaseOf(version, out);
  if (!release) return out;
  const pytorchChannel = c.channels.includes('pytorch');
  if (pytorchChannel && release.conda !== 'pytorch-channel') {
    const last = torchReleases()
      .filter((r) => r.conda === 'pytorch-channel')
      .at(-1)!.version;
    out.push(wrong(msg('check.condaChannel', { version: release.version, last })));
  }
  const builds = release.cudaVariants.map((v) => v.cuda).join(', ');
  if (cudaSpec?.version && !release.cudaVariants.some((v) => v.cuda === cudaSpec.version))
    out.push(wrong(msg('check.condaNoVariant', { version: release.version, cuda: cudaSpec.version, builds })));
  const toolkit = spec('cudatoolkit');
  if (toolkit?.version && pytorchChannel && !release.cudaVariants.some((v) => v.cuda === toolkit.version))
    out.push(unknown(msg('check.condaToolkit', { version: release.version, cuda: toolkit.version })));
  // Only a python= of the same command: which conda environment the line installs into is not in it.
  const py = spec('python')?.version;
  if (py && !pythonFits(release, py, true))
    out.push(wrong(msg('check.torchPython', { version: release.version, python: py, min: release.python.min, max: release.python.max })));
  const vision = spec('torchvision');
  if (vision?.version) {
    const req: Requirement = { name: 'torchvision', extras: [], specs: [['==', vision.version]], raw: vision.raw };
    out.push(...companionIssues('torchvision', req, { name: 'torch', extras: [], specs: [['==', version]], raw: torch.raw }, release));
  }
  return out;
}

/**
 * NVIDIA's CUDA packages (cuda-toolkit, cuda-nvcc … on the nvidia channel and conda-forge) and the older cudatoolkit:
 * a version never published is wrong; one the table cannot judge (a release after it was written, a channel it does
 * not cover) is unchecked, and so is a CUDA package gpuenv has no row for.
 */
function condaCudaPackages(c: CondaInstall): Issue[] {
  const out: Issue[] = [];
  for (const s of c.specs) {
    if (s.name === 'pytorch-cuda' || !s.version) continue;
    const row = condaCudaRow(s.name);
    if (!row) {
      if (/^cuda-|^cudnn$/.test(s.name)) out.push(unknown(msg('check.condaCudaUntracked', { pkg: s.name, version: s.version })));
      continue;
    }
    const published = condaCudaPublished(row, s.version);
    const vars = { pkg: s.name, version: s.version, list: row.versions.join(', ') };
    if (published === 'no') out.push(wrong(msg('check.condaCudaNever', vars)));
    else if (published === 'unknown') out.push(unknown(msg('check.condaCudaUnknown', vars)));
  }
  return out;
}

export type { InstallCommand };
