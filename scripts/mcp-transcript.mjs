#!/usr/bin/env node
// Prints an MCP session with a gpuenv server as Markdown (docs/mcp.md's transcript): initialize, tools/list, tools/call
// doctor and explain. The server is started with a PATH that holds no node, so the executable shows it needs none.
//   node scripts/mcp-transcript.mjs release/gpuenv-linux-x64 [server args…]
import { spawnSync } from 'node:child_process';
import { mcpSession, pathWithoutNode } from './mcp-client.mjs';

const [server, ...serverArgs] = process.argv.slice(2);
if (!server) {
  process.stderr.write('usage: node scripts/mcp-transcript.mjs EXECUTABLE [ARGS…]   (the server is EXECUTABLE mcp ARGS…)\n');
  process.exit(2);
}
const PATH = pathWithoutNode();
const env = { PATH, HOME: process.env.HOME ?? '/tmp', LANG: 'C.UTF-8', GPUENV_LANG: 'en' };
const which = spawnSync('sh', ['-c', 'command -v node || echo none'], { env, encoding: 'utf8' }).stdout.trim();

/** Long texts cut, so the page shows the shape of each message; the cut says how much was left out. */
const TEXT_MAX = 700;
function trimmed(value) {
  return JSON.parse(
    JSON.stringify(value, (k, v) => {
      if (k === 'structuredContent') return '(the same document as content[0].text, parsed)';
      if (typeof v === 'string' && v.length > TEXT_MAX) return `${v.slice(0, TEXT_MAX)}… (${v.length - TEXT_MAX} more characters)`;
      if (k === 'inputSchema' && v?.properties)
        return {
          ...v,
          properties: Object.fromEntries(Object.entries(v.properties).map(([p, s]) => [p, { type: s.type ?? s.anyOf, ...(s.enum ? { enum: s.enum } : {}) }])),
        };
      return v;
    }),
  );
}

const out = [];
const show = (dir, msg) => out.push(`${dir}`, '```json', JSON.stringify(trimmed(msg), null, 2), '```', '');
out.push(
  `Server: \`${[server, 'mcp', ...serverArgs].join(' ')}\`, PATH=${PATH} (\`command -v node\` there: ${which}), ${new Date().toISOString().slice(0, 10)}`,
  '',
);
const s = mcpSession(server, ['mcp', ...serverArgs], { env, timeoutMs: 120_000 });
const init = await s.initialize('mcp-transcript');
show('→ client', init.request);
show('← server', init.response);
show('→ client', init.notification);
const list = await s.request('tools/list');
show('→ client', list.request);
// All nine tools with their descriptions; argument schemas shortened to name, type and choices.
show('← server', list.response);
const calls = [
  ['doctor', {}],
  [
    'explain',
    {
      text: 'Traceback (most recent call last):\n  File "train.py", line 12, in <module>\nRuntimeError: CUDA error: no kernel image is available for execution on the device\n',
    },
  ],
  ['compat', { subject: 'cuda', value: '99.9' }],
];
for (const [name, args] of calls) {
  const r = await s.request('tools/call', { name, arguments: args });
  show('→ client', r.request);
  show('← server', r.response);
  const findings = r.response.result?.structuredContent?.findings;
  if (Array.isArray(findings))
    out.push(`The findings of that result: ${findings.map((f) => `\`${f.code}\` (${f.severity}) ${f.title}`).join('; ') || 'none'}.`, '');
}
const end = await s.close();
out.push(
  `Server exit code after stdin closed: ${end.code}; lines on stdout that were not JSON-RPC: ${s.stray.length}; its stderr:`,
  '```',
  end.stderr.trim(),
  '```',
);
process.stdout.write(`${out.join('\n')}\n`);
