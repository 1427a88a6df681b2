// Issue 26's guard over every real case in eval/explain/: a paste that says something goes wrong (an error word, a
// traceback, a failure, a question) never gets "No problems found" — at least the rule of last resort's info finding.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { RULES } from '../../src/diagnose/rules/index.js';
import { explainText } from '../../src/explain/index.js';

const EVAL = join(import.meta.dirname, '../../eval/explain');

describe('explain is never silent on trouble', () => {
  it('every eval case whose text says something goes wrong gets a finding', async () => {
    const silent: string[] = [];
    let troubled = 0;
    for (const file of readdirSync(EVAL).filter((f) => f.endsWith('.jsonl'))) {
      for (const row of readFileSync(join(EVAL, file), 'utf8').split('\n')) {
        if (!row.trim()) continue;
        const { id, text } = JSON.parse(row) as { id: string; text: string };
        const r = await explainText(text, { rules: RULES });
        if (!r.parsed.trouble) continue;
        troubled++;
        if (!r.findings.length) silent.push(id);
      }
    }
    expect(troubled).toBeGreaterThan(700);
    expect(silent).toEqual([]);
  }, 60_000);
});
