// forward-compat-shadowing: a cuda-compat libcuda is loaded in front of the driver's own. Error when it is older
// than the host driver or the GPU cannot use forward compatibility; info when it is only present (or used as meant).
import { compareVersions } from '../../knowledge/version.js';
import type { CompatLibrary, Snapshot } from '../../snapshot/types.js';
import type { Evidence, Finding } from '../../findings.js';
import type { SnapshotRule } from '../types.js';
import { m } from './messages-system.js';
import { dirname, driverVersionFromPath, ev, specForGpu, withoutEntries } from '../system-facts.js';

/** The host driver: NVML's answer, else the kernel module (the compat libcuda itself is not the driver). */
function hostDriver(s: Snapshot): { version: string; source: string } | null {
  const nvml = driverVersionFromPath(s.nativeLibraries.nvml?.loadedPath);
  if (s.driver.version) return { version: s.driver.version.value, source: s.driver.version.source };
  if (s.driver.kernelModule) return { version: s.driver.kernelModule.value, source: s.driver.kernelModule.source };
  return nvml ? { version: nvml, source: 'native:libnvidia-ml.so.1' } : null;
}

export const rule: SnapshotRule = {
  code: 'forward-compat-shadowing',
  scope: 'environment',
  check(s) {
    const host = hostDriver(s);
    return s.cudaCompat.map((c) => judge(s, c, host));
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
    return { code: 'forward-compat-shadowing', severity: 'info', title: m('fcTitleInfo', { compat }), cause: m('fcCauseInfo', { path: c.path, reason: c.reason }), evidence, fix: [m('fcFixNothing', { dir })], subject: c.path };
  }
  const how = c.reason;
  const older = host !== null && c.version !== null && compareVersions(c.version, host.version) < 0;
  // knowledge/data/cuda.ts FORWARD_COMPAT.eligible: data-center GPUs (plus select NGC-ready RTX and Jetson, which the catalogue marks too).
  const ineligible = s.gpus.filter((g) => {
    const seg = specForGpu(g)?.segment;
    return seg !== undefined && seg !== 'datacenter' && seg !== 'jetson';
  });
  for (const g of s.gpus) evidence.push({ fact: m('evGpu'), value: `${g.index}: ${g.name} (${specForGpu(g)?.segment ?? 'unknown segment'})`, source: g.source });
  if (!older && ineligible.length === 0) {
    return { code: 'forward-compat-shadowing', severity: 'info', title: m('fcTitleInUse', { compat, driver }), cause: m('fcCauseInUse', { path: c.path, how, driver }), evidence, fix: [], subject: c.path };
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
