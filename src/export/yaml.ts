// A small YAML writer: block mappings and sequences whose scalars are JSON (double-quoted strings, numbers,
// booleans) and short lists as JSON flow sequences, so every file is plain YAML 1.2 with no quoting traps.
export type YamlValue = string | number | boolean | null | YamlValue[] | { [key: string]: YamlValue | undefined };

/** A key with a comment line above it: `{ [comment('why')]: … }` is awkward, so comments go in a side table. */
export interface YamlOptions {
  /** Comments printed above a key, by dotted path ("services.train.ipc"). */
  comments?: Record<string, string>;
}

const PLAIN_KEY = /^[A-Za-z_][A-Za-z0-9_.-]*$/;

function scalar(v: string | number | boolean | null): string {
  return JSON.stringify(v);
}

function isFlowList(v: YamlValue[]): boolean {
  return v.every((x) => x === null || typeof x !== 'object') && JSON.stringify(v).length <= 60;
}

function key(k: string): string {
  return PLAIN_KEY.test(k) ? k : JSON.stringify(k);
}

export function toYaml(value: { [key: string]: YamlValue | undefined }, options: YamlOptions = {}): string {
  const out: string[] = [];
  writeMap(value, 0, '', out, options);
  return `${out.join('\n')}\n`;
}

function writeMap(map: { [key: string]: YamlValue | undefined }, indent: number, path: string, out: string[], o: YamlOptions): void {
  const pad = ' '.repeat(indent);
  for (const [k, v] of Object.entries(map)) {
    if (v === undefined) continue;
    const p = path ? `${path}.${k}` : k;
    const c = o.comments?.[p];
    if (c) for (const line of c.split('\n')) out.push(`${pad}# ${line}`);
    if (Array.isArray(v)) {
      if (v.length === 0 || isFlowList(v)) out.push(`${pad}${key(k)}: ${JSON.stringify(v)}`);
      else {
        out.push(`${pad}${key(k)}:`);
        writeList(v, indent + 2, p, out, o);
      }
    } else if (v !== null && typeof v === 'object') {
      if (Object.keys(v).length === 0) out.push(`${pad}${key(k)}: {}`);
      else {
        out.push(`${pad}${key(k)}:`);
        writeMap(v, indent + 2, p, out, o);
      }
    } else out.push(`${pad}${key(k)}: ${scalar(v)}`);
  }
}

function writeList(list: YamlValue[], indent: number, path: string, out: string[], o: YamlOptions): void {
  const pad = ' '.repeat(indent);
  for (const item of list) {
    if (Array.isArray(item)) {
      out.push(`${pad}- ${JSON.stringify(item)}`);
    } else if (item !== null && typeof item === 'object') {
      // "- " then the first key on the same line, the rest indented under it.
      const sub: string[] = [];
      writeMap(item, indent + 2, path, sub, o);
      const first = sub.findIndex((l) => !l.trimStart().startsWith('#'));
      for (let i = 0; i < sub.length; i++) {
        const line = sub[i] ?? '';
        out.push(i === first ? `${pad}- ${line.slice(indent + 2)}` : line);
      }
    } else out.push(`${pad}- ${scalar(item)}`);
  }
}
