// The checker's tables for wheels other than torch: NVIDIA's nvidia-*-cuNN library wheels (cuDNN and NCCL versions),
// the jax[cudaNN] extras per jax release, tensorflow[and-cuda]. Everything is read from src/knowledge.
import { keepsCudaSuffix } from '../knowledge/wheels.js';
import { cudnnReleases } from '../knowledge/cudnn.js';
import { jaxCudaExtras, jaxReleases, type JaxRelease } from '../knowledge/jax.js';
import { ncclRelease } from '../knowledge/nccl.js';
import { tensorflowRelease } from '../knowledge/tensorflow.js';
import { torchReleases } from '../knowledge/torch.js';
import { compareVersions, versionHasPrefix, versionParts } from '../knowledge/version.js';
import { msg } from './messages.js';
import type { Issue } from './check.js';
import type { Requirement } from './command-line.js';
import { nvidiaWheelMajors } from './wheels.js';
import { noteOf } from '../knowledge/localized.js';

const wrong = (why: string): Issue => ({ verdict: 'wrong', why });
const unknown = (why: string): Issue => ({ verdict: 'unknown', why });

/** Exact wheel pins the torch rows name (nvidia-cudnn-cuNN / nvidia-nccl-cuNN of the build's CUDA major). */
function torchPins(field: 'cudnn' | 'nccl', major: number): Set<string> {
  const out = new Set<string>();
  for (const r of torchReleases()) for (const v of r.cudaVariants) if (v[field] && versionParts(v.cuda)[0] === major) out.add(v[field]!);
  return out;
}

/** `==X`, `==X.*`; an invalid specifier (`==2.19.3*`) is reported, other operators say nothing to check. */
function pins(r: Requirement): { exact: string[]; prefixes: string[]; invalid: string[] } {
  const out = { exact: [] as string[], prefixes: [] as string[], invalid: [] as string[] };
  for (const [op, v] of r.specs) {
    if (op !== '==' && op !== '===') continue;
    if (/^\d+(\.\d+)*\.\*$/.test(v)) out.prefixes.push(v.slice(0, -2));
    else if (/^\d+(\.\d+)*$/.test(v)) out.exact.push(v);
    else out.invalid.push(v);
  }
  return out;
}

export function checkNvidiaWheel(r: Requirement): Issue[] {
  const m = /^nvidia-(.+)-cu(\d+)$/.exec(r.name);
  if (!m) return [];
  const lib = m[1]!;
  const major = Number(m[2]);
  const majors = nvidiaWheelMajors();
  if (!majors.includes(major)) return [wrong(msg('check.wheelMajor', { pkg: r.name, majors: majors.join(', ') }))];
  if (!keepsCudaSuffix(`nvidia-${lib}`, major)) return [wrong(msg('check.wheelNoSuffix', { pkg: r.name, name: `nvidia-${lib}`, major }))];
  const p = pins(r);
  const out: Issue[] = p.invalid.map((v) => wrong(msg('check.specInvalid', { spec: `==${v}` })));
  if (lib === 'cudnn') out.push(...cudnnIssues(major, p));
  else if (lib === 'nccl') out.push(...ncclIssues(major, p));
  else if (p.exact.length || p.prefixes.length) out.push(unknown(msg('check.wheelVersion', { pkg: r.name })));
  return out;
}

function cudnnIssues(major: number, p: ReturnType<typeof pins>): Issue[] {
  const releases = cudnnReleases()
    .filter((c) => c.builds.some((b) => b.cudaMajor === major))
    .map((c) => c.version);
  const out: Issue[] = [];
  for (const v of [...p.exact, ...p.prefixes]) {
    const cudnnMajor = versionParts(v)[0];
    if (!releases.some((x) => versionParts(x)[0] === cudnnMajor)) {
      const versions = releases.join(', ') || '-';
      out.push(wrong(msg('check.cudnnMajor', { major: String(cudnnMajor), cuda: `${major}.x`, versions })));
    }
  }
  if (out.length) return out;
  const known = torchPins('cudnn', major);
  for (const v of p.exact) {
    if (known.has(v)) continue;
    const release = releases.find((x) => versionHasPrefix(v, x) && versionParts(v).length > 3);
    out.push(
      unknown(release ? msg('check.cudnnBuild', { release, cuda: `${major}.x`, version: v }) : msg('check.cudnnRelease', { version: v, cuda: `${major}.x` })),
    );
  }
  for (const v of p.prefixes) {
    if (!releases.some((x) => versionHasPrefix(x, v)) && ![...known].some((x) => versionHasPrefix(x, v)))
      out.push(unknown(msg('check.cudnnRelease', { version: `${v}.*`, cuda: `${major}.x` })));
  }
  return out;
}

function ncclIssues(major: number, p: ReturnType<typeof pins>): Issue[] {
  const known = [...torchPins('nccl', major)];
  const out: Issue[] = [];
  const check = (v: string, prefix: boolean) => {
    if (known.some((x) => (prefix ? versionHasPrefix(x, v) : compareVersions(x, v) === 0))) return;
    const rel = ncclRelease(v);
    if (!rel || (!prefix && compareVersions(rel.version, v) !== 0)) {
      out.push(unknown(msg('check.ncclRelease', { version: prefix ? `${v}.*` : v })));
      return;
    }
    const built = rel.cudaBuilds.some((b) => versionParts(b)[0] === major);
    if (!built && rel.confirmed) out.push(wrong(msg('check.ncclBuild', { version: rel.version, cuda: `${major}.x`, builds: rel.cudaBuilds.join(', ') })));
    else if (!rel.confirmed) out.push(unknown(msg('check.ncclUnconfirmed', { version: rel.version })));
  };
  for (const v of p.exact) check(v, false);
  for (const v of p.prefixes) check(v, true);
  return out;
}

// ---- jax -----------------------------------------------------------------------------------------------------------

/** Extras that install no NVIDIA wheels: nothing to check. */
const JAX_OTHER = /^(cpu|tpu|rocm|k8s|ci|minimum-jaxlib)$/;

export function checkJax(r: Requirement): Issue[] {
  const out: Issue[] = [];
  const extras = jaxCudaExtras();
  const pin = pins(r).exact[0];
  const rows = jaxReleases();
  for (const name of r.extras) {
    if (JAX_OTHER.test(name)) continue;
    const extra = extras.find((e) => e.extra === name || e.localExtra === name);
    if (!extra) {
      // jax[cuda], jax[cuda12_pip] … were extras of jax releases older than the table.
      if (pin && compareVersions(pin, rows[0]!.version) < 0) out.push(unknown(msg('check.jaxOld', { version: pin })));
      else
        out.push(
          wrong(
            msg('check.jaxExtra', {
              extra: name,
              extras: extras
                .filter((e) => e.current)
                .map((e) => e.extra)
                .join(', '),
            }),
          ),
        );
      continue;
    }
    if (!extra.current) {
      if (pin && compareVersions(pin, rows[0]!.version) < 0) out.push(unknown(msg('check.jaxOld', { version: pin })));
      else out.push(wrong(msg('check.jaxGone', { extra: name, note: noteOf(extra) ?? '' })));
      continue;
    }
    if (!pin) continue;
    const at = jaxExtraAt(pin, extra.extra);
    if (at.has === 'no') out.push(wrong(msg('check.jaxNoExtra', { version: pin, extra: name, row: at.row!.version, extras: at.row!.extras.join(', ') })));
    else if (at.has === 'unknown') out.push(unknown(msg('check.jaxUnknown', { version: pin, extra: name })));
  }
  return out;
}

/**
 * Whether jax `version` published wheels for a current extra ("cuda13"), with the row that says so. Extras appear
 * and stay: a later release the table confirms without it means an earlier one had none either, as long as no
 * earlier row has it.
 */
export function jaxExtraAt(version: string, extra: string): { has: 'yes' | 'no' | 'unknown'; row?: JaxRelease } {
  const rows = jaxReleases();
  const extrasKnown = (x: JaxRelease) => x.confirmed && !(x.unconfirmedFields ?? []).includes('extras');
  const is = (x: JaxRelease) => (x.extras as readonly string[]).includes(extra);
  const exact = rows.find((x) => compareVersions(x.version, version) === 0);
  if (exact) return is(exact) ? { has: 'yes', row: exact } : extrasKnown(exact) ? { has: 'no', row: exact } : { has: 'unknown' };
  const earlier = rows.find((x) => compareVersions(x.version, version) < 0 && is(x));
  if (earlier) return { has: 'yes', row: earlier };
  const laterWithout = rows.find((x) => compareVersions(x.version, version) > 0 && extrasKnown(x) && !is(x));
  return laterWithout ? { has: 'no', row: laterWithout } : { has: 'unknown' };
}

// ---- tensorflow ----------------------------------------------------------------------------------------------------

// No platform check: on Windows the extra installs nothing more (its requirements carry a Linux marker), and a
// finding may print this line for WSL 2 next to a native-Windows Snapshot.
export function checkTensorflow(r: Requirement): Issue[] {
  const out: Issue[] = [];
  const p = pins(r);
  for (const v of [...p.exact, ...p.prefixes]) {
    const row = tensorflowRelease(v);
    if (!row) out.push(unknown(msg('check.tfUnknown', { version: v })));
    else if (!row.andCudaExtra) out.push(wrong(msg('check.tfNoExtra', { version: v })));
  }
  return out;
}
