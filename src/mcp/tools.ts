// The tools `gpuenv mcp` offers: each is one command's --json form, its input schema, and the command call it maps
// to. A tool never reaches an option that writes or changes the system (assertReadOnly checks every call).
import * as z from 'zod';
import { COMPAT_SUBJECTS } from '../commands/compat.js';
import type { OptionValues } from '../commands/types.js';
import { msg } from './messages.js';

export const TOOL_NAMES = ['doctor', 'snapshot', 'explain', 'compat', 'plan', 'arch_list', 'vram', 'cuda_which', 'health'] as const;
export type ToolName = (typeof TOOL_NAMES)[number];

/** A command of src/commands/registry.ts run in --json form with these options; stdin is the text it reads. */
export interface CommandCall {
  command: string;
  positionals: string[];
  values: OptionValues;
  stdin?: string;
}

export interface McpTool {
  name: ToolName;
  description: string;
  input: z.ZodObject;
  call(input: Record<string, unknown>): CommandCall;
  /** How long one call may take before it ends as a tool error. */
  limitMs(input: Record<string, unknown>): number;
}

/** Options of any command that write files or change the machine; a tool's call holds none of them. */
const WRITING_OPTIONS = ['output', 'force', 'out-dir', 'prom-textfile', 'nfd-features', 'slurm-drain', 'global', 'dry-run', 'every'] as const;
/** The cuda subcommands that only read. */
const READING_CUDA = ['which'];

export function assertReadOnly(call: CommandCall): void {
  const writing = WRITING_OPTIONS.filter((o) => call.values[o] !== undefined);
  if (writing.length || (call.command === 'cuda' && !READING_CUDA.includes(call.positionals[0] ?? ''))) {
    // A bug in the table below, never a user's doing: refuse rather than run it.
    throw new Error(msg('error.refused', { command: call.command, what: writing.join(', ') || (call.positionals[0] ?? '') }));
  }
}

// The choices below are the commands' own (compat.ts, plan.ts, vram.ts keep them private); the command checks every
// value again, and test/mcp/server.test.ts runs each of vram's through it.
const PRECISIONS = ['fp32', 'fp16', 'bf16', 'fp8', 'int8', 'int4'] as const;
const OPTIMIZERS = ['adamw', 'sgd', 'adam8bit', 'adafactor'] as const;
const STRATEGIES = ['ddp', 'fsdp', 'zero2', 'zero3'] as const;
const VIAS = ['pip', 'uv', 'conda', 'docker'] as const;

const name = () => z.string().min(1).max(200);
const path = () => z.string().min(1).max(4096);
const count = (max: number) => z.number().int().min(1).max(max);
const seconds = () => z.number().positive().max(600).describe(msg('arg.timeout'));

/** Options in the shape parseArgs gives a command: strings, string lists, `true`; absent ones left out. */
function options(entries: Record<string, unknown>): OptionValues {
  const out: OptionValues = { json: true };
  for (const [k, v] of Object.entries(entries)) {
    if (v === undefined || v === false) continue;
    out[k] = typeof v === 'number' ? String(v) : Array.isArray(v) ? v.map(String) : (v as string | boolean);
  }
  return out;
}

const S = 1000;

/** Built when the server starts, so the descriptions are in the language of the session. */
export function mcpTools(): McpTool[] {
  const tool = <T extends z.ZodRawShape>(
    toolName: ToolName,
    shape: T,
    call: (i: z.infer<z.ZodObject<T>>) => CommandCall,
    limitMs: (i: z.infer<z.ZodObject<T>>) => number,
  ): McpTool => ({
    name: toolName,
    description: `${msg(`tool.${toolName}`)} ${msg('readOnly')}`,
    input: z.object(shape).strict(),
    call: call as McpTool['call'],
    limitMs: limitMs as McpTool['limitMs'],
  });
  return [
    tool(
      'doctor',
      {
        deep: z.boolean().optional().describe(msg('arg.deep')),
        python: z.array(path()).max(16).optional().describe(msg('arg.python')),
        snapshot_file: path().optional().describe(msg('arg.snapshotFile')),
        timeout_seconds: seconds().optional(),
      },
      (i) => ({
        command: 'doctor',
        positionals: [],
        values: options({ deep: i.deep, python: i.python, snapshot: i.snapshot_file, timeout: i.timeout_seconds }),
      }),
      (i) => (i.deep ? 180 : 60) * S,
    ),
    tool(
      'snapshot',
      { timeout_seconds: seconds().optional() },
      (i) => ({ command: 'snapshot', positionals: [], values: options({ timeout: i.timeout_seconds }) }),
      () => 60 * S,
    ),
    tool(
      'explain',
      {
        text: z.string().min(1).max(8_000_000).describe(msg('arg.text')),
        here: z.boolean().optional().describe(msg('arg.here')),
      },
      // Standard input, as `… | gpuenv explain -` reads it: the text is never taken for a file name.
      (i) => ({ command: 'explain', positionals: ['-'], values: options({ here: i.here }), stdin: i.text }),
      (i) => (i.here ? 60 : 30) * S,
    ),
    tool(
      'compat',
      {
        // The command's own list (a copy here once lacked triton).
        subject: z.enum(COMPAT_SUBJECTS).describe(msg('arg.subject')),
        value: name().optional().describe(msg('arg.value')),
        os: z.enum(['linux', 'windows']).optional().describe(msg('arg.os')),
      },
      (i) => ({ command: 'compat', positionals: i.value === undefined ? [i.subject] : [i.subject, i.value], values: options({ os: i.os }) }),
      () => 20 * S,
    ),
    tool(
      'plan',
      {
        framework: z.array(name()).max(3).optional().describe(msg('arg.framework')),
        via: z.enum(VIAS).optional().describe(msg('arg.via')),
        python: name().optional().describe(msg('arg.pythonVersion')),
        gpu: z.array(name()).max(16).optional().describe(msg('arg.gpus')),
        driver: name().optional().describe(msg('arg.driver')),
        os: name().optional().describe(msg('arg.targetOs')),
        cuda: name().optional().describe(msg('arg.cuda')),
        mirror: name().optional().describe(msg('arg.mirror')),
      },
      (i) => ({ command: 'plan', positionals: [], values: options({ ...i }) }),
      () => 60 * S,
    ),
    tool(
      'arch_list',
      {
        gpu: z.array(name()).max(16).optional().describe(msg('arg.gpus')),
        ptx: z.boolean().optional().describe(msg('arg.ptx')),
      },
      (i) => ({ command: 'arch-list', positionals: [], values: options({ gpu: i.gpu, ptx: i.ptx }) }),
      () => 60 * S,
    ),
    tool(
      'vram',
      {
        model: path().describe(msg('arg.model')),
        mode: z.enum(['train', 'infer']).optional().describe(msg('arg.mode')),
        precision: z.enum(PRECISIONS).optional().describe(msg('arg.precision')),
        optimizer: z.enum(OPTIMIZERS).optional().describe(msg('arg.optimizer')),
        batch: count(1e7).optional().describe(msg('arg.batch')),
        seq: count(1e7).optional().describe(msg('arg.seq')),
        lora: count(1e5).optional().describe(msg('arg.lora')),
        qlora: z.boolean().optional().describe(msg('arg.qlora')),
        checkpointing: z.boolean().optional().describe(msg('arg.checkpointing')),
        eager_attention: z.boolean().optional().describe(msg('arg.eagerAttention')),
        gpus: count(1e5).optional().describe(msg('arg.gpuCount')),
        strategy: z.enum(STRATEGIES).optional().describe(msg('arg.strategy')),
        gpu: name().optional().describe(msg('arg.gpu')),
      },
      ({ model, mode, eager_attention, ...rest }) => ({
        command: 'vram',
        positionals: [model],
        values: options({ ...rest, train: mode === 'train', infer: mode === 'infer', 'eager-attention': eager_attention }),
      }),
      () => 60 * S,
    ),
    tool(
      'cuda_which',
      {},
      () => ({ command: 'cuda', positionals: ['which'], values: options({}) }),
      () => 30 * S,
    ),
    tool(
      'health',
      {
        expect_gpus: z.number().int().min(0).max(999).optional().describe(msg('arg.expectGpus')),
        snapshot_file: path().optional().describe(msg('arg.snapshotFile')),
        timeout_seconds: seconds().optional(),
      },
      (i) => ({
        command: 'health',
        positionals: [],
        values: options({ format: 'json', 'expect-gpus': i.expect_gpus, snapshot: i.snapshot_file, timeout: i.timeout_seconds }),
      }),
      () => 60 * S,
    ),
  ];
}
