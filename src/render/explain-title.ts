// One short title per finding in explain's text: a rule's title sometimes carries its whole reading ("NCCL failed: P2P
// over PCIe hangs … Disable ACS …"). The title keeps its first clause that fits a line; the whole title then opens the
// cause, so nothing it said is lost.
import { displayWidth } from './width.js';

/** Columns a title may take: about a terminal line, with the severity mark and the code. */
const MAX_WIDTH = 120;
const MIN_WIDTH = 24;

/** A cut inside parentheses leaves one open. */
const balanced = (s: string) => (s.match(/[(（]/g)?.length ?? 0) === (s.match(/[)）]/g)?.length ?? 0);

/** Where a title may be cut, strongest first: a sentence, a semicolon, a colon, a comma, a parenthesis. */
const BREAKS: readonly RegExp[] = [/[.。!?](?:\s|$)/g, /[;；]\s?/g, /[:：]\s/g, /[,，]\s?/g, /\s\(/g];

export function shortTitle(title: string, cause: string): { title: string; cause: string } {
  if (displayWidth(title) <= MAX_WIDTH && !/[.。]\s+\S/.test(title)) return { title, cause };
  for (const re of BREAKS) {
    let best: number | undefined;
    for (const m of title.matchAll(re)) {
      const head = title.slice(0, m.index).trimEnd();
      const w = displayWidth(head);
      if (w >= MIN_WIDTH && w <= MAX_WIDTH && balanced(head)) best = m.index;
    }
    if (best === undefined) continue;
    const head = title.slice(0, best).trimEnd();
    const rest = title
      .slice(best)
      .replace(/^[.。!?;；:：,，]?\s*/, '')
      .trim();
    if (!rest) return { title: head, cause };
    // The cause often says the same already: then the title's rest adds nothing to it.
    const said = cause.includes(rest.slice(0, Math.min(40, rest.length)));
    const sentence = /[.。!?]$/.test(title.trim()) ? title.trim() : `${title.trim()}${/[\u4e00-\u9fff]/.test(title) ? '。' : '.'}`;
    return { title: head, cause: said ? cause : `${sentence} ${cause}`.trim() };
  }
  return { title, cause };
}
