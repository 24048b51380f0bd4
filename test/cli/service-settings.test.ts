import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { defaultDataDir, readSecretsFile } from '../../main/cli/service-settings.js';

describe('the office service default data folder', () => {
  it('is in each operating system\'s application data location, never the working directory', () => {
    expect(defaultDataDir('win32', { APPDATA: 'C:\\Users\\jane\\AppData\\Roaming' }, 'C:\\Users\\jane')).toMatch(/^C:\\Users\\jane\\AppData\\Roaming[\\/]Filing Desk[\\/]service-data$/);
    expect(defaultDataDir('darwin', {}, '/Users/jane')).toBe('/Users/jane/Library/Application Support/Filing Desk/service-data');
    expect(defaultDataDir('linux', { XDG_DATA_HOME: '/data/jane' }, '/home/jane')).toBe('/data/jane/filing-desk/service-data');
    expect(defaultDataDir('linux', {}, '/home/jane')).toBe('/home/jane/.local/share/filing-desk/service-data');
    // The XDG spec says a relative XDG_DATA_HOME is invalid and must be ignored.
    expect(defaultDataDir('linux', { XDG_DATA_HOME: 'relative' }, '/home/jane')).toBe('/home/jane/.local/share/filing-desk/service-data');
  });
});

describe.skipIf(process.platform === 'win32')('the office service secrets file', () => {
  const dir = mkdtempSync(join(tmpdir(), 'fd-secrets-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('is read when only its owner can read it', async () => {
    const file = join(dir, 'secrets');
    writeFileSync(file, 'client_secret=abc\npassword=def\n', { mode: 0o600 });
    expect(await readSecretsFile(file)).toEqual({ clientSecret: 'abc', password: 'def' });
  });

  it('a named pipe in its place is refused at once with its reason, never waited on', async () => {
    const pipe = join(dir, 'pipe');
    execFileSync('mkfifo', ['-m', '600', pipe]);
    const started = Date.now();
    await expect(readSecretsFile(pipe)).rejects.toThrow(`cannot read the secrets file ${pipe}: it is not an ordinary file (a pipe, a device or a socket is in its place)`);
    expect(Date.now() - started).toBeLessThan(10_000);
  }, 30_000);
});
