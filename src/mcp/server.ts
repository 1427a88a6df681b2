// `gpuenv mcp`: a Model Context Protocol server over stdio (the official SDK) whose tools are gpuenv's read-only
// commands. It serves until the client closes standard input; a failed call is a tool error, never the server's end.
import { posix } from 'node:path';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import type { CommandContext, Io } from '../commands/types.js';
import { killAll } from '../process/children.js';
import { VERSION } from '../version.js';
import { invokeCommand, type InvokeBase } from './invoke.js';
import { msg } from './messages.js';
import { protocolInput, protocolOutput } from './stdio.js';
import { mcpTools } from './tools.js';

export interface ServeOptions {
  io: Io;
  system: CommandContext['system'];
  root: string | undefined;
  /** One limit for every call (`--timeout`), instead of each tool's own. */
  limitMs?: number | undefined;
}

/** Resolves when standard input ends. */
export async function serveMcp(o: ServeOptions): Promise<void> {
  const { io } = o;
  const rootShown = o.root && posix.resolve(o.root) !== '/' ? msg('root.tree', { root: posix.resolve(o.root) }) : msg('root.live');
  const server = new McpServer({ name: 'gpuenv', title: 'gpuenv', version: VERSION }, { instructions: msg('instructions', { root: rootShown }) });
  const base: InvokeBase = { system: o.system, root: o.root, cwd: io.cwd, env: io.env };
  let inFlight = 0;
  const tools = mcpTools();
  for (const t of tools) {
    server.registerTool(
      t.name,
      {
        title: `gpuenv ${t.name.replace('_', '-')}`,
        description: t.description,
        inputSchema: t.input,
        annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
      },
      async (input: Record<string, unknown>, extra) => {
        inFlight++;
        try {
          const r = await invokeCommand(t.name, t.call(input), base, o.limitMs ?? t.limitMs(input), extra.signal);
          if (!r.ok) return { content: [{ type: 'text' as const, text: r.message }], isError: true };
          const content = [{ type: 'text' as const, text: r.text }];
          // What the command said on stderr (e.g. "could not decide") goes along, after the JSON.
          if (r.stderr.trim()) content.push({ type: 'text' as const, text: r.stderr.trim() });
          const structured = r.json !== null && typeof r.json === 'object' && !Array.isArray(r.json) ? (r.json as Record<string, unknown>) : undefined;
          return structured ? { content, structuredContent: structured } : { content };
        } finally {
          inFlight--;
        }
      },
    );
  }
  // A line that is not JSON-RPC is the client's fault: say so on stderr and keep serving.
  server.server.onerror = (error) => io.err(`${msg('badMessage', { message: error.message })}\n`);
  const input = protocolInput(io);
  const ended = new Promise<void>((resolve) => {
    input.once('end', resolve);
    input.once('close', resolve);
    input.once('error', () => resolve());
  });
  await server.connect(new StdioServerTransport(input, protocolOutput(io)));
  io.err(`${msg('started', { version: VERSION, count: tools.length, root: rootShown })}\n`);
  await ended;
  await server.close();
  // The client is gone: probes still running for it would only keep this process alive until their limits.
  if (inFlight > 0) killAll();
}
