// The command table: names, options and help are here; each command's code is imported only when it runs.
import type { CommandSpec } from './types.js';
import { cliMessages as m } from './messages.js';

export const globalOptions = {
  root: { type: 'string' },
  json: { type: 'boolean' },
  lang: { type: 'string' },
  'no-color': { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
  version: { type: 'boolean', short: 'V' },
} as const;

export const commands: CommandSpec[] = [
  { name: 'doctor', summary: () => m('doctor.summary'), load: () => import('./doctor.js') },
  { name: 'health', summary: () => m('health.summary'), load: () => import('./health.js') },
  { name: 'snapshot', summary: () => m('snapshot.summary'), load: () => import('./snapshot.js') },
  { name: 'explain', summary: () => m('explain.summary'), load: () => import('./explain.js') },
  { name: 'plan', summary: () => m('plan.summary'), load: () => import('./plan.js') },
  { name: 'compat', summary: () => m('compat.summary'), load: () => import('./compat.js') },
  { name: 'arch-list', summary: () => m('archList.summary'), load: () => import('./arch-list.js') },
  { name: 'cuda', summary: () => m('cuda.summary'), load: () => import('./cuda.js') },
  { name: 'bench', summary: () => m('bench.summary'), load: () => import('./bench.js') },
  { name: 'vram', summary: () => m('vram.summary'), load: () => import('./vram.js') },
  { name: 'export', summary: () => m('export.summary'), load: () => import('./export.js') },
  { name: 'lock', summary: () => m('lock.summary'), load: () => import('./lock.js') },
  { name: 'verify', summary: () => m('verify.summary'), load: () => import('./verify.js') },
  { name: 'diff', summary: () => m('diff.summary'), load: () => import('./diff.js') },
  { name: 'fleet', summary: () => m('fleet.summary'), load: () => import('./fleet.js') },
  { name: 'report', summary: () => m('report.summary'), load: () => import('./report.js') },
  { name: 'mcp', summary: () => m('mcp.summary'), load: () => import('./mcp.js') },
];

export function findCommand(name: string): CommandSpec | undefined {
  return commands.find((c) => c.name === name);
}
