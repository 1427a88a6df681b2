// The tool table of `gpuenv mcp`: every tool's call, with every argument it takes set, is a read-only command call;
// assertReadOnly refuses the options that write and the cuda subcommands that switch.
import { describe, expect, it } from 'vitest';
import { commands } from '../../src/commands/registry.js';
import { assertReadOnly, mcpTools, TOOL_NAMES } from '../../src/mcp/tools.js';

/** A value for each argument of a tool: its first choice, a number, a list, true. */
function fullInput(shape: Record<string, { toJSONSchema?: () => unknown }>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, schema] of Object.entries(shape)) {
    const js = (schema.toJSONSchema?.() ?? {}) as { type?: string; enum?: string[] };
    out[k] = js.enum ? js.enum[0] : js.type === 'boolean' ? true : js.type === 'number' || js.type === 'integer' ? 2 : js.type === 'array' ? ['x'] : 'x';
  }
  return out;
}

describe('mcp tools', () => {
  const tools = mcpTools();

  it('are the nine of the issue, each a command of the registry', () => {
    expect(tools.map((t) => t.name)).toEqual([...TOOL_NAMES]);
    for (const t of tools) {
      const call = t.call(t.input.parse(fullInput(t.input.shape as never)) as Record<string, unknown>);
      expect(
        commands.map((c) => c.name),
        t.name,
      ).toContain(call.command);
      expect(call.values.json, t.name).toBe(true);
      expect(() => assertReadOnly(call), t.name).not.toThrow();
      expect(t.limitMs({})).toBeGreaterThanOrEqual(20_000);
    }
  });

  it('refuse writing options and the cuda subcommands that change the machine', () => {
    for (const option of ['output', 'force', 'out-dir', 'prom-textfile', 'nfd-features', 'slurm-drain', 'global', 'dry-run', 'every']) {
      expect(() => assertReadOnly({ command: 'snapshot', positionals: [], values: { json: true, [option]: 'x' } }), option).toThrow(/refused/);
    }
    for (const sub of ['use', 'undo', 'init', 'list'])
      expect(() => assertReadOnly({ command: 'cuda', positionals: [sub], values: {} }), sub).toThrow(/refused/);
    expect(() => assertReadOnly({ command: 'cuda', positionals: ['which'], values: { json: true } })).not.toThrow();
  });

  it('pass pasted text on stdin, never as a file name', () => {
    const explain = tools.find((t) => t.name === 'explain')!;
    expect(explain.call({ text: '/etc/shadow' })).toMatchObject({ positionals: ['-'], stdin: '/etc/shadow' });
  });
});
