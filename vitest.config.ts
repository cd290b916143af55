import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['src/server/test/global-setup.ts'],
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // the default output, then the ten slowest files (drift shows before a budget is hit)
    reporters: ['default', './scripts/vitest-slowest-reporter.ts'],
  },
});
