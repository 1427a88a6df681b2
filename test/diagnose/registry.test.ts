// Every rule file is in the registry, every code has a rule or is documented as not seen by the doctor.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { RULES } from '../../src/diagnose/rules/index.js';
import { FINDING_CODES } from '../../src/findings.js';

const dir = join(import.meta.dirname, '../../src/diagnose/rules');

describe('rule registry', () => {
  it('lists every rule file of src/diagnose/rules', () => {
    const files = readdirSync(dir).filter((f) => f.endsWith('.ts') && f !== 'index.ts');
    const ruleFiles = files.filter((f) => /export const rule\b/.test(readFileSync(join(dir, f), 'utf8')));
    const registry = readFileSync(join(dir, 'index.ts'), 'utf8');
    const missing = ruleFiles.filter((f) => !registry.includes(`./${f.replace(/\.ts$/, '.js')}`));
    expect(missing).toEqual([]);
    // One Rule per code: two files of one code (library-not-found) are one producer.
    expect(new Set(RULES.map((r) => r.code)).size).toBe(RULES.length);
  });

  it('uses only the codes of DESIGN.md', () => {
    for (const r of RULES) expect(FINDING_CODES).toContain(r.code);
  });
});
