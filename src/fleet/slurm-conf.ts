// Text for `gpuenv fleet slurm-conf`: the slurm.conf lines and the two wrapper scripts that run `gpuenv health`
// from Slurm's HealthCheckProgram and Prolog. Pure text, no I/O: the admin saves and installs it.
// Facts checked against slurm.conf(5) of Slurm 22.05 (Debian bookworm's slurm-client).
import { shellWord } from '../cuda/shell.js';
import { VERSION } from '../version.js';
import { msg } from './messages.js';
import { TEXTFILE_DIR } from './manifests.js';

export interface SlurmConfOptions {
  /** The gpuenv executable on the compute nodes (absolute: slurmd gives its scripts no useful PATH). */
  gpuenv: string;
  /** HealthCheckInterval in seconds. */
  interval: number;
}

export const SLURM_DEFAULTS = { gpuenv: '/usr/local/bin/gpuenv', interval: 300 } as const;
export const HEALTHCHECK_PATH = '/etc/slurm/gpuenv-healthcheck.sh';
export const PROLOG_PATH = '/etc/slurm/gpuenv-prolog.sh';

export interface SlurmConfParts {
  /** The slurm.conf fragment: comments and Key=Value lines. */
  conf: string;
  /** The scripts to save, by path on every compute node. */
  scripts: { path: string; text: string }[];
}

function check(o: SlurmConfOptions): void {
  if (!o.gpuenv.startsWith('/') || /[\n\r\0]/.test(o.gpuenv)) throw new RangeError(msg('slurm.err.path', { path: JSON.stringify(o.gpuenv) }));
  if (!Number.isInteger(o.interval) || o.interval < 1) throw new RangeError(msg('slurm.err.interval', { interval: o.interval }));
}

// slurmd starts both scripts with a minimal environment (no login PATH, no HOME); gpuenv runs scontrol and
// nvidia-smi, and unpacks its native module under XDG_CACHE_HOME, so both are set here.
const ENV_LINES = [
  'PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin',
  'XDG_CACHE_HOME=${XDG_CACHE_HOME:-/var/cache}',
  'export PATH XDG_CACHE_HOME',
];

/** A catalogue text as sh / slurm.conf comment lines. */
function comment(text: string): string[] {
  return text.split('\n').map((l) => `# ${l}`);
}

function healthcheckScript(gpuenv: string): string {
  return [
    '#!/bin/sh',
    ...comment(msg('slurm.healthcheck', { version: VERSION, textfile: `${TEXTFILE_DIR}/gpuenv.prom` })),
    ...ENV_LINES,
    `exec ${shellWord(gpuenv)} health --slurm-drain`,
    '',
  ].join('\n');
}

function prologScript(gpuenv: string): string {
  return ['#!/bin/sh', ...comment(msg('slurm.prolog', { version: VERSION })), ...ENV_LINES, `exec ${shellWord(gpuenv)} health --prolog`, ''].join('\n');
}

/** The pieces apart, for a command that writes them to files. */
export function slurmConfParts(o: SlurmConfOptions): SlurmConfParts {
  check(o);
  const conf = [
    ...comment(msg('slurm.conf')),
    `HealthCheckProgram=${HEALTHCHECK_PATH}`,
    `HealthCheckInterval=${o.interval}`,
    ...comment(msg('slurm.nodeState')),
    'HealthCheckNodeState=ANY,CYCLE',
    ...comment(msg('slurm.prologDir')),
    `Prolog=${PROLOG_PATH}`,
    '',
  ].join('\n');
  return {
    conf,
    scripts: [
      { path: HEALTHCHECK_PATH, text: healthcheckScript(o.gpuenv) },
      { path: PROLOG_PATH, text: prologScript(o.gpuenv) },
    ],
  };
}

/** Everything in one text: the slurm.conf lines, then a sh snippet that saves the two scripts. */
export function renderSlurmConf(o: SlurmConfOptions): string {
  const { conf, scripts } = slurmConfParts(o);
  const out = [
    ...comment(msg('slurm.generated', { version: VERSION })),
    ...comment(msg('slurm.summary', { gpuenv: o.gpuenv, interval: o.interval })),
    '#',
    ...comment(msg('slurm.step1')),
    conf,
    ...comment(msg('slurm.step2')),
  ];
  for (const s of scripts) {
    // The quoted delimiter keeps $... in the script from being expanded while it is saved.
    out.push(`cat > ${s.path} <<'GPUENV_EOF'`, s.text.replace(/\n$/, ''), 'GPUENV_EOF', `chmod 0755 ${s.path}`);
  }
  return `${out.join('\n')}\n`;
}
