/**
 * The test files that talk to the real Secret Service. They run one at a
 * time (vitest.config.ts), in a Vitest run of their own beside the other
 * files' (scripts/run-tests.mjs; a plain `vitest run` puts them after every
 * other file): gnome-keyring-daemon can
 * abort when Secret Service sessions from several processes open at once
 * (a known upstream race), and a daemon that dies takes every keychain test
 * after it down with it. A test (keychain-test-files.test.ts) checks that
 * every file using the keychain helpers is listed here.
 */
export const KEYCHAIN_TEST_FILES = [
  'test/credentials/keyring-credential-store.test.ts',
  'test/e2e/electron-shell.e2e.test.ts',
  'test/e2e/electron-smoke-test.e2e.test.ts',
  'test/e2e/online.e2e.test.ts',
  'test/office/desk-cli.test.ts',
  'test/office/submit-across-desks-cli.test.ts',
  'test/online/govtalk-header.test.ts',
  'test/online/online-channels.test.ts',
  'test/online/service-builds.test.ts',
  'test/online/sign-out.test.ts',
  'test/online/test-connection-stored.test.ts',
  'test/outbox/outbox-races.test.ts',
  'test/service/keychain-session.test.ts',
  'test/shell/log-online.test.ts',
  'test/shell/log-secret-sites.test.ts',
];
