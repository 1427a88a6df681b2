// One message catalogue per area, English and Simplified Chinese; every user-facing sentence goes through one.

export type Lang = 'en' | 'zh-CN';
export const LANGS: readonly Lang[] = ['en', 'zh-CN'];

let current: Lang = 'en';

export function setLang(lang: Lang): void {
  current = lang;
}

export function getLang(): Lang {
  return current;
}

/** GPUENV_LANG wins; otherwise a zh locale (LC_ALL, LC_MESSAGES, LANG) selects Chinese. */
export function detectLang(env: Readonly<Record<string, string | undefined>>): Lang {
  const explicit = parseLang(env.GPUENV_LANG);
  if (explicit) return explicit;
  const locale = env.LC_ALL || env.LC_MESSAGES || env.LANG || '';
  return /^zh/i.test(locale) ? 'zh-CN' : 'en';
}

export function parseLang(value: string | undefined): Lang | undefined {
  if (!value) return undefined;
  const v = value.toLowerCase();
  if (v === 'en' || v.startsWith('en_') || v.startsWith('en-')) return 'en';
  if (v.startsWith('zh')) return 'zh-CN';
  return undefined;
}

export type Vars = Record<string, string | number>;
export type Messages<K extends string> = { en: Record<K, string>; 'zh-CN': Partial<Record<K, string>> };

/** Returns a lookup bound to the current language, falling back to English; `{name}` placeholders are filled from vars. */
export function defineMessages<K extends string>(table: Messages<K>): (key: K, vars?: Vars) => string {
  return (key, vars) => format(table[current][key] ?? table.en[key], vars);
}

export function format(template: string, vars?: Vars): string {
  if (!vars) return template;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in vars ? String(vars[name]) : whole));
}
