// explain as a whole: the language it speaks and the command. The causes it finds are tested per Finding family
// (driver, driver-floors, wsl, arch, frameworks, libraries, toolkits, runtime, guesses, text .test.ts), one row per paste.
import { beforeAll, describe, expect, it } from 'vitest';
import { explainText } from '../../src/explain/index.js';
import { main } from '../../src/cli.js';
import { fakeIo } from '../helpers/io.js';
import { setLang } from '../../src/i18n/index.js';

const explain = (text: string) => explainText(text);

beforeAll(() => setLang('en'));

describe('explain in another language', () => {
  it('speaks Chinese', async () => {
    setLang('zh-CN');
    const r = await explain('AssertionError: Torch not compiled with CUDA enabled');
    setLang('en');
    expect(r.findings[0]!.code).toBe('cpu-only-build');
    expect(r.findings[0]!.cause).toMatch(/[\u4e00-\u9fff]/);
  });
});

describe('gpuenv explain (command)', () => {
  it('--json is {schemaVersion, findings[]} with the documented finding fields', async () => {
    const io = fakeIo({}, 'RuntimeError: CUDA error: invalid device ordinal');
    const code = await main(['explain', '-', '--json'], { io });
    const doc = JSON.parse(io.stdout());
    expect(doc.schemaVersion).toBe(1);
    expect(Object.keys(doc.findings[0])).toEqual(expect.arrayContaining(['code', 'severity', 'title', 'cause', 'fix', 'evidence']));
    expect(doc.findings[0].code).toBe('no-gpu');
    expect(code).toBe(1);
  });

  it('empty input is a usage error with a hint, not a crash', async () => {
    const io = fakeIo({}, '');
    const code = await main(['explain'], { io });
    expect(code).toBe(2);
    expect(io.stderr()).toContain('empty');
  });

  it('a missing file is a clear message', async () => {
    const io = fakeIo();
    expect(await main(['explain', '/nonexistent/x.log'], { io })).toBe(2);
    expect(io.stderr()).toContain('ENOENT');
  });

  it('text output names what it recognised and the facts it used', async () => {
    const io = fakeIo(
      {},
      '| NVIDIA-SMI 470.82.01    Driver Version: 470.82.01    CUDA Version: 11.4     |\nRuntimeError: The NVIDIA driver on your system is too old (found version 11040).',
    );
    await main(['explain'], { io });
    expect(io.stdout()).toContain('Recognised: nvidia-smi');
    expect(io.stdout()).toContain('driver 470.82.01 (CUDA 11.4)');
    expect(io.stdout()).toContain('[driver-too-old]');
  });
});
