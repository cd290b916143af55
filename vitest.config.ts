import { defineConfig } from 'vitest/config';

// Test files that replace a module (vi.mock) or start an S3 server (s3rver: the AWS SDK's client
// answered undefined in the second such file of a shared worker) get a module registry of their
// own. Every other file shares its worker's modules with the files before it, so the app's module
// graph is imported once per worker rather than once per file (import was 492 s of 960 s).
const ISOLATED = ['src/server/nul-walk.test.ts', 'src/server/features/commissions/stored-reads.test.ts', 'src/server/features/documents/s3.test.ts', 'src/server/features/files/storage.test.ts'];

export default defineConfig({
  test: {
    environment: 'node',
    globalSetup: ['src/server/test/global-setup.ts'],
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // the default output, then the ten slowest files (drift shows before a budget is hit)
    reporters: ['default', './scripts/vitest-slowest-reporter.ts'],
    projects: [
      { extends: true, test: { name: 'shared', include: ['src/**/*.test.ts'], exclude: ISOLATED, isolate: false } },
      { extends: true, test: { name: 'isolated', include: ISOLATED } },
    ],
  },
});
