import { join } from 'node:path';
import { DEFAULT_KEYCHAIN_SERVICE } from '../credentials/keyring-credential-store.js';

/**
 * Where a run of Filing Desk keeps its data, its log and its secrets.
 *
 * A development run (`npm start`, not packaged) gets its own data folder,
 * log folder and keychain service name. Otherwise it would read and write a
 * firm's real client book, drafts and outbox, sign in with the installed
 * app's saved secrets, and — because Electron takes the single-instance lock
 * in the data folder — only bring the installed app to the front.
 */
export const DEVELOPMENT_NAME = 'Filing Desk Dev';

export interface RunProfile {
  /** The data folder to use instead of Electron's default, or null for the default. */
  dataDir: string | null;
  /** The log folder to use instead of Electron's default, or null for the default. */
  logsDir: string | null;
  /** The service name the keychain items are filed under. */
  keychainService: string;
}

export function runProfile(options: { isPackaged: boolean; appDataDir: string }): RunProfile {
  if (options.isPackaged) return { dataDir: null, logsDir: null, keychainService: DEFAULT_KEYCHAIN_SERVICE };
  const dataDir = join(options.appDataDir, DEVELOPMENT_NAME);
  return { dataDir, logsDir: join(dataDir, 'logs'), keychainService: DEVELOPMENT_NAME };
}
