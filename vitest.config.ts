import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Probes spawn real child processes in a few tests; keep the default pool but bound each test.
    testTimeout: 20_000,
  },
});
