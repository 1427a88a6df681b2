// Evidence lines the rules share: the driver and a package, each with the source of the fact.
import type { Evidence } from '../findings.js';
import { canonicalName, type DriverFact } from '../snapshot/queries.js';
import type { PythonEnv, PythonPackage } from '../snapshot/types.js';
import { msg } from './explainers/messages.js';

export function driverEvidence(d: DriverFact, fact: string): Evidence[] {
  const out: Evidence[] = [];
  if (d.version) out.push({ fact, value: d.version, source: d.source });
  else if (d.cuda) out.push({ fact: msg('evDriverCudaOnly', { fact }), value: d.cuda, source: d.source });
  return out;
}

export function packageEvidence(env: PythonEnv, p: PythonPackage): Evidence {
  return {
    fact: msg('evPackageIn', { pkg: canonicalName(p.name), prefix: env.prefix }),
    value: p.version,
    source: p.build?.source && p.build.source !== 'version' ? p.build.source : p.location,
  };
}
