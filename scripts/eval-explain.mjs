#!/usr/bin/env node
// Scores the built `gpuenv explain` (dist/) on real cases from public issue threads (eval/explain/cases.jsonl):
// a case passes when an expected code is first or second AND every key fact is named in that finding.
// Held-out cases (every 4th) are only counted unless --show-holdout: they are not looked at while tuning.
// Usage: npm run build && node scripts/eval-explain.mjs [--show-holdout] [--json] [--cases FILE]
// --cases FILE scores another case file (same JSON lines format), e.g. eval/explain/holdout-independent.jsonl.
// --all scores every set under eval/explain/ and prints one line per set and the total (the refactoring guard).
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const { explainText } = await import(join(root, 'dist/explain/index.js'));
const { setLang } = await import(join(root, 'dist/i18n/index.js'));
setLang('en');
const showHoldout = process.argv.includes('--show-holdout');
const asJson = process.argv.includes('--json');
const casesArg = process.argv.indexOf('--cases');
const casesFile = casesArg > 0 && process.argv[casesArg + 1] ? process.argv[casesArg + 1] : join(root, 'eval/explain/cases.jsonl');
const readCases = (file) =>
  readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l));

if (process.argv.includes('--all')) {
  const dir = join(root, 'eval/explain');
  let pass = 0;
  let n = 0;
  for (const f of readdirSync(dir)
    .filter((f) => f.endsWith('.jsonl'))
    .sort()) {
    const rs = [];
    for (const c of readCases(join(dir, f))) rs.push(await scoreCase(c));
    const p = rs.filter((r) => r.pass).length;
    pass += p;
    n += rs.length;
    console.log(
      `${f.padEnd(28)} ${p}/${rs.length}${
        rs.some((r) => !r.pass)
          ? `  failing: ${rs
              .filter((r) => !r.pass)
              .map((r) => r.id)
              .join(' ')}`
          : ''
      }`,
    );
  }
  console.log(`all sets: ${pass}/${n}`);
  process.exit(0);
}

const cases = readCases(casesFile);

async function scoreCase(c) {
  const t0 = performance.now();
  const r = await explainText(c.text);
  const ms = performance.now() - t0;
  const top = r.findings.slice(0, 2);
  const want = [c.expected, ...(c.accept ?? [])];
  const hit = top.find((f) => want.includes(f.code));
  const text = hit ? [hit.title, hit.cause, ...hit.fix, ...hit.evidence.map((e) => `${e.fact} ${e.value}`)].join('\n') : '';
  const missing = hit ? c.facts.filter((fact) => !text.includes(fact)) : c.facts;
  return {
    id: c.id,
    url: c.url,
    holdout: c.holdout,
    codeOk: !!hit,
    factsOk: missing.length === 0,
    pass: !!hit && missing.length === 0,
    got: top.map((f) => f.code),
    expected: want,
    missing,
    ms: Math.round(ms),
  };
}

const results = [];
for (const c of cases) results.push(await scoreCase(c));

const score = (rs) => ({ n: rs.length, pass: rs.filter((r) => r.pass).length, code: rs.filter((r) => r.codeOk).length });
const tuned = score(results.filter((r) => !r.holdout));
const held = score(results.filter((r) => r.holdout));
const pct = (a, b) => (b ? `${((100 * a) / b).toFixed(1)}%` : '-');
if (asJson) {
  console.log(JSON.stringify({ tuned, holdout: held, results: results.filter((r) => showHoldout || !r.holdout) }, null, 2));
} else {
  for (const r of results) {
    if (r.holdout && !showHoldout) continue;
    const mark = r.pass ? 'PASS' : r.codeOk ? 'FACT' : 'FAIL';
    console.log(
      `${mark}  ${r.id}${r.holdout ? ' (held out)' : ''}  want ${r.expected.join('|')}  got ${r.got.join(', ') || '-'}${r.missing.length ? `  missing: ${r.missing.join(', ')}` : ''}  ${r.ms} ms  ${r.url}`,
    );
  }
  console.log('');
  console.log(`tuned:    ${tuned.pass}/${tuned.n} pass (${pct(tuned.pass, tuned.n)}); right code in top 2: ${tuned.code}/${tuned.n}`);
  console.log(`held out: ${held.pass}/${held.n} pass (${pct(held.pass, held.n)}); right code in top 2: ${held.code}/${held.n}`);
  console.log(`all:      ${tuned.pass + held.pass}/${tuned.n + held.n} pass (${pct(tuned.pass + held.pass, tuned.n + held.n)})`);
}
