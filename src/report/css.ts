// The page's only style sheet, every rule under .gpuenv-report so the same CSS serves the whole page and a fragment
// inside a notebook without touching the host page. Narrow screens get one column and scrolling tables; print drops
// the buttons and keeps sections whole. No url(), no @import, no web fonts: nothing to fetch.
const R = '.gpuenv-report';

export const CSS = `
${R}{--fg:#1b1f24;--muted:#57606a;--line:#d0d7de;--bg:#fff;--soft:#f6f8fa;--err:#cf222e;--warn:#9a6700;--info:#0969da;--ok:#1a7f37;
font:15px/1.5 system-ui,-apple-system,"Segoe UI","Noto Sans","Noto Sans CJK SC","PingFang SC","Microsoft YaHei",sans-serif;color:var(--fg);background:var(--bg);max-width:1100px;margin:0 auto;padding:16px}
${R} *{box-sizing:border-box}
${R} h1{font-size:1.5em;margin:0 0 4px}
${R} h2{font-size:1.25em;margin:32px 0 8px;padding-bottom:4px;border-bottom:1px solid var(--line)}
${R} h3{font-size:1.05em;margin:20px 0 6px}
${R} h4{font-size:1em;margin:0 0 4px}
${R} .meta,${R} .note,${R} figcaption{color:var(--muted);font-size:.9em}
${R} nav ul{list-style:none;padding:0;margin:8px 0;display:flex;flex-wrap:wrap;gap:6px 16px}
${R} a{color:var(--info)}
${R} code,${R} pre,${R} .mono{font-family:ui-monospace,"SFMono-Regular","DejaVu Sans Mono","Noto Sans Mono",Menlo,monospace;font-size:.88em}
${R} .scroll{overflow-x:auto;max-width:100%}
${R} table{border-collapse:collapse;margin:4px 0 12px;min-width:50%}
${R} th,${R} td{border:1px solid var(--line);padding:4px 8px;text-align:left;vertical-align:top}
${R} th{background:var(--soft);font-weight:600}
${R} td.num{text-align:right;font-variant-numeric:tabular-nums;white-space:nowrap}
${R} td.path{word-break:break-all}
${R} td.count{font-variant-numeric:tabular-nums;min-width:4em}
${R} td.count .note{display:block;font-size:.8em;font-weight:400}
${R} ul.tally{list-style:none;padding:0;display:flex;flex-wrap:wrap;gap:4px 18px}
${R} ul.tally li.bad b{color:var(--err)}
${R} table.sortable th{cursor:pointer;user-select:none}
${R} table.sortable th[aria-sort=ascending]::after{content:" ▲"}
${R} table.sortable th[aria-sort=descending]::after{content:" ▼"}
${R} td.odd{background:#fff8c5}
${R} td.odd.must,${R} td.bad{background:#ffebe9;color:var(--err);font-weight:600}
${R} td.low{color:var(--err);font-weight:600}
${R} .badge{display:inline-block;border-radius:10px;padding:0 8px;font-size:.8em;font-weight:600;color:#fff;vertical-align:middle}
${R} .badge.error{background:var(--err)}
${R} .badge.warning{background:var(--warn)}
${R} .badge.info{background:var(--info)}
${R} .badge.ok{background:var(--ok)}
${R} .finding{border:1px solid var(--line);border-left:4px solid var(--info);border-radius:6px;padding:10px 12px;margin:8px 0}
${R} .finding.error{border-left-color:var(--err)}
${R} .finding.warning{border-left-color:var(--warn)}
${R} .finding .code{color:var(--muted)}
${R} .finding h4 .note{font-weight:400}
${R} .cause{white-space:pre-line;margin:4px 0}
${R} .unconfirmed{color:var(--warn)}
${R} ol.fix{list-style:none;padding:0;margin:6px 0}
${R} ol.fix li{display:flex;align-items:flex-start;gap:8px;margin:3px 0}
${R} ol.fix li code{flex:1;background:var(--soft);border:1px solid var(--line);border-radius:4px;padding:3px 6px;white-space:pre-wrap;word-break:break-all}
${R} ol.fix li.comment{color:var(--muted);font-style:italic}
${R} ol.fix li .why{display:block;color:var(--warn);font-size:.85em}
${R} button.copy{font:inherit;font-size:.8em;padding:2px 8px;border:1px solid var(--line);border-radius:4px;background:var(--bg);cursor:pointer}
${R} dl.facts{display:grid;grid-template-columns:max-content 1fr;gap:2px 12px;margin:4px 0}
${R} dl.facts dt{color:var(--muted)}
${R} dl.facts dd{margin:0;word-break:break-all}
${R} .charts{display:grid;grid-template-columns:repeat(auto-fit,minmax(420px,1fr));gap:12px}
${R} figure.chart{margin:8px 0;border:1px solid var(--line);border-radius:6px;padding:8px}
${R} figure.chart svg{width:100%;height:auto;display:block}
${R} svg .grid{stroke:#eaeef2}
${R} svg .axis{stroke:var(--muted)}
${R} svg .tick{font-size:11px;fill:var(--muted)}
${R} svg .label{font-size:12px;fill:var(--fg)}
${R} svg .line{fill:none;stroke:var(--c);stroke-width:2}
${R} svg .line.dashed{stroke-dasharray:6 4;stroke-width:1.5;opacity:.7}
${R} svg .pt{fill:var(--c)}
${R} .s0{--c:#0072b2}${R} .s1{--c:#d55e00}${R} .s2{--c:#009e73}${R} .s3{--c:#cc79a7}
${R} .s4{--c:#e69f00}${R} .s5{--c:#56b4e9}${R} .s6{--c:#7a5195}${R} .s7{--c:#000}
${R} ul.legend{list-style:none;padding:0;margin:4px 0 0;display:flex;flex-wrap:wrap;gap:4px 14px;font-size:.85em}
${R} .swatch{display:inline-block;width:14px;height:4px;background:var(--c);margin-right:6px;vertical-align:middle}
${R} .swatch.dashed{height:0;background:none;border-top:2px dashed var(--c);opacity:.7}
${R} meter{width:70px;vertical-align:middle}
@media (max-width:640px){
${R}{padding:8px;font-size:14px}
${R} dl.facts{grid-template-columns:1fr}
${R} dl.facts dt{margin-top:4px}
${R} .charts{grid-template-columns:1fr}
${R} ol.fix li{flex-direction:column;gap:2px}
}
@media print{
${R}{max-width:none;padding:0;font-size:11pt}
${R} button.copy,${R} nav{display:none}
${R} section,${R} .finding,${R} figure.chart,${R} tr{break-inside:avoid}
${R} h2{break-after:avoid}
${R} .scroll{overflow:visible}
${R} td.odd,${R} td.bad,${R} .badge{print-color-adjust:exact;-webkit-print-color-adjust:exact}
}
`;
