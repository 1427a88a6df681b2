import { describe, expect, it } from 'vitest';
import { parsePaste } from '../../src/parse/index.js';

describe('parse: facts the independent evaluation found missing (texts written here)', () => {
  it('"cuda capability X.Y" in prose → a GPU with that compute capability', () => {
    const p = parsePaste('Found GPU1 Tesla C2050 which is of cuda capability 2.0.');
    expect(p.facts.gpus.map((g) => g.computeCapability)).toContain('2.0');
  });

  it('the value printed after `echo $LD_LIBRARY_PATH`', () => {
    const p = parsePaste('(env) me@host:~$ echo $LD_LIBRARY_PATH\n/opt/cudnn/v8.2/lib64:/usr/local/cuda-11.3/lib64\n');
    expect(p.facts.env.LD_LIBRARY_PATH).toBe('/opt/cudnn/v8.2/lib64:/usr/local/cuda-11.3/lib64');
  });

  it('markdown backticks around an export do not end up in the value', () => {
    const p = parsePaste('I added `export LD_LIBRARY_PATH=/usr/local/cuda/lib64` to .bashrc');
    expect(p.facts.env.LD_LIBRARY_PATH).toBe('/usr/local/cuda/lib64');
  });

  it('a driver line without its table frame keeps only the version, and reads the CUDA version after it', () => {
    const p = parsePaste('Driver Version: 535.183.01   CUDA Version: 12.2');
    expect(p.facts.driver.version?.value).toBe('535.183.01');
    expect(p.facts.driver.cudaVersion?.value).toBe('12.2');
  });

  it('nvidia-smi -q lines still parse', () => {
    const p = parsePaste('    Driver Version                            : 550.54.15\n    CUDA Version                              : 12.4');
    expect(p.facts.driver.version?.value).toBe('550.54.15');
    expect(p.facts.driver.cudaVersion?.value).toBe('12.4');
  });

  it('a jaxlib pin keeps its +cuda local tag', () => {
    const p = parsePaste('pip install jaxlib==0.4.25+cuda12.cudnn89 -f https://example.invalid/jax_cuda_releases.html');
    expect(p.facts.packages.find((x) => x.name === 'jaxlib')?.version).toBe('0.4.25+cuda12.cudnn89');
  });

  it('WSL is recognised from an ldconfig line, a dxcore log line and the kernel string', () => {
    for (const text of [
      'libcuda.so.1 (libc6,x86-64) => /usr/lib/wsl/lib/libcuda.so.1',
      'I0101 00:00:00.000000 1 dxcore.c:213] No Nvidia Libraries found in /usr/lib/wsl/drivers/foo.inf_amd64_0123',
      'Linux pc 6.6.36.6-microsoft-standard-WSL2 #1 SMP PREEMPT_DYNAMIC Tue Nov 5 00:21:55 UTC 2024 x86_64 x86_64 x86_64 GNU/Linux',
    ]) expect(parsePaste(text).facts.os.wsl?.value, text).toBe(true);
  });

  it('JAX\'s "Outdated cuDNN" block: the event carries loaded, built and minimum versions', () => {
    const p = parsePaste('Outdated cuDNN installation found.\nVersion JAX was built against: 9500\nMinimum supported: 9300\nInstalled version: 9100\n');
    const e = p.events.find((x) => x.signature === 'jax-cudnn-version')!;
    expect(e.groups).toMatchObject({ built: '9500', min: '9300', found: '9100' });
  });
});
