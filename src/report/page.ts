// The page shell: one self-contained HTML document (or, with --fragment, the inner <div> with its own scoped
// <style> and no script, for a notebook's _repr_html_). The Content-Security-Policy allows exactly this page's one
// style sheet and one script, by hash, and nothing else: no request of any kind can leave the page, and a value
// that slipped past escaping could neither run script nor add style.
import { createHash } from 'node:crypto';
import { CSS } from './css.js';
import { type Html, html, raw } from './escape.js';
import { SCRIPT } from './script.js';

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/** The policy of the full page: default-src 'none' forbids every fetch (images, fonts, frames, connections). */
export function contentSecurityPolicy(): string {
  return ["default-src 'none'", `style-src ${sha256(CSS)}`, `script-src ${sha256(SCRIPT)}`, 'img-src data:', "base-uri 'none'", "form-action 'none'"].join(
    '; ',
  );
}

export interface PageOptions {
  title: string;
  lang: string;
  fragment: boolean;
}

export function page(body: Html, o: PageOptions): string {
  const inner = html`<div class="gpuenv-report" lang="${o.lang}">${o.fragment ? raw(`<style>${CSS}</style>`) : ''}${body}</div>`;
  if (o.fragment) return `${inner.text}\n`;
  return `${
    html`<!doctype html>
<html lang="${o.lang}">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${contentSecurityPolicy()}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<meta name="generator" content="gpuenv">
<link rel="icon" href="data:,">
<title>${o.title}</title>
${raw(`<style>${CSS}</style>`)}
</head>
<body>
${inner}
${raw(`<script>${SCRIPT}</script>`)}
</body>
</html>`.text
  }\n`;
}
