// Property test: random bytes, mutated real logs, a 50 MB input and pathological lines never throw and stay fast.
import { describe, expect, it } from 'vitest';
import { prng } from '../helpers/prng.js';
import { explainText } from '../../src/explain/index.js';
import { parsePaste } from '../../src/parse/index.js';
import { errorSignatures } from '../../src/knowledge/error-signatures.js';

const SEEDS = [
  'RuntimeError: CUDA error: no kernel image is available for execution on the device',
  'NVIDIA GeForce RTX 5090 with CUDA capability sm_120 is not compatible with the current PyTorch installation.',
  '| NVIDIA-SMI 570.86.10              Driver Version: 570.86.10      CUDA Version: 12.8     |',
  '|   0  NVIDIA GeForce RTX 4090        Off |   00000000:01:00.0  On |                  Off |',
  'PyTorch version: 2.5.1+cu124\nCUDA used to build PyTorch: 12.4\nGPU models and configuration: GPU 0: NVIDIA A100-SXM4-80GB',
  'RuntimeError: CUDA out of memory. Tried to allocate 20.00 MiB (GPU 0; 7.79 GiB total capacity; 6.84 GiB already allocated; 4.31 MiB free; 6.96 GiB reserved in total by PyTorch)',
  "Could not load dynamic library 'libcudnn.so.8'; dlerror: libcudnn.so.8: cannot open shared object file",
  'NCCL WARN Error while creating shared memory segment /dev/shm/nccl-x (size 9637888)',
  'The detected CUDA version (11.8) mismatches the version that was used to compile\nPyTorch (12.1).',
  '<nvidia_smi_log><driver_version>535.1</driver_version><gpu id="0"><product_name>X</product_name></gpu></nvidia_smi_log>',
];

function mutate(text: string, rnd: () => number): string {
  const chars = [...text];
  const n = 1 + Math.floor(rnd() * 8);
  for (let i = 0; i < n; i++) {
    const at = Math.floor(rnd() * (chars.length + 1));
    const op = rnd();
    if (op < 0.3) chars.splice(at, 1);
    else if (op < 0.6) chars.splice(at, 0, String.fromCharCode(Math.floor(rnd() * 0xffff)));
    else if (op < 0.8) chars.splice(at, 0, ...' (((((((((((((((((( 1.1.1.1.1.1.1 sm_sm_sm_'.slice(0, Math.floor(rnd() * 40)));
    else chars.splice(at, 0, '\n');
  }
  return chars.join('');
}

describe('explain never throws and stays bounded', () => {
  it('random bytes and mutated real messages (600 inputs)', async () => {
    const rnd = prng(20261130);
    const t0 = Date.now();
    for (let i = 0; i < 300; i++) {
      const bytes = new Uint8Array(Math.floor(rnd() * 4000));
      for (let j = 0; j < bytes.length; j++) bytes[j] = Math.floor(rnd() * 256);
      await expect(explainText(bytes)).resolves.toBeDefined();
    }
    for (let i = 0; i < 300; i++) {
      const base = Array.from({ length: 1 + Math.floor(rnd() * 4) }, () => SEEDS[Math.floor(rnd() * SEEDS.length)]!).join('\n');
      await expect(explainText(mutate(base, rnd))).resolves.toBeDefined();
    }
    expect(Date.now() - t0).toBeLessThan(20_000);
  });

  it('pathological lines: every signature hint repeated on a 1 MB line, deep nesting, no newline', () => {
    const hints = errorSignatures()
      .flatMap((s) => s.hints)
      .join(' ');
    const cases = [
      hints.repeat(Math.ceil(1_000_000 / hints.length)),
      '('.repeat(500_000) + ')'.repeat(500_000),
      'sm_'.repeat(300_000),
      'NVIDIA GeForce RTX '.repeat(60_000),
      `Could not load library lib${'a'.repeat(900_000)}`,
      `${'| '.repeat(400_000)}NVIDIA-SMI`,
    ];
    for (const text of cases) {
      const t0 = Date.now();
      expect(() => parsePaste(text)).not.toThrow();
      expect(Date.now() - t0).toBeLessThan(3000);
    }
  });

  it('a 50 MB log is read by head and tail in bounded time', async () => {
    const line = '2026-11-30 12:00:00 INFO step 1234 loss 0.123 lr 3e-4 tokens/s 12345 NCCL INFO Channel 00 : 0[0] -> 1[1] via P2P/IPC\n';
    const body = Buffer.from(line.repeat(Math.ceil((50 * 1024 * 1024) / line.length)));
    const tail = Buffer.from('RuntimeError: CUDA error: no kernel image is available for execution on the device\n');
    const t0 = Date.now();
    const r = await explainText(Buffer.concat([body, tail]));
    expect(Date.now() - t0).toBeLessThan(15_000);
    expect(r.parsed.input.droppedBytes).toBeGreaterThan(40 * 1024 * 1024);
    expect(r.findings[0]?.code).toBe('arch-unsupported');
  });
});
