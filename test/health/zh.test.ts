// `gpuenv health --lang zh-CN` (issue 21): the verdict, each check's name and line, the Slurm drain's account, the
// help and the usage errors in Chinese; the JSON keeps its stable check names and the English text is unchanged.
import { lstatSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../../src/cli.js';
import { renderHealthText } from '../../src/health/render.js';
import { applySlurmDrain, type Runner } from '../../src/health/slurm.js';
import type { HealthResult } from '../../src/health/types.js';
import { setLang } from '../../src/i18n/index.js';
import { makeStyle } from '../../src/render/style.js';
import { fakeIo } from '../helpers/io.js';
import { machine, machinesDir } from '../helpers/machines.js';
import { englishRuns } from '../i18n/english.js';

function textOf(dir: string): string {
  let out = '';
  for (const e of readdirSync(dir)) {
    const p = join(dir, e);
    const st = lstatSync(p);
    if (st.isDirectory()) out += textOf(p);
    else if (st.isFile() && st.size < 4_000_000) out += `${readFileSync(p, 'utf8')}\n`;
  }
  return out;
}
const words = (s: string) => ` ${s.replace(/[^A-Za-z']+/g, ' ').trim()} `;

async function health(name: string | null, args: string[], lang: 'en' | 'zh-CN' = 'zh-CN') {
  const io = { ...fakeIo(), cwd: mkdtempSync(join(tmpdir(), 'gpuenv-health-zh-')) };
  const sys = name ? await machine(name) : undefined;
  const code = await main(['health', '--timeout', '0.3', ...args, '--lang', lang], {
    io,
    system: async () => {
      if (!sys) throw new Error('no machine');
      return sys;
    },
  });
  return { code, out: io.stdout(), err: io.stderr() };
}

/** English runs of gpuenv's own, leaving out what the machine's programs printed (the fixture's recorded outputs). */
function english(text: string, name: string | null): string[] {
  const quoted = name ? words(textOf(join(machinesDir, name))) : '';
  return englishRuns(text).filter((r) => !quoted.includes(words(r)));
}

describe('gpuenv health in Chinese', () => {
  it.each(['h200', 'hgx-no-fabric-manager', 'xid-fell-off-bus', 'ecc-uncorrectable'])('%s: every line Chinese', async (name) => {
    const r = await health(name, []);
    expect(r.code).toBeLessThan(2);
    expect(r.out).toMatch(/^gpuenv health：(健康|不健康)/);
    for (const label of ['驱动', '显存错误', '内核日志', '工作模式', '占用进程', '性能']) expect(r.out).toContain(label);
    // Why the kernel log could not be read is the probe's own account (src/probe/), quoted as it is.
    const probed = JSON.parse((await health(name, ['--json'])).out).snapshot.kernelLog?.detail ?? '';
    expect(
      english(r.out, name).filter((run) => !words(probed).includes(words(run))),
      r.out,
    ).toEqual([]);
  });

  it('the JSON keeps the check names as stable ids; the English text is as before', async () => {
    const doc = JSON.parse((await health('h200', ['--json'])).out);
    expect(doc.checks.map((c: { name: string }) => c.name)).toEqual([
      'driver',
      'gpus',
      'memory-errors',
      'kernel-log',
      'fabric',
      'modes',
      'processes',
      'performance',
    ]);
    const en = await health('h200', [], 'en');
    expect(en.out).toMatch(/^gpuenv health: HEALTHY — node h200, \d+\.\d s\n/);
    expect(en.out).toContain('  ok   memory-errors no uncorrectable ECC error, remap or retired page pending on 1 GPU(s)\n');
    // The processes check says what it looked at (it used to borrow the performance line).
    expect(en.out).toContain('  ok   processes     no process holds GPU memory or an exclusive GPU\n');
    expect(en.out).toContain('  ok   performance   PCIe links, clocks and power limits at their defaults\n');
  });

  it('help and usage errors', async () => {
    const help = await health(null, ['--help']);
    expect(help.code).toBe(0);
    const options = help.out
      .split('\n')
      .filter((l) => /^ {2}--(format|prom-textfile|nfd-|expect-gpus|slurm-drain|prolog|fail-closed|warn-exit|every|snapshot|timeout)/.test(l));
    expect(options.length).toBeGreaterThanOrEqual(12);
    expect(english(options.join('\n'), null)).toEqual([]);
    const snap = join(import.meta.dirname, '../fixtures/snapshots/h200.json');
    for (const args of [
      ['--format', 'xml'],
      ['--json', '--format', 'prom'],
      ['--expect-gpus', 'eight'],
      ['--warn-exit', '7'],
      ['--slurm-drain', '--prolog'],
      ['--snapshot', snap, '--every', '5m'],
    ]) {
      const r = await health('h200', args);
      expect(r.err, args.join(' ')).toMatch(/[\u4e00-\u9fff]/);
      expect(english(r.err, null), r.err).toEqual([]);
    }
  });

  it('the Slurm drain: what it did, in Chinese', async () => {
    const result = (status: HealthResult['status']): HealthResult => ({
      kind: 'gpuenv-health',
      schemaVersion: 1,
      node: { name: 'gpu01', engine: 'slurm', jobId: null, visibleDevices: null },
      takenAt: '',
      durationMs: 0,
      status,
      overallSeverity: 'none',
      checks: [],
      drain: [],
      retried: ['native (NVML, CUDA driver API)'],
      snapshot: null,
      findings: [],
    });
    const run =
      (show: string, fail = false): Runner =>
      async (command, args) => ({
        command,
        args,
        exitCode: fail ? null : 0,
        signal: null,
        stdout: args[0] === 'show' ? show : '',
        stderr: '',
        failed: fail,
        timedOut: fail,
        notFound: false,
        durationMs: 1,
      });
    setLang('zh-CN');
    try {
      const actions = [
        await applySlurmDrain(result('ok'), 'gpu01', false, run('NodeName=gpu01 State=IDLE Reason=maintenance [root@t]\n')),
        await applySlurmDrain(result('ok'), 'gpu01', false, run('NodeName=gpu01 State=IDLE+DRAIN Reason=gpuenv: x [root@t]\n')),
        await applySlurmDrain(result('ok'), 'gpu01', false, run('NodeName=gpu01 State=DOWN+DRAIN Reason=gpuenv: x [root@t]\n')),
        await applySlurmDrain(result('unknown'), 'gpu01', false, run('NodeName=gpu01 State=IDLE\n')),
        await applySlurmDrain(result('ok'), 'gpu01', false, run('NodeName=gpu07 State=IDLE\n')),
        await applySlurmDrain(result('ok'), 'gpu01', false, run('', true)),
        await applySlurmDrain(result('ok'), 'bad name', false, run('')),
      ];
      expect(actions.map((a) => a.action)).toEqual(['none', 'resumed', 'skipped', 'none', 'failed', 'failed', 'failed']);
      for (const a of actions) {
        const text = renderHealthText(result('ok'), makeStyle(false), a);
        expect(text).toMatch(/[\u4e00-\u9fff]/);
        expect(english(text, null), text).toEqual([]);
      }
    } finally {
      setLang('en');
    }
  });
});
