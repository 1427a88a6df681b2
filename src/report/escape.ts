// The one place where outside text becomes HTML. Every value read from a Snapshot, a bench or fleet file, or a finding
// is untrusted: it reaches the page only through esc(), directly or through the html`` tag, which escapes every
// interpolation that is not markup gpuenv built itself. Values are only ever placed in element text or in
// double-quoted attributes (never in <script>, <style>, URLs or unquoted attributes), where these five entities suffice.
const ENTITY: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

// C0/C1 controls (not tab or newline), line/paragraph separators and bidirectional overrides: shown as \u{…} so a
// terminal escape or a right-to-left override in a path cannot hide or reorder what the reader sees.
const INVISIBLE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069\ufeff]/g;

/** Markup gpuenv built (only html`` and raw() make one): inserted as is. */
export class Html {
  readonly text: string;
  constructor(text: string) {
    this.text = text;
  }
  toString(): string {
    return this.text;
  }
}

export function esc(value: unknown): string {
  const s = value === null || value === undefined ? '' : String(value);
  return s.replace(/[&<>"']/g, (c) => ENTITY[c]!).replace(INVISIBLE, (c) => `\\u{${c.codePointAt(0)!.toString(16)}}`);
}

/** Trusted markup: gpuenv's own constants only (CSS, script, SVG built here from numbers), never outside text. */
export function raw(text: string): Html {
  return new Html(text);
}

/**
 * Builds markup: each interpolation is escaped unless it is Html; arrays are joined; null, undefined and false
 * vanish (for `${cond && html`…`}`), so a boolean fact must be worded before it is interpolated.
 */
export function html(strings: TemplateStringsArray, ...values: unknown[]): Html {
  let out = strings[0] ?? '';
  for (let i = 0; i < values.length; i++) out += piece(values[i]) + (strings[i + 1] ?? '');
  return new Html(out);
}

function piece(v: unknown): string {
  if (v instanceof Html) return v.text;
  if (Array.isArray(v)) return v.map(piece).join('');
  if (v === null || v === undefined || v === false) return '';
  return esc(v);
}
