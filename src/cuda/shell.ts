// `gpuenv cuda use` for one shell: the new PATH, LD_LIBRARY_PATH, CUDA_HOME and CUDA_PATH, printed as
// eval-safe code. Only toolkit entries are removed; everything else keeps its place.
import { posix } from 'node:path';
import type { Toolkit } from '../snapshot/types.js';
import type { System } from '../system/types.js';
import { isDedicated, isUnder, libDirOf, roots, versionOf } from './toolkits.js';

export const SHELLS = ['bash', 'zsh', 'fish', 'powershell'] as const;
export type Shell = (typeof SHELLS)[number];

/** bash|zsh|fish|powershell (pwsh, sh, dash and ksh are read as powershell / bash). */
export function parseShell(name: string | undefined): Shell | undefined {
  if (!name) return undefined;
  const base = posix
    .basename(name.trim())
    .replace(/\.exe$/i, '')
    .toLowerCase();
  if (base === 'pwsh' || base === 'powershell') return 'powershell';
  if (base === 'sh' || base === 'dash' || base === 'ksh' || base === 'bash') return 'bash';
  if (base === 'zsh' || base === 'fish') return base;
  return undefined;
}

/** The default for --shell: $SHELL's name, else bash (its output is also valid POSIX sh). */
export function shellFromEnv(env: Readonly<Record<string, string | undefined>>): Shell {
  return parseShell(env.SHELL) ?? 'bash';
}

export interface EnvChange {
  toolkit: Toolkit;
  path: string[];
  ldLibraryPath: string[];
  cudaHome: string;
  /** Entries taken out, for the summary comment and --json. */
  removed: { path: string[]; ldLibraryPath: string[] };
}

// Folders named like toolkits are toolkit entries even when the folder is gone (a removed toolkit left on PATH).
const TOOLKIT_LIKE = /^\/usr\/local\/cuda(-\d+(\.\d+)*)?(\/|$)/;

/** The environment after switching to `chosen`, from the current one. */
export async function envFor(sys: System, toolkits: Toolkit[], chosen: Toolkit, env: Readonly<Record<string, string | undefined>>): Promise<EnvChange> {
  const dedicated = toolkits.filter(isDedicated);
  const realCache = new Map<string, Promise<string | undefined>>();
  const real = (p: string) => {
    let r = realCache.get(p);
    if (!r) realCache.set(p, (r = sys.realPath(p)));
    return r;
  };
  const ownedByToolkit = async (entry: string): Promise<boolean> => {
    if (entry === '') return false;
    if (TOOLKIT_LIKE.test(entry)) return true;
    const owners = [...dedicated, chosen];
    if (owners.some((t) => roots(t).some((r) => isUnder(entry, r)))) return true;
    const r = await real(entry);
    return r !== undefined && owners.some((t) => isDedicated(t) && isUnder(r, t.path));
  };
  const bin = `${chosen.path}/bin`;
  const lib = await libDirOf(sys, chosen);
  const rebuild = async (list: string | undefined, first: string) => {
    const kept: string[] = [];
    const removed: string[] = [];
    for (const e of list ? list.split(':') : []) {
      if (e === first || (await ownedByToolkit(e))) {
        if (e !== first) removed.push(e);
      } else kept.push(e);
    }
    return { list: [first, ...kept], removed };
  };
  const p = await rebuild(env.PATH, bin);
  const l = await rebuild(env.LD_LIBRARY_PATH, lib);
  return { toolkit: chosen, path: p.list, ldLibraryPath: l.list, cudaHome: chosen.path, removed: { path: p.removed, ldLibraryPath: l.removed } };
}

/** POSIX shells: single quotes, each ' written as '\''. */
export const quoteSh = (s: string): string => `'${s.replace(/'/g, `'\\''`)}'`;
/** A word for sh: left bare when it holds nothing the shell would read, else quoteSh. */
export const shellWord = (s: string): string => (/^[A-Za-z0-9_@%+=:,./-]+$/.test(s) ? s : quoteSh(s));
/** fish: inside single quotes only \\ and \' are escapes. */
export const quoteFish = (s: string): string => `'${s.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
/** PowerShell: single quotes; every kind of single quote it accepts is doubled. */
export const quotePwsh = (s: string): string => `'${s.replace(/['\u2018\u2019\u201a\u201b]/g, (q) => q + q)}'`;

/**
 * Eval-safe lines. Every statement ends with `;` and the only comment comes last, so the text also works when
 * a shell joins the lines into one (fish's `eval (…)`, an unquoted `$(…)`).
 */
export function renderEnv(shell: Shell, change: EnvChange): string {
  const v = versionOf(change.toolkit) ?? '?';
  const note = `# gpuenv: CUDA ${v} at ${change.toolkit.path}`;
  const lines: string[] = [];
  const vars: Array<[string, string[]]> = [
    ['PATH', change.path],
    ['LD_LIBRARY_PATH', change.ldLibraryPath],
  ];
  const scalars: Array<[string, string]> = [
    ['CUDA_HOME', change.cudaHome],
    ['CUDA_PATH', change.cudaHome],
  ];
  switch (shell) {
    case 'bash':
    case 'zsh':
      for (const [k, list] of vars) lines.push(`export ${k}=${quoteSh(list.join(':'))};`);
      for (const [k, val] of scalars) lines.push(`export ${k}=${quoteSh(val)};`);
      // Forget where nvcc was found before, so the next `nvcc` is looked up again.
      lines.push('hash -r 2>/dev/null;');
      break;
    case 'fish':
      // PATH-named variables are lists in fish, joined with ':' when exported.
      for (const [k, list] of vars) lines.push(`set -gx ${k} ${list.map(quoteFish).join(' ')};`);
      for (const [k, val] of scalars) lines.push(`set -gx ${k} ${quoteFish(val)};`);
      break;
    case 'powershell':
      for (const [k, list] of vars) lines.push(`$env:${k} = @(${list.map(quotePwsh).join(', ')}) -join [IO.Path]::PathSeparator;`);
      for (const [k, val] of scalars) lines.push(`$env:${k} = ${quotePwsh(val)};`);
      break;
  }
  lines.push(note);
  return `${lines.join('\n')}\n`;
}

/** How to apply the output in each shell, for help text and docs. */
export const EVAL_HINT: Record<Shell, (args: string) => string> = {
  bash: (a) => `eval "$(gpuenv cuda use ${a})"`,
  zsh: (a) => `eval "$(gpuenv cuda use ${a})"`,
  fish: (a) => `gpuenv cuda use ${a} --shell fish | source`,
  powershell: (a) => `gpuenv cuda use ${a} --shell powershell | Out-String | Invoke-Expression`,
};
