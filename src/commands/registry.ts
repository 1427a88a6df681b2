// The command table: names, options and help are here; each command's code is imported only when it runs.
import type { CommandSpec } from './types.js';
import { msg } from './messages.js';

export const globalOptions = {
  root: { type: 'string' },
  json: { type: 'boolean' },
  lang: { type: 'string' },
  'no-color': { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
  version: { type: 'boolean', short: 'V' },
} as const;

export const commands: CommandSpec[] = [
  { name: 'doctor', summary: () => msg('cli.doctor.summary'), load: () => import('./doctor.js') },
  { name: 'health', summary: () => msg('cli.health.summary'), load: () => import('./health.js') },
  { name: 'snapshot', summary: () => msg('cli.snapshot.summary'), load: () => import('./snapshot.js') },
  { name: 'explain', summary: () => msg('cli.explain.summary'), load: () => import('./explain.js') },
  { name: 'plan', summary: () => msg('cli.plan.summary'), load: () => import('./plan.js') },
  { name: 'compat', summary: () => msg('cli.compat.summary'), load: () => import('./compat.js') },
  { name: 'arch-list', summary: () => msg('cli.archList.summary'), load: () => import('./arch-list.js') },
  { name: 'cuda', summary: () => msg('cli.cuda.summary'), load: () => import('./cuda.js') },
  { name: 'bench', summary: () => msg('cli.bench.summary'), load: () => import('./bench.js') },
  { name: 'vram', summary: () => msg('cli.vram.summary'), load: () => import('./vram.js') },
  { name: 'export', summary: () => msg('cli.export.summary'), load: () => import('./export.js') },
  { name: 'lock', summary: () => msg('cli.lock.summary'), load: () => import('./lock.js') },
  { name: 'verify', summary: () => msg('cli.verify.summary'), load: () => import('./verify.js') },
  { name: 'diff', summary: () => msg('cli.diff.summary'), load: () => import('./diff.js') },
  { name: 'fleet', summary: () => msg('cli.fleet.summary'), load: () => import('./fleet.js') },
  { name: 'report', summary: () => msg('cli.report.summary'), load: () => import('./report.js') },
  { name: 'mcp', summary: () => msg('cli.mcp.summary'), load: () => import('./mcp.js') },
];

export function findCommand(name: string): CommandSpec | undefined {
  return commands.find((c) => c.name === name);
}
