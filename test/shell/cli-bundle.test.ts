import { statSync, utimesSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../helpers/shared.js';
// @ts-expect-error a plain ES module script without type declarations
import { sourceFingerprint } from '../../scripts/cli.mjs';

// test/cli runs every command through scripts/cli.mjs, so the bundle's
// commands, output and exit codes are checked there; this checks that a
// stale bundle is never run.
describe('npm run cli: the bundle is rebuilt whenever the source changed', () => {
  it('a source file whose time changes (forwards or backwards) changes the fingerprint; put back, it matches again', () => {
    const file = join(repoRoot, 'main', 'cli', 'help.ts');
    const { atimeMs, mtimeMs } = statSync(file);
    const atime = atimeMs / 1000;
    const mtime = mtimeMs / 1000;
    const before = sourceFingerprint();
    try {
      utimesSync(file, atime, mtime - 86_400);
      const older = sourceFingerprint();
      utimesSync(file, atime, mtime + 1);
      const newer = sourceFingerprint();
      expect(new Set([before, older, newer]).size).toBe(3);
    } finally {
      utimesSync(file, atime, mtime);
    }
    expect(sourceFingerprint()).toBe(before);
  });
});
