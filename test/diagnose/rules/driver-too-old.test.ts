import { afterEach, describe, expect, it } from 'vitest';
import { machineInput } from '../../../src/diagnose/index.js';
import { rule } from '../../../src/diagnose/rules/driver-too-old.js';
import { explainText } from '../../../src/explain/index.js';
import { setLang } from '../../../src/i18n/index.js';
import { snapshotOf } from '../../helpers/machines.js';
import { buildSnapshot, driver, env, gpu, pkg } from '../../helpers/snapshot-builder.js';
import type { Snapshot } from '../../../src/snapshot/types.js';

const check = (s: Snapshot) => rule.check(machineInput(s));
/** Driver versions in a text ("525.60.13", "550.54.14"). */
const floors = (lines: string[]) => [...new Set(lines.join('\n').match(/\b\d{3}\.\d{2,3}(?:\.\d{2})?\b/g) ?? [])];

afterEach(() => setLang('en'));

describe('driver-too-old over a Snapshot', () => {
  it('torch 2.11.0+cu130 on driver 570.86.10 → needs ≥ 580.65.06, or the cu128 build', () => {
    const s = buildSnapshot({ driver: driver('570.86.10'), gpus: [gpu('NVIDIA GeForce RTX 5090', '12.0')], python: [env([pkg('torch', '2.11.0+cu130')])] });
    const [f] = check(s);
    expect(f?.severity).toBe('error');
    expect(f?.title).toBe('torch 2.11.0+cu130 (CUDA 13.0) needs NVIDIA driver ≥ 580.65.06; this driver is 570.86.10');
    expect(f?.cause).toContain('supports at most CUDA 12.8');
    // Blackwell runs on the open kernel modules only: Ubuntu's -open package.
    expect(f?.fix).toContain('sudo apt-get install -y nvidia-driver-580-open');
    expect(f?.fix).toContain('/opt/torch/.venv/bin/python -m pip install torch==2.11.0 --index-url https://download.pytorch.org/whl/cu128');
  });

  it('minor version compatibility: torch cu128 on a 12.2 driver is fine', () => {
    const s = buildSnapshot({ driver: driver('535.104.05'), gpus: [gpu('NVIDIA A100-SXM4-80GB', '8.0')], python: [env([pkg('torch', '2.11.0+cu128')])] });
    expect(check(s)).toEqual([]);
  });

  it('RTX 3060 + driver 470 + torch 2.1.0+cu121 → cu118 of the same release', () => {
    const s = buildSnapshot({
      driver: driver('470.256.02'),
      gpus: [gpu('NVIDIA GeForce RTX 3060', '8.6')],
      python: [env([pkg('torch', '2.1.0+cu121')], { version: { value: '3.10.12', source: 'x' } })],
    });
    const [f] = check(s);
    expect(f?.title).toContain('≥ 525.60.13');
    expect(f?.fix).toContain('/opt/torch/.venv/bin/python -m pip install torch==2.1.0 --index-url https://download.pytorch.org/whl/cu118');
  });

  it('PTX JIT of newer PTX is not covered by minor version compatibility', () => {
    const p = pkg('torch', '2.9.0+cu129', { archs: { sass: ['sm_80', 'sm_90'], ptx: ['compute_90'], files: [], source: 'fatbin' } });
    const s = buildSnapshot({ driver: driver('550.54.14'), gpus: [gpu('NVIDIA GeForce RTX 5090', '12.0')], python: [env([p])] });
    const [f] = check(s);
    expect(f?.cause).toContain('PTX');
    expect(f?.title).toContain('≥ 575.51.03');
  });

  it('WSL: update the Windows driver; no facts → nothing', () => {
    const s = buildSnapshot({ os: { wsl: { value: true, source: 'x' } }, driver: driver('470.256.02'), python: [env([pkg('torch', '2.11.0+cu130')])] });
    expect(check(s)[0]?.fix[1]).toMatch(/^# .*Windows host/);
    expect(check(buildSnapshot({ python: [env([pkg('torch', '2.11.0+cu130')])] }))).toEqual([]);
  });

  it('a whole machine: torch 2.5.1+cu124 on driver 470.256.02', async () => {
    const [f, ...more] = check(await snapshotOf('torch-cu118-old-driver'));
    expect(more).toEqual([]);
    expect(f?.title).toBe('torch 2.5.1+cu124 (CUDA 12.4) needs NVIDIA driver ≥ 525.60.13; this driver is 470.256.02');
    expect(f?.cause).toContain('550.54.14 for every CUDA 12.4 feature');
  });
});

/** A run that failed the way issue 17 shows: torch's message with the driver's CUDA only, and the wheel in a pip list. */
const tooOld = [
  'Traceback (most recent call last):',
  '  File "/srv/app/train.py", line 12, in <module>',
  '    x = torch.zeros(8).cuda()',
  'RuntimeError: The NVIDIA driver on your system is too old (found version 11040). Please update your GPU driver by downloading and installing a new version from the URL: http://www.nvidia.com/Download/index.aspx',
  '$ pip list | grep torch',
  'torch                    2.5.1+cu124',
].join('\n');

describe('driver-too-old over a paste', () => {
  it.each(['en', 'zh-CN'] as const)('issue 17 (%s): one finding, one minimum driver, each fact once', async (lang) => {
    setLang(lang);
    const r = await explainText(tooOld);
    const mine = r.findings.filter((f) => f.code === 'driver-too-old');
    expect(mine).toHaveLength(1);
    const f = mine[0]!;
    expect(r.findings[0]).toBe(f);
    // The minimum for a CUDA 12.4 wheel is CUDA 12's minor-version-compatibility floor; 550.54.14 (12.4's own driver) is
    // named once, in the same sentence, for every feature — never as a second floor in the fix.
    expect(f.title).toContain('525.60.13');
    expect(floors(f.fix).filter((v) => v === '525.60.13' || v === '550.54.14')).toEqual(['525.60.13']);
    expect(f.cause.split('550.54.14')).toHaveLength(2);
    // The text does not show the OS: Ubuntu's commands, marked as such; 525 is a transitional package, 535 the branch kept.
    expect(f.fix.filter((l) => /nvidia-driver-\d+/.test(l))).toEqual(['sudo apt-get install -y nvidia-driver-535']);
    expect(f.fix.some((l) => l.startsWith('# ') && /Ubuntu/.test(l) && /Fedora/.test(l))).toBe(true);
    // Each fact once: one line for torch, one for what the driver supports.
    const values = f.evidence.map((e) => e.value);
    expect(new Set(values).size).toBe(values.length);
    expect(values.filter((v) => v === '2.5.1+cu124')).toHaveLength(1);
    expect(values.filter((v) => v === '11.4')).toHaveLength(1);
    // Only the driver's CUDA is known: it is never printed as the driver's version.
    const text = [f.title, f.cause, ...f.fix, ...f.evidence.map((e) => `${e.fact} ${e.value}`)].join('\n');
    expect(text).not.toMatch(/this driver: 11\.4|driver is 11\.4|CUDA version it supports|当前驱动：11\.4|当前驱动是 11\.4/);
    if (lang === 'en') {
      expect(f.title).toBe('torch 2.5.1+cu124 (CUDA 12.4) needs NVIDIA driver ≥ 525.60.13; this driver supports CUDA up to 11.4');
      expect(f.cause).toContain('CUDA 12.x runs on drivers ≥ 525.60.13 (minor version compatibility; 550.54.14 for every CUDA 12.4 feature)');
      expect(f.cause).toContain('its version is not known');
    } else {
      expect(f.title).toBe('torch 2.5.1+cu124（CUDA 12.4）需要 NVIDIA 驱动 ≥ 525.60.13；当前驱动最高只支持 CUDA 11.4');
      expect(f.cause).toContain('不知道驱动版本号');
      expect(f.evidence.map((e) => e.fact)).toContain('NVIDIA 驱动支持的最高 CUDA');
      // No English sentence inside the Chinese ones (commands and quoted error messages aside).
      for (const l of [f.title, f.cause, ...f.fix.filter((x) => x.startsWith('# '))]) expect(l).not.toMatch(/\b(?:the|driver|upgrade|install)\b(?![^"]*")/i);
    }
  });

  it.each([
    {
      name: "the container runtime's check needs the full driver (minor version compatibility does not pass it)",
      text: [
        'docker: Error response from daemon: failed to create task for container: nvidia-container-cli: requirement error: unsatisfied condition: cuda>=12.8, please update your driver to a newer version, or use an earlier cuda container: unknown.',
        '| NVIDIA-SMI 550.127.05             Driver Version: 550.127.05     CUDA Version: 12.4     |',
      ],
      title: 'the container image (CUDA 12.8) needs NVIDIA driver ≥ 570.26; this driver is 550.127.05',
      fix: 'NVIDIA_DISABLE_REQUIRE=1',
    },
    {
      name: 'CUDA 10 has no minor version compatibility: a 10.1 driver does not run a 10.2 wheel',
      text: ['UserWarning: CUDA initialization: The NVIDIA driver on your system is too old (found version 10010).', 'torch==1.7.1+cu102'],
      title: 'torch 1.7.1+cu102 (CUDA 10.2) needs NVIDIA driver ≥ 440.33; this driver supports CUDA up to 10.1',
      fix: 'sudo apt-get install -y nvidia-driver-470',
    },
  ])('$name', async ({ text, title, fix }) => {
    const r = await explainText(text.join('\n'));
    const f = r.findings.find((x) => x.code === 'driver-too-old');
    expect(f?.title).toBe(title);
    expect(f!.cause).not.toContain('minor version compatibility;');
    expect(f!.fix.some((l) => l.includes(fix))).toBe(true);
  });
});
