// /etc/ld.so.conf and the files it includes (ldconfig(8)): one folder per line, '#' starts a comment, `include
// <pattern>` reads further files (a relative pattern is taken from the including file's folder), `hwcap` lines are
// obsolete and ignored; a folder may carry an `=TYPE` suffix of old libc5 days (glibc elf/ldconfig.c parse_conf,
// add_dir_1). Pure: probe/ld-so-conf.ts walks the includes on a machine.

export interface LdSoConfLine {
  /** Folder as written, trailing slashes and an `=TYPE` suffix removed. */
  dir: string;
  /** The line as written, comment removed and trimmed. */
  line: string;
}

export interface LdSoConf {
  dirs: LdSoConfLine[];
  /** `include` patterns, in order, made absolute against `confDir`. */
  includes: string[];
}

export function parseLdSoConf(text: string, confDir: string): LdSoConf {
  const out: LdSoConf = { dirs: [], includes: [] };
  for (const raw of text.split('\n')) {
    const line = raw.replace(/#.*$/, '').trim();
    if (!line) continue;
    const inc = /^include\s+(.+)$/.exec(line);
    if (inc) {
      for (const pattern of inc[1]!.split(/\s+/)) out.includes.push(pattern.startsWith('/') ? pattern : `${confDir.replace(/\/+$/, '')}/${pattern}`);
      continue;
    }
    if (/^hwcap\s/i.test(line)) continue;
    const dir = line.replace(/=.*$/, '').replace(/(.)\/+$/, '$1');
    if (dir.startsWith('/')) out.dirs.push({ dir, line });
  }
  return out;
}

/** Whether a file name matches the last part of an include pattern (`*.conf`, `?`, `[…]` as glob(3) reads them). */
export function globPartMatches(pattern: string, name: string): boolean {
  let re = '';
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i]!;
    if (c === '*') re += '[^/]*';
    else if (c === '?') re += '[^/]';
    else if (c === '[') {
      const end = pattern.indexOf(']', i + 1);
      if (end < 0) re += '\\[';
      else {
        re += `[${pattern
          .slice(i + 1, end)
          .replace(/^!/, '^')
          .replace(/\\/g, '\\\\')}]`;
        i = end;
      }
    } else re += c.replace(/[.+^${}()|\\]/g, '\\$&');
  }
  // A leading dot is matched only by a pattern that starts with one (glob(3) without GLOB_PERIOD).
  if (name.startsWith('.') && !pattern.startsWith('.')) return false;
  return new RegExp(`^${re}$`).test(name);
}
