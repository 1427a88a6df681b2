// How many terminal columns a text takes: the one measure every table, pad and wrapper uses. A CJK character takes two
// columns and a combining mark none, so counting UTF-16 units (`.length`) misaligns every Chinese table.
// Rules (Unicode 17.0, tables in width-data.ts): East_Asian_Width W and F take two; Mn, Me and Cf (combining marks,
// variation selectors, the zero-width joiner) none; escape sequences and control characters none; everything else,
// East Asian Ambiguous included, one (how terminals draw it outside a CJK legacy setting). A grapheme cluster takes the
// widest of its code points, and two when it asks for emoji presentation (U+FE0F) or is a flag (two regional indicators).
import { withoutEscapes } from './terminal.js';
import { WIDE, ZERO_WIDTH } from './width-data.js';

/** Whether cp falls in one of the [first, last] pairs of a sorted flat table. */
function inRanges(table: readonly number[], cp: number): boolean {
  let lo = 0;
  let hi = table.length / 2 - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (cp < table[mid * 2]!) hi = mid - 1;
    else if (cp > table[mid * 2 + 1]!) lo = mid + 1;
    else return true;
  }
  return false;
}

/** Columns of one code point on its own: 0, 1 or 2. */
export function codePointWidth(cp: number): 0 | 1 | 2 {
  if (cp < 0x20 || (cp >= 0x7f && cp < 0xa0)) return 0;
  // Below U+0300 nothing is wide or a mark (U+00AD, the one Cf there, is drawn).
  if (cp < 0x300) return 1;
  if (inRanges(ZERO_WIDTH, cp)) return 0;
  return inRanges(WIDE, cp) ? 2 : 1;
}

const segmenter = typeof Intl.Segmenter === 'function' ? new Intl.Segmenter('en', { granularity: 'grapheme' }) : undefined;

function clusterWidth(cluster: string): number {
  let width = 0;
  let regional = 0;
  let emoji = false;
  for (const ch of cluster) {
    const cp = ch.codePointAt(0)!;
    if (cp === 0xfe0f) emoji = true;
    else if (cp >= 0x1f1e6 && cp <= 0x1f1ff) regional++;
    const w = codePointWidth(cp);
    if (w > width) width = w;
  }
  return width === 1 && (emoji || regional >= 2) ? 2 : width;
}

/** Terminal columns of text; escape sequences (colour) take none. */
export function displayWidth(text: string): number {
  const plain = withoutEscapes(text);
  if (/^[\x20-\x7e]*$/.test(plain)) return plain.length;
  let width = 0;
  if (segmenter) for (const { segment } of segmenter.segment(plain)) width += clusterWidth(segment);
  else for (const ch of plain) width += codePointWidth(ch.codePointAt(0)!);
  return width;
}

/** text followed by spaces up to `width` columns (unchanged when it is as wide already). */
export function padEndDisplay(text: string, width: number): string {
  const w = displayWidth(text);
  return w >= width ? text : text + ' '.repeat(width - w);
}

/**
 * text cut to at most `width` columns, ending in `ellipsis` when cut; never splits a grapheme cluster or leaves half of
 * a wide character. Escape sequences are dropped first: colour the result, not the input.
 */
export function truncateDisplay(text: string, width: number, ellipsis = '…'): string {
  const plain = withoutEscapes(text);
  if (displayWidth(plain) <= width) return plain;
  const room = width - displayWidth(ellipsis);
  if (room < 0) return '';
  let out = '';
  let used = 0;
  const clusters = segmenter ? Array.from(segmenter.segment(plain), (s) => s.segment) : Array.from(plain);
  for (const c of clusters) {
    const w = clusterWidth(c);
    if (used + w > room) break;
    out += c;
    used += w;
  }
  return out + ellipsis;
}
