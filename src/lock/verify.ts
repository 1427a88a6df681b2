// Lock + Snapshot → one Finding per difference; errors are the differences that break the locked stack.
import { cudaTagOf, isCpuBuild, publicVersion } from '../snapshot/queries.js';
import { torchVariant, variantArchSet, variantCoversCapability } from '../knowledge/torch.js';
import { compareVersions, versionParts } from '../knowledge/version.js';
import { findEnv } from '../export/target.js';
import type { PythonEnv, Snapshot } from '../snapshot/types.js';
import { guardFix } from '../diagnose/fix-guard.js';
import { lockFromSnapshot } from './make.js';
import { msg } from './messages.js';
import type { Lock, LockFinding } from './types.js';

function minor(v: string): string {
  const [a, b] = versionParts(v);
  return `${a ?? 0}.${b ?? 0}`;
}

function major(v: string): number {
  return versionParts(v)[0] ?? 0;
}

function machineEnv(lock: Lock, snapshot: Snapshot, envName: string | undefined): PythonEnv | null {
  if (envName) return findEnv(snapshot, envName);
  return snapshot.python.find((e) => e.prefix === lock.source.environment) ?? findEnv(snapshot, undefined);
}

function pipFix(name: string, version: string, index: string): string {
  return index.includes('pypi.org') ? `pip install ${name}==${version}` : `pip install ${name}==${version} --extra-index-url ${index}`;
}

export function verifyLock(lock: Lock, snapshot: Snapshot, envName?: string): LockFinding[] {
  const out: LockFinding[] = [];
  const env = machineEnv(lock, snapshot, envName);
  const envLabel = env?.prefix ?? msg('none');
  const here = lockFromSnapshot(snapshot, env?.prefix, new Date(snapshot.takenAt));
  const ev = (fact: string, value: string | null, source: string) => ({ fact, value: value ?? msg('none'), source });

  // GPUs and driver.
  if (lock.gpus.count > 0 && snapshot.gpus.length === 0) {
    out.push({
      code: 'no-gpu',
      severity: 'error',
      title: msg('noGpu.title', { count: lock.gpus.count }),
      cause: msg('noGpu.cause', { names: lock.gpus.names.join(', ') }),
      evidence: [ev(msg('ev.lockGpus'), lock.gpus.names.join(', '), 'lock')],
      fix: ['gpuenv doctor'],
    });
  }
  const seen = here.driver.seen;
  if (lock.driver.floor && seen && compareVersions(seen, lock.driver.floor) < 0) {
    out.push({
      code: 'driver-too-old',
      severity: 'error',
      title: msg('driver.title', { seen, floor: lock.driver.floor }),
      cause: msg('driver.cause', { floor: lock.driver.floor, seen, cuda: lock.cuda.runtime ?? '?' }),
      evidence: [
        ev(msg('ev.lockFloor'), lock.driver.floor, 'lock'),
        ev(msg('ev.driver'), seen, snapshot.driver.version?.source ?? snapshot.driver.kernelModule?.source ?? 'snapshot'),
      ],
      fix: [msg('driver.fix', { floor: lock.driver.floor })],
    });
  }
  const torch = lock.frameworks.find((f) => f.name === 'torch' && f.cuda);
  for (const g of snapshot.gpus) {
    const cc = g.computeCapability;
    if (!cc || lock.gpus.architectures.length === 0 || lock.gpus.architectures.includes(cc)) continue;
    const locked = lock.gpus.architectures.join(', ');
    const tag = torch?.cuda ? `cu${torch.cuda.replace('.', '')}` : undefined;
    const variant = torch && tag ? torchVariant(torch.version, tag) : undefined;
    const cover = variant ? variantCoversCapability(variantArchSet(variant), cc) : undefined;
    const evidence = [ev(msg('ev.lockArchs'), locked, 'lock'), ev(msg('ev.gpuCc', { index: g.index }), cc, g.source)];
    if (cover === 'none' && torch && tag) {
      out.push({
        code: 'arch-unsupported',
        severity: 'error',
        title: msg('arch.title', { gpu: g.name, sm: cc.replace('.', ''), fw: 'torch' }),
        cause: msg('arch.cause', { locked, fw: 'torch', version: torch.version, tag, cc }),
        evidence,
        fix: ['gpuenv plan', `gpuenv lock -o gpuenv.lock.json --force   # ${msg('arch.fixComment', { sm: cc.replace('.', '') })}`],
        subject: `GPU ${g.index}`,
      });
    } else {
      out.push({
        code: 'lock-drift',
        severity: 'warning',
        title: msg('archDrift.title', { cc, gpu: g.name, locked }),
        cause: msg('archDrift.cause', { cc, locked }),
        evidence,
        fix: [],
        subject: `GPU ${g.index}`,
      });
    }
  }

  // Python, frameworks, packages. No environment at all (a new hire's laptop, a fresh node) is itself a
  // difference to report, and every locked package then follows as missing.
  if (!env && (lock.frameworks.length > 0 || lock.packages.length > 0)) {
    const want = lock.python.version ? minor(lock.python.version) : null;
    out.push({
      code: 'lock-drift',
      severity: 'error',
      title: msg('noEnv.title'),
      cause: msg('noEnv.cause', { env: lock.source.environment ?? msg('none'), python: lock.python.version ?? '?', count: lock.packages.length }),
      evidence: [
        ev(msg('ev.lockEnv'), lock.source.environment ? `${lock.source.environment} (Python ${lock.python.version ?? '?'})` : null, 'lock'),
        ev(msg('ev.envsHere'), null, 'snapshot'),
      ],
      fix: [
        want
          ? `python${want} -m venv .venv && . .venv/bin/activate   # ${msg('noEnv.venvComment', { python: want })}`
          : 'python3 -m venv .venv && . .venv/bin/activate',
        msg('noEnv.fix'),
      ],
    });
  }
  if (lock.python.version && here.python.version && minor(lock.python.version) !== minor(here.python.version)) {
    out.push({
      code: 'lock-drift',
      severity: 'error',
      title: msg('python.title', { have: here.python.version, want: lock.python.version }),
      cause: msg('python.cause', { have: minor(here.python.version) }),
      evidence: [
        ev(msg('ev.lockPython'), lock.python.version, 'lock'),
        ev(msg('ev.envPython', { env: envLabel }), here.python.version, env?.version?.source ?? 'snapshot'),
      ],
      fix: [],
      subject: envLabel,
    });
  }
  const pkgs = new Map((env?.packages ?? []).map((p) => [p.name, p]));
  for (const f of lock.frameworks) {
    const p = pkgs.get(f.name);
    const pin = lock.packages.find((x) => x.name === f.name);
    const fix = pin ? [pipFix(f.name, pin.version, pin.index)] : [];
    if (!p) {
      out.push({
        code: 'framework-cuda-mismatch',
        severity: 'error',
        title: msg('fwMissing.title', { fw: f.name, version: f.version }),
        cause: msg('fwMissing.cause', {
          fw: f.name,
          version: f.version,
          cuda: f.cuda ?? 'CPU',
          env: lock.source.environment ?? msg('none'),
          here: env?.prefix ?? msg('thisMachine'),
        }),
        evidence: [ev(msg('ev.lockPkg', { name: f.name }), f.version, 'lock')],
        fix,
        subject: envLabel,
      });
      continue;
    }
    const evidence = [
      ev(msg('ev.lockPkg', { name: f.name }), `${f.version}${f.cuda ? ` (CUDA ${f.cuda})` : ''}`, 'lock'),
      ev(msg('ev.envPkg', { name: f.name, env: envLabel }), p.version, p.build?.source ?? p.location),
    ];
    const haveCuda = here.frameworks.find((x) => x.name === f.name)?.cuda ?? null;
    if (f.cuda && isCpuBuild(p)) {
      out.push({
        code: 'cpu-only-build',
        severity: 'error',
        title: msg('fwCpu.title', { fw: f.name, want: f.cuda }),
        cause: msg('fwCuda.cause', { fw: f.name, installed: p.version, env: envLabel, have: 'CPU', want: f.cuda, index: f.index }),
        evidence,
        fix,
        subject: envLabel,
      });
    } else if (f.cuda && haveCuda && minor(haveCuda) !== minor(f.cuda) && cudaTagOf(p) !== `cu${f.cuda.replace('.', '')}`) {
      out.push({
        code: 'framework-cuda-mismatch',
        severity: 'error',
        title: msg('fwCuda.title', { fw: f.name, have: haveCuda, want: f.cuda }),
        cause: msg('fwCuda.cause', { fw: f.name, installed: p.version, env: envLabel, have: haveCuda, want: f.cuda, index: f.index }),
        evidence,
        fix,
        subject: envLabel,
      });
    }
    if (compareVersions(publicVersion(p.version), f.version) !== 0) {
      out.push({
        code: 'lock-drift',
        severity: 'error',
        title: msg('fwVersion.title', { fw: f.name, have: publicVersion(p.version), want: f.version }),
        cause: msg('fwVersion.cause', { fw: f.name, want: f.version, have: publicVersion(p.version), env: envLabel }),
        evidence,
        fix,
        subject: envLabel,
      });
    }
  }
  const fwNames = new Set(lock.frameworks.map((f) => f.name));
  for (const pin of lock.packages) {
    if (fwNames.has(pin.name)) continue;
    const p = pkgs.get(pin.name);
    const want = pin.version.split('+')[0] ?? pin.version;
    const evidence = [
      ev(msg('ev.lockPkg', { name: pin.name }), pin.version, 'lock'),
      ev(msg('ev.envPkg', { name: pin.name, env: envLabel }), p?.version ?? null, p?.location ?? 'snapshot'),
    ];
    if (!p)
      out.push({
        code: 'lock-drift',
        severity: 'warning',
        title: msg('pkgMissing.title', { name: pin.name, want }),
        cause: msg('pkg.cause', { name: pin.name, want: pin.version, index: pin.index, env: envLabel }),
        evidence,
        fix: [pipFix(pin.name, pin.version, pin.index)],
        subject: envLabel,
      });
    else if (compareVersions(publicVersion(p.version), want) !== 0 || publicVersion(p.version) !== want) {
      out.push({
        code: 'lock-drift',
        severity: 'warning',
        title: msg('pkgVersion.title', { name: pin.name, have: p.version, want }),
        cause: msg('pkg.cause', { name: pin.name, want: pin.version, index: pin.index, env: envLabel }),
        evidence,
        fix: [pipFix(pin.name, pin.version, pin.index)],
        subject: envLabel,
      });
    }
  }

  // Libraries and toolkit.
  if (lock.cudnn && here.cudnn && compareVersions(lock.cudnn, here.cudnn) !== 0) {
    out.push({
      code: 'cudnn-mismatch',
      severity: major(lock.cudnn) !== major(here.cudnn) ? 'error' : 'warning',
      title: msg('cudnn.title', { have: here.cudnn, want: lock.cudnn }),
      cause: msg('cudnn.cause', { want: lock.cudnn, have: here.cudnn }),
      evidence: [ev(msg('ev.lockCudnn'), lock.cudnn, 'lock'), ev('cuDNN', here.cudnn, 'snapshot')],
      fix: [],
      subject: envLabel,
    });
  }
  if (lock.nccl && here.nccl && compareVersions(lock.nccl, here.nccl) !== 0) {
    out.push({
      code: 'lock-drift',
      severity: 'warning',
      title: msg('nccl.title', { have: here.nccl, want: lock.nccl }),
      cause: msg('nccl.cause', { want: lock.nccl, have: here.nccl }),
      evidence: [ev(msg('ev.lockNccl'), lock.nccl, 'lock'), ev('NCCL', here.nccl, 'snapshot')],
      fix: [],
      subject: envLabel,
    });
  }
  if (lock.cuda.toolkit && minor(lock.cuda.toolkit) !== (here.cuda.toolkit ? minor(here.cuda.toolkit) : null)) {
    out.push({
      code: 'toolkit-mismatch',
      severity: 'warning',
      title: msg('toolkit.title', { have: here.cuda.toolkit ?? msg('none'), want: lock.cuda.toolkit }),
      cause: msg('toolkit.cause', { want: lock.cuda.toolkit }),
      evidence: [ev(msg('ev.lockToolkit'), lock.cuda.toolkit, 'lock'), ev(msg('ev.activeToolkit'), here.cuda.toolkit, 'snapshot')],
      fix: ['gpuenv cuda list'],
    });
  }
  // The pins come from the lock, but the commands are gpuenv's: they pass the install checker as doctor's do.
  return out.map((f) => guardFix(f, snapshot));
}
