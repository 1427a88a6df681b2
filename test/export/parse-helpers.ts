// Test-side parsers for generated files: the YAML subset gpuenv writes (block maps/lists, JSON scalars,
// JSON flow lists), Dockerfile instructions, and JSON with whole-line // comments.
type Y = unknown;

interface Line {
  indent: number;
  text: string;
  no: number;
}

export function parseYamlSubset(src: string): Y {
  const lines: Line[] = src
    .split('\n')
    .map((t, i) => ({ indent: t.length - t.trimStart().length, text: t.trim(), no: i + 1 }))
    .filter((l) => l.text && !l.text.startsWith('#'));
  let i = 0;
  const scalar = (s: string, no: number): Y => {
    try {
      return JSON.parse(s);
    } catch {
      throw new Error(`line ${no}: not a JSON scalar or flow list: ${s}`);
    }
  };
  const block = (indent: number): Y => {
    const first = lines[i];
    if (!first || first.indent !== indent) throw new Error(`line ${first?.no}: expected indent ${indent}`);
    if (first.text.startsWith('- ')) {
      const list: Y[] = [];
      while (lines[i] && lines[i]!.indent === indent && lines[i]!.text.startsWith('- ')) {
        const l = lines[i]!;
        const rest = l.text.slice(2);
        if (/^("[^"]*"|[A-Za-z_][\w.-]*):( |$)/.test(rest)) {
          // a map item: re-read "- key: v" as a map line at indent + 2
          lines[i] = { indent: indent + 2, text: rest, no: l.no };
          list.push(block(indent + 2));
        } else {
          list.push(scalar(rest, l.no));
          i++;
        }
      }
      return list;
    }
    const map: Record<string, Y> = {};
    while (lines[i] && lines[i]!.indent === indent && !lines[i]!.text.startsWith('- ')) {
      const l = lines[i]!;
      const m = /^("(?:[^"\\]|\\.)*"|[A-Za-z_][\w.-]*):(?: (.*))?$/.exec(l.text);
      if (!m?.[1]) throw new Error(`line ${l.no}: not "key: value": ${l.text}`);
      const key = m[1].startsWith('"') ? (JSON.parse(m[1]) as string) : m[1];
      if (key in map) throw new Error(`line ${l.no}: duplicate key ${key}`);
      i++;
      if (m[2] !== undefined && m[2] !== '') map[key] = scalar(m[2], l.no);
      else {
        const next = lines[i];
        if (!next || next.indent <= indent) throw new Error(`line ${l.no}: ${key} has no value`);
        map[key] = block(next.indent);
      }
    }
    return map;
  };
  const doc = block(0);
  if (i !== lines.length) throw new Error(`line ${lines[i]?.no}: unexpected indentation`);
  return doc;
}

export const DOCKER_INSTRUCTIONS = [
  'FROM',
  'RUN',
  'CMD',
  'LABEL',
  'EXPOSE',
  'ENV',
  'ADD',
  'COPY',
  'ENTRYPOINT',
  'VOLUME',
  'USER',
  'WORKDIR',
  'ARG',
  'ONBUILD',
  'STOPSIGNAL',
  'HEALTHCHECK',
  'SHELL',
];

export interface Instruction {
  name: string;
  args: string;
  line: number;
}

/** Joins continuation lines; throws on anything that is not a comment, blank or known instruction. */
export function parseDockerfile(src: string): Instruction[] {
  const out: Instruction[] = [];
  const lines = src.split('\n');
  for (let i = 0; i < lines.length; i++) {
    let text = lines[i] ?? '';
    const start = i + 1;
    if (!text.trim() || text.trimStart().startsWith('#')) continue;
    while (text.endsWith('\\')) {
      i++;
      const next = lines[i];
      if (next === undefined) throw new Error(`line ${start}: continuation at end of file`);
      text = `${text.slice(0, -1)} ${next.trim()}`;
    }
    const m = /^([A-Z]+)\s+(.*)$/.exec(text);
    if (!m?.[1] || !DOCKER_INSTRUCTIONS.includes(m[1])) throw new Error(`line ${start}: not a Dockerfile instruction: ${text}`);
    out.push({ name: m[1], args: (m[2] ?? '').replace(/\s+/g, ' '), line: start });
  }
  return out;
}

export function parseJsonc(src: string): unknown {
  return JSON.parse(
    src
      .split('\n')
      .filter((l) => !l.trimStart().startsWith('//'))
      .join('\n'),
  );
}
