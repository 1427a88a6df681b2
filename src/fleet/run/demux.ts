// pdsh and clush write every line of every node as "node: line" on one stream; this splits them back per node.

/** Lines grouped by the node that printed them, prefixes removed, in order. */
export function demuxPrefixed(text: string): Map<string, string> {
  const out = new Map<string, string[]>();
  for (const line of text.split('\n')) {
    const m = /^([A-Za-z0-9._-]+): ?(.*)$/.exec(line);
    if (!m) continue;
    const lines = out.get(m[1]!) ?? [];
    lines.push(m[2]!);
    out.set(m[1]!, lines);
  }
  return new Map([...out].map(([k, v]) => [k, `${v.join('\n')}\n`]));
}
