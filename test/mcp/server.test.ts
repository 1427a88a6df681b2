// `gpuenv mcp` for real: the MCP SDK's own client starts `node dist/cli.js mcp --root <fixture>` over stdio, lists the
// tools, calls each with good and bad arguments, and compares every result with the command's own --json.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { lstatSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import Ajv2020 from 'ajv/dist/2020.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../src/cli.js';
import { TOOL_NAMES } from '../../src/mcp/tools.js';
import { escapeControls } from '../../src/mcp/stdio.js';
import { fakeIo } from '../helpers/io.js';
import { machinesDir } from '../helpers/machines.js';

const repo = join(import.meta.dirname, '../..');
const cli = join(repo, 'dist/cli.js');
// A machine with a GPU on the bus and no driver: doctor has errors to report from files alone.
const root = join(machinesDir, 'gpu-no-driver', 'root');
const cwd = mkdtempSync(join(tmpdir(), 'gpuenv-mcp-'));
const env = { PATH: process.env.PATH ?? '/usr/bin:/bin', GPUENV_LANG: 'en', HOME: cwd };

const ajv = new Ajv2020.default({ allErrors: true, strict: false, validateFormats: false });
const validSnapshot = ajv.compile(JSON.parse(readFileSync(join(repo, 'schema/snapshot.schema.json'), 'utf8')));

interface Session {
  client: Client;
  stderr: () => string;
  errors: Error[];
}

async function connect(args: string[], extraEnv: Record<string, string> = {}): Promise<Session> {
  const transport = new StdioClientTransport({ command: process.execPath, args: [cli, 'mcp', ...args], env: { ...env, ...extraEnv }, cwd, stderr: 'pipe' });
  let stderr = '';
  transport.stderr?.on('data', (b: Buffer) => (stderr += b));
  const client = new Client({ name: 'gpuenv-test', version: '0' });
  const errors: Error[] = [];
  // Any line on stdout that is not a JSON-RPC message lands here.
  client.onerror = (e) => errors.push(e);
  await client.connect(transport);
  return { client, stderr: () => stderr, errors };
}

/** The command's own --json output, run the usual way, for the same machine. */
function cliJson(argv: string[], input?: string): unknown {
  const r = spawnSync(process.execPath, [cli, ...argv, '--json'], { cwd, env, input, encoding: 'utf8', timeout: 30_000 });
  return JSON.parse(r.stdout);
}

type CallResult = { isError?: boolean; content: { type: string; text?: string }[]; structuredContent?: Record<string, unknown> };
const text = (r: CallResult) => r.content.map((c) => c.text ?? '').join('\n');
/** What differs between two runs on one machine: the clock, and how long each probe took. */
const stable = (doc: unknown): unknown =>
  JSON.parse(JSON.stringify(doc, (k, v) => (k === 'takenAt' || k === 'durationMs' || k === 'elapsedMs' ? undefined : v)));

function treeDigest(dir: string): string {
  const h = createHash('sha256');
  const walk = (d: string) => {
    for (const name of readdirSync(d).sort()) {
      const p = join(d, name);
      const st = lstatSync(p);
      h.update(`${p}\0${st.mode}\0${st.size}\0${st.mtimeMs}\0`);
      if (st.isSymbolicLink()) h.update(readlinkSync(p));
      else if (st.isDirectory()) walk(p);
    }
  };
  walk(dir);
  return h.digest('hex');
}

let s: Session;
const rootBefore = treeDigest(root);
beforeAll(async () => {
  s = await connect(['--root', root]);
}, 30_000);
afterAll(async () => {
  await s?.client.close();
  rmSync(cwd, { recursive: true, force: true });
});

describe('gpuenv mcp: the tool list', () => {
  it('offers the nine read-only tools, each saying so, with strict input schemas', async () => {
    const { tools } = await s.client.listTools();
    expect(tools.map((t) => t.name)).toEqual([...TOOL_NAMES]);
    for (const t of tools) {
      expect(t.annotations, t.name).toMatchObject({ readOnlyHint: true, destructiveHint: false, openWorldHint: false });
      expect(t.description, t.name).toMatch(/Read-only\.$/);
      expect(t.inputSchema.type).toBe('object');
      expect((t.inputSchema as { additionalProperties?: unknown }).additionalProperties, t.name).toBe(false);
      // No argument of any tool reaches an option that writes or changes the machine.
      const props = Object.keys(t.inputSchema.properties ?? {});
      expect(
        props.filter((p) => /output|force|out_dir|global|drain|textfile|features|every|dry/.test(p)),
        t.name,
      ).toEqual([]);
      for (const [name, p] of Object.entries(t.inputSchema.properties ?? {}))
        expect((p as { description?: string }).description, `${t.name}.${name}`).toBeTruthy();
    }
    expect(tools.map((t) => t.name).filter((n) => /use|undo|lock|export|bench|fleet|run/.test(n))).toEqual([]);
  });

  it('tells the client what is not offered, and which machine it reads', () => {
    const instructions = s.client.getInstructions() ?? '';
    expect(instructions).toContain('read-only');
    expect(instructions).toContain('cuda use --global');
    expect(instructions).toContain(root);
    expect(s.stderr()).toContain('9 read-only tools on stdio');
  });
});

describe('gpuenv mcp: good calls give the command’s --json document', () => {
  const call = async (name: string, args: Record<string, unknown>) => (await s.client.callTool({ name, arguments: args })) as CallResult;

  it('doctor: the findings of the machine, a Snapshot that validates against the schema', async () => {
    const r = await call('doctor', {});
    expect(r.isError, text(r)).toBeFalsy();
    const doc = r.structuredContent as { findings: { code: string }[]; snapshot: unknown; schemaVersion: number };
    expect(JSON.parse(r.content[0]!.text!)).toEqual(doc);
    expect(doc.findings.map((f) => f.code)).toEqual(expect.arrayContaining(['driver-not-loaded', 'nouveau']));
    expect(validSnapshot(doc.snapshot) ? [] : validSnapshot.errors).toEqual([]);
    expect(stable(doc)).toEqual(stable(cliJson(['doctor', '--root', root])));
  });

  it('snapshot: a Snapshot that validates against the schema, as `snapshot --json` writes it', async () => {
    const r = await call('snapshot', { timeout_seconds: 2 });
    expect(r.isError, text(r)).toBeFalsy();
    expect(validSnapshot(r.structuredContent) ? [] : validSnapshot.errors).toEqual([]);
    expect(stable(r.structuredContent)).toEqual(stable(cliJson(['snapshot', '--root', root])));
  });

  it('explain: pasted text in, the ranked root cause out', async () => {
    const log = 'Traceback (most recent call last):\nRuntimeError: CUDA error: no kernel image is available for execution on the device\n';
    const r = await call('explain', { text: log });
    expect(r.isError, text(r)).toBeFalsy();
    expect((r.structuredContent as { findings: { code: string }[] }).findings[0]?.code).toBe('arch-unsupported');
    expect(r.structuredContent).toEqual(cliJson(['explain', '-'], log));
  });

  const lookups: [string, Record<string, unknown>, string[]][] = [
    ['compat', { subject: 'cuda', value: '12.4' }, ['compat', 'cuda', '12.4']],
    ['compat', { subject: 'driver', value: '535.104.05', os: 'linux' }, ['compat', 'driver', '535.104.05', '--os', 'linux']],
    ['compat', { subject: 'torch' }, ['compat', 'torch']],
    ['compat', { subject: 'triton', value: '3.7.1' }, ['compat', 'triton', '3.7.1']],
    [
      'plan',
      { gpu: ['RTX 4090'], driver: '570.86.10', os: 'ubuntu-24.04', framework: ['torch'] },
      ['plan', '--gpu', 'RTX 4090', '--driver', '570.86.10', '--os', 'ubuntu-24.04', '--framework', 'torch'],
    ],
    ['arch_list', { gpu: ['RTX 4090', 'H100 SXM'], ptx: true }, ['arch-list', '--gpu', 'RTX 4090', '--gpu', 'H100 SXM', '--ptx', '--root', root]],
    [
      'vram',
      { model: 'llama-3-8b', mode: 'infer', batch: 4, seq: 4096, gpu: 'RTX 4090' },
      ['vram', 'llama-3-8b', '--infer', '--batch', '4', '--seq', '4096', '--gpu', 'RTX 4090'],
    ],
  ];
  for (const [name, args, argv] of lookups) {
    it(`${name} ${JSON.stringify(args)} = gpuenv ${argv.join(' ')} --json`, async () => {
      const r = await call(name, args);
      expect(r.isError, text(r)).toBeFalsy();
      expect(r.structuredContent).toEqual(cliJson(argv));
    });
  }

  it('vram: every precision, optimizer and strategy the schema offers is one the command takes', async () => {
    const { tools } = await s.client.listTools();
    const props = tools.find((t) => t.name === 'vram')!.inputSchema.properties as Record<string, { enum: string[] }>;
    for (const precision of props.precision!.enum) expect((await call('vram', { model: '1b', mode: 'infer', precision })).isError, precision).toBeFalsy();
    for (const optimizer of props.optimizer!.enum) expect((await call('vram', { model: '1b', optimizer })).isError, optimizer).toBeFalsy();
    for (const strategy of props.strategy!.enum) expect((await call('vram', { model: '1b', gpus: 2, strategy })).isError, strategy).toBeFalsy();
  });

  it('cuda_which: the toolkit a build would use, on a machine with three of them', async () => {
    const three = join(machinesDir, 'cuda-three', 'root');
    const t = await connect(['--root', three]);
    const r = (await t.client.callTool({ name: 'cuda_which', arguments: {} })) as CallResult;
    await t.client.close();
    expect(r.isError, text(r)).toBeFalsy();
    expect(r.structuredContent).toEqual(cliJson(['cuda', 'which', '--root', three]));
  }, 30_000);

  it('health: the node verdict, and no drain', async () => {
    const r = await call('health', { expect_gpus: 1, timeout_seconds: 1 });
    expect(r.isError, text(r)).toBeFalsy();
    const doc = r.structuredContent as { kind: string; status: string; slurm?: unknown };
    expect(doc.kind).toBe('gpuenv-health');
    expect(doc.status).toBe('error');
    expect(doc.slurm).toBeUndefined();
  });
});

describe('gpuenv mcp: bad calls are tool errors with the message, and the server stays up', () => {
  const bad: [string, Record<string, unknown>, RegExp][] = [
    ['doctor', { deep: 'yes' }, /deep/],
    ['doctor', { snapshot_file: join(cwd, 'missing.json') }, /--snapshot reads a saved Snapshot|missing\.json/],
    ['snapshot', { timeout_seconds: -1 }, /timeout_seconds/],
    ['explain', {}, /text/],
    ['explain', { text: 'x', file: '/etc/passwd' }, /Unrecognized key.*file/],
    ['compat', { subject: 'cuda', value: '99.9' }, /unknown CUDA toolkit release "99\.9"/],
    ['compat', { subject: 'caffe', value: '1.0' }, /subject/],
    ['plan', { framework: ['caffe'], gpu: ['RTX 4090'] }, /caffe/],
    ['plan', {}, /no NVIDIA GPU found/],
    ['arch_list', { gpu: ['Voodoo 5 6000'] }, /Voodoo 5 6000/],
    ['vram', { model: 'no-such-model-xyz' }, /no-such-model-xyz/],
    ['vram', { model: '7b', batch: 0 }, /batch/],
    ['cuda_which', { version: '12.4' }, /Unrecognized key.*version/],
    ['health', { expect_gpus: 'eight' }, /expect_gpus/],
    ['cuda_use', { version: '12.4' }, /cuda_use not found/],
  ];
  for (const [name, args, message] of bad) {
    it(`${name} ${JSON.stringify(args)}`, async () => {
      const r = (await s.client.callTool({ name, arguments: args })) as CallResult;
      expect(r.isError).toBe(true);
      expect(text(r)).toMatch(message);
      expect(text(r)).not.toMatch(/\n\s+at /);
      await expect(s.client.ping()).resolves.toBeDefined();
    });
  }

  it('wrote nothing: the root tree and the server’s folder are as they were; stdout held only protocol', () => {
    expect(treeDigest(root)).toBe(rootBefore);
    expect(readdirSync(cwd)).toEqual([]);
    expect(s.errors).toEqual([]);
  });
});

describe('gpuenv mcp: limits, language, start-up', () => {
  it('a call over --timeout ends as a tool error; the next call is served', async () => {
    const t = await connect(['--root', root, '--timeout', '0.001']);
    const r = (await t.client.callTool({ name: 'doctor', arguments: {} })) as CallResult;
    expect(r.isError).toBe(true);
    expect(text(r)).toMatch(/doctor did not finish within 0.001 s/);
    await expect(t.client.ping()).resolves.toBeDefined();
    await t.client.close();
  }, 30_000);

  it('speaks Chinese when asked: tool descriptions and instructions', async () => {
    const t = await connect(['--root', root], { GPUENV_LANG: 'zh-CN' });
    const { tools } = await t.client.listTools();
    expect(tools.find((x) => x.name === 'doctor')!.description).toContain('只读');
    expect(t.client.getInstructions()).toContain('只读');
    await t.client.close();
  }, 30_000);

  it('ends with exit 0 when the client closes stdin, after reporting a line that is not JSON-RPC', async () => {
    const io = fakeIo({}, 'this is not JSON-RPC\n');
    expect(await main(['mcp'], { io, system: async () => ({}) as never })).toBe(0);
    expect(io.stdout()).toBe('');
    expect(io.stderr()).toContain('a message from the client could not be read');
  });

  it('a --root that does not exist is a usage error before serving', async () => {
    const io = fakeIo();
    expect(await main(['mcp', '--root', join(cwd, 'nope')], { io })).toBe(2);
    expect(io.stderr()).toContain('no such folder');
  });

  it('escapes DEL and C1 characters of a message as \\u, which JSON reads back the same', () => {
    const line = JSON.stringify({ s: 'a\u009b31mb\u007f' });
    expect(escapeControls(line)).toBe('{"s":"a\\u009b31mb\\u007f"}');
    expect(JSON.parse(escapeControls(line))).toEqual({ s: 'a\u009b31mb\u007f' });
  });
});
