// library-not-found (system part): the loader's first choice for libcuda / libnvidia-ml is a toolkit stub, or the
// driver's libraries cannot be found while the nvidia module is loaded (a container without the NVIDIA runtime).
// Framework libraries are library-not-found-framework.ts.
import type { NativeLibrary, Snapshot } from '../../snapshot/types.js';
import type { Finding } from '../../findings.js';
import type { SnapshotRule } from '../types.js';
import { m } from './messages-system.js';
import { containerToolkitFix, dirname, ev, inContainer, isWsl, moduleLoaded, withoutEntries } from '../system-facts.js';

const isStub = (p: string): boolean => /\/stubs\//.test(p);

export const rule: SnapshotRule = {
  code: 'library-not-found',
  scope: 'environment',
  check(s) {
    const libs = [s.nativeLibraries.nvml, s.nativeLibraries.cuda].filter((l): l is NativeLibrary => l !== null);
    const out: Finding[] = [];
    for (const lib of libs) {
      if (lib.loaderFirstChoice && isStub(lib.loaderFirstChoice)) out.push(stubFirst(s, lib, lib.loaderFirstChoice));
    }
    if (!isWsl(s) && moduleLoaded(s)) {
      const missing = libs.filter((l) => l.loadedPath === null && /not found/i.test(l.error ?? ''));
      if (missing.length) out.push(notFound(s, missing));
    }
    return out;
  },
};

function stubFirst(s: Snapshot, lib: NativeLibrary, stub: string): Finding {
  const stubDir = dirname(stub);
  const ld = s.env.LD_LIBRARY_PATH ?? '';
  const ldDirs = ld.split(':').filter(Boolean);
  // The stub folder may be spelled through /usr/local/cuda or its real path; match on the ".../stubs" tail too.
  const onLd = ldDirs.some((d) => d.replace(/\/$/, '') === stubDir || /\/stubs\/?$/.test(d));
  const real = lib.loadedPath ?? lib.refused.find((r) => !isStub(r)) ?? '?';
  const fix: string[] = [];
  if (onLd) {
    fix.push(m('lnfStubFixLd'), `export LD_LIBRARY_PATH=${withoutEntries(ld, (d) => /\/stubs\/?$/.test(d))}`, m('lnfStubFixProfile'));
  } else {
    fix.push(m('lnfStubFixCache'), "grep -rl stubs /etc/ld.so.conf /etc/ld.so.conf.d/", m('fcFixCacheDelete'), 'sudo ldconfig');
  }
  fix.push(`ldconfig -p | grep ${lib.soname}`);
  return {
    code: 'library-not-found',
    severity: 'error',
    title: m('lnfStubTitle', { file: stub }),
    cause: m('lnfStubCause', { stub, soname: lib.soname, via: onLd ? m('lnfViaLd') : m('lnfViaCache'), real }),
    evidence: [
      { fact: m('evLoaderFirst', { soname: lib.soname }), value: stub, source: `native:${lib.soname}` },
      ...(lib.loadedPath ? [{ fact: lib.soname.startsWith('libcuda') ? m('evCudaLoaded') : m('evNvmlLoaded'), value: lib.loadedPath, source: `native:${lib.soname}` }] : []),
      ...(ld ? [{ fact: m('evLdLibraryPath'), value: ld, source: 'env:LD_LIBRARY_PATH' }] : []),
    ],
    fix,
    subject: lib.soname,
  };
}

function notFound(s: Snapshot, missing: NativeLibrary[]): Finding {
  const container = inContainer(s);
  const sonames = missing.map((l) => l.soname).join(', ');
  const version = s.driver.kernelModule?.value;
  const cause = m('lnfMissingCause', { version: version ? ` ${version}` : '', sonames, detail: missing.map((l) => l.error).join('; ') })
    + (container ? m('lnfMissingCauseContainer', { container }) : m('lnfMissingCauseHost'));
  const fix = container
    ? containerToolkitFix()
    : [
        m('lnfMissingFixCache'),
        'sudo ldconfig',
        "ldconfig -p | grep -E 'libcuda.so.1|libnvidia-ml.so.1'",
        version ? m('lnfMissingFixReinstall', { version }) : m('lnfMissingFixReinstallUnknown'),
      ];
  return {
    code: 'library-not-found',
    severity: 'error',
    title: m('lnfMissingTitle', { soname: sonames }),
    cause,
    evidence: [
      ...ev(m('evKernelModule'), s.driver.kernelModule),
      ...ev(m('evModuleLoaded'), s.driver.moduleLoaded, (v) => (v ? 'yes' : 'no')),
      ...missing.map((l) => ({ fact: l.soname, value: l.error ?? 'not found', source: `native:${l.soname}` })),
      ...ev(m('evContainer'), s.os.container, (v) => v ?? 'none'),
    ],
    fix,
  };
}
