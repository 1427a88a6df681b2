// What people read (issue 26, item 6): one short title, no notes about gpuenv's own tables in the text (--json keeps
// them as evidence), each fact once, and "nothing recognised" only when nothing was. Texts composed for these tests.
import { beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../src/cli.js';
import { shortTitle } from '../../src/render/explain-title.js';
import { setLang } from '../../src/i18n/index.js';
import { explain } from '../helpers/explain.js';
import { fakeIo } from '../helpers/io.js';

beforeAll(() => setLang('en'));

async function run(text: string, json = false): Promise<string> {
  const io = fakeIo({}, text);
  await main(['explain', '-', ...(json ? ['--json'] : [])], { io });
  return io.stdout();
}

describe('one short title', () => {
  const long =
    'NCCL failed: P2P over PCIe hangs when ACS (PCIe Access Control Services) is on: peer-to-peer traffic goes up to the root complex. Disable ACS in the BIOS; NCCL_P2P_DISABLE=1 is a slower workaround';

  it('keeps the first clause that fits a line and opens the cause with the whole title', () => {
    const r = shortTitle(long, 'The cause.');
    expect(r.title).toBe('NCCL failed: P2P over PCIe hangs when ACS (PCIe Access Control Services) is on');
    expect(r.cause.startsWith(long)).toBe(true);
    expect(r.cause.endsWith('The cause.')).toBe(true);
  });

  it('does not repeat what the cause says already, and never cuts inside parentheses', () => {
    const r = shortTitle(long, `Because ${long.slice(long.indexOf('peer-to-peer'))}`);
    expect(r.cause.startsWith('Because')).toBe(true);
    const paren = shortTitle(
      `The driver is too old for this build of the program (needs >= 530.41.03 (Linux) / 531.61 (Windows), found 470.82.01 on this machine)`,
      '',
    );
    expect((paren.title.match(/\(/g) ?? []).length).toBe((paren.title.match(/\)/g) ?? []).length);
  });

  it('leaves a title of one line alone', () => {
    const t = 'torch 1.9.0+cu102 (CUDA 10.2) needs NVIDIA driver ≥ 440.33; this driver supports CUDA up to 10.1';
    expect(shortTitle(t, 'c')).toEqual({ title: t, cause: 'c' });
  });

  it('counts Chinese characters as two columns', () => {
    const t = `NCCL 失败：${'多卡任务在开启了 ACS 的 PCIe 交换芯片上卡住'.repeat(2)}，请在 BIOS 里关闭 ACS，或者设置 NCCL_P2P_DISABLE=1 作为较慢的临时办法`;
    const r = shortTitle(t, '原因。');
    expect(r.title.length).toBeLessThan(t.length);
    expect(r.cause).toContain(t);
  });

  it("every finding of the text output has a title of about one line; --json keeps the rule's own", async () => {
    const text = [
      'NCCL WARN Call to ibv_create_qp failed',
      'RuntimeError: NCCL error in: ProcessGroupNCCL.cpp:1269, unhandled system error, NCCL version 2.18.1',
      'Error while creating shared memory segment /dev/shm/nccl-abc (size 9637888)',
    ].join('\n');
    const titles = (await run(text)).split('\n').filter((l) => /^ {2}[✗!i] /.test(l));
    expect(titles.length).toBeGreaterThan(0);
    for (const t of titles) expect(t.replace(/\s+\[[a-z-]+\]$/, '').length, t).toBeLessThanOrEqual(140);
    const json = JSON.parse(await run(text, true)) as { findings: { title: string }[] };
    expect(json.findings.map((f) => f.title)).toEqual((await explain(text)).findings.map((f) => f.title));
  });
});

describe('notes about gpuenv’s tables and repeated lines', () => {
  // A message whose signature row rests on a representative report (bitsandbytes' wording).
  const text =
    'RuntimeError: CUDA is required but not available for bitsandbytes. Please consider installing the multi-platform enabled version of bitsandbytes';

  it('keeps the signature note in --json evidence and out of the text', async () => {
    const json = JSON.parse(await run(text, true)) as { findings: { evidence: { source: string }[]; unconfirmed?: string }[] };
    expect(json.findings.some((f) => f.evidence.some((e) => e.source.startsWith('gpuenv:error-signatures')))).toBe(true);
    expect(json.findings.some((f) => /representative|maintainer statement/.test(f.unconfirmed ?? ''))).toBe(false);
    const out = await run(text);
    expect(out).not.toContain('gpuenv:error-signatures');
    expect(out).not.toMatch(/representative|maintainer statement/);
  });

  it('states each fact once', async () => {
    for (const paste of [
      text,
      "NVIDIA-SMI has failed because it couldn't communicate with the NVIDIA driver.\nNVIDIA-SMI has failed because it couldn't communicate with the NVIDIA driver.",
      'PyTorch version: 2.1.0+cpu\nIs CUDA available: False\nGPU models and configuration: GPU 0: NVIDIA GeForce RTX 3090\ntorch 2.1.0+cpu',
    ])
      for (const f of (await explain(paste)).findings) {
        const keys = f.evidence.map((e) => `${e.fact}=${e.value}`);
        expect(new Set(keys).size, `${f.code}: ${keys.join(' | ')}`).toBe(keys.length);
      }
  });
});

describe('what the input summary says was recognised', () => {
  it('a message in prose is recognised, not "nothing recognised"', async () => {
    const out = await run("since the update NVIDIA-SMI has failed because it couldn't communicate with the NVIDIA driver");
    expect(out).toContain('Recognised: a known message (line 1)');
    expect(out).not.toContain('No known command output');
  });

  it('a symptom is recognised too', async () => {
    expect(await run('training is very slow')).toContain('a symptom (line 1)');
  });

  it('facts from prose alone: says so', async () => {
    const out = await run('I use torch 2.4.0+cu124 with driver 470.82.01');
    expect(out).toContain('the facts below were read from the text');
  });

  it('nothing at all: says nothing was recognised', async () => {
    expect(await run('lunch at noon, then a walk')).toContain('No known command output or error message was recognised.');
  });
});
