import { describe, expect, it } from 'vitest';
import { chooseToolkit, findToolkits } from '../../src/cuda/toolkits.js';
import { envFor, quoteFish, quotePwsh, quoteSh, renderEnv } from '../../src/cuda/shell.js';
import { loadMachine } from '../../src/system/fixture.js';
import { UsageError } from '../../src/errors.js';
import { cuda, fixture } from './helpers.js';

const three = fixture('cuda-three');

describe('gpuenv cuda use: version matching', () => {
  it('"12.4" matches 12.4.1; a path or an alias matches its toolkit', async () => {
    const sys = await loadMachine(three);
    const tks = await findToolkits(sys);
    expect(tks.map((t) => t.version?.value)).toEqual(['12.6', '12.4.1', '11.8.0']);
    expect((await chooseToolkit(sys, tks, '12.4')).toolkit.path).toBe('/usr/local/cuda-12.4');
    expect((await chooseToolkit(sys, tks, '12.4.1')).toolkit.path).toBe('/usr/local/cuda-12.4');
    expect((await chooseToolkit(sys, tks, '11')).toolkit.path).toBe('/usr/local/cuda-11.8');
    expect((await chooseToolkit(sys, tks, '/usr/local/cuda')).toolkit.path).toBe('/usr/local/cuda-12.4');
    expect((await chooseToolkit(sys, tks, '/opt/conda/envs/cu126/')).toolkit.path).toBe('/opt/conda/envs/cu126');
    await expect(chooseToolkit(sys, tks, '12.4.2')).rejects.toBeInstanceOf(UsageError);
  });

  it('an ambiguous version is a usage error naming every match and what is installed', async () => {
    const r = await cuda(three, ['use', '12']);
    expect(r.code).toBe(2);
    expect(r.err).toContain('12 matches several toolkits: 12.6 (/opt/conda/envs/cu126), 12.4.1 (/usr/local/cuda-12.4)');
    expect(r.err).toContain('Installed toolkits:');
    expect(r.err).not.toMatch(/at .*\.ts:\d+/);
  });

  it('a missing version exits 2 and lists the installed toolkits', async () => {
    const r = await cuda(three, ['use', '13.0']);
    expect(r.code).toBe(2);
    expect(r.err).toContain('no installed CUDA toolkit matches 13.0');
    expect(r.err).toMatch(/11\.8\.0\s+\/usr\/local\/cuda-11\.8\s+\(runfile\)/);
    expect(r.out).toBe('');
  });

  it('rejects junk versions and unknown shells', async () => {
    expect((await cuda(three, ['use', '12.4; rm -rf /'])).code).toBe(2);
    const s = await cuda(three, ['use', '12.4', '--shell', 'tcsh']);
    expect(s.code).toBe(2);
    expect(s.err).toContain('unknown shell "tcsh"');
    expect((await cuda(three, ['use', '12.4', '--dry-run'])).code).toBe(2);
    expect((await cuda(three, ['frobnicate'])).code).toBe(2);
    expect((await cuda(three, [])).code).toBe(2);
  });
});

describe('gpuenv cuda use: .cuda-version', () => {
  it('the nearest file up from the working folder decides', async () => {
    for (const cwd of ['/home/dev/proj', '/home/dev/proj/src']) {
      const r = await cuda(three, ['use', '--shell', 'bash'], { cwd });
      expect(r.code).toBe(0);
      expect(r.out).toContain("export CUDA_HOME='/usr/local/cuda-12.4';");
    }
    const c = await cuda(three, ['use'], { cwd: '/home/dev/conda-proj' });
    expect(c.out).toContain("export CUDA_HOME='/opt/conda/envs/cu126';");
  });

  it('a file naming a toolkit that is not installed is a clear error (exit 2)', async () => {
    const r = await cuda(three, ['use'], { cwd: '/home/dev/legacy' });
    expect(r.code).toBe(2);
    expect(r.err).toContain('no installed CUDA toolkit matches 11.7 (asked for by /home/dev/legacy/.cuda-version)');
    expect(r.err).toContain('/usr/local/cuda-11.8');
    expect(r.out).toBe('');
  });

  it('no file, or an empty one, says what to do', async () => {
    const none = await cuda(three, ['use'], { cwd: '/home/dev' });
    expect(none.code).toBe(2);
    expect(none.err).toContain('.cuda-version');
    const blank = await cuda(three, ['use'], { cwd: '/home/dev/blank' });
    expect(blank.code).toBe(2);
    expect(blank.err).toContain('/home/dev/blank/.cuda-version names no version');
  });
});

describe('gpuenv cuda use: the new environment', () => {
  it('removes the other toolkits from PATH and LD_LIBRARY_PATH, keeps everything else in order', async () => {
    const sys = await loadMachine(three);
    const tks = await findToolkits(sys);
    const { toolkit } = await chooseToolkit(sys, tks, '12.4');
    const c = await envFor(sys, tks, toolkit, sys.env);
    // 11.8's bin goes; the conda env's bin stays (it holds python3 too), only outranked.
    expect(c.path).toEqual([
      '/usr/local/cuda-12.4/bin',
      '/home/dev/.venv/bin',
      '/opt/conda/envs/cu126/bin',
      '/home/dev/my tools/bin',
      '/usr/local/bin',
      '/usr/bin',
      '/bin',
    ]);
    expect(c.ldLibraryPath).toEqual(['/usr/local/cuda-12.4/lib64', "/opt/o'brien/lib"]);
    expect(c.removed).toEqual({ path: ['/usr/local/cuda-11.8/bin'], ldLibraryPath: ['/usr/local/cuda-11.8/lib64'] });
    expect(c.cudaHome).toBe('/usr/local/cuda-12.4');
  });

  it('switching to the conda toolkit puts its bin and targets lib first and drops nothing of its env', async () => {
    const sys = await loadMachine(three);
    const tks = await findToolkits(sys);
    const { toolkit } = await chooseToolkit(sys, tks, '12.6');
    const c = await envFor(sys, tks, toolkit, sys.env);
    expect(c.path.slice(0, 4)).toEqual(['/opt/conda/envs/cu126/bin', '/home/dev/.venv/bin', '/home/dev/my tools/bin', '/usr/local/bin']);
    expect(c.ldLibraryPath).toEqual(['/opt/conda/envs/cu126/targets/x86_64-linux/lib', "/opt/o'brien/lib"]);
  });

  it('a removed toolkit left on PATH (/usr/local/cuda-11.2/bin) is dropped too; empty lists get one entry', async () => {
    const sys = await loadMachine(three);
    const tks = await findToolkits(sys);
    const { toolkit } = await chooseToolkit(sys, tks, '11.8');
    const c = await envFor(sys, tks, toolkit, { PATH: '/usr/local/cuda-11.2/bin:/usr/local/cuda/bin:/usr/bin' });
    expect(c.path).toEqual(['/usr/local/cuda-11.8/bin', '/usr/bin']);
    expect(c.ldLibraryPath).toEqual(['/usr/local/cuda-11.8/lib64']);
  });

  it('prints each shell (snapshot)', async () => {
    for (const shell of ['bash', 'zsh', 'fish', 'powershell']) {
      const r = await cuda(three, ['use', '12.4', '--shell', shell]);
      expect(r.code).toBe(0);
      expect(r.out).toMatchSnapshot(shell);
    }
  });

  it('--shell defaults to $SHELL; pwsh means powershell', async () => {
    expect((await cuda(three, ['use', '12.4'], { env: { SHELL: '/usr/bin/fish' } })).out).toContain('set -gx CUDA_HOME');
    expect((await cuda(three, ['use', '12.4'], { env: { SHELL: '/opt/microsoft/powershell/7/pwsh' } })).out).toContain('$env:CUDA_HOME');
    expect((await cuda(three, ['use', '12.4'], { env: {} })).out).toContain('export CUDA_HOME');
  });

  it('--json gives the change as data', async () => {
    const r = await cuda(three, ['use', '12.4', '--json']);
    const doc = JSON.parse(r.out);
    expect(doc.toolkit).toEqual({ path: '/usr/local/cuda-12.4', version: '12.4.1' });
    expect(doc.path[0]).toBe('/usr/local/cuda-12.4/bin');
    expect(doc.removed.path).toEqual(['/usr/local/cuda-11.8/bin']);
  });

  it('quotes for each shell', () => {
    const s = `/a b/it's $HOME \`x\` "q" \\n`;
    expect(quoteSh(s)).toBe(`'/a b/it'\\''s $HOME \`x\` "q" \\n'`);
    expect(quoteFish(s)).toBe(`'/a b/it\\'s $HOME \`x\` "q" \\\\n'`);
    expect(quotePwsh('it’s')).toBe(`'it’’s'`);
    expect(
      renderEnv('bash', {
        toolkit: { path: '/x', version: null } as never,
        path: ['/x/bin'],
        ldLibraryPath: ['/x/lib64'],
        cudaHome: '/x',
        removed: { path: [], ldLibraryPath: [] },
      })
        .split('\n')
        .at(-2),
    ).toMatch(/^# gpuenv/);
  });
});

describe('gpuenv cuda list', () => {
  it('--json: toolkits, how installed, what points at each, the frameworks and their toolkit', async () => {
    const r = await cuda(three, ['list', '--json']);
    expect(r.code).toBe(0);
    const doc = JSON.parse(r.out);
    expect(doc.schemaVersion).toBe(1);
    expect(doc.toolkits.map((t: { path: string; installKind: string }) => `${t.path} ${t.installKind}`)).toEqual([
      '/opt/conda/envs/cu126 conda',
      '/usr/local/cuda-12.4 deb',
      '/usr/local/cuda-11.8 runfile',
    ]);
    expect(doc.toolkits[1].active).toEqual({ path: false, cudaHome: true, symlink: true, ldLibraryPath: false });
    expect(doc.toolkits[2].active).toEqual({ path: true, cudaHome: false, symlink: false, ldLibraryPath: true });
    expect(typeof doc.toolkits[2].sizeBytes).toBe('number');
    expect(doc.toolkits[0].sizeBytes).toBeNull();
    expect(doc.symlink).toEqual({ path: '/usr/local/cuda', managedBy: 'update-alternatives', target: '/usr/local/cuda-12.4' });
    expect(doc.frameworks).toEqual([expect.objectContaining({ prefix: '/home/dev/.venv', name: 'torch', cuda: '12.4', toolkit: '/usr/local/cuda-12.4' })]);
  });

  it('text names the interrupted switch and the last one', async () => {
    const r = await cuda(fixture('cuda-interrupted'), ['list']);
    expect(r.out).toContain('An interrupted switch was found (/usr/local/.cuda.gpuenv-tmp');
    expect(r.out).toContain('Last global switch: /usr/local/cuda /usr/local/cuda-12.6 → /usr/local/cuda-11.8');
  });

  it('speaks Chinese', async () => {
    const r = await cuda(three, ['list', '--lang', 'zh-CN']);
    expect(r.out).toContain('CUDA 工具包：');
    expect(r.out).toContain('安装方式：deb');
  });
});

describe('gpuenv cuda init', () => {
  it('prints a hook per shell and rejects others', async () => {
    for (const shell of ['bash', 'zsh', 'fish', 'powershell']) {
      const r = await cuda(three, ['init', shell]);
      expect(r.code).toBe(0);
      expect(r.out).toContain('.cuda-version');
    }
    expect((await cuda(three, ['init', 'csh'])).code).toBe(2);
    expect((await cuda(three, ['init'])).code).toBe(2);
  });
});
