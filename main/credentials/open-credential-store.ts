import { CredentialStoreError, type CredentialStore } from './credential-store.js';
import { KeyringCredentialStore, type KeyringCredentialStoreOptions } from './keyring-credential-store.js';
import { MemoryCredentialStore } from './memory-credential-store.js';

// An account nobody writes: reading it proves the keychain answers without
// creating or changing any item.
const PROBE_ACCOUNT = 'keychain-probe';

/**
 * The OS keychain when it answers, otherwise a memory-only store whose
 * `description` tells the user plainly that secrets last for this session.
 * Never a file.
 */
export async function openCredentialStore(options: KeyringCredentialStoreOptions = {}): Promise<CredentialStore> {
  const keyring = new KeyringCredentialStore(options);
  try {
    await keyring.get(PROBE_ACCOUNT);
    return keyring;
  } catch (err) {
    if (!(err instanceof CredentialStoreError)) throw err;
    const cause = (err.cause as { message?: string } | undefined)?.message ?? err.message;
    return new MemoryCredentialStore(`the system keychain did not answer: ${cause}`);
  }
}
