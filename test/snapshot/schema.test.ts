// The published JSON Schema must describe what `snapshot --json` really writes, on every machine we know.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import Ajv2020 from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { machinesDir, snapshotOf } from '../helpers/machines.js';

const schema = JSON.parse(readFileSync(join(import.meta.dirname, '../../schema/snapshot.schema.json'), 'utf8'));
// format "date-time" is documentation here; ajv-formats would be one more dependency for one check.
const ajv = new Ajv2020.default({ allErrors: true, strict: false, validateFormats: false });
const validate = ajv.compile(schema);

describe('schema/snapshot.schema.json', () => {
  const names = readdirSync(machinesDir).filter((n) => !n.startsWith('.'));
  for (const name of names) {
    it(`validates the Snapshot of ${name}`, async () => {
      const snap = JSON.parse(JSON.stringify(await snapshotOf(name, 200)));
      const ok = validate(snap);
      expect(ok ? [] : validate.errors).toEqual([]);
    });
  }

  it('rejects a document of another schema version, or a wrongly typed fact', async () => {
    expect(validate({ schemaVersion: 2 })).toBe(false);
    const snap = JSON.parse(JSON.stringify(await snapshotOf('stub-first', 200)));
    snap.gpus[0].computeCapability = 89;
    expect(validate(snap)).toBe(false);
    snap.gpus[0].computeCapability = '8.9';
    snap.driver.version = '550.54.14';
    expect(validate(snap)).toBe(false);
  });
});
