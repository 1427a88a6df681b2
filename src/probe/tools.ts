// Programs that matter to a GPU set-up and where they are; found on PATH without running them.
import type { ToolRecord } from '../snapshot/types.js';
import type { ProbeContext } from './context.js';

const TOOLS = [
  'nvidia-smi',
  'nvcc',
  'python3',
  'python',
  'conda',
  'mamba',
  'micromamba',
  'pip',
  'pip3',
  'uv',
  'docker',
  'podman',
  'nvidia-container-cli',
  'nvidia-ctk',
  'dkms',
  'mokutil',
  'lspci',
  'gcc',
  'g++',
];

export async function probeTools(ctx: ProbeContext): Promise<ToolRecord[]> {
  const found = await Promise.all(TOOLS.map(async (name) => ({ name, path: (await ctx.sys.which(name)) ?? null, version: null })));
  return found;
}
