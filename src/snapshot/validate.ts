// Checks a Snapshot or lock read from a file against the published JSON schema (schema/*.json), so a
// malformed or hostile file is a one-line usage error naming the field, never a crash deep in a rule.
import { readBundled } from '../system/bundled.js';
import { msg } from './messages.js';

type Kind = 'snapshot' | 'lock';
interface AjvError {
  instancePath: string;
  keyword: string;
  message?: string;
  params?: Record<string, unknown>;
}
type Validate = ((doc: unknown) => boolean) & { errors?: AjvError[] | null };

const SCHEMA_FILE: Record<Kind, string> = { snapshot: 'schema/snapshot.schema.json', lock: 'schema/lock.schema.json' };
const compiled = new Map<Kind, Validate>();

async function validator(kind: Kind): Promise<Validate> {
  const have = compiled.get(kind);
  if (have) return have;
  // ajv is loaded only when a file is read: commands that probe the live machine never pay for it.
  const { default: Ajv2020 } = await import('ajv/dist/2020.js');
  // "format" is documentation in these schemas (date-time); strict off for their annotations.
  const ajv = new Ajv2020.default({ allErrors: true, strict: false, validateFormats: false });
  const validate = ajv.compile(JSON.parse(readBundled(SCHEMA_FILE[kind]))) as Validate;
  compiled.set(kind, validate);
  return validate;
}

/** undefined when `doc` is valid, else the first problem in one line: `/gpus/0/name: must be string`. */
export async function schemaProblem(kind: Kind, doc: unknown): Promise<string | undefined> {
  const validate = await validator(kind);
  if (validate(doc)) return undefined;
  // The deepest error names the field; a oneOf's own summary ("must match exactly one schema") says least.
  const depth = (x: AjvError) => x.instancePath.split('/').length - (x.keyword === 'oneOf' || x.keyword === 'anyOf' ? 0.5 : 0);
  const e = [...(validate.errors ?? [])].sort((a, b) => depth(b) - depth(a))[0];
  if (!e) return msg('schemaMismatch');
  const where = e.instancePath || msg('topLevel');
  const extra = e.params && 'allowedValues' in e.params ? ` (${JSON.stringify(e.params.allowedValues)})` : '';
  return `${where}: ${e.message ?? msg('fieldInvalid')}${extra}`;
}
