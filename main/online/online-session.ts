/**
 * The signed-in session with the filing service, as the app sees it: who
 * signed in where, whether the keychain holds a live session, and the remote
 * client built from the current settings. Secrets pass through signIn into
 * the credential store (the OS keychain, or memory for this run when there is
 * none) and are never returned, logged or written to a file.
 *
 * Only the client id and user name are kept on disk (`online-session.json`),
 * so after a restart the sign-in form is filled in and the keychain items can
 * be found.
 */
import { join } from 'node:path';
import { z } from 'zod';
import type { OnlineSettings, SessionStatus, SignInRequest } from '../../preload/contract.js';
import { SecretAccount, type CredentialStore } from '../credentials/credential-store.js';
import { RemoteFilingService } from '../service/remote-filing-service.js';
import type { Transport } from '../service/remote/http-transport.js';
import { writeFileAtomic } from '../engine/atomic-write.js';
import { readRegularText } from '../store/regular-file.js';
import { StoreError } from '../store/store-error.js';
import { describeFsError, nodeStoreFs, type StoreFs } from '../store/store-fs.js';
import { isConfigured, serviceAddress } from './online-settings.js';
import type { SettingsStore } from './settings-store.js';
import type { TestCredentials } from './connection-test.js';

export const SESSION_FILE = 'online-session.json';
/** A client id and a user name (at most 200 and 320 characters) as JSON. */
export const MAX_SESSION_FILE_BYTES = 16 * 1024;
const identitySchema = z.strictObject({ clientId: z.string().min(1).max(200), username: z.string().min(1).max(320) });
type Identity = z.infer<typeof identitySchema>;

export interface OnlineSessionOptions {
  dataDir: string;
  settings: SettingsStore;
  credentials: CredentialStore;
  transport?: Transport;
  clock?: () => Date;
  fs?: StoreFs;
  onChange?: () => void;
}

export class OnlineSession {
  private identity: Identity | null = null;
  private client: { key: string; service: RemoteFilingService } | undefined;
  private endedReason: string | null = null;
  /** Signed out here: not signed in until the next sign-in, even if a keychain item could not be removed. */
  private signedOut = false;
  private readonly fs: StoreFs;

  constructor(private readonly options: OnlineSessionOptions) {
    this.fs = options.fs ?? nodeStoreFs;
  }

  async open(): Promise<void> {
    // Never signed in, or unreadable (a pipe, a link, too large, not UTF-8, not JSON): the form starts empty.
    const read = await readRegularText(join(this.options.dataDir, SESSION_FILE), { maxBytes: MAX_SESSION_FILE_BYTES, kind: 'sign-in records', fs: this.fs });
    this.identity = null;
    if (!read.ok) return;
    try {
      const parsed = identitySchema.safeParse(JSON.parse(read.value));
      this.identity = parsed.success ? parsed.data : null;
    } catch {
      // not JSON: as if never signed in
    }
  }

  get keychain() {
    return { kind: this.options.credentials.kind, description: this.options.credentials.description };
  }

  async status(): Promise<SessionStatus> {
    const settings = await this.options.settings.get();
    const refresh = this.identity && isConfigured(settings) ? await this.storedRefreshToken(settings, this.identity) : undefined;
    const signedIn = Boolean(refresh) && this.endedReason === null && !this.signedOut;
    return {
      signedIn,
      username: this.identity?.username ?? '',
      clientId: this.identity?.clientId ?? '',
      service: isConfigured(settings) ? serviceAddress(settings) : '',
      reason: signedIn ? null : this.endedReason,
      keychain: this.keychain,
    };
  }

  /** Password grant with the given secrets; they are stored only once the service accepted them. */
  async signIn(request: SignInRequest): Promise<SessionStatus> {
    const settings = await this.options.settings.get();
    if (!isConfigured(settings)) {
      throw new StoreError('invalid', 'Set the service address and token address in Settings before signing in.', [{ field: 'baseUrl', message: 'is not set' }]);
    }
    if (settings.workOffline) {
      throw new StoreError('invalid', 'Work offline is on: switch it off in Settings to sign in.', [{ field: 'workOffline', message: 'is on' }]);
    }
    const identity = { clientId: request.clientId, username: request.username };
    const service = this.serviceFor(settings, identity);
    await service.signIn({ clientSecret: request.clientSecret, password: request.password });
    if (this.identity && (this.identity.clientId !== identity.clientId || this.identity.username !== identity.username)) {
      await this.forget(settings, this.identity); // another account's items must not linger
    }
    try {
      await this.fs.mkdir(this.options.dataDir, { recursive: true });
      await writeFileAtomic(join(this.options.dataDir, SESSION_FILE), JSON.stringify(identity), { fs: this.fs, mode: 0o600 });
    } catch (error) {
      throw new StoreError('failed', `Signed in, but who signed in could not be remembered: ${describeFsError(error)}.`);
    }
    this.identity = identity;
    this.endedReason = null;
    this.signedOut = false;
    this.options.onChange?.();
    return this.status();
  }

  /**
   * Ends the session on this computer (the service has no revoke endpoint):
   * the access token is dropped from memory at once, then the refresh token,
   * password and client secret are removed from the keychain. The user name
   * stays so the form is filled in next time. Signed out even when the
   * keychain fails; the error then says which items may remain.
   */
  async signOut(): Promise<SessionStatus> {
    const settings = await this.options.settings.get();
    this.signedOut = true;
    const left = this.identity ? await this.forget(settings, this.identity) : [];
    this.client = undefined;
    this.endedReason = null;
    this.options.onChange?.();
    if (left.length > 0) {
      throw new StoreError('failed', `Signed out, but the system keychain did not remove ${left.join(' and ')}. Remove the "Filing Desk" items in your keychain app, or sign out again.`);
    }
    return this.status();
  }

  /**
   * The secrets stored for whoever signed in last, for "Test connection" to
   * try at the token endpoint. They go from the keychain to that one request
   * and nowhere else. `keychainFailed` when the keychain did not answer.
   */
  async storedCredentials(): Promise<{ credentials?: TestCredentials; keychainFailed?: true }> {
    const identity = this.identity;
    if (!identity) return {};
    try {
      const clientSecret = await this.options.credentials.get(SecretAccount.clientSecret(identity.clientId));
      const password = await this.options.credentials.get(SecretAccount.password(identity.username));
      if (!clientSecret || !password) return {};
      return { credentials: { clientId: identity.clientId, clientSecret, username: identity.username, password } };
    } catch {
      return { keychainFailed: true };
    }
  }

  /** The outbox or a job hit an ended session: the sign-in form comes back, the queued work stays. */
  sessionEnded(reason: string): void {
    this.endedReason = reason;
    this.options.onChange?.();
  }

  /** The remote client for the current settings, or undefined when there is no service or nobody signed in. */
  async service(): Promise<RemoteFilingService | undefined> {
    const settings = await this.options.settings.get();
    if (!isConfigured(settings) || !this.identity) return undefined;
    return this.serviceFor(settings, this.identity);
  }

  private serviceFor(settings: OnlineSettings, identity: Identity): RemoteFilingService {
    const key = JSON.stringify([settings.baseUrl, settings.authUrl, settings.apiVersion, settings.identification, identity]);
    if (this.client?.key === key) return this.client.service;
    const service = new RemoteFilingService({
      settings: {
        baseUrl: settings.baseUrl,
        authUrl: settings.authUrl,
        clientId: identity.clientId,
        username: identity.username,
        apiVersion: settings.apiVersion,
        commonHeaders: settings.identification,
        // One attempt per call: the outbox and the job follower schedule the next,
        // on disk, so a wait survives a restart and shows on screen.
        retry: { maxAttempts: 1 },
      },
      credentials: this.options.credentials,
      ...(this.options.transport ? { transport: this.options.transport } : {}),
      ...(this.options.clock ? { clock: this.options.clock } : {}),
    });
    this.client = { key, service };
    return service;
  }

  private async storedRefreshToken(settings: OnlineSettings, identity: Identity): Promise<string | undefined> {
    try {
      return await this.options.credentials.get(SecretAccount.refreshToken(settings.authUrl.replace(/\/+$/, ''), identity.username));
    } catch {
      return undefined; // the keychain stopped answering: not signed in, and status says so through reason
    }
  }

  /** Drops the access token, then deletes each keychain item (every one is tried); says which could not be removed. */
  private async forget(settings: OnlineSettings, identity: Identity): Promise<string[]> {
    const store = this.options.credentials;
    await this.client?.service.signOut().catch(() => undefined);
    const accounts: [string, string][] = [
      ['the client secret', SecretAccount.clientSecret(identity.clientId)],
      ['the password', SecretAccount.password(identity.username)],
    ];
    if (settings.authUrl) accounts.push(['the refresh token', SecretAccount.refreshToken(settings.authUrl.replace(/\/+$/, ''), identity.username)]);
    const left: string[] = [];
    for (const [what, account] of accounts) {
      try {
        await store.delete(account);
      } catch {
        left.push(what);
      }
    }
    return left;
  }
}
