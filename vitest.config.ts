import { readdirSync, readFileSync } from 'node:fs';
import { sep } from 'node:path';
import { availableParallelism } from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';
import { KEYCHAIN_TEST_FILES } from './test/keychain-test-files.js';

const ALL_TESTS = ['test/**/*.test.ts', 'test/**/*.test.tsx'];

/**
 * The engine's tests share their test process's modules from file to file
 * (isolate: false): the engine is pure code, and loading its modules afresh
 * for each of some 135 files was a third of their time (152 s against 94 s
 * for the folder on two cores). A file that replaces a module (vi.mock) keeps
 * a module graph of its own, in the main suite.
 */
const ENGINE_SHARED = readdirSync('test/engine', { recursive: true, encoding: 'utf8' })
  .filter((name) => name.endsWith('.test.ts'))
  .map((name) => `test/engine/${name.split(sep).join('/')}`)
  .filter((file) => !/\bvi\.mock\(/.test(readFileSync(file, 'utf8')));

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
      { extends: true, test: { name: 'suite', include: ALL_TESTS, exclude: [...configDefaults.exclude, ...KEYCHAIN_TEST_FILES, ...ENGINE_SHARED], sequence: { groupOrder: 0 } } },
      { extends: true, test: { name: 'engine', include: ENGINE_SHARED, isolate: false, sequence: { groupOrder: 0 } } },
      // One file at a time, once everything else has finished: one Secret Service client process at a time.
      { extends: true, test: { name: 'keychain', include: KEYCHAIN_TEST_FILES, fileParallelism: false, sequence: { groupOrder: 1 } } },
    ],
  },
});
