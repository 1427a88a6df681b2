// The errors about what the user gave (a duration, -o FILE, --root DIR): exact English, and Chinese with --lang zh-CN.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { UsageError } from '../../src/errors.js';
import { setLang } from '../../src/i18n/index.js';
import { parseDuration, parseTimeout } from '../../src/system/duration.js';
import { writeOutput } from '../../src/system/output-file.js';
import { createRealSystem } from '../../src/system/real.js';

const work = mkdtempSync(join(tmpdir(), 'gpuenv-usage-'));
writeFileSync(join(work, 'taken.txt'), 'mine');
afterAll(() => rmSync(work, { recursive: true, force: true }));
afterEach(() => setLang('en'));

async function messages(): Promise<string[]> {
  const caught = async (f: () => unknown) => {
    try {
      await f();
    } catch (error) {
      expect(error).toBeInstanceOf(UsageError);
      return (error as Error).message;
    }
    throw new Error('no error');
  };
  return [
    await caught(() => parseDuration('soon', '--every')),
    await caught(() => parseTimeout('0')),
    await caught(() => writeOutput(work, 'taken.txt', 'x', false)),
    await caught(() => writeOutput(work, '.', 'x', true)),
    await caught(() => createRealSystem({ root: join(work, 'absent'), env: {} })),
    await caught(() => createRealSystem({ root: join(work, 'taken.txt'), env: {} })),
  ];
}

describe('usage errors of the system layer', () => {
  it('read as before in English', async () => {
    expect(await messages()).toEqual([
      '--every soon: give a duration such as 30s, 5m or 1h (at most 7 days)',
      '--timeout 0: give seconds between 0 and 600, e.g. --timeout 5',
      '-o taken.txt: the file exists; add --force to replace it',
      '-o .: is a folder',
      `--root ${join(work, 'absent')}: no such folder`,
      `--root ${join(work, 'taken.txt')}: not a folder`,
    ]);
  });

  it('are Chinese with zh-CN', async () => {
    setLang('zh-CN');
    expect(await messages()).toEqual([
      '--every soon：请给出时长，如 30s、5m 或 1h（最长 7 天）',
      '--timeout 0：请给出 0 到 600 之间的秒数，如 --timeout 5',
      '-o taken.txt：文件已存在；如需覆盖请加 --force',
      '-o .：是一个目录',
      `--root ${join(work, 'absent')}：目录不存在`,
      `--root ${join(work, 'taken.txt')}：不是目录`,
    ]);
  });
});
