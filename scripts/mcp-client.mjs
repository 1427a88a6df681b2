// A minimal MCP client over stdio, JSON-RPC by hand (no SDK): scripts/package/smoke.mjs and scripts/mcp-transcript.mjs
// talk to a server, the standalone executable included, the way an assistant's client does.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, existsSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const PROTOCOL_VERSION = '2025-06-18';

/**
 * Starts `command args` and returns a session: request() sends one JSON-RPC request and resolves with its response,
 * notify() sends a notification, close() ends stdin and resolves with the exit code and stderr. Lines on stdout that
 * are not JSON-RPC are kept in `stray` (there must be none).
 */
export function mcpSession(command, args, { env, cwd, timeoutMs = 60_000 } = {}) {
  const child = spawn(command, args, { env, cwd, stdio: ['pipe', 'pipe', 'pipe'] });
  const pending = new Map();
  const stray = [];
  let stderr = '';
  let buffer = '';
  let nextId = 1;
  child.stderr.setEncoding('utf8').on('data', (c) => (stderr += c));
  child.stdout.setEncoding('utf8').on('data', (c) => {
    buffer += c;
    for (let i = buffer.indexOf('\n'); i >= 0; i = buffer.indexOf('\n')) {
      const line = buffer.slice(0, i);
      buffer = buffer.slice(i + 1);
      let msg;
      try {
        msg = JSON.parse(line);
      } catch {
        stray.push(line);
        continue;
      }
      const p = pending.get(msg.id);
      if (msg.jsonrpc !== '2.0' || !p) stray.push(line);
      else {
        pending.delete(msg.id);
        clearTimeout(p.timer);
        p.resolve(msg);
      }
    }
  });
  const exited = new Promise((resolve) => child.on('close', (code, signal) => resolve({ code, signal, stderr })));
  child.on('error', (e) => {
    for (const p of pending.values()) p.reject(e);
  });
  const send = (msg) => child.stdin.write(`${JSON.stringify(msg)}\n`);
  return {
    stray,
    stderr: () => stderr,
    request(method, params) {
      const id = nextId++;
      const msg = { jsonrpc: '2.0', id, method, ...(params === undefined ? {} : { params }) };
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          pending.delete(id);
          reject(new Error(`${method}: no response within ${timeoutMs} ms`));
        }, timeoutMs);
        pending.set(id, { resolve, reject, timer });
        send(msg);
      }).then((response) => ({ request: msg, response }));
    },
    notify(method, params) {
      const msg = { jsonrpc: '2.0', method, ...(params === undefined ? {} : { params }) };
      send(msg);
      return msg;
    },
    async initialize(clientName = 'gpuenv-script') {
      const r = await this.request('initialize', { protocolVersion: PROTOCOL_VERSION, capabilities: {}, clientInfo: { name: clientName, version: '1' } });
      const note = this.notify('notifications/initialized');
      return { ...r, notification: note };
    },
    close() {
      child.stdin.end();
      const kill = setTimeout(() => child.kill('SIGKILL'), 10_000);
      return exited.finally(() => clearTimeout(kill));
    },
  };
}

/** A folder of links to every command of /usr/local/bin, /usr/bin and /bin except Node's: a PATH without node. */
export function pathWithoutNode(parent = mkdtempSync(join(tmpdir(), 'gpuenv-nonode-'))) {
  const bin = join(parent, 'bin');
  mkdirSync(bin, { recursive: true });
  for (const dir of ['/usr/local/bin', '/usr/bin', '/bin']) {
    for (const name of existsSync(dir) ? readdirSync(dir) : []) {
      if (['node', 'nodejs', 'npm', 'npx', 'corepack'].includes(name) || existsSync(join(bin, name))) continue;
      symlinkSync(join(dir, name), join(bin, name));
    }
  }
  return bin;
}
