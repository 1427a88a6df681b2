// Prose wrapped to the terminal it is printed on. The width is read once by the command layer (outputWidth) and given
// to renderers; a line is broken at spaces, and in Chinese between characters, but never inside a command, a path or a
// URL: a person copies those, and a cut one no longer works.
import { codePointWidth, displayWidth } from './width.js';

/** Columns when neither the terminal nor COLUMNS says (a pipe, a file, a test). */
export const DEFAULT_WIDTH = 100;
/** Prose never gets fewer columns than this, whatever the terminal says. */
const MIN_ROOM = 20;

/** The width of text for people: the terminal's columns when stdout is one, else COLUMNS when numeric, else 100. */
export function outputWidth(out: { columns?: number | undefined; env: Readonly<Record<string, string | undefined>> }): number {
  if (out.columns !== undefined && Number.isInteger(out.columns) && out.columns > 0) return out.columns;
  const env = out.env.COLUMNS?.trim();
  if (env && /^\d{1,4}$/.test(env) && Number(env) > 0) return Number(env);
  return DEFAULT_WIDTH;
}

// No line starts with closing punctuation, and none ends with opening punctuation (Chinese typesetting, and English too).
const CLOSING = /^[，。、；：！？）》」』】〕〉”’,.;:!?)\]}%…]/u;
const OPENING = /[（《「『【〔〈“‘([{]$/u;
// A command, path or URL: kept whole even when longer than a line.
const UNBREAKABLE = /[/\\=]|:\/\//;
// A command in backticks stays whole. A quoted span ("…", “…”, 「…」, or '…' opening after no letter and closing
// before none, so that "driver's" is no quote) stays whole when it fits a line; a longer one is a quoted message, wrapped.
const QUOTED = /(`[^`\n]+`)|"[^"\n]+"|“[^”\n]+”|「[^」\n]+」|(?<![\p{L}\p{N}])'[^'\n]+'(?![\p{L}\p{N}])/gu;

const isWide = (ch: string | undefined) => ch !== undefined && codePointWidth(ch.codePointAt(0)!) === 2;
const isCjk = (ch: string) => isWide(ch) || CLOSING.test(ch);

/** A piece no line break falls inside; `space` says whether a space stands before it. */
interface Piece {
  text: string;
  space: boolean;
}

/**
 * A run without spaces in pieces: each wide character alone (Chinese breaks between characters), other text in one
 * piece. A run holding a path or URL keeps its middle whole, CJK inside it included (/home/张三/venv); only the Chinese
 * before and after it is split ("检查/usr/local/cuda的软链接").
 */
function splitRun(run: string): string[] {
  const chars = Array.from(run);
  let start = chars.length;
  let end = chars.length;
  if (UNBREAKABLE.test(run)) {
    start = 0;
    while (start < end && isCjk(chars[start]!)) start++;
    while (end > start && isCjk(chars[end - 1]!)) end--;
  }
  const out: string[] = [];
  let word = '';
  chars.forEach((ch, i) => {
    if ((i < start || i >= end) && isWide(ch)) {
      if (word) out.push(word);
      out.push(ch);
      word = '';
    } else word += ch;
  });
  if (word) out.push(word);
  return out;
}

function pieces(paragraph: string, room: number): Piece[] {
  const out: Piece[] = [];
  let space = false;
  const add = (parts: string[]) => {
    parts.forEach((text, i) => out.push({ text, space: i === 0 && space }));
    space = false;
  };
  const words = (text: string) => {
    for (const token of text.split(/(\s+)/)) {
      if (/^\s+$/.test(token)) space = true;
      else if (token) add(splitRun(token));
    }
  };
  let last = 0;
  for (const m of paragraph.matchAll(QUOTED)) {
    words(paragraph.slice(last, m.index));
    if (m[1] || displayWidth(m[0]) <= room) add([m[0]]);
    else words(m[0]);
    last = m.index + m[0].length;
  }
  words(paragraph.slice(last));
  return out;
}

/** Glues pieces no break may fall between: before closing punctuation, after opening, and between two non-CJK pieces. */
function chunks(ps: Piece[]): Piece[] {
  const out: Piece[] = [];
  for (const p of ps) {
    const prev = out[out.length - 1];
    if (prev && !p.space && (CLOSING.test(p.text) || OPENING.test(prev.text) || (!isWide(prev.text.at(-1)) && !isWide(p.text[0])))) prev.text += p.text;
    else out.push({ ...p });
  }
  return out;
}

/**
 * Prose wrapped to `width` columns under `indent` spaces. Lines of the text stay apart; runs of spaces become one; a
 * piece wider than the line (a long URL) gets a line of its own, whole.
 */
export function wrapText(text: string, width: number, indent = 0): string[] {
  const room = Math.max(MIN_ROOM, width - indent);
  const lines: string[] = [];
  for (const paragraph of text.split('\n')) {
    let line = '';
    let used = 0;
    for (const c of chunks(pieces(paragraph, room))) {
      const w = displayWidth(c.text);
      const sep = line && c.space ? 1 : 0;
      if (line && used + sep + w > room) {
        lines.push(line);
        line = c.text;
        used = w;
      } else {
        line += (sep ? ' ' : '') + c.text;
        used += sep + w;
      }
    }
    if (line) lines.push(line);
  }
  return lines.map((l) => ' '.repeat(indent) + l);
}
