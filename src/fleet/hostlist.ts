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
  return out.sort((a, b) => a.key.localeCompare(b.key, 'en', { numeric: true })).map((o) => o.text).join(',');
}
