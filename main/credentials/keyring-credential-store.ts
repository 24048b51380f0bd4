import type { EntryOptions } from '@napi-rs/keyring';
import { CredentialStoreError, type CredentialStore } from './credential-store.js';
import { loadKeyringLibrary } from './keyring-library.js';

/** The keychain item of one account, as @napi-rs/keyring's AsyncEntry offers it. */
export interface KeychainEntry {
  getPassword(): Promise<string | null>;
  setPassword(secret: string): Promise<void>;
  deleteCredential(): Promise<boolean>;
}

export type KeychainEntryFactory = (service: string, account: string, options: EntryOptions) => KeychainEntry | Promise<KeychainEntry>;

export interface KeyringCredentialStoreOptions {
  /** The service name the items are filed under in the keychain. */
  service?: string;
  /**
   * Pins the Linux backend to the Secret Service: without it the library
   * silently falls back to the kernel keyring, which forgets everything at
   * logout and is not what the user sees in their keychain app.
   */
  entryOptions?: EntryOptions;
  /** Only for tests of failure handling; the default is the real library. */
  entryFactory?: KeychainEntryFactory;
}

export const DEFAULT_KEYCHAIN_SERVICE = 'Filing Desk';
export const DEFAULT_ENTRY_OPTIONS: EntryOptions = { linux: { store: 'secret-service' } };

// The native library is loaded on first use, not when main starts: a build
// whose native part is missing still starts, and the store then reports the
// keychain as unavailable (openCredentialStore logs why and falls back to memory).
const realEntry: KeychainEntryFactory = (service, account, options) => {
  const loaded = loadKeyringLibrary();
  if (!loaded.ok) throw new Error(`the keychain library could not be loaded: ${loaded.reason}`);
  return new loaded.library.AsyncEntry(service, account, options);
};

/** Secrets as real OS keychain items (Windows Credential Manager, macOS Keychain, Linux Secret Service). */
export class KeyringCredentialStore implements CredentialStore {
  readonly kind = 'os-keychain' as const;
  readonly description: string;
  readonly service: string;
  private readonly entryOptions: EntryOptions;
  private readonly entryFactory: KeychainEntryFactory;

  constructor(options: KeyringCredentialStoreOptions = {}) {
    this.service = options.service ?? DEFAULT_KEYCHAIN_SERVICE;
    this.entryOptions = options.entryOptions ?? DEFAULT_ENTRY_OPTIONS;
    this.entryFactory = options.entryFactory ?? realEntry;
    this.description = `Secrets are kept in the system keychain under "${this.service}".`;
  }

  async get(account: string): Promise<string | undefined> {
    const secret = await this.run('read', account, (e) => e.getPassword());
    return secret ?? undefined;
  }

  async set(account: string, secret: string): Promise<void> {
    await this.run('save', account, (e) => e.setPassword(secret));
  }

  async delete(account: string): Promise<boolean> {
    return this.run('delete', account, (e) => e.deleteCredential());
  }

  // Creating the entry can itself fail (no D-Bus session, no Secret Service),
  // so it happens inside the same error mapping as the operation.
  private async run<T>(verb: string, account: string, op: (entry: KeychainEntry) => Promise<T>): Promise<T> {
    try {
      return await op(await this.entryFactory(this.service, account, this.entryOptions));
    } catch (err) {
      const reason = err instanceof Error ? err.message : String(err);
      const code = typeof err === 'object' && err !== null && 'code' in err ? String(err.code) : 'keychain';
      throw new CredentialStoreError(`Could not ${verb} "${account}" in the system keychain: ${reason}`, {
        cause: { code, message: reason },
      });
    }
  }
}
