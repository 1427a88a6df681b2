// Colour only when asked for (a TTY without NO_COLOR); everything else is plain text.
import { styleText } from 'node:util';
import { displayWidth, padEndDisplay } from './width.js';

export interface Style {
  bold(s: string): string;
  dim(s: string): string;
  red(s: string): string;
  yellow(s: string): string;
  green(s: string): string;
  cyan(s: string): string;
}

const plain: Style = { bold: (s) => s, dim: (s) => s, red: (s) => s, yellow: (s) => s, green: (s) => s, cyan: (s) => s };

export function makeStyle(color: boolean): Style {
  if (!color) return plain;
  return {
    bold: (s) => styleText('bold', s),
    dim: (s) => styleText('dim', s),
    red: (s) => styleText('red', s),
    yellow: (s) => styleText('yellow', s),
    green: (s) => styleText('green', s),
    cyan: (s) => styleText('cyan', s),
  };
}

/** Aligned columns, two spaces apart; widths in display columns (CJK two, colour codes none). */
export function table(rows: string[][], indent = '  '): string[] {
  const widths: number[] = [];
  for (const row of rows) row.forEach((cell, i) => (widths[i] = Math.max(widths[i] ?? 0, displayWidth(cell))));
  return rows.map(
    (row) =>
      indent +
      row
        .map((cell, i) => (i === row.length - 1 ? cell : padEndDisplay(cell, widths[i] ?? 0)))
        .join('  ')
        .trimEnd(),
  );
}

export function formatBytes(bytes: number | null): string {
  if (bytes === null) return '?';
  const gib = bytes / 1024 ** 3;
  return gib >= 1 ? `${gib.toFixed(1)} GiB` : `${(bytes / 1024 ** 2).toFixed(0)} MiB`;
}
