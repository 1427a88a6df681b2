// forward-compat-shadowing: a cuda-compat libcuda is loaded in front of the driver's own. Error when it is older
// than the host driver or the GPU cannot use forward compatibility; info when it is only present (or used as meant).
import { compareVersions } from '../../knowledge/version.js';
import type { CompatLibrary, Snapshot } from '../../snapshot/types.js';
import type { Evidence, Finding } from '../../findings.js';
import { versionParts } from '../../knowledge/version.js';
import type { ErrorEvent } from '../../parse/types.js';
import type { ExplainContext } from '../context.js';
import { driverFacts } from '../driver-facts.js';
import { finding, gpuEvidence, has, lineEvidence } from '../explain-helpers.js';
import { em } from '../explainers/messages.js';
import { oneFinding, type Reading } from '../from-text.js';
import type { Rule } from '../types.js';
import { m as md } from './messages-driver.js';
import { m } from './messages-system.js';
import { dirname, driverVersionFromPath, ev, specForGpu, withoutEntries } from '../system-facts.js';

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
    { fact: m('evCompat'), value: `${c.path} (${c.inUse ? 'in use' : 'not in use'}: ${c.reason})`, source: `file:${c.path}` },
    ...(host ? [{ fact: m('evHostDriver'), value: host.version, source: host.source }] : []),
  ];
  if (!c.inUse) {
    return {
      code: 'forward-compat-shadowing',
      severity: 'info',
      title: m('fcTitleInfo', { compat }),
      cause: m('fcCauseInfo', { path: c.path, reason: c.reason }),
      evidence,
      fix: [m('fcFixNothing', { dir })],
      subject: c.path,
    };
  }
  const how = c.reason;
  const older = host !== null && c.version !== null && compareVersions(c.version, host.version) < 0;
  // knowledge/data/cuda.ts FORWARD_COMPAT.eligible: data-center GPUs (plus select NGC-ready RTX and Jetson, which the catalogue marks too).
  const ineligible = s.gpus.filter((g) => {
    const seg = specForGpu(g)?.segment;
    return seg !== undefined && seg !== 'datacenter' && seg !== 'jetson';
  });
  for (const g of s.gpus)
    evidence.push({ fact: m('evGpu'), value: `${g.index}: ${g.name} (${specForGpu(g)?.segment ?? 'unknown segment'})`, source: g.source });
  if (!older && ineligible.length === 0) {
    return {
      code: 'forward-compat-shadowing',
      severity: 'info',
      title: m('fcTitleInUse', { compat, driver }),
      cause: m('fcCauseInUse', { path: c.path, how, driver }),
      evidence,
      fix: [],
      subject: c.path,
    };
  }
  const cause = [
    ...(older ? [m('fcCauseOld', { path: c.path, how, driver })] : []),
    ...(ineligible.length ? [m('fcCauseGpu', { path: c.path, how, gpus: ineligible.map((g) => g.name).join(', ') })] : []),
  ].join(' ');
  const fix: string[] = [];
  const ld = s.env.LD_LIBRARY_PATH ?? '';
  const onLd = ld.split(':').some((d) => d.replace(/\/$/, '') === dir) || /LD_LIBRARY_PATH/.test(c.reason);
  if (onLd) {
    const compatDirs = new Set([dir, ...s.toolkits.map((t) => `${t.path}/compat`), ...s.toolkits.flatMap((t) => t.aliases.map((a) => `${a}/compat`))]);
    fix.push(m('fcFixLd'), `export LD_LIBRARY_PATH=${withoutEntries(ld, (e) => compatDirs.has(e.replace(/\/$/, '')) || /\/compat\/?$/.test(e))}`);
  }
  if (/ld\.so cache/.test(c.reason) || !onLd) {
    fix.push(m('fcFixCache'), `grep -rl '${dir}' /etc/ld.so.conf /etc/ld.so.conf.d/`, m('fcFixCacheDelete'), 'sudo ldconfig');
  }
  fix.push(m('fcFixCheck', { driver }), 'ldconfig -p | grep libcuda.so.1');
  return {
    code: 'forward-compat-shadowing',
    severity: 'error',
    title: older ? m('fcTitleOld', { compat, driver }) : m('fcTitleGpu', { compat }),
    cause,
    evidence: [...evidence, ...ev(m('evLdLibraryPath'), s.env.LD_LIBRARY_PATH ? { value: s.env.LD_LIBRARY_PATH, source: 'env:LD_LIBRARY_PATH' } : null)],
    fix,
    subject: c.path,
  };
}

/** Error 804 (forward compatibility on a GPU without it) or 803 (a compat libcuda of another branch than the module), or a compat library only listed. */
function fromMessage(ctx: ExplainContext, events: ErrorEvent[]): Reading | undefined {
  const evidence = [
    ...lineEvidence(events),
    ...gpuEvidence(ctx),
    ...driverFacts(ctx.driver, m('evHostDriver'), ctx.snapshot.driver.cudaVersion?.source ?? 'pasted'),
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
  const driverText = versions.length ? versions.join(' / ') : em('unknown');
  const why = is804 ? em('fcWhy804', { gpu: g ? ` — ${g.gpu.name} is not one of them` : '' }) : em('fcWhy803', { driver: driverText });
  for (const p of paths) evidence.push({ fact: m('evCompat'), value: p, source: 'pasted' });
  if (versions.length > (ctx.driver?.version ? 1 : 0)) evidence.push({ fact: md('evVersionsNamed'), value: versions.join(', '), source: 'pasted' });
  const fit = is804 ? 2 : has(events, 'system-driver-mismatch') ? (paths.length ? 1.8 : 1) : 0.6;
  // Only a path in a listing (find, ls, ldconfig -p) and no failure: the library is there, not shown to be in use.
  const failing =
    is804 || has(events, 'system-driver-mismatch') || has(ctx.events, 'driver-insufficient', 'cuda-init-device-count', 'no-cuda-gpus', 'cuda-unknown-error');
  if (!failing) {
    return {
      specific: false,
      fit: 0.5,
      finding: finding('forward-compat-shadowing', 'info', em('fcPresentTitle'), em('fcPresentCause'), evidence, [
        "ldconfig -p | grep libcuda.so.1   # the driver's own copy must be the one listed first",
        'echo $LD_LIBRARY_PATH   # no */compat folder here on GeForce/RTX cards',
      ]),
    };
  }
  return {
    specific: false,
    fit,
    finding: finding('forward-compat-shadowing', 'error', em('fcTitle'), em('fcCause', { why }), evidence, [
      'ldconfig -p | grep libcuda.so.1',
      'echo $LD_LIBRARY_PATH',
      '# remove /usr/local/cuda/compat (and cuda-*/compat) from LD_LIBRARY_PATH / ld.so.conf.d, or: sudo apt-get remove cuda-compat-*',
      ...paths.map((p) => `rm ${p}*   # ${md('fcRemovePath')}`),
      ...(compatPkg ? [`dpkg -l | grep cuda-compat; sudo apt-get remove -y ${compatPkg}   # ${em('fcRemovePkg', { cuda: imageCuda ?? '' })}`] : []),
    ]),
  };
}
