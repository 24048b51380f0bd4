import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runProfile } from '../../main/window/run-profile.js';

describe('where a run keeps its data, log and secrets', () => {
  const appDataDir = join('/home', 'jane', '.config');

  it('a development run has its own data folder, log folder and keychain service', () => {
    expect(runProfile({ isPackaged: false, appDataDir })).toEqual({
      dataDir: join(appDataDir, 'Filing Desk Dev'),
      logsDir: join(appDataDir, 'Filing Desk Dev', 'logs'),
      keychainService: 'Filing Desk Dev',
    });
  });

  it("the packaged app keeps Electron's folders and files its secrets under \"Filing Desk\"", () => {
    expect(runProfile({ isPackaged: true, appDataDir })).toEqual({ dataDir: null, logsDir: null, keychainService: 'Filing Desk' });
  });
});
