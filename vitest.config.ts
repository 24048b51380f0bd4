import { availableParallelism } from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';
import { KEYCHAIN_TEST_FILES } from './test/keychain-test-files.js';

const ALL_TESTS = ['test/**/*.test.ts', 'test/**/*.test.tsx'];

export default defineConfig({
  test: {
    environment: 'node',
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // The engine tests spawn xmllint and build large documents; two cores here.
    pool: 'forks',
    // One test file per core, not Vitest's one fewer: most files wait on a child process, Chromium,
    // PostgreSQL or the disk, and with a single worker on a two-core machine the suite took over 30 minutes.
    maxWorkers: Math.max(2, availableParallelism()),
    projects: [
      { extends: true, test: { name: 'suite', include: ALL_TESTS, exclude: [...configDefaults.exclude, ...KEYCHAIN_TEST_FILES], sequence: { groupOrder: 0 } } },
      // One file at a time, once everything else has finished: one Secret Service client process at a time.
      { extends: true, test: { name: 'keychain', include: KEYCHAIN_TEST_FILES, fileParallelism: false, maxWorkers: 1, sequence: { groupOrder: 1 } } },
    ],
  },
});
