// `fleet run`: the engine's own command line, built and nothing more. gpuenv does no placement, auth or retries:
// srun, pdsh, clush and kubectl do, with the site's own configuration. Pure functions, so --dry-run prints exactly
// what would run.
import { UsageError } from '../../errors.js';
import { shellWord } from '../../cuda/shell.js';
import { expandHostlist } from '../hostlist.js';
import { msg } from '../messages.js';

export type Engine = 'slurm' | 'pdsh' | 'clush' | 'k8s';
export const ENGINES: readonly Engine[] = ['slurm', 'pdsh', 'clush', 'k8s'];

export interface FleetRunOptions {
  engine: Engine;
  /** The gpuenv executable on the nodes (a shared folder), default `gpuenv` on their PATH. */
  gpuenv: string;
  /** The gpuenv command to run on every node, without the executable. */
  command: string[];
  outDir: string;
  nodes?: number;
  nodelist?: string;
  partition?: string;
  constraint?: string;
  gpusPerNode?: number;
  /** pdsh/clush remote command module: ssh (default) or exec (run locally per node; tests). */
  rcmd?: string;
  timeoutS: number;
  // Kubernetes
  namespace?: string;
  selector?: string;
  image?: string;
}

/** Commands whose JSON goes to stdout only with --json (snapshot prints JSON anyway; --json is accepted by all). */
export function innerCommand(command: string[]): string[] {
  if (command.length === 0) throw new UsageError(msg('run.noCommand'));
  if (command.some((a) => a === '--out-dir' || a.startsWith('--out-dir='))) {
    throw new UsageError(msg('run.noOutDir'));
  }
  if (command[0] === 'fleet') throw new UsageError(msg('run.noFleet'));
  return command.includes('--json') || command.some((a) => a.startsWith('--format')) ? command : [...command, '--json'];
}

/** The nodes a host list names, for knowing who returned nothing. */
export function expectedNodes(o: FleetRunOptions): string[] | null {
  if (!o.nodelist) return null;
  const names = expandHostlist(o.nodelist);
  if (!names) throw new UsageError(msg('run.badHostlist', { list: o.nodelist }));
  return names;
}

/** srun, one task per node, all of each node (--exclusive), stdout and stderr of each node in files of their own. */
export function slurmArgv(o: FleetRunOptions): string[] {
  const names = expectedNodes(o);
  if (!o.nodes && !names) throw new UsageError(msg('run.slurmNodes'));
  return [
    'srun',
    `--nodes=${o.nodes ?? names!.length}`,
    ...(o.nodelist ? [`--nodelist=${o.nodelist}`] : []),
    ...(o.partition ? [`--partition=${o.partition}`] : []),
    ...(o.constraint ? [`--constraint=${o.constraint}`] : []),
    '--ntasks-per-node=1',
    // All CPUs and GPUs of each node: with ConstrainDevices=yes a step without the node's GRES sees no GPU.
    '--exclusive',
    ...(o.gpusPerNode ? [`--gpus-per-node=${o.gpusPerNode}`] : []),
    // stderr apart: srun -o alone merges it into the file and breaks the JSON.
    `--output=${o.outDir}/%N.json`,
    `--error=${o.outDir}/%N.err`,
    '--kill-on-bad-exit=0',
    `--time=${Math.max(1, Math.ceil(o.timeoutS / 60))}`,
    o.gpuenv,
    ...innerCommand(o.command),
  ];
}

/** pdsh/clush prefix each output line with "host: "; under -R exec, %h is the node's name. */
export function parallelShellArgv(o: FleetRunOptions): string[] {
  if (!o.nodelist) throw new UsageError(msg('run.shellNodes', { engine: o.engine }));
  expectedNodes(o);
  const exec = o.rcmd === 'exec';
  const inner = [o.gpuenv, ...innerCommand(o.command), ...(exec ? ['--node-name', '%h'] : [])];
  // Over ssh the remote shell reads the command again: quote every word.
  const remote = exec ? inner : inner.map(shellWord);
  const rcmd = o.rcmd ? ['-R', o.rcmd] : [];
  if (o.engine === 'pdsh') return ['pdsh', '-w', o.nodelist, ...rcmd, '-t', '10', '-u', String(o.timeoutS), ...remote];
  return ['clush', '-w', o.nodelist, ...rcmd, '-t', '10', '-u', String(o.timeoutS), ...remote];
}
