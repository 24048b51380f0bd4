import { CredentialStoreError, type CredentialStore } from './credential-store.js';
import { KeyringCredentialStore, type KeyringCredentialStoreOptions } from './keyring-credential-store.js';
import { loadKeyringLibrary, type KeyringLibraryLoad } from './keyring-library.js';
import { MemoryCredentialStore } from './memory-credential-store.js';

// An account nobody writes: reading it proves the keychain answers without
// creating or changing any item.
const PROBE_ACCOUNT = 'keychain-probe';

export interface OpenCredentialStoreOptions extends KeyringCredentialStoreOptions {
  /**
   * Where the reason for falling back to memory is written. The Settings
   * screen only says "memory only"; whoever supports the firm needs the why
   * (a missing platform binary reads very differently from a locked keychain).
   */
  log?: { warn(...values: unknown[]): void };
  /** Only for tests: how the keyring library is loaded. */
  loadLibrary?: () => KeyringLibraryLoad;
}

/**
 * The OS keychain when it answers, otherwise a memory-only store whose
 * `description` tells the user plainly that secrets last for this session.
 * Never a file.
 */
export async function openCredentialStore(options: OpenCredentialStoreOptions = {}): Promise<CredentialStore> {
  const { log, loadLibrary = loadKeyringLibrary, ...keyringOptions } = options;
  if (!keyringOptions.entryFactory) {
    const loaded = loadLibrary();
    if (!loaded.ok) {
      log?.warn(`keychain: the keychain library could not be loaded, so secrets are kept in memory for this session only: ${loaded.reason}`);
      return new MemoryCredentialStore('the keychain library could not be loaded');
    }
    const { AsyncEntry } = loaded.library;
    keyringOptions.entryFactory = (service, account, entryOptions) => new AsyncEntry(service, account, entryOptions);
  }
  const keyring = new KeyringCredentialStore(keyringOptions);
  try {
    await keyring.get(PROBE_ACCOUNT);
    return keyring;
  } catch (err) {
    if (!(err instanceof CredentialStoreError)) throw err;
    const cause = (err.cause as { message?: string } | undefined)?.message ?? err.message;
    log?.warn(`keychain: the system keychain did not answer, so secrets are kept in memory for this session only: ${cause}`);
    return new MemoryCredentialStore(`the system keychain did not answer: ${cause}`);
  }
}
