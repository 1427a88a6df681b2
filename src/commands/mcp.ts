// `gpuenv mcp`: serve gpuenv's read-only commands to an AI assistant over the Model Context Protocol (stdio).
import { EXIT } from '../errors.js';
import { msg } from '../mcp/messages.js';
import { TOOL_NAMES } from '../mcp/tools.js';
import { parseTimeout } from '../system/duration.js';
import type { CommandContext, CommandDetails } from './types.js';

export const details: CommandDetails = {
  usage: 'mcp [--root DIR] [--timeout SECONDS]',
  help: () => [
    msg('help.root'),
    msg('help.timeout'),
    '',
    msg('help.tools'),
    ...TOOL_NAMES.map((n) => `  ${n}`),
    msg('help.notOffered'),
    '',
    msg('help.clients'),
    msg('help.claudeCode'),
    msg('help.json'),
    msg('help.docs'),
  ],
  examples: ['gpuenv mcp', 'gpuenv mcp --root /mnt/image --timeout 30'],
  options: { timeout: { type: 'string' } },
  allowPositionals: false,
};

export async function run(ctx: CommandContext): Promise<number> {
  const limitMs = parseTimeout(ctx.values.timeout);
  // A bad --root is a usage error now, not a failure of every later call.
  await ctx.system();
  const { serveMcp } = await import('../mcp/server.js');
  await serveMcp({ io: ctx.io, system: ctx.system, root: ctx.globals.root, limitMs });
  return EXIT.ok;
}
