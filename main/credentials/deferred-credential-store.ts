import type { CredentialStore, CredentialStoreKind } from './credential-store.js';

/**
 * A credential store that is still being opened (probing the OS keychain
 * takes a moment, and the window must not wait for it). Every operation
 * waits for the real store; kind and description say "checking" until then.
 */
export class DeferredCredentialStore implements CredentialStore {
  private store: CredentialStore | undefined;
  readonly ready: Promise<CredentialStore>;

  constructor(opening: Promise<CredentialStore>) {
    this.ready = opening.then((store) => (this.store = store));
  }

  get kind(): CredentialStoreKind {
    return this.store?.kind ?? 'memory-only';
  }

  get description(): string {
    return this.store?.description ?? 'Checking whether the system keychain is available…';
  }

  async get(account: string) {
    return (await this.ready).get(account);
  }

  async set(account: string, secret: string) {
    return (await this.ready).set(account, secret);
  }

  async delete(account: string) {
    return (await this.ready).delete(account);
  }
}
