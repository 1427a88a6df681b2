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

/**
 * The language of a run before --lang (which wins over all): GPUENV_LANG, else the locale as gettext reads it for
 * messages: LANGUAGE (a colon list; its first entry gpuenv has a catalogue for), then the first set of LC_ALL,
 * LC_MESSAGES, LANG. Any Chinese locale (zh_CN, zh_SG, zh_TW, zh_HK, zh-Hans, zh) selects Chinese, which is Simplified,
 * the only Chinese catalogue. A locale of exactly C or POSIX is English and, as in gettext, silences LANGUAGE (C.UTF-8
 * does not); unlike gettext, LANGUAGE still counts when no locale is set at all (gpuenv writes UTF-8 either way).
 */
export function detectLang(env: Readonly<Record<string, string | undefined>>): Lang {
  const explicit = parseLang(env.GPUENV_LANG);
  if (explicit) return explicit;
  const locale = env.LC_ALL || env.LC_MESSAGES || env.LANG || '';
  if (locale === 'C' || locale === 'POSIX') return 'en';
  if (env.LANGUAGE) {
    for (const entry of env.LANGUAGE.split(':')) {
      const lang = localeLang(entry);
      if (lang) return lang;
    }
  }
  return localeLang(locale) ?? 'en';
}

/** zh… → Chinese, en… → English, anything else (fr_FR, C) → none. */
function localeLang(locale: string): Lang | undefined {
  if (/^zh(?:[-_.@]|$)/i.test(locale)) return 'zh-CN';
  if (/^en(?:[-_.@]|$)/i.test(locale)) return 'en';
  return undefined;
}

/** A language given by name (--lang, GPUENV_LANG): en, zh-CN, or a locale such as en_US.UTF-8 or zh_TW. */
export function parseLang(value: string | undefined): Lang | undefined {
  return value ? localeLang(value.trim()) : undefined;
}

export type Vars = Record<string, string | number>;
// Chinese is required by the type: a key without zh-CN text does not compile.
export type Messages<K extends string> = { en: Record<K, string>; 'zh-CN': Record<K, string> };

/** A lookup bound to the current language; `table` is the catalogue itself (test/i18n checks every one). */
export type Lookup<K extends string> = ((key: K, vars?: Vars) => string) & { readonly table: Messages<K> };

/** Returns a lookup bound to the current language; `{name}` placeholders are filled from vars. */
export function defineMessages<K extends string>(table: Messages<K>): Lookup<K> {
  const lookup = (key: K, vars?: Vars) => format(table[current][key] ?? table.en[key], vars);
  return Object.assign(lookup, { table });
}

export function format(template: string, vars?: Vars): string {
  if (!vars) return template;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in vars ? String(vars[name]) : whole));
}

/** A section of a folder's catalogue (`<folder>/messages/<section>.ts`): a typed table, zh-CN required as in defineMessages. */
export function section<K extends string>(table: Messages<K>): Messages<K> {
  return table;
}

/** The keys of a catalogue made of sections: `<section>.<key>`. */
export type SectionKeys<S extends Record<string, Messages<string>>> = {
  [N in keyof S & string]: `${N}.${keyof S[N]['en'] & string}`;
}[keyof S & string];

/** One lookup over a folder's sections (`msg('busy.evProcess')`): the prefixed en and zh-CN tables are built once. */
export function defineCatalogue<S extends Record<string, Messages<string>>>(sections: S): Lookup<SectionKeys<S>> {
  const table: Messages<string> = { en: {}, 'zh-CN': {} };
  for (const [name, part] of Object.entries(sections)) {
    for (const lang of LANGS) for (const [key, text] of Object.entries(part[lang])) table[lang][`${name}.${key}`] = text;
  }
  return defineMessages(table as Messages<SectionKeys<S>>);
}
