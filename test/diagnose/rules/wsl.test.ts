// wsl through its one rule: the set-up a machine shows (a Linux driver inside WSL), and a text — its symptom (a
// message) told with what its facts show about the set-up (WSL, LD_LIBRARY_PATH, the WSL kernel), each fact and each
// command once. Texts composed here for the tests.
import { beforeAll, describe, expect, it } from 'vitest';
import { machineInput } from '../../../src/diagnose/index.js';
import { rule } from '../../../src/diagnose/rules/wsl.js';
import { explainText } from '../../../src/explain/index.js';
import { setLang } from '../../../src/i18n/index.js';
import { snapshotOf } from '../../helpers/machines.js';

beforeAll(() => setLang('en'));

const KERNEL = 'Linux pc 5.15.167.4-microsoft-standard-WSL2 #1 SMP Tue Nov 5 00:21:55 UTC 2024 x86_64 x86_64 x86_64 GNU/Linux';
const OLD_KERNEL = 'Linux version 5.10.16.3-microsoft-standard-WSL2 (oe-user@oe-host) (x86_64-msft-linux-gcc (GCC) 9.3.0) #1 SMP Fri Apr 2 22:23:49 UTC 2021';
const SMI_FAILED =
  "NVIDIA-SMI has failed because it couldn't communicate with the NVIDIA driver. Make sure that the latest NVIDIA driver is installed and running.";
const wslOf = async (lines: string[]) => (await explainText(lines.join('\n'))).findings.filter((f) => f.code === 'wsl');

describe('wsl: a machine', () => {
  it('fires on the wsl-linux-driver machine with the fix for that machine', async () => {
    const findings = rule.check(machineInput(await snapshotOf('wsl-linux-driver')));
    expect(findings).toHaveLength(1);
    const f = findings[0]!;
    expect(f.severity).toBe('error');
    expect(f.cause).toContain('/usr/lib/x86_64-linux-gnu/libnvidia-ml.so.535.183.01');
    expect(f.fix).toEqual(expect.arrayContaining(['dpkg -S /usr/lib/x86_64-linux-gnu/libnvidia-ml.so.535.183.01', 'sudo ldconfig']));
    expect(f.fix.some((l) => l.includes('wsl --shutdown'))).toBe(true);
  });

  it('gives no error or warning on the healthy h200', async () => {
    const findings = rule.check(machineInput(await snapshotOf('h200')));
    expect(findings.filter((f) => f.code === 'wsl' && f.severity !== 'info')).toEqual([]);
  });
});

describe('wsl: a text', () => {
  const rows: { name: string; lines: string[]; severity: 'error' | 'warning' | 'info'; title: string; fix?: string }[] = [
    {
      name: 'WSL shown, nothing failing: where the GPU libraries come from',
      lines: [KERNEL],
      severity: 'info',
      title: 'WSL 2: the GPU libraries come from the Windows driver in /usr/lib/wsl/lib',
    },
    {
      name: 'a distribution folder before /usr/lib/wsl/lib on LD_LIBRARY_PATH',
      lines: ['on WSL2', 'LD_LIBRARY_PATH=/usr/lib/x86_64-linux-gnu:/usr/lib/wsl/lib'],
      severity: 'error',
      title: 'WSL 2: LD_LIBRARY_PATH puts /usr/lib/x86_64-linux-gnu before /usr/lib/wsl/lib',
    },
    {
      name: '/usr/lib/wsl/lib first is fine',
      lines: ['on WSL2', 'LD_LIBRARY_PATH=/usr/lib/wsl/lib:/usr/lib/x86_64-linux-gnu'],
      severity: 'info',
      title: 'WSL 2: the GPU libraries come from the Windows driver in /usr/lib/wsl/lib',
    },
    { name: 'nvidia-smi fails inside WSL', lines: [KERNEL, SMI_FAILED], severity: 'error', title: 'WSL: the Windows NVIDIA driver is not reached from Linux' },
    {
      name: 'the symptom, with the distribution folder first: the folder is the cause',
      lines: [KERNEL, 'LD_LIBRARY_PATH=/usr/lib/x86_64-linux-gnu:/usr/lib/wsl/lib', SMI_FAILED],
      severity: 'error',
      title: 'WSL 2: LD_LIBRARY_PATH puts /usr/lib/x86_64-linux-gnu before /usr/lib/wsl/lib',
      fix: 'export LD_LIBRARY_PATH=/usr/lib/wsl/lib:$LD_LIBRARY_PATH',
    },
    {
      name: 'an old WSL kernel, from the facts alone',
      lines: [OLD_KERNEL, 'torch.cuda.is_available() returns False'],
      severity: 'error',
      title: 'The WSL 2 kernel 5.10.16.3-microsoft-standard-WSL2 is too old for CUDA',
      fix: '# PowerShell: wsl --update; wsl --shutdown   # then in WSL: uname -r',
    },
    {
      name: 'the container runtime blocks NVML',
      lines: [KERNEL, 'Failed to initialize NVML: GPU access blocked by the operating system'],
      severity: 'error',
      title: "WSL 2 container: NVML is blocked by the container runtime's cgroup setup",
    },
    {
      name: 'WSL 1',
      lines: ['I am on WSL 1 (Ubuntu 22.04)', SMI_FAILED],
      severity: 'error',
      title: 'WSL 1 has no GPU support: CUDA needs WSL 2',
      fix: 'wsl --set-version <distro> 2',
    },
  ];
  for (const row of rows) {
    it(row.name, async () => {
      const found = await wslOf(row.lines);
      expect(found).toHaveLength(1);
      const f = found[0]!;
      expect(f.severity).toBe(row.severity);
      expect(f.title).toBe(row.title);
      if (row.fix) expect(f.fix).toContain(row.fix);
      // Each fact once, each command once (also when the same command comes with a different comment).
      const facts = f.evidence.map((e) => `${e.fact}=${e.value}`);
      expect(new Set(facts).size).toBe(facts.length);
      const commands = f.fix.filter((l) => !l.startsWith('#')).map((l) => l.split('   #')[0]!.trim());
      expect(new Set(commands).size).toBe(commands.length);
      expect(f.fix.filter((l) => l.includes('wsl --update'))).toHaveLength(f.fix.some((l) => l.includes('wsl --update')) ? 1 : 0);
    });
  }

  it('LD_LIBRARY_PATH from the paste is evidence with the paste as its source', async () => {
    const [f] = await wslOf(['on WSL2', 'LD_LIBRARY_PATH=/usr/lib/x86_64-linux-gnu:/usr/lib/wsl/lib']);
    expect(f?.evidence).toContainEqual({ fact: 'LD_LIBRARY_PATH', value: '/usr/lib/x86_64-linux-gnu:/usr/lib/wsl/lib', source: 'pasted' });
  });

  it('explain --here on the wsl-linux-driver machine: the symptom told with the Linux driver it found', async () => {
    const r = await explainText(SMI_FAILED, { here: await snapshotOf('wsl-linux-driver') });
    const found = r.findings.filter((f) => f.code === 'wsl');
    expect(found).toHaveLength(1);
    expect(found[0]!.title).toBe('A Linux NVIDIA driver is installed inside WSL');
    expect(found[0]!.evidence[0]!.source).toBe('pasted (signature smi-failed)');
    expect(found[0]!.fix).toContain('dpkg -S /usr/lib/x86_64-linux-gnu/libnvidia-ml.so.535.183.01');
  });

  it('zh-CN: the sentences of the partial-facts finding are Chinese', async () => {
    setLang('zh-CN');
    try {
      const [f] = await wslOf(['on WSL2', 'LD_LIBRARY_PATH=/usr/lib/x86_64-linux-gnu:/usr/lib/wsl/lib']);
      expect(f?.title).toBe('WSL 2：LD_LIBRARY_PATH 把 /usr/lib/x86_64-linux-gnu 放在 /usr/lib/wsl/lib 之前');
      expect(f?.fix[0]).toBe('# 从 LD_LIBRARY_PATH 去掉发行版的库目录，或把 /usr/lib/wsl/lib 放在最前');
    } finally {
      setLang('en');
    }
  });
});
