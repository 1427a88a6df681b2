import { describe, expect, it } from 'vitest';
import { main } from '../../src/cli.js';
import { detectLang, parseLang } from '../../src/i18n/index.js';
import { fakeIo } from '../helpers/io.js';

describe('detectLang', () => {
  it.each([['zh_CN.UTF-8'], ['zh_CN'], ['zh_TW.UTF-8'], ['zh_SG'], ['zh_HK.Big5-HKSCS'], ['zh-Hans'], ['zh']])(
    'LANG=%s selects Chinese (Simplified: the one Chinese catalogue)',
    (locale) => {
      expect(detectLang({ LANG: locale })).toBe('zh-CN');
    },
  );

  it('reads LANGUAGE, then LC_ALL, LC_MESSAGES, LANG, as gettext does', () => {
    expect(detectLang({ LANGUAGE: 'zh_CN:en', LANG: 'en_US.UTF-8' })).toBe('zh-CN');
    expect(detectLang({ LANGUAGE: 'zh_CN:en' })).toBe('zh-CN');
    expect(detectLang({ LANGUAGE: 'en:zh_CN', LANG: 'zh_CN.UTF-8' })).toBe('en');
    // An entry gpuenv has no catalogue for is passed over.
    expect(detectLang({ LANGUAGE: 'fr:zh_TW', LANG: 'fr_FR.UTF-8' })).toBe('zh-CN');
    expect(detectLang({ LC_ALL: 'zh_CN.UTF-8', LANG: 'en_US.UTF-8' })).toBe('zh-CN');
    expect(detectLang({ LC_ALL: 'en_US.UTF-8', LC_MESSAGES: 'zh_CN.UTF-8' })).toBe('en');
    expect(detectLang({ LC_MESSAGES: 'zh_CN.UTF-8', LANG: 'en_US.UTF-8' })).toBe('zh-CN');
    expect(detectLang({ LC_ALL: '', LANG: 'zh_SG.UTF-8' })).toBe('zh-CN');
  });

  it('speaks English for C and POSIX, which silence LANGUAGE as in gettext; C.UTF-8 does not', () => {
    expect(detectLang({ LANG: 'C' })).toBe('en');
    expect(detectLang({ LC_ALL: 'POSIX', LANGUAGE: 'zh_CN' })).toBe('en');
    expect(detectLang({ LANG: 'C', LANGUAGE: 'zh_CN:en' })).toBe('en');
    expect(detectLang({ LANG: 'C.UTF-8' })).toBe('en');
    expect(detectLang({ LANG: 'C.UTF-8', LANGUAGE: 'zh_CN' })).toBe('zh-CN');
    expect(detectLang({})).toBe('en');
    expect(detectLang({ LANG: 'fr_FR.UTF-8' })).toBe('en');
    // "zhx" is no Chinese locale.
    expect(detectLang({ LANG: 'zhx' })).toBe('en');
  });

  it('lets GPUENV_LANG win over every locale variable', () => {
    expect(detectLang({ GPUENV_LANG: 'en', LANGUAGE: 'zh_CN', LC_ALL: 'zh_CN.UTF-8' })).toBe('en');
    expect(detectLang({ GPUENV_LANG: 'zh-CN', LANG: 'C' })).toBe('zh-CN');
    // A GPUENV_LANG gpuenv cannot speak is passed over.
    expect(detectLang({ GPUENV_LANG: 'de', LANG: 'zh_CN.UTF-8' })).toBe('zh-CN');
  });

  it('parses the names --lang takes', () => {
    expect(parseLang('zh-CN')).toBe('zh-CN');
    expect(parseLang('zh_TW')).toBe('zh-CN');
    expect(parseLang('en')).toBe('en');
    expect(parseLang('en_GB.UTF-8')).toBe('en');
    expect(parseLang('fr')).toBeUndefined();
    expect(parseLang('')).toBeUndefined();
  });
});

describe('the language of a run', () => {
  const help = async (env: Record<string, string | undefined>, ...args: string[]) => {
    const io = fakeIo({ GPUENV_LANG: undefined, ...env });
    await main(['compat', 'cuda', '12.4', ...args], { io });
    return io.stdout();
  };

  it('follows LANGUAGE and a zh_TW locale', async () => {
    expect(await help({ LANGUAGE: 'zh_CN:en', LANG: 'en_US.UTF-8' })).toContain('最低驱动');
    expect(await help({ LANG: 'zh_TW.UTF-8' })).toContain('最低驱动');
    expect(await help({ LANG: 'C' })).not.toContain('最低驱动');
  });

  it('lets --lang win over GPUENV_LANG and the locale', async () => {
    expect(await help({ GPUENV_LANG: 'zh-CN' }, '--lang', 'en')).not.toContain('最低驱动');
    expect(await help({ GPUENV_LANG: 'en', LANG: 'en_US.UTF-8' }, '--lang', 'zh-CN')).toContain('最低驱动');
  });
});

describe('a Chinese run names the --mirror option', () => {
  const run = async (env: Record<string, string | undefined>, args: string[]) => {
    const io = fakeIo({ GPUENV_LANG: undefined, ...env });
    const code = await main(args, { io });
    return { code, out: io.stdout(), err: io.stderr() };
  };
  const plan = ['plan', '--gpu', 'RTX 4090', '--driver', '570.86.10', '--os', 'ubuntu-24.04'];
  const exportArgs = ['export', 'requirements', '--framework', 'torch@2.5.1', '--cuda', '12.4', '--python', '3.11'];

  it('plan says it once, in Chinese only, and not when a mirror is chosen', async () => {
    const zh = await run({ LANG: 'zh_CN.UTF-8' }, plan);
    expect(zh.code).toBe(0);
    expect(zh.out.match(/--mirror tuna\|aliyun\|ustc\|sjtu/g)).toHaveLength(1);
    expect((await run({ LANG: 'en_US.UTF-8' }, [...plan, '--lang', 'zh-CN'])).out).toContain('--mirror tuna|aliyun|ustc|sjtu');
    expect((await run({ LANG: 'zh_CN.UTF-8' }, [...plan, '--mirror', 'tuna'])).out).not.toContain('--mirror tuna|aliyun');
    expect((await run({ LANG: 'en_US.UTF-8' }, plan)).out).not.toContain('--mirror');
    expect((await run({ LANG: 'zh_CN.UTF-8' }, [...plan, '--lang', 'en'])).out).not.toContain('--mirror');
  });

  it('export says it on stderr, so that stdout holds only the file', async () => {
    const zh = await run({ LANG: 'zh_CN.UTF-8', SOURCE_DATE_EPOCH: '0' }, exportArgs);
    const en = await run({ LANG: 'en_US.UTF-8', SOURCE_DATE_EPOCH: '0' }, exportArgs);
    expect(zh.code).toBe(0);
    expect(zh.err).toContain('plan --mirror tuna|aliyun|ustc|sjtu');
    expect(en.err).not.toContain('--mirror');
    expect(zh.out).not.toContain('--mirror');
    expect(zh.out).toContain('--extra-index-url https://download.pytorch.org/whl/cu124');
    expect((await run({ LANG: 'zh_CN.UTF-8' }, [...exportArgs, '--json'])).err).not.toContain('--mirror');
  });
});
