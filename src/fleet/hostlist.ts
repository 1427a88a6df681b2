// Node names as Slurm's hostlist writes them (`gpu[01-02,04]`), so a drift group of 40 nodes reads in one
// line and pastes into `scontrol show node` or `srun -w`.

/** Compresses names: a common prefix with numeric suffixes of one width becomes prefix[a-b,c]. */
export function hostlist(names: readonly string[]): string {
  const groups = new Map<string, { width: number; nums: number[] }>();
  const plain: string[] = [];
  for (const n of [...new Set(names)]) {
    const m = /^(.*?)(\d+)$/.exec(n);
    if (!m) {
      plain.push(n);
      continue;
    }
    const key = `${m[1]}\u0000${m[2]!.length}`;
    const g = groups.get(key) ?? { width: m[2]!.length, nums: [] };
    g.nums.push(Number(m[2]));
    groups.set(key, g);
  }
  const out: { text: string; key: string }[] = plain.map((n) => ({ text: n, key: n }));
  for (const [key, g] of groups) {
    const prefix = key.slice(0, key.indexOf('\u0000'));
    const nums = [...new Set(g.nums)].sort((a, b) => a - b);
    const pad = (n: number) => String(n).padStart(g.width, '0');
    const first = `${prefix}${pad(nums[0]!)}`;
    if (nums.length === 1) {
      out.push({ text: first, key: first });
      continue;
    }
    const ranges: string[] = [];
    for (let i = 0; i < nums.length; ) {
      let j = i;
      while (j + 1 < nums.length && nums[j + 1] === nums[j]! + 1) j++;
      ranges.push(i === j ? pad(nums[i]!) : `${pad(nums[i]!)}-${pad(nums[j]!)}`);
      i = j + 1;
    }
    out.push({ text: `${prefix}[${ranges.join(',')}]`, key: first });
  }
  // In the order of each group's first node, numbers compared as numbers.
  return out
    .sort((a, b) => a.key.localeCompare(b.key, 'en', { numeric: true }))
    .map((o) => o.text)
    .join(',');
}

const MAX_EXPANDED = 10_000;

/** Expands `gpu[01-03,05],cpu1` into names; null when the text is not a host list (or would name too many). */
export function expandHostlist(text: string): string[] | null {
  const out: string[] = [];
  // Split on commas outside brackets.
  const parts: string[] = [];
  let depth = 0;
  let cur = '';
  for (const ch of text.trim()) {
    if (ch === '[') depth++;
    if (ch === ']') depth--;
    if (depth < 0 || depth > 1) return null;
    if (ch === ',' && depth === 0) {
      parts.push(cur);
      cur = '';
    } else cur += ch;
  }
  if (depth !== 0) return null;
  parts.push(cur);
  for (const part of parts) {
    const m = /^([A-Za-z0-9._-]*)(?:\[([0-9,-]+)\]([A-Za-z0-9._-]*))?$/.exec(part);
    if (!m || part === '') return null;
    if (m[2] === undefined) {
      out.push(m[1]!);
      continue;
    }
    for (const range of m[2].split(',')) {
      const r = /^(\d+)(?:-(\d+))?$/.exec(range);
      if (!r) return null;
      const width = r[1]!.length;
      const a = Number(r[1]);
      const b = r[2] === undefined ? a : Number(r[2]);
      if (b < a || out.length + (b - a + 1) > MAX_EXPANDED) return null;
      for (let n = a; n <= b; n++) out.push(`${m[1]}${String(n).padStart(width, '0')}${m[3] ?? ''}`);
    }
  }
  return out;
}
