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
    // Two files at a time, also on a 2-core machine (where Vitest's default is one, its cores less one): many
    // files wait on a child much of the time (xmllint, the CLI, Chromium, a local server), and two in flight
    // kept both cores busy: one clean-clone CI run on 2 cores took 1,269 s in Vitest against 1,465 s for one file at a time.
    maxWorkers: 2,
    projects: [
      { extends: true, test: { name: 'suite', include: ALL_TESTS, exclude: [...configDefaults.exclude, ...KEYCHAIN_TEST_FILES], sequence: { groupOrder: 0 } } },
      // One file at a time, once everything else has finished: one Secret Service client process at a time.
      { extends: true, test: { name: 'keychain', include: KEYCHAIN_TEST_FILES, fileParallelism: false, sequence: { groupOrder: 1 } } },
    ],
  },
});
