// Each shell's output is evaluated by that real shell; the resulting PATH is checked. Shells that are not
// installed are skipped with the reason (CI: apt-get install -y zsh fish; pwsh is optional).
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { initScript } from '../../src/cuda/init.js';
import { cuda, fixture } from './helpers.js';

const three = fixture('cuda-three');
const PATH_BEFORE = '/home/dev/.venv/bin:/usr/local/cuda-11.8/bin:/opt/conda/envs/cu126/bin:/home/dev/my tools/bin:/usr/local/bin:/usr/bin:/bin';
const LD_BEFORE = "/usr/local/cuda-11.8/lib64:/opt/o'brien/lib";
const PATH_AFTER = '/usr/local/cuda-12.4/bin:/home/dev/.venv/bin:/opt/conda/envs/cu126/bin:/home/dev/my tools/bin:/usr/local/bin:/usr/bin:/bin';
const LD_AFTER = "/usr/local/cuda-12.4/lib64:/opt/o'brien/lib";

function findShell(name: string): string | undefined {
  const r = spawnSync('sh', ['-c', `command -v ${name}`], { encoding: 'utf8' });
  return r.status === 0 ? r.stdout.trim() : undefined;
}

const SHELLS = {
  bash: findShell('bash'),
  zsh: findShell('zsh'),
  fish: findShell('fish'),
  pwsh: findShell('pwsh'),
};

/** Runs `script` in a shell with the fixture's PATH and the generated text in $GPUENV_OUT; returns stdout lines. */
function runIn(shell: string, args: string[], script: string, out: string, extraEnv: Record<string, string> = {}): string[] {
  const r = spawnSync(shell, [...args, script], {
    encoding: 'utf8',
    env: { PATH: PATH_BEFORE, LD_LIBRARY_PATH: LD_BEFORE, HOME: tmpdir(), GPUENV_OUT: out, ...extraEnv },
    timeout: 15_000,
  });
  if (r.status !== 0) throw new Error(`${shell} exited ${r.status}: ${r.stderr}`);
  return r.stdout.split('\n');
}

const POSIX_PRINT = 'printf "%s\\n" "$PATH" "$LD_LIBRARY_PATH" "$CUDA_HOME" "$CUDA_PATH"';

describe.each([
  ['bash', ['--noprofile', '--norc', '-c']],
  ['zsh', ['-f', '-c']],
] as const)('%s evaluates `gpuenv cuda use 12.4`', (name, args) => {
  const bin = SHELLS[name];
  it.skipIf(!bin)(
    `eval "$(gpuenv cuda use 12.4)" sets PATH, LD_LIBRARY_PATH, CUDA_HOME and CUDA_PATH${bin ? '' : ` (skipped: ${name} is not installed)`}`,
    async () => {
      const r = await cuda(three, ['use', '12.4', '--shell', name]);
      // As a user types it: the output of a command substitution, quoted.
      const lines = runIn(bin!, [...args], `eval "$(printf '%s' "$GPUENV_OUT")"; ${POSIX_PRINT}`, r.out);
      expect(lines.slice(0, 4)).toEqual([PATH_AFTER, LD_AFTER, '/usr/local/cuda-12.4', '/usr/local/cuda-12.4']);
      // Unquoted $(…) joins the lines into one: still the same result.
      const joined = runIn(bin!, [...args], `eval $(printf '%s' "$GPUENV_OUT" | tr '\\n' ' '); ${POSIX_PRINT}`, r.out, {
        PATH: `${PATH_BEFORE}:/usr/bin:/bin`,
      });
      expect(joined[2]).toBe('/usr/local/cuda-12.4');
    },
  );
});

describe('fish evaluates `gpuenv cuda use 12.4 --shell fish`', () => {
  const bin = SHELLS.fish;
  it.skipIf(!bin)(`| source and eval "$(…)" both give the new PATH${bin ? '' : ' (skipped: fish is not installed)'}`, async () => {
    const r = await cuda(three, ['use', '12.4', '--shell', 'fish']);
    const print = 'printf "%s\\n" "$PATH" "$LD_LIBRARY_PATH" "$CUDA_HOME" "$CUDA_PATH"';
    const sourced = runIn(bin!, ['--no-config', '-c'], `printf '%s' "$GPUENV_OUT" | source; ${print}`, r.out);
    expect(sourced.slice(0, 4)).toEqual([PATH_AFTER, LD_AFTER, '/usr/local/cuda-12.4', '/usr/local/cuda-12.4']);
    const evaled = runIn(bin!, ['--no-config', '-c'], `eval (printf '%s' "$GPUENV_OUT"); ${print}`, r.out);
    expect(evaled.slice(0, 4)).toEqual([PATH_AFTER, LD_AFTER, '/usr/local/cuda-12.4', '/usr/local/cuda-12.4']);
  });
});

describe('PowerShell evaluates `gpuenv cuda use 12.4 --shell powershell`', () => {
  const bin = SHELLS.pwsh;
  it.skipIf(!bin)(
    `Invoke-Expression gives the new PATH${bin ? '' : ' (skipped: pwsh is not installed; the text is snapshot-tested in use.test.ts)'}`,
    async () => {
      const r = await cuda(three, ['use', '12.4', '--shell', 'powershell']);
      const lines = runIn(
        bin!,
        ['-NoProfile', '-NonInteractive', '-Command'],
        `$env:GPUENV_OUT | Invoke-Expression; $env:PATH; $env:LD_LIBRARY_PATH; $env:CUDA_HOME; $env:CUDA_PATH`,
        r.out,
      );
      expect(lines.slice(0, 4)).toEqual([PATH_AFTER, LD_AFTER, '/usr/local/cuda-12.4', '/usr/local/cuda-12.4']);
    },
  );
});

/** A folder tree with a project .cuda-version and a stand-in `gpuenv` that logs each call. */
function hookTree(): { dir: string; log: string; bin: string } {
  const dir = mkdtempSync(join(tmpdir(), 'gpuenv-hook-'));
  const bin = join(dir, 'bin');
  mkdirSync(join(dir, 'proj', 'sub'), { recursive: true });
  mkdirSync(bin);
  writeFileSync(join(dir, 'proj', '.cuda-version'), '12.4\n');
  const log = join(dir, 'calls.log');
  writeFileSync(
    join(bin, 'gpuenv'),
    `#!/bin/sh\necho "$*" >> '${log}'\nif [ "$4" = fish ]; then echo "set -gx CUDA_HOME /fake/cuda;"; else echo "export CUDA_HOME=/fake/cuda;"; fi\n`,
  );
  chmodSync(join(bin, 'gpuenv'), 0o755);
  return { dir, log, bin };
}

const calls = (log: string) => spawnSync('sh', ['-c', `cat '${log}' 2>/dev/null | wc -l`], { encoding: 'utf8' }).stdout.trim();

describe.each([
  ['bash', ['--noprofile', '--norc', '-c'], '_gpuenv_cuda_hook; '],
  ['zsh', ['-f', '-c'], ''],
  ['fish', ['--no-config', '-c'], ''],
] as const)('gpuenv cuda init %s', (name, args, prompt) => {
  const bin = SHELLS[name];
  it.skipIf(!bin)(`applies .cuda-version on cd, once per change${bin ? '' : ` (skipped: ${name} is not installed)`}`, () => {
    const t = hookTree();
    const hook = initScript(name);
    const load = name === 'fish' ? `printf '%s' "$HOOK" | source` : 'eval "$HOOK"';
    // bash runs the hook from PROMPT_COMMAND, which a non-interactive shell never shows: call it as a prompt would.
    const script = `cd '${t.dir}'; ${load}; cd proj/sub; ${prompt}${prompt}echo "$CUDA_HOME"; cd ..; ${prompt}echo "$CUDA_HOME"`;
    const out = runIn(bin!, [...args], script, '', { HOOK: hook, PATH: `${t.bin}:/usr/bin:/bin` });
    expect(out.slice(0, 2)).toEqual(['/fake/cuda', '/fake/cuda']);
    // Once on entering proj/sub; moving to proj (same file, same text) calls nothing.
    expect(calls(t.log)).toBe('1');
    expect(spawnSync('cat', [t.log], { encoding: 'utf8' }).stdout).toContain(`cuda use --shell ${name}`);
  });
});
