// driver-too-old: a program's CUDA needs a newer driver than this one — a framework in an environment (the
// Snapshot's packages, probed or pasted), or what a message names (the container image's CUDA, ptxas, a PTX ISA, a
// DLL, an NGC release, an NVENC API, Ollama's floor). One finding per program, one minimum driver (driverNeed).
// Also a GPU newer than the driver: its architecture needs a driver branch this one is below (lowestDriverBranchForCc).
import { cudaForPtxIsa, cudaRelease } from '../../knowledge/cuda.js';
import { nvencFloor } from '../../knowledge/data/nvenc.js';
import { driverMaxCuda, driverNeed, driverSupport, lowestDriverBranchForCc, type CcDriverFloor } from '../../knowledge/driver-support.js';
import { gpuByPciDeviceId } from '../../knowledge/gpus.js';
import { tensorflowRelease, tensorflowReleases } from '../../knowledge/tensorflow.js';
import type { ArchSet } from '../../knowledge/torch.js';
import { torchVariant, variantArchSet, variantCoversCapability } from '../../knowledge/torch.js';
import { ccToSm } from '../../knowledge/cuda.js';
import { compareVersions, versionParts } from '../../knowledge/version.js';
import { driverUpgradeCommands } from '../../install/driver.js';
import { pipInstall } from '../../install/python.js';
import { companionsIn, driverWords, torchPipLine } from '../../install/torch.js';
import { cudaNumber } from '../../parse/framework-logs.js';
import { PASTED_PREFIX } from '../../parse/snapshot.js';
import type { ErrorEvent } from '../../parse/types.js';
import {
  buildCudaOf,
  canonicalName,
  cudaTagOf,
  distinctCapabilities,
  driverOf,
  gpuCapabilities,
  isCpuBuild,
  isFramework,
  isTensorflow,
  managerOf,
  platformOf,
  publicVersion,
} from '../../snapshot/queries.js';
import type { DriverFact, GpuCapability } from '../../snapshot/queries.js';
import type { PythonEnv, PythonPackage, Snapshot } from '../../snapshot/types.js';
import type { Evidence, Finding } from '../../findings.js';
import { contextOf, tagOf, type ExplainContext } from '../context.js';
import { packageEvidence } from '../evidence.js';
import { first, has, lineEvidence, primary, type Explained } from '../explain-helpers.js';
import { msg } from './messages.js';
import { msg as explainersMsg } from '../explainers/messages.js';
import { bySeverity, confirmedBy, eachFactOnce, fromCheck, fromFactsAlone, namedByMessage } from '../from-text.js';
import { guessFinding } from '../guess.js';
import { namedCuda } from '../named-cuda.js';
import { eventsFor } from '../rank.js';
import { driverFacts, torchAlternative } from '../driver-facts.js';
import type { Rule, RuleFinding, RuleInput } from '../types.js';
import { noteOf } from '../../knowledge/localized.js';

// jax plugins are checked by framework-cuda-mismatch; torchvision/torchaudio follow torch.
const SKIP = /^(jax|jaxlib|jax-cuda\d+-(plugin|pjrt)|torchvision|torchaudio)$/;
/** Messages of the container runtime's own check of the driver's CUDA against the image's (NVIDIA_REQUIRE_CUDA). */
const IMAGE_CHECKS = ['container-requirement-cuda', 'container-requirement-brand', 'nvidia-docker-unsupported-cuda'] as const;
/** Among the causes the facts of a text establish alone, this one comes after those of the other codes (explain's old order). */
const FACT_INDEX = 8;

export const rule: Rule = {
  code: 'driver-too-old',
  scope: 'environment',
  check(input) {
    const s = input.snapshot;
    const found = tooNew(s);
    if (input.origin === 'machine')
      return [...found.map((x) => tooOld(s, programOf(x), { lines: [], text: false })), ...gpusNewerThanDriver(s).map((g) => gpuTooNew(s, g))];
    const mine = fromText(input, found);
    return mine ? [mine] : [];
  },
};

/** A framework whose build CUDA this driver does not run (or runs only by minor version compatibility where a GPU needs PTX JIT). */
interface TooNew {
  env: PythonEnv;
  pkg: PythonPackage;
  cuda: string;
  ptxGpu: GpuCapability | undefined;
}

function tooNew(snapshot: Snapshot): TooNew[] {
  const d = driverOf(snapshot);
  if (!d) return [];
  const out: TooNew[] = [];
  for (const env of snapshot.python ?? []) {
    for (const p of env.packages ?? []) {
      if (!isFramework(p) || isCpuBuild(p) || SKIP.test(canonicalName(p.name))) continue;
      const cuda = buildCudaOf(p);
      if (!cuda) continue;
      const support = driverSupport(d, cuda);
      if (support === 'no') out.push({ env, pkg: p, cuda, ptxGpu: undefined });
      else if (support === 'mvc') {
        const ptxGpu = ptxOnlyGpu(snapshot, p);
        if (ptxGpu) out.push({ env, pkg: p, cuda, ptxGpu });
      }
    }
  }
  return out;
}

/** A GPU this package reaches only through PTX JIT (SASS absent), when the arch list is known. */
function ptxOnlyGpu(snapshot: Snapshot, p: PythonPackage): GpuCapability | undefined {
  let set: ArchSet | undefined = p.archs && (p.archs.sass.length || p.archs.ptx.length) ? { archList: p.archs.sass, ptx: p.archs.ptx } : undefined;
  if (!set && canonicalName(p.name) === 'torch') {
    const tag = cudaTagOf(p);
    const v = tag ? torchVariant(p.version, tag) : undefined;
    if (v) set = variantArchSet(v, platformOf(snapshot));
  }
  if (!set) return undefined;
  const s = set;
  return distinctCapabilities(snapshot).find((g) => variantCoversCapability(s, g.cc) === 'ptx');
}

/** Whose CUDA the driver is too old for, and how to say where that CUDA comes from. */
interface Program {
  /** "torch 2.5.1+cu124", "the container image", "ptxas". */
  name: string;
  /** "12.4" */
  cuda: string;
  /** The sentence saying where the CUDA comes from. */
  built: string;
  kind: 'torch' | 'tensorflow' | 'other';
  /** The environment and package, when the program is one. */
  env?: PythonEnv;
  pkg?: PythonPackage;
  ptxGpu?: GpuCapability;
  /** The program checks the driver's CUDA version itself (a CUDA image's NVIDIA_REQUIRE_CUDA, which the container runtime tests at start): minor version compatibility does not pass it. */
  checksDriver?: boolean;
  /** What else the facts show about it (an assumption, a note on the CUDA row). */
  evidence: Evidence[];
}

function programOf(x: TooNew): Program {
  const name = canonicalName(x.pkg.name);
  const cuda = versionParts(x.cuda).slice(0, 2).join('.');
  const vars = { pkg: name, version: x.pkg.version, prefix: x.env.prefix, cuda };
  return {
    name: `${name} ${x.pkg.version}`,
    cuda,
    built: x.env.prefix === PASTED_PREFIX ? msg('driver.dtoBuilt', { name: `${vars.pkg} ${vars.version}`, cuda }) : msg('driver.dtoBuiltIn', vars),
    kind: name === 'torch' ? 'torch' : isTensorflow(x.pkg) ? 'tensorflow' : 'other',
    env: x.env,
    pkg: x.pkg,
    ...(x.ptxGpu ? { ptxGpu: x.ptxGpu } : {}),
    evidence: [packageEvidence(x.env, x.pkg)],
  };
}

interface Say {
  /** The lines of the text that name the cause. */
  lines: Evidence[];
  /** The facts come from a text: its OS may be unknown (Ubuntu's commands are given then). */
  text: boolean;
  /** More ways out than a newer driver, after the driver lines. */
  alternatives?: string[];
}

/** The finding for one program: one minimum driver, each fact once, a driver upgrade and the builds this driver runs. */
function tooOld(snapshot: Snapshot, p: Program, say: Say): Finding {
  const d = driverOf(snapshot);
  const need = driverNeed(p.cuda, { driver: d, os: osOf(snapshot), full: !!p.ptxGpu || p.checksDriver === true });
  const floor = need.floor ?? '?';
  const max = driverMaxCuda(d);
  const driver = d?.version ?? undefined;
  const vars = {
    name: p.name,
    cuda: p.cuda,
    major: versionParts(p.cuda)[0] ?? '?',
    floor,
    mvc: need.mvc ?? '?',
    full: need.full ?? '?',
    driver: driver ?? '?',
    max: max ?? msg('framework.drvUnknownMax'),
  };
  const title = driver ? msg('driver.dtoTitle', vars) : max ? msg('driver.dtoTitleCuda', vars) : msg('driver.dtoTitleNoDriver', vars);
  let cause: string;
  if (p.ptxGpu) {
    const g = p.ptxGpu;
    cause = msg('framework.drvCausePtx', {
      pkg: p.pkg ? canonicalName(p.pkg.name) : p.name,
      version: p.pkg?.version ?? '',
      prefix: p.env?.prefix ?? PASTED_PREFIX,
      cuda: p.cuda,
      full: need.full ?? '?',
      driver: driver ?? msg('driver.dtoDriverOfCuda', vars),
      gpu: g.gpu.name,
      sm: g.sm,
    });
  } else {
    // Why the driver is short: the runtime's own check of the image, JIT or newer features beyond what MVC covers, or the floors.
    const mvcOnly = need.withinMvc && !p.checksDriver;
    const needs = p.checksDriver
      ? msg('driver.dtoNeedsCheck', vars)
      : mvcOnly
        ? msg('driver.dtoNeedsFull', vars)
        : need.both
          ? msg('driver.dtoNeedsBoth', vars)
          : msg('driver.dtoNeedsOne', vars);
    const have = mvcOnly
      ? driver
        ? msg('driver.dtoHaveMvc', vars)
        : max
          ? msg('driver.dtoHaveMvcCuda', vars)
          : ''
      : driver
        ? msg('driver.dtoHave', vars)
        : max
          ? msg('driver.dtoHaveCuda', vars)
          : '';
    const effect = !d
      ? msg('driver.dtoEffectNoDriver')
      : p.checksDriver
        ? msg('driver.dtoEffectCheck')
        : mvcOnly
          ? msg('driver.dtoEffectMvc')
          : p.kind === 'torch'
            ? msg('driver.dtoEffectTorch')
            : msg('driver.dtoEffect');
    cause = msg('driver.dtoCause', { built: p.built, needs, have, effect });
  }
  const framework = d ? frameworkAlternatives(snapshot, p, d) : { lines: [] };
  const alternatives = [...framework.lines, ...(say.alternatives ?? [])];
  const unconfirmed = framework.unconfirmed;
  const fix = [
    `# ${alternatives.length ? msg('framework.drvUpgrade', { floor }) : msg('driver.dtoUpgrade', { floor })}`,
    ...driverUpgradeCommands(snapshot, floor, driverWords(floor)),
    ...alternatives,
  ];
  const evidence = eachFactOnce([...say.lines, ...p.evidence, ...driverFacts(d, msg('framework.evDriver')), ...cudaRowNote(p.cuda)]);
  if (p.ptxGpu)
    evidence.push({
      fact: msg('framework.evGpu', { index: p.ptxGpu.gpu.index }),
      value: `${p.ptxGpu.gpu.name}: ${p.ptxGpu.cc} (${p.ptxGpu.sm})`,
      source: p.ptxGpu.source,
    });
  return {
    code: 'driver-too-old',
    severity: 'error',
    title,
    cause,
    evidence,
    fix,
    ...(p.env && p.env.prefix !== PASTED_PREFIX ? { subject: p.env.prefix } : {}),
    ...(unconfirmed ? { unconfirmed } : {}),
  };
}

/** A GPU whose architecture no driver of this driver's branch knows. */
interface NewerGpu {
  name: string;
  cc: string;
  /** Where the GPU was seen: "GPU 0" (NVML, nvidia-smi) or its PCI address. */
  where: string;
  source: string;
  floor: CcDriverFloor;
}

/** A driver fact that pins a GPU newer than the driver outright: above the facts-alone prior of the other readings. */
const GPU_FIT = 2.5;

/**
 * The GPUs (one per compute capability) whose architecture needs a higher driver branch than this driver's: the
 * GPUs NVML or a paste lists, and the PCI-listed ones the catalogue knows by device id (NVML does not list a GPU its
 * driver does not support). Needs the driver's version; compares branches only.
 */
function gpusNewerThanDriver(s: Snapshot): NewerGpu[] {
  const version = driverOf(s)?.version;
  const branch = version ? versionParts(version)[0] : undefined;
  if (branch === undefined) return [];
  const os = osOf(s);
  const out: NewerGpu[] = [];
  const add = (name: string, cc: string, where: string, source: string) => {
    if (out.some((g) => g.cc === cc)) return;
    const floor = lowestDriverBranchForCc(cc, os);
    if (floor && branch < floor.branch) out.push({ name, cc, where, source, floor });
  };
  for (const g of gpuCapabilities(s)) add(g.gpu.name, g.cc, msg('framework.evGpu', { index: g.gpu.index }), g.source);
  for (const p of s.pciGpus ?? []) {
    const spec = gpuByPciDeviceId(p.deviceId);
    if (spec?.computeCapability) add(spec.name, spec.computeCapability, `${msg('driver.evGpuListed')} ${p.address} (${p.deviceId})`, p.source);
  }
  return out;
}

/** The finding for a GPU newer than the driver: the branch that first knows its architecture, and the upgrade to it. */
function gpuTooNew(snapshot: Snapshot, g: NewerGpu): Finding {
  const d = driverOf(snapshot);
  const driver = d?.version ?? '?';
  const sm = ccToSm(g.cc);
  const vars = {
    driver,
    have: versionParts(driver)[0] ?? '?',
    gpu: g.name,
    cc: g.cc,
    sm,
    cuda: g.floor.cuda,
    minDriver: g.floor.minDriver,
    branch: g.floor.branch,
  };
  const evidence = eachFactOnce([
    { fact: g.where, value: `${g.name}: ${g.cc} (${sm})`, source: g.source },
    ...driverFacts(d, msg('framework.evDriver')),
    { fact: msg('driver.evGpuFloor', { sm }), value: `CUDA ${g.floor.cuda} → ≥ ${g.floor.minDriver} (branch ${g.floor.branch})`, source: g.floor.source },
  ]);
  return {
    code: 'driver-too-old',
    severity: 'error',
    title: msg('driver.dtoGpuTitle', vars),
    cause: msg('driver.dtoGpuCause', vars),
    evidence,
    fix: [
      `# ${msg('driver.dtoGpuUpgrade', vars)}`,
      ...driverUpgradeCommands(snapshot, g.floor.minDriver, driverWords(g.floor.minDriver)),
      `# ${msg('driver.dtoGpuCheck')}`,
      'nvidia-smi --query-gpu=name,driver_version,compute_cap --format=csv',
    ],
    ...(g.floor.confirmed ? {} : { unconfirmed: noteOf(g.floor) ?? g.floor.source }),
  };
}

/** Native Windows drivers have their own numbering (CUDA 12.x: 527.41 vs 525.60.13 on Linux). */
function osOf(s: Snapshot): 'linux' | 'windows' {
  return s.os.id?.value === 'windows' && s.os.wsl?.value !== true ? 'windows' : 'linux';
}

/** A build of the same framework this driver runs: torch's wheel choice, TensorFlow's newest release with a CUDA this driver runs. */
function frameworkAlternatives(snapshot: Snapshot, p: Program, d: DriverFact): { lines: string[]; unconfirmed?: string } {
  if (p.kind === 'torch' && p.env) {
    const version = p.pkg && p.pkg.version !== '?' ? publicVersion(p.pkg.version) : undefined;
    const t = torchAlternative(snapshot, p.env, { ccs: distinctCapabilities(snapshot).map((g) => g.cc), ...(version ? { preferVersion: version } : {}) });
    if (t.choice && t.choice.support !== 'no')
      return { lines: [`# ${msg('framework.drvOrTorch')}`, ...t.lines], ...(t.unconfirmed ? { unconfirmed: t.unconfirmed } : {}) };
    return { lines: [] };
  }
  if (p.kind === 'tensorflow' && p.env && p.pkg) {
    const tf = [...tensorflowReleases()]
      .filter((r) => r.andCudaExtra && driverSupport(d, r.cuda) !== 'no')
      .sort((a, b) => compareVersions(b.version, a.version))[0];
    if (!tf) return { lines: [] };
    const minor = tf.version.split('.').slice(0, 2).join('.');
    return {
      lines: [
        `# ${msg('framework.drvOrTf', { version: minor, cuda: tf.cuda })}`,
        pipInstall(p.env, managerOf(p.pkg) === 'uv' ? 'uv' : 'pip', [`"tensorflow[and-cuda]==${minor}.*"`]),
      ],
    };
  }
  return { lines: [] };
}

// ---- over a text -----------------------------------------------------------------------------------------

function fromText(input: RuleInput, found: readonly TooNew[]): RuleFinding | undefined {
  const ctx = contextOf(input);
  const events = eventsFor(input, 'driver-too-old');
  let mine: RuleFinding | undefined;
  let confirmations = found.length;
  if (events.length) {
    const r = fromMessage(ctx, events, found);
    if (r && r.fit > 0) mine = namedByMessage(input, 'driver-too-old', events, r);
  }
  if (!mine) {
    const r = belowNamedCuda(ctx, found);
    if (r && r.fit > 0) mine = fromFactsAlone(r, FACT_INDEX);
  }
  if (!mine) {
    const [x, ...more] = bySeverity(found.map((f) => ({ ...tooOld(input.snapshot, programOf(f), { lines: [], text: true }), severity: 'error' as const })));
    if (x) mine = fromCheck({ ...x, evidence: eachFactOnce([...x.evidence, ...more.flatMap((f) => f.evidence)]) });
    confirmations = more.length;
  }
  if (mine) mine = confirmedBy(mine, confirmations);
  // A GPU the driver's branch cannot know explains the paste better than a reading in which this driver runs the program's CUDA.
  const newer = gpusNewerThanDriver(input.snapshot);
  if (newer.length && (!mine || (mine.rank?.fit ?? 0) < 1)) {
    const [g, ...more] = newer;
    const f = gpuTooNew(input.snapshot, g!);
    const r: Explained = {
      fit: GPU_FIT,
      finding: { ...f, evidence: eachFactOnce([...f.evidence, ...more.flatMap((x) => gpuTooNew(input.snapshot, x).evidence)]) },
    };
    mine = confirmedBy(events.length ? namedByMessage(input, 'driver-too-old', events, r) : fromFactsAlone(r, FACT_INDEX), more.length);
  }
  if (!mine) mine = guessFinding(input, 'driver-too-old');
  if (mine) namedCuda(mine, input);
  return mine;
}

/**
 * No message, but the paste names a conda cudatoolkit / pytorch-cuda or an image CUDA newer than the driver runs
 * (cudatoolkit=10.2 with a 418 driver, CUDA 10.1), or a torch whose CUDA is: the driver is too old for it, from the facts alone.
 */
function belowNamedCuda(ctx: ExplainContext, found: readonly TooNew[]): Explained | undefined {
  const max = driverMaxCuda(ctx.driver);
  if (!max) return undefined;
  const above = (v: string | undefined) => !!v && compareVersions(v, max) > 0;
  const named = ctx.facts.toolkitMentions.some((t) => (t.source === 'pasted:conda' || t.source === 'pasted:image') && above(t.value));
  if (!named && !above(ctx.torch?.cuda)) return undefined;
  return fromMessage(ctx, [], found);
}

/** The finding a message names, from what the message and the rest of the text say. */
function fromMessage(ctx: ExplainContext, events: ErrorEvent[], found: readonly TooNew[]): Explained | undefined {
  const d = ctx.driver;
  const lines = lineEvidence(events);
  // The runtime's name for the error: what users search for.
  if (has(events, 'driver-insufficient'))
    lines.push({
      fact: explainersMsg('evCudaError'),
      value: 'cudaErrorInsufficientDriver (35)',
      source: 'https://docs.nvidia.com/cuda/cuda-runtime-api/group__CUDART__TYPES.html',
    });
  const floorNamed = namedFloor(ctx, events, lines);
  if (floorNamed) return floorNamed;
  const p = programInText(ctx, events, found);
  if (p) {
    const wanted = wantedEvent(events);
    const max = driverMaxCuda(d);
    const alternatives: string[] = [];
    if (wanted?.signature === 'container-requirement-cuda' || wanted?.signature === 'container-requirement-brand')
      alternatives.push(
        `# ${msg('driver.dtoImageFix', { max: max ?? explainersMsg('unknown') })}`,
        `docker run --gpus all -e NVIDIA_DISABLE_REQUIRE=1 …   # ${msg('driver.dtoDisableRequire')}`,
      );
    if (wanted?.signature === 'cuda-not-supported-by-driver') alternatives.push(`# ${msg('driver.dtoOlderCuda', { max: max ?? explainersMsg('unknown') })}`);
    const support = d ? driverSupport(d, p.cuda) : 'unknown';
    // The container banner says there is no driver at all: "insufficient" then means absent, not old.
    const fit = has(ctx.events, 'container-no-driver') && !d?.version ? 0.3 : support === 'no' ? 2 : support === 'full' ? 0.3 : support === 'mvc' ? 0.8 : 1.1;
    return { fit, finding: tooOld(ctx.snapshot, p, { lines, text: true, alternatives }) };
  }
  // Without the program's CUDA, a driver-too-old finding stands only on a message that says so itself.
  if (!primary(events, 'driver-too-old')) return undefined;
  const evidence = eachFactOnce([...lines, ...torchFacts(ctx), ...driverFacts(d, msg('framework.evDriver'))]);
  const max = driverMaxCuda(d);
  if (max) {
    const cause = d?.version ? explainersMsg('drvCauseNoBuild', { driver: d.version, max }) : msg('driver.dtoCauseNoBuildCuda', { max });
    // The nearest build that exists for this driver's CUDA (not a tag made from the number), with the companions kept.
    const reinstall = torchPipLine(
      { maxCuda: max, python: ctx.env?.version?.value ?? null, platform: platformOf(ctx.snapshot) },
      { force: true, companions: companionsIn(ctx.env) },
    );
    const fix = [`# ${explainersMsg('checkNvidiaSmi')}`, 'nvidia-smi', ...(reinstall ? [reinstall] : [])];
    return { fit: 1, finding: { code: 'driver-too-old', severity: 'error', title: explainersMsg('drvTitleUnknown'), cause, evidence, fix } };
  }
  return {
    fit: has(ctx.events, 'container-no-driver') ? 0.3 : 0.9,
    finding: {
      code: 'driver-too-old',
      severity: 'error',
      title: explainersMsg('drvTitleUnknown'),
      cause: explainersMsg('drvCauseUnknown'),
      evidence,
      fix: [`# ${explainersMsg('checkNvidiaSmi')}`, 'nvidia-smi', 'python -c "import torch; print(torch.__version__, torch.version.cuda)"'],
    },
  };
}

/** Messages that name the driver the program needs outright: NVENC's API floor, Ollama's, an NGC container's release. */
function namedFloor(ctx: ExplainContext, events: ErrorEvent[], lines: Evidence[]): Explained | undefined {
  const evidence = eachFactOnce([...lines, ...torchFacts(ctx), ...driverFacts(ctx.driver, msg('framework.evDriver'))]);
  const upgrade = (floor: string) => [`# ${msg('driver.dtoUpgrade', { floor })}`, ...driverUpgradeCommands(ctx.snapshot, floor, driverWords(floor))];
  const nvenc = events.filter((e) => e.signature === 'nvenc-api');
  if (nvenc.length) {
    const api = nvenc.map((e) => e.groups.required).find(Boolean);
    const win = ctx.snapshot.os.id?.value === 'windows' || /\.exe|[A-Z]:\\/.test(nvenc.map((e) => e.text).join(' '));
    const row = api ? nvencFloor(api) : undefined;
    const floor = nvenc.map((e) => e.groups.floor).find(Boolean) ?? (row ? (win ? row.windows : `${row.linux} (Linux) / ${row.windows} (Windows)`) : undefined);
    const vars = {
      api: api ?? '?',
      found: nvenc.map((e) => e.groups.found).find(Boolean) ?? '?',
      floor: floor ?? '?',
      driver: ctx.driver?.version ?? explainersMsg('unknown'),
    };
    return {
      fit: 2,
      finding: {
        code: 'driver-too-old',
        severity: 'error',
        title: explainersMsg('drvNvencTitle', vars),
        cause: explainersMsg('drvNvencCause', vars),
        evidence: [
          ...evidence,
          ...(row ? [{ fact: `NVENC API ${row.api}`, value: `Linux >= ${row.linux}, Windows >= ${row.windows}`, source: row.source }] : []),
        ],
        fix: [
          ...upgrade((floor ?? '').split(' ')[0] || '?'),
          `# ${msg('driver.dtoNvencHeaders')}`,
          `ffmpeg -hide_banner -f lavfi -i nullsrc -frames:v 1 -c:v h264_nvenc -f null -   # ${msg('driver.dtoRetest')}`,
        ],
      },
    };
  }
  const ollama = first(events, 'ollama-driver-too-old');
  if (ollama?.groups.driver && ollama.groups.required) {
    const vars = { driver: ollama.groups.driver, floor: ollama.groups.required };
    return {
      fit: 2,
      finding: {
        code: 'driver-too-old',
        severity: 'error',
        title: explainersMsg('drvTitleFloor', vars),
        cause: explainersMsg('drvCauseFloor', vars),
        evidence,
        fix: upgrade(vars.floor),
      },
    };
  }
  // NGC containers name the driver release they need ("built for NVIDIA Driver Release 535.86 or later").
  const ngc = first(events, 'ngc-driver-release');
  if (ngc?.groups.floor) {
    const vars = { driver: ngc.groups.driver ?? ctx.driver?.version ?? explainersMsg('unknown'), floor: ngc.groups.floor };
    return {
      fit: 2,
      finding: {
        code: 'driver-too-old',
        severity: 'error',
        title: explainersMsg('drvTitleFloor', vars),
        cause: `${explainersMsg('drvCauseFloor', vars)} ${explainersMsg('drvNgc')}`,
        evidence,
        fix: [...upgrade(vars.floor), `# ${msg('driver.dtoNgcOlder')}`],
      },
    };
  }
  return undefined;
}

/** A message that names the CUDA the failing program needs. */
function wantedEvent(events: ErrorEvent[]): ErrorEvent | undefined {
  const wanted = first(
    events,
    'container-requirement-cuda',
    'container-requirement-brand',
    'cuda-not-supported-by-driver',
    'nvidia-docker-unsupported-cuda',
    'driver-old-or-missing',
    'cudajl-driver-incompatible',
    'driver-cuda-expected',
  );
  // "expected at least 11040": CUDA's numeric form.
  if (wanted?.groups.need && !wanted.groups.cuda) wanted.groups.cuda = cudaNumber(wanted.groups.need);
  return wanted;
}

/**
 * The program whose CUDA the driver is too old for, as the text says: torch's build, the ptxas JAX runs, the CUDA a
 * message names, the PTX ISA, Paddle's or TensorFlow's wheel, the CUDA image, PyPI's default torch wheel, a toolkit
 * (a program built from source), and last a CUDA the paste names above what the driver runs.
 */
function programInText(ctx: ExplainContext, events: ErrorEvent[], found: readonly TooNew[]): Program | undefined {
  const t = ctx.torch;
  const max = driverMaxCuda(ctx.driver);
  const ptxas = first(events, 'jax-ptxas-newer')?.groups.ptxas;
  const wanted = wantedEvent(events);
  const isa = first(events, 'ptx-isa-version');
  const isaCuda = isa?.groups.ptx ? cudaForPtxIsa(isa.groups.ptx) : undefined;
  const paddle = !t ? paddleBuild(ctx) : undefined;
  // A CUDA base image named ("built from nvidia/cuda:10.2-devel"): the runtime the program carries.
  const imageCuda = ctx.facts.toolkitMentions.find((x) => x.source === 'pasted:image')?.value;
  // TensorFlow's pip wheels are built for one CUDA each (the TF table): TF 1.5 → CUDA 9.0.
  const tfPkg = !t ? ctx.env?.packages.find((x) => x.name === 'tensorflow' || x.name === 'tensorflow-gpu') : undefined;
  const tfCuda = tfPkg ? tensorflowRelease(tfPkg.version)?.cuda : undefined;
  // A CUDA toolkit named in the paste ("Cuda 7.0", nvcc) is the runtime of a program built from source.
  const toolkit = !t?.cuda && !t?.pypiCuda ? ctx.snapshot.toolkits.map((k) => k.nvcc?.version?.value ?? k.version?.value).find(Boolean) : undefined;
  const namedAbove = max
    ? ctx.facts.toolkitMentions
        .map((x) => x.value)
        .filter((v) => compareVersions(v, max) > 0)
        .sort(compareVersions)
        .at(-1)
    : undefined;
  const env = ctx.env;
  const other = (name: string, cuda: string, built: string): Program => ({ name, cuda, built, kind: 'other', evidence: torchFacts(ctx) });
  if (t?.cuda) {
    // The framework the facts check found is this torch: its GPU and build are already known there.
    const same = found.find((x) => x.pkg === t.pkg);
    if (same) return programOf(same);
    const name = t.version === '?' ? 'torch' : `torch ${t.pkg.version}`;
    return {
      name,
      cuda: t.cuda,
      built: msg('driver.dtoBuilt', { name, cuda: t.cuda }),
      kind: 'torch',
      ...(env ? { env } : {}),
      ...(t.version === '?' ? {} : { pkg: t.pkg }),
      evidence: torchFacts(ctx),
    };
  }
  if (ptxas) return other('ptxas', ptxas, msg('driver.dtoBuiltPtxas', { cuda: ptxas }));
  if (wanted?.groups.cuda) {
    const cuda = wanted.groups.cuda;
    if (has([wanted], ...IMAGE_CHECKS)) return { ...other(msg('driver.dtoImage'), cuda, msg('driver.dtoBuiltImage', { cuda })), checksDriver: true };
    if (wanted.groups.dll) return other(wanted.groups.dll, cuda, msg('driver.dtoBuiltDll', { dll: wanted.groups.dll, cuda }));
    return other(msg('driver.dtoProgram'), cuda, msg('driver.dtoBuiltNeeds', { cuda }));
  }
  if (isaCuda)
    return other(
      `PTX ISA ${isa?.groups.ptx ?? '?'}`,
      isaCuda,
      msg('driver.dtoBuiltPtxIsa', { ptx: isa?.groups.ptx ?? '?', cuda: isaCuda, cur: isa?.groups.cur ?? '?' }),
    );
  if (paddle)
    return other(`paddlepaddle-gpu ${paddle.version}`, paddle.cuda, msg('driver.dtoBuilt', { name: `paddlepaddle-gpu ${paddle.version}`, cuda: paddle.cuda }));
  if (imageCuda) return { ...other(msg('driver.dtoImage'), imageCuda, msg('driver.dtoBuiltImage', { cuda: imageCuda })), checksDriver: true };
  if (t?.pypiCuda) {
    const tag = tagOf(t.pypiCuda);
    return {
      name: `torch ${t.version}`,
      cuda: t.pypiCuda,
      built: msg('driver.dtoBuiltPypi', { version: t.version, tag, cuda: t.pypiCuda }),
      kind: 'torch',
      ...(env ? { env } : {}),
      pkg: t.pkg,
      evidence: [
        ...torchFacts(ctx),
        { fact: msg('driver.evPypi'), value: `torch ${t.version} → ${tag} (CUDA ${t.pypiCuda})`, source: 'gpuenv torch table (pypiDefault)' },
      ],
    };
  }
  if (tfCuda && tfPkg && env) {
    return {
      name: `${tfPkg.name} ${tfPkg.version}`,
      cuda: tfCuda,
      built: msg('driver.dtoBuilt', { name: `${tfPkg.name} ${tfPkg.version}`, cuda: tfCuda }),
      kind: 'tensorflow',
      env,
      pkg: tfPkg,
      evidence: [packageEvidence(env, tfPkg)],
    };
  }
  if (toolkit) {
    const cuda = versionParts(toolkit).slice(0, 2).join('.');
    return other(msg('driver.dtoProgram'), cuda, msg('driver.dtoBuiltToolkit', { cuda }));
  }
  if (namedAbove) return other(msg('driver.dtoProgram'), namedAbove, msg('driver.dtoBuiltToolkit', { cuda: namedAbove }));
  return undefined;
}

/** What the text says about torch: the package, or only torch.version.cuda. */
function torchFacts(ctx: ExplainContext): Evidence[] {
  const t = ctx.torch;
  if (!t) return [];
  if (t.version === '?') return t.cuda ? [{ fact: 'torch.version.cuda', value: t.cuda, source: t.pkg.location }] : [];
  return ctx.env ? [packageEvidence(ctx.env, t.pkg)] : [];
}

/**
 * paddlepaddle-gpu "X.Y.Z.postNNN": the CUDA of the build. Paddle 1.x wrote post{CUDA major}{cuDNN major}
 * (post97 = CUDA 9.0 + cuDNN 7, post107 = CUDA 10.0); 2.x writes post{CUDA major}{minor} (post112 = CUDA 11.2).
 * The convention is read from Paddle's install pages as remembered, not re-checked: unconfirmed.
 */
function paddleBuild(ctx: ExplainContext): { version: string; cuda: string } | undefined {
  const p = ctx.env?.packages.find((x) => /^paddlepaddle(-gpu)?$/.test(x.name));
  const r = p ? /^(\d+)\.\d+\.\d+(?:rc\d)?\.post(\d{1,2})(\d)$/.exec(p.version) : null;
  if (!p || !r) return undefined;
  return { version: p.version, cuda: Number(r[1]) >= 2 ? `${r[2]}.${r[3]}` : `${r[2]}.0` };
}

/** Where sources disagree about a CUDA release's floor (CUDA 9.1: the table's 390.46, the runfile's 387.26), say so. */
function cudaRowNote(cuda: string): Evidence[] {
  const row = cudaRelease(cuda);
  const note = noteOf(row);
  return row && note ? [{ fact: explainersMsg('evCudaRowNote', { cuda }), value: note, source: row.source }] : [];
}
