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
  {
    name: 'doctor',
    summary: () => m('doctor.summary'),
    usage: 'doctor [--json|--markdown] [--deep] [--python PATH]… [--snapshot FILE] [--root DIR] [--timeout SECONDS]',
    help: () => [m('doctor.opt.json'), m('doctor.opt.markdown'), m('doctor.opt.deep'), m('doctor.opt.python'), m('doctor.opt.snapshot'), m('snapshot.opt.root'), m('snapshot.opt.timeout')],
    examples: ['gpuenv doctor', 'gpuenv doctor --markdown > report.md', 'gpuenv doctor --deep --python ~/venvs/train/bin/python', 'gpuenv doctor --snapshot h200.json --json'],
    options: {
      markdown: { type: 'boolean' },
      deep: { type: 'boolean' },
      python: { type: 'string', multiple: true },
      snapshot: { type: 'string' },
      timeout: { type: 'string' },
    },
    allowPositionals: false,
    load: () => import('./doctor.js'),
  },
  {
    name: 'snapshot',
    summary: () => m('snapshot.summary'),
    usage: 'snapshot [--json] [--root DIR] [-o FILE] [--timeout SECONDS]',
    help: () => [m('snapshot.opt.json'), m('snapshot.opt.output'), m('snapshot.opt.root'), m('snapshot.opt.timeout')],
    examples: ['gpuenv snapshot', 'gpuenv snapshot --json -o h200.json', 'gpuenv snapshot --root /mnt/image --json'],
    options: { output: { type: 'string', short: 'o' }, timeout: { type: 'string' } },
    allowPositionals: false,
    load: () => import('./snapshot.js'),
  },
  {
    name: 'compat',
    summary: () => m('compat.summary'),
    usage: 'compat <cuda|driver|gpu|torch|tensorflow|jax|cudnn> <version|name> [--json] [--os linux|windows]',
    help: () => [m('compat.help')],
    examples: ['gpuenv compat cuda 12.4', 'gpuenv compat driver 535.104.05', 'gpuenv compat gpu "RTX 3060"', 'gpuenv compat torch 2.5.1 --json'],
    options: { os: { type: 'string' } },
    allowPositionals: true,
    load: () => import('./compat.js'),
  },
  {
    name: 'arch-list',
    summary: () => m('archList.summary'),
    usage: 'arch-list [--gpu NAME]… [--json] [--root DIR]',
    help: () => [m('archList.help')],
    examples: ['gpuenv arch-list', 'gpuenv arch-list --gpu "RTX 4090" --gpu A100'],
    options: { gpu: { type: 'string', multiple: true }, ptx: { type: 'boolean' } },
    allowPositionals: false,
    load: () => import('./arch-list.js'),
  },
];

export function findCommand(name: string): CommandSpec | undefined {
  return commands.find((c) => c.name === name);
}
