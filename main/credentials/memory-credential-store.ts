import type { CredentialStore } from './credential-store.js';

/**
 * Secrets for this session only, used when the OS keychain is unavailable.
 * Everything is forgotten when the app quits, and the UI says so
 * (`description`), so the user knows they will be asked again.
 */
export class MemoryCredentialStore implements CredentialStore {
  readonly kind = 'memory-only' as const;
  readonly description: string;
  private readonly secrets = new Map<string, string>();

  constructor(reason?: string) {
    this.description =
      'No OS keychain is available' +
      (reason ? ` (${reason})` : '') +
      ': secrets are kept in memory for this session only and must be entered again after a restart.';
  }

  async get(account: string): Promise<string | undefined> {
    return this.secrets.get(account);
  }

  async set(account: string, secret: string): Promise<void> {
    this.secrets.set(account, secret);
  }

  async delete(account: string): Promise<boolean> {
    return this.secrets.delete(account);
  }
}
