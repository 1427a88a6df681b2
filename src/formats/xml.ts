// A small XML reader for nvidia-smi -q -x: elements, text and attributes; no DTD, no namespaces.

export interface XmlNode {
  name: string;
  attrs: Record<string, string>;
  children: XmlNode[];
  text: string;
}

/** Parses well-formed XML into a tree; malformed input yields whatever was closed properly, never throws. */
export function parseXml(text: string): XmlNode {
  const root: XmlNode = { name: '#root', attrs: {}, children: [], text: '' };
  const stack: XmlNode[] = [root];
  const re =
    /<!--[\s\S]*?-->|<\?[\s\S]*?\?>|<!DOCTYPE[^>]*>|<!\[CDATA\[([\s\S]*?)\]\]>|<\/\s*([\w:.-]+)\s*>|<([\w:.-]+)((?:\s+[\w:.-]+\s*=\s*(?:"[^"]*"|'[^']*'))*)\s*(\/?)>|([^<]+)/g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(text)) !== null) {
    const top = stack[stack.length - 1]!;
    if (m[1] !== undefined) top.text += m[1];
    else if (m[2] !== undefined) {
      const idx = findLastIndex(stack, (n) => n.name === m![2]);
      if (idx > 0) stack.length = idx;
    } else if (m[3] !== undefined) {
      const node: XmlNode = { name: m[3], attrs: parseAttrs(m[4] ?? ''), children: [], text: '' };
      top.children.push(node);
      if (m[5] !== '/') stack.push(node);
    } else if (m[6] !== undefined) top.text += decode(m[6]);
  }
  return root;
}

function findLastIndex<T>(arr: T[], pred: (x: T) => boolean): number {
  for (let i = arr.length - 1; i >= 0; i--) if (pred(arr[i]!)) return i;
  return -1;
}

function parseAttrs(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const m of text.matchAll(/([\w:.-]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g)) out[m[1]!] = decode(m[2] ?? m[3] ?? '');
  return out;
}

const NAMED: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

/** The five named entities and numeric references (`&#38;`, `&#x26;`); an unknown or out-of-range one stays as written. */
function decode(s: string): string {
  return s.replace(/&(?:(lt|gt|amp|quot|apos)|#(\d{1,7})|#x([0-9a-fA-F]{1,6}));/g, (whole, name?: string, dec?: string, hex?: string) => {
    if (name !== undefined) return NAMED[name] ?? whole;
    const code = dec !== undefined ? Number(dec) : parseInt(hex!, 16);
    // XML 1.0 Char: no NUL, no surrogates, nothing past U+10FFFF.
    return code > 0 && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff) ? String.fromCodePoint(code) : whole;
  });
}

/** The first child element by path ("pci/pci_gpu_link_info/pcie_gen/max_link_gen"). */
export function child(node: XmlNode | undefined, path: string): XmlNode | undefined {
  let cur = node;
  for (const part of path.split('/')) {
    cur = cur?.children.find((c) => c.name === part);
    if (!cur) return undefined;
  }
  return cur;
}

/** Text of a child, trimmed; undefined for absent or "N/A"-like values. */
export function textOf(node: XmlNode | undefined, path: string): string | undefined {
  const t = child(node, path)?.text.trim();
  if (!t || /^(N\/A|\[N\/A\]|Not Supported|\[Not Supported\]|Unknown Error|Requested functionality has been deprecated)$/i.test(t)) return undefined;
  return t;
}

/** Leading number of a value like "143771 MiB", "700.00 W", "16x". */
export function numberOf(node: XmlNode | undefined, path: string): number | null {
  const t = textOf(node, path);
  if (t === undefined) return null;
  const m = /^-?\d+(\.\d+)?/.exec(t);
  return m ? Number(m[0]) : null;
}
