import { describe, expect, it } from 'vitest';
import { explainText } from '../../src/explain/index.js';
import { main } from '../../src/cli.js';
import { fakeIo } from '../helpers/io.js';
import { setLang } from '../../src/i18n/index.js';

const explain = (text: string) => explainText(text);

describe('explain: error events → ranked findings with concrete facts', () => {
  it('no kernel image on an RTX 5090 with a cu124 wheel: arch-unsupported naming sm_120 and a cu128+ wheel', async () => {
    setLang('en');
    const r = await explain([
      'NVIDIA GeForce RTX 5090 with CUDA capability sm_120 is not compatible with the current PyTorch installation.',
      'RuntimeError: CUDA error: no kernel image is available for execution on the device',
      'PyTorch version: 2.5.1+cu124',
      'Nvidia driver version: 570.86.10',
    ].join('\n'));
    const f = r.findings[0]!;
    expect(f.code).toBe('arch-unsupported');
    expect(f.title).toContain('sm_120');
    expect(f.cause).toContain('torch 2.5.1+cu124');
    expect(f.cause).toMatch(/cu1(2[89]|30)/);
    expect(f.fix.join('\n')).toContain('--index-url https://download.pytorch.org/whl/cu');
  });

  it('+cu121 on driver 470: driver-too-old with the driver floor', async () => {
    const r = await explain('torch==2.1.0+cu121\n| NVIDIA-SMI 470.82.01    Driver Version: 470.82.01    CUDA Version: 11.4     |\nRuntimeError: CUDA driver version is insufficient for CUDA runtime version');
    const f = r.findings[0]!;
    expect(f.code).toBe('driver-too-old');
    expect(f.cause).toContain('CUDA 12.1');
    expect(f.cause).toContain('470.82.01');
    expect(f.cause).toMatch(/525\.60\.13|530\.30\.02/);
  });

  it('libcudnn_ops_infer.so.8 with cuDNN 9 installed: cudnn-mismatch or library-not-found first, naming both majors', async () => {
    const r = await explain('Could not load library libcudnn_ops_infer.so.8. Error: libcudnn_ops_infer.so.8: cannot open shared object file: No such file or directory\nnvidia-cudnn-cu12==9.1.0.70');
    expect(['cudnn-mismatch', 'library-not-found']).toContain(r.findings[0]!.code);
    const all = r.findings.slice(0, 2).map((f) => f.cause).join(' ');
    expect(all).toContain('9.1.0.70');
    expect(all).toMatch(/cuDNN 8/);
  });

  it('Driver/library mismatch with both versions from dmesg', async () => {
    const r = await explain('Failed to initialize NVML: Driver/library version mismatch\nNVRM: API mismatch: the client has the version 535.154.05, but this kernel module has the version 535.129.03.');
    expect(r.findings[0]!.code).toBe('driver-library-mismatch');
    expect(r.findings[0]!.title).toContain('535.129.03');
    expect(r.findings[0]!.title).toContain('535.154.05');
  });

  it('NVIDIA-SMI failed + Key was rejected: secure-boot ranks above driver-not-loaded', async () => {
    const r = await explain("NVIDIA-SMI has failed because it couldn't communicate with the NVIDIA driver.\nmodprobe: ERROR: could not insert 'nvidia': Key was rejected by service");
    expect(r.findings[0]!.code).toBe('secure-boot');
    expect(r.findings.map((f) => f.code)).toContain('driver-not-loaded');
  });

  it('OOM: memory held by another process is named', async () => {
    const r = await explain('RuntimeError: CUDA out of memory. Tried to allocate 36.00 MiB (GPU 0; 10.76 GiB total capacity; 996.23 MiB already allocated; 8.81 MiB free; 1010.00 MiB reserved in total by PyTorch)');
    expect(r.findings[0]!.code).toBe('out-of-memory');
    expect(r.findings[0]!.cause).toContain('9.77 GiB');
  });

  it('nothing known: no findings, no throw', async () => {
    const r = await explain('hello world\nnothing to see');
    expect(r.findings).toEqual([]);
  });

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
    const io = fakeIo({}, '| NVIDIA-SMI 470.82.01    Driver Version: 470.82.01    CUDA Version: 11.4     |\nRuntimeError: The NVIDIA driver on your system is too old (found version 11040).');
    await main(['explain'], { io });
    expect(io.stdout()).toContain('Recognised: nvidia-smi');
    expect(io.stdout()).toContain('driver 470.82.01 (CUDA 11.4)');
    expect(io.stdout()).toContain('[driver-too-old]');
  });
});
