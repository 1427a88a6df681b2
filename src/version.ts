// Kept in step with package.json by test/version.test.ts; a constant avoids reading package.json at start-up.
export const VERSION = '0.1.0';
