// Dates in generated files' headers. (Writing them: src/system/output-file.ts.)

/** The date for headers: SOURCE_DATE_EPOCH (reproducible builds) when set, else now. */
export function headerDate(env: Readonly<Record<string, string | undefined>>): Date {
  const epoch = Number(env.SOURCE_DATE_EPOCH);
  return env.SOURCE_DATE_EPOCH && Number.isFinite(epoch) ? new Date(epoch * 1000) : new Date();
}
