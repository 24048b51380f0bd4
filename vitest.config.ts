import { availableParallelism } from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';
import { KEYCHAIN_TEST_FILES } from './test/keychain-test-files.js';

const ALL_TESTS = ['test/**/*.test.ts', 'test/**/*.test.tsx'];

export default defineConfig({
  test: {
    environment: 'node',
    globalSetup: ['test/global-setup.ts'],
    setupFiles: ['test/setup-dom-timeouts.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // The engine tests spawn xmllint and build large documents; two cores here.
    pool: 'forks',
    // Vitest's default is one fewer than the cores: on a two-core CI machine
    // that ran every file one after another (a whole run about 1,470 s).
    // Two at once: about 1,045 s; three gave no more (1,028 s), the suite
    // being bound by the processor, not by waiting. Larger machines keep the default.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      { extends: true, test: { name: 'suite', include: ALL_TESTS, exclude: [...configDefaults.exclude, ...KEYCHAIN_TEST_FILES], sequence: { groupOrder: 0 } } },
      // One file at a time, once everything else has finished: one Secret Service client process at a time.
      { extends: true, test: { name: 'keychain', include: KEYCHAIN_TEST_FILES, fileParallelism: false, sequence: { groupOrder: 1 } } },
    ],
  },
});
