/**
 * The Government Gateway user ID and password that HMRC's Transaction Engine
 * asks of every submission, kept in the same keychain as the filing service's
 * secrets. The password is read only at the moment of sending and never
 * leaves main: the status says only whether one is saved. Pass a store that
 * tells the log redactor every secret (watchCredentialStore), so the password
 * is masked in any log line from the moment it is saved or read.
 */
import type { GatewayCredentialsStatus } from '../../preload/contract.js';
import { SecretAccount, type CredentialStore } from './credential-store.js';

/** What a submission's SenderDetails/IDAuthentication carries. */
export interface GatewayCredentials {
  /** Government Gateway user ID: SenderDetails/IDAuthentication/SenderID. */
  senderId: string;
  /** Government Gateway password, sent in clear as the protocol requires. */
  password: string;
}

/** Why filing cannot get the credentials; field is the Settings field to fill in. */
export class GatewayCredentialsMissing extends Error {
  constructor(
    readonly field: 'gatewayUserId' | 'gatewayPassword',
    message: string,
  ) {
    super(message);
    this.name = 'GatewayCredentialsMissing';
  }
}

export class GatewayCredentialStore {
  constructor(private readonly store: CredentialStore) {}

  async status(): Promise<GatewayCredentialsStatus> {
    const userId = (await this.store.get(SecretAccount.gatewayUserId())) ?? null;
    const passwordSaved = userId !== null && (await this.store.get(SecretAccount.gatewayPassword(userId))) !== undefined;
    return { userId, passwordSaved, where: this.store.description };
  }

  /** Saves both; a user ID changed drops the old user's password, so no password is left without its user. */
  async save(userId: string, password: string): Promise<GatewayCredentialsStatus> {
    const previous = await this.store.get(SecretAccount.gatewayUserId());
    await this.store.set(SecretAccount.gatewayPassword(userId), password);
    await this.store.set(SecretAccount.gatewayUserId(), userId);
    if (previous !== undefined && previous !== userId) await this.store.delete(SecretAccount.gatewayPassword(previous));
    return this.status();
  }

  async clear(): Promise<GatewayCredentialsStatus> {
    const userId = await this.store.get(SecretAccount.gatewayUserId());
    if (userId !== undefined) await this.store.delete(SecretAccount.gatewayPassword(userId));
    await this.store.delete(SecretAccount.gatewayUserId());
    return this.status();
  }

  /** For the moment of sending; refused by field when either is missing. */
  async credentials(): Promise<GatewayCredentials> {
    const userId = await this.store.get(SecretAccount.gatewayUserId());
    if (userId === undefined) throw new GatewayCredentialsMissing('gatewayUserId', 'Enter the Government Gateway user ID in Settings › Government Gateway; HMRC needs it with every return.');
    const password = await this.store.get(SecretAccount.gatewayPassword(userId));
    if (password === undefined) throw new GatewayCredentialsMissing('gatewayPassword', `Enter the Government Gateway password for ${userId} in Settings › Government Gateway; HMRC needs it with every return.`);
    return { senderId: userId, password };
  }
}
