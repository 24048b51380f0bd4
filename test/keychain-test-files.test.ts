/**
 * Every test file that reaches the real Secret Service is in the serial
 * keychain group, or it would run beside the others and could bring the
 * daemon down for all of them.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { KEYCHAIN_TEST_FILES } from './keychain-test-files.js';

const root = join(fileURLToPath(new URL('.', import.meta.url)), '..');
/** What a file imports to use the real keychain: the store itself, the Secret Service helpers, or the online test support that picks the keychain. */
const USES_KEYCHAIN = /keyring-credential-store|credentials\/secret-service|\/secret-service\.js|online-support\.js/;

function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? testFiles(join(dir, e.name)) : /\.test\.tsx?$/.test(e.name) ? [relative(root, join(dir, e.name))] : [],
  );
}

describe('the keychain test group', () => {
  const files = testFiles(join(root, 'test')).map((f) => f.split('\\').join('/'));

  it('lists every test file that uses the real keychain', () => {
    const using = files.filter((f) => f !== 'test/keychain-test-files.test.ts' && USES_KEYCHAIN.test(readFileSync(join(root, f), 'utf8')));
    expect(using.length).toBeGreaterThan(5);
    expect(using.filter((f) => !KEYCHAIN_TEST_FILES.includes(f))).toEqual([]);
  });

  it('lists only files that exist', () => {
    expect(KEYCHAIN_TEST_FILES.filter((f) => !files.includes(f))).toEqual([]);
  });
});
