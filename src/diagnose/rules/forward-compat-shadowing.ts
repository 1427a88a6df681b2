// forward-compat-shadowing: a cuda-compat libcuda is loaded in front of the driver's own. Error when it is older
// than the host driver or the GPU cannot use forward compatibility; info when it is only present (or used as meant).
// The fix changes the setting the probe found putting it in front (CompatLibrary.via): the LD_LIBRARY_PATH entry, the
// ld.so.conf line and its file, or the preload list — never another one.
import { compareVersions } from '../../knowledge/version.js';
import type { CompatLibrary, CompatVia, Snapshot } from '../../snapshot/types.js';
import type { Evidence, Finding } from '../../findings.js';
import { versionParts } from '../../knowledge/version.js';
import type { ErrorEvent } from '../../parse/types.js';
import type { ExplainContext } from '../context.js';
import { driverFacts } from '../driver-facts.js';
import { finding, gpuEvidence, has, lineEvidence } from '../explain-helpers.js';
import { msg } from './messages.js';
import { msg as explainersMsg } from '../explainers/messages.js';
import { oneFinding, type Reading } from '../from-text.js';
import type { Rule } from '../types.js';
import { preloadFix, preloadLists, shellWord } from '../preload.js';
import { dirname, driverVersionFromPath, ev, inContainer, specForGpu, withoutEntries } from '../system-facts.js';

/** The host driver: NVML's answer, else the kernel module (the compat libcuda itself is not the driver). */
function hostDriver(s: Snapshot): { version: string; source: string } | null {
  const nvml = driverVersionFromPath(s.nativeLibraries.nvml?.loadedPath);
  if (s.driver.version) return { version: s.driver.version.value, source: s.driver.version.source };
  if (s.driver.kernelModule) return { version: s.driver.kernelModule.value, source: s.driver.kernelModule.source };
  return nvml ? { version: nvml, source: 'native:libnvidia-ml.so.1' } : null;
}

export const rule: Rule = {
  code: 'forward-compat-shadowing',
  scope: 'environment',
  check(input) {
    const s = input.snapshot;
    const host = hostDriver(s);
    const found = s.cudaCompat.map((c) => judge(s, c, host));
    return input.origin === 'machine' ? found : oneFinding(input, 'forward-compat-shadowing', found, fromMessage);
  },
};

function judge(s: Snapshot, c: CompatLibrary, host: { version: string; source: string } | null): Finding {
  const dir = dirname(c.path);
  const compat = c.version ?? '?';
  const driver = host?.version ?? '?';
  const evidence: Evidence[] = [
    {
      fact: msg('system.evCompat'),
      value: msg(c.inUse ? 'system.evCompatInUse' : 'system.evCompatNotInUse', { path: c.path, reason: c.reason }),
      source: `file:${c.path}`,
    },
    ...(host ? [{ fact: msg('system.evHostDriver'), value: host.version, source: host.source }] : []),
  ];
  if (!c.inUse) {
    return {
      code: 'forward-compat-shadowing',
      severity: 'info',
      title: msg('system.fcTitleInfo', { compat }),
      cause: msg('system.fcCauseInfo', { path: c.path, reason: c.reason }),
      evidence,
      fix: [msg('system.fcFixNothing', { dir })],
      subject: c.path,
    };
  }
  const how = howOf(c);
  const older = host !== null && c.version !== null && compareVersions(c.version, host.version) < 0;
  // knowledge/data/cuda.ts FORWARD_COMPAT.eligible: data-center GPUs (plus select NGC-ready RTX and Jetson, which the catalogue marks too).
  const ineligible = s.gpus.filter((g) => {
    const seg = specForGpu(g)?.segment;
    return seg !== undefined && seg !== 'datacenter' && seg !== 'jetson';
  });
  for (const g of s.gpus)
    evidence.push({ fact: msg('system.evGpu'), value: `${g.index}: ${g.name} (${specForGpu(g)?.segment ?? 'unknown segment'})`, source: g.source });
  if (!older && ineligible.length === 0) {
    return {
      code: 'forward-compat-shadowing',
      severity: 'info',
      title: msg('system.fcTitleInUse', { compat, driver }),
      cause: msg('system.fcCauseInUse', { path: c.path, how, driver }),
      evidence,
      fix: [],
      subject: c.path,
    };
  }
  const cause = [
    ...(older ? [msg('system.fcCauseOld', { path: c.path, how, driver })] : []),
    ...(ineligible.length ? [msg('system.fcCauseGpu', { path: c.path, how, gpus: ineligible.map((g) => g.name).join(', ') })] : []),
  ].join(' ');
  const fix = [...fixFor(s, c, dir), `# ${msg('libraries.fcvCheck', { driver })}`, LOADED_LIBCUDA];
  return {
    code: 'forward-compat-shadowing',
    severity: 'error',
    title: older ? msg('system.fcTitleOld', { compat, driver }) : msg('system.fcTitleGpu', { compat }),
    cause,
    evidence: [
      ...evidence,
      ...ev(msg('system.evLdLibraryPath'), s.env.LD_LIBRARY_PATH ? { value: s.env.LD_LIBRARY_PATH, source: 'env:LD_LIBRARY_PATH' } : null),
      ...viaEvidence(c.via),
    ],
    fix,
    subject: c.path,
  };
}

/** The configuration line or preload entry that puts it in use (LD_LIBRARY_PATH is shown whole above). */
function viaEvidence(v: CompatVia | null | undefined): Evidence[] {
  if (!v || v.kind === 'LD_LIBRARY_PATH') return [];
  if (v.kind === 'ld.so.conf') return [{ fact: v.file ?? 'ld.so cache', value: v.entry, source: v.file ? `file:${v.file}` : 'ld.so.cache' }];
  return [{ fact: v.kind, value: v.entry, source: v.kind === 'LD_PRELOAD' ? 'env:LD_PRELOAD' : `file:${v.kind}` }];
}

/** The setting that puts it in use, in words; the probe's reason where no setting was recorded. */
function howOf(c: CompatLibrary): string {
  const v = c.via;
  if (!v) return c.reason;
  if (v.kind === 'LD_LIBRARY_PATH') return msg('libraries.fcvHowLd', { entry: v.entry });
  if (v.kind === 'ld.so.conf')
    return v.file ? msg('libraries.fcvHowConf', { file: v.file, entry: v.entry }) : msg('libraries.fcvHowConfNoFile', { entry: v.entry });
  return msg('libraries.fcvHowPreload', { list: v.kind, entry: v.entry });
}

/** Prints the libcuda file a new process maps for libcuda.so.1 (read back from /proc/self/maps). */
const LOADED_LIBCUDA = `python3 -c "import ctypes; ctypes.CDLL('libcuda.so.1'); print(*sorted({l.split()[-1] for l in open('/proc/self/maps') if 'libcuda' in l}))"`;

const norm = (p: string) => p.replace(/(.)\/+$/, '$1');

/** The folders a compat libcuda is reached through: its real folder and the same folder under each toolkit link. */
function compatDirsOf(s: Snapshot, dir: string): Set<string> {
  return new Set([dir, ...s.toolkits.filter((t) => `${t.path}/compat` === dir).flatMap((t) => t.aliases.map((a) => `${a}/compat`))]);
}

/**
 * How the setting the evidence shows is undone. A Snapshot from before `via` was recorded: LD_LIBRARY_PATH when one
 * of its entries reaches the folder (the real path or a toolkit link to it), else the ld.so configuration.
 */
function fixFor(s: Snapshot, c: CompatLibrary, dir: string): string[] {
  const ld = s.env.LD_LIBRARY_PATH ?? '';
  const dirs = compatDirsOf(s, dir);
  const onLd = ld.split(/[:;]/).some((e) => dirs.has(norm(e)));
  const via: CompatVia | null | undefined =
    c.via ?? (onLd ? { kind: 'LD_LIBRARY_PATH', entry: ld.split(/[:;]/).find((e) => dirs.has(norm(e)))!, file: null } : undefined);
  const container = inContainer(s);
  if (via?.kind === 'LD_LIBRARY_PATH') {
    dirs.add(norm(via.entry));
    // Every compat folder leaves, not only this one: a second one behind it would be found next.
    const kept = withoutEntries(ld, (e) => dirs.has(norm(e)) || /\/compat\/?$/.test(e));
    return [
      msg('system.fcFixLd'),
      kept ? `export LD_LIBRARY_PATH=${shellWord(kept)}` : 'unset LD_LIBRARY_PATH',
      `# ${msg('libraries.fcvLdWhere', { entry: via.entry })}`,
      'grep -n LD_LIBRARY_PATH ~/.bashrc ~/.profile ~/.bash_profile /etc/environment /etc/profile.d/*.sh 2>/dev/null',
      ...(container ? [`# ${msg('libraries.fcvLdContainer', { container, value: kept || '""' })}`] : []),
    ];
  }
  if (via?.kind === 'LD_PRELOAD' || via?.kind === '/etc/ld.so.preload') {
    const list = preloadLists(s).find((p) => p.list === via.kind);
    if (list) return preloadFix(list, [via.entry], container);
  }
  if (via?.kind === 'ld.so.conf' && via.file) {
    const line = sedLine(via.entry);
    return [
      `# ${msg('libraries.fcvConf', { file: via.file, entry: via.entry })}`,
      line ? `sudo sed -i '${line}' ${shellWord(via.file)}` : `sudoedit ${shellWord(via.file)}`,
      'sudo ldconfig',
      ...(container ? [`# ${msg('libraries.fcvConfContainer', { container, file: via.file })}`] : []),
    ];
  }
  if (via?.kind === 'ld.so.conf') return [`# ${msg('libraries.fcvConfNoFile', { entry: via.entry })}`, 'sudo ldconfig'];
  return [msg('system.fcFixCache'), `grep -rl ${shellWord(dir)} /etc/ld.so.conf /etc/ld.so.conf.d/`, msg('system.fcFixCacheDelete'), 'sudo ldconfig'];
}

/** A sed command deleting exactly this configuration line (a comment after it allowed); none for a line sed's quoting cannot hold. */
function sedLine(line: string): string | undefined {
  if (/['\n|]/.test(line)) return undefined;
  const re = line.replace(/[\\.*[\]^$]/g, '\\$&');
  return `\\|^[[:space:]]*${re}[[:space:]]*\\(#.*\\)\\?$|d`;
}

/** The paste shows LD_PRELOAD or LD_LIBRARY_PATH with a compat libcuda or folder: that variable, without it. Else where to look. */
function pastedLdFix(ctx: ExplainContext): string[] {
  const preload = preloadLists(ctx.snapshot).find((p) => p.list === 'LD_PRELOAD');
  const compatPreloaded = preload?.entries.filter((e) => /\/compat\/libcuda\.so/.test(e)) ?? [];
  if (preload && compatPreloaded.length) return preloadFix(preload, compatPreloaded, inContainer(ctx.snapshot));
  const ld = ctx.snapshot.env.LD_LIBRARY_PATH ?? '';
  const isCompat = (e: string) => /\/compat\/?$/.test(e);
  if (ld.split(/[:;]/).some(isCompat)) {
    const kept = withoutEntries(ld, isCompat);
    return [
      `# ${msg('libraries.fcvPasteLd')}`,
      kept ? `export LD_LIBRARY_PATH=${shellWord(kept)}` : 'unset LD_LIBRARY_PATH',
      'ldconfig -p | grep libcuda.so.1',
    ];
  }
  return ['ldconfig -p | grep libcuda.so.1', 'echo $LD_LIBRARY_PATH', `# ${msg('fixes.fcs.removeCompat')}`];
}

/** Error 804 (forward compatibility on a GPU without it) or 803 (a compat libcuda of another branch than the module), or a compat library only listed. */
function fromMessage(ctx: ExplainContext, events: ErrorEvent[]): Reading | undefined {
  const evidence = [
    ...lineEvidence(events),
    ...gpuEvidence(ctx),
    ...driverFacts(ctx.driver, msg('system.evHostDriver'), ctx.snapshot.driver.cudaVersion?.source ?? 'pasted'),
  ];
  const g = ctx.gpus[0];
  const is804 = has(events, 'compat-not-supported', 'cuda-error-804-prose');
  // The image's / toolkit's CUDA names the cuda-compat package: nvidia/cuda:11.3.1 → cuda-compat-11-3.
  const imageCuda = ctx.facts.toolkitMentions.find((t) => t.source === 'pasted:image')?.value ?? ctx.snapshot.toolkits[0]?.version?.value;
  const compatPkg = imageCuda ? `cuda-compat-${versionParts(imageCuda).slice(0, 2).join('-')}` : undefined;
  // Driver-shaped versions in the lines (host libcuda 570.133.20 vs compat 570.124.06) and the parsed driver.
  const versions = [
    ...new Set([...(ctx.driver?.version ? [ctx.driver.version] : []), ...events.flatMap((e) => e.text.match(/\b\d{3}\.\d{2,3}\.\d{2,3}\b/g) ?? [])]),
  ].slice(0, 4);
  const paths = [...new Set(events.map((e) => e.groups.path).filter((p): p is string => !!p))].slice(0, 3);
  const driverText = versions.length ? versions.join(' / ') : explainersMsg('unknown');
  const why = is804
    ? explainersMsg('fcWhy804', { gpu: g ? explainersMsg('fcNotOneOfThem', { gpu: g.gpu.name }) : '' })
    : explainersMsg('fcWhy803', { driver: driverText });
  for (const p of paths) evidence.push({ fact: msg('system.evCompat'), value: p, source: 'pasted' });
  if (versions.length > (ctx.driver?.version ? 1 : 0)) evidence.push({ fact: msg('driver.evVersionsNamed'), value: versions.join(', '), source: 'pasted' });
  const fit = is804 ? 2 : has(events, 'system-driver-mismatch') ? (paths.length ? 1.8 : 1) : 0.6;
  // Only a path in a listing (find, ls, ldconfig -p) and no failure: the library is there, not shown to be in use.
  const failing =
    is804 || has(events, 'system-driver-mismatch') || has(ctx.events, 'driver-insufficient', 'cuda-init-device-count', 'no-cuda-gpus', 'cuda-unknown-error');
  if (!failing) {
    return {
      specific: false,
      fit: 0.5,
      finding: finding('forward-compat-shadowing', 'info', explainersMsg('fcPresentTitle'), explainersMsg('fcPresentCause'), evidence, [
        `ldconfig -p | grep libcuda.so.1   # ${explainersMsg('fcCheckCache')}`,
        `echo $LD_LIBRARY_PATH   # ${explainersMsg('fcCheckPath')}`,
      ]),
    };
  }
  return {
    specific: false,
    fit,
    finding: finding('forward-compat-shadowing', 'error', explainersMsg('fcTitle'), explainersMsg('fcCause', { why }), evidence, [
      ...pastedLdFix(ctx),
      ...paths.map((p) => `rm ${p}*   # ${msg('driver.fcRemovePath')}`),
      ...(compatPkg ? [`dpkg -l | grep cuda-compat; sudo apt-get remove -y ${compatPkg}   # ${explainersMsg('fcRemovePkg', { cuda: imageCuda ?? '' })}`] : []),
    ]),
  };
}
