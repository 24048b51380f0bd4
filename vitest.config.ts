import { readdirSync, readFileSync } from 'node:fs';
import { join, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { availableParallelism } from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';
import { KEYCHAIN_TEST_FILES } from './test/keychain-test-files.js';

const ALL_TESTS = ['test/**/*.test.ts', 'test/**/*.test.tsx'];

/**
 * Most test files share their test process's modules from file to file
 * (isolate: false): loading the modules afresh for every file was a third
 * of their time (the engine's 135 files took 152 s on two cores, 94 s
 * sharing; 79 files of the main process's services 122 s, 79 s). Kept
 * apart, each with fresh modules: the end-to-end tests and the window's
 * (a browser, a DOM per file), the keychain's (run one at a time), and
 * any file that replaces a module or a global, spies on an export, or
 * changes the working folder or the environment, since what it changes
 * would outlive it.
 */
const CHANGES_WHAT_OUTLIVES_IT = /vi\.(mock|stubGlobal|stubEnv|spyOn|useFakeTimers)\(|process\.chdir|process\.env(\.\w+|\[[^\]]+\]) = |delete process\.env/;
// Read beside this file, wherever Vitest was started from; named as `include` names them, from the root.
const root = fileURLToPath(new URL('.', import.meta.url));
const SHARED_MODULES = readdirSync(join(root, 'test'), { recursive: true, encoding: 'utf8' })
  .map((name) => `test/${name.split(sep).join('/')}`)
  .filter((file) => file.endsWith('.test.ts') && !file.startsWith('test/e2e/') && !file.startsWith('test/renderer/') && !KEYCHAIN_TEST_FILES.includes(file))
  .filter((file) => !CHANGES_WHAT_OUTLIVES_IT.test(readFileSync(join(root, file), 'utf8')));

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
      { extends: true, test: { name: 'suite', include: ALL_TESTS, exclude: [...configDefaults.exclude, ...KEYCHAIN_TEST_FILES, ...SHARED_MODULES], sequence: { groupOrder: 0 } } },
      { extends: true, test: { name: 'shared-modules', include: SHARED_MODULES, isolate: false, sequence: { groupOrder: 0 } } },
      // One file at a time: one Secret Service client process at a time. `npm test` runs them in a Vitest of their own beside
      // the rest (scripts/run-tests.mjs); in a plain `vitest run` they follow everything else.
      { extends: true, test: { name: 'keychain', include: KEYCHAIN_TEST_FILES, fileParallelism: false, sequence: { groupOrder: 1 } } },
    ],
  },
});
