/**
 * Where the app keeps the secrets it must remember between sessions: the
 * service's client secret, the user's password and the refresh token. The
 * access token never comes here; it lives only in main-process memory.
 *
 * Two implementations: the OS keychain (the normal case) and a memory-only
 * store used when no keychain can be reached. There is deliberately no file
 * implementation: a secret on disk in plain text is worse than asking again.
 */
export type CredentialStoreKind = 'os-keychain' | 'memory-only';

export interface CredentialStore {
  readonly kind: CredentialStoreKind;
  /** One plain sentence for the settings screen: where secrets are kept and for how long. */
  readonly description: string;
  /** The secret saved under `account`, or undefined when there is none. */
  get(account: string): Promise<string | undefined>;
  /** Saves or replaces the secret under `account`. */
  set(account: string, secret: string): Promise<void>;
  /** Removes the secret; true when one was there. */
  delete(account: string): Promise<boolean>;
}

/** The kinds of secret the app keeps, and the account names they are filed under. */
export const SecretAccount = {
  clientSecret: (clientId: string) => `client-secret:${clientId}`,
  password: (username: string) => `password:${username}`,
  refreshToken: (authUrl: string, username: string) => `refresh-token:${username}@${authUrl}`,
  /** HMRC's Government Gateway: which user files (not secret, but kept with its password so one never outlives the other). */
  gatewayUserId: () => 'gateway-user-id',
  gatewayPassword: (userId: string) => `gateway-password:${userId}`,
  /** The desk's office password, for signing in to the firm's office server. */
  officePassword: (url: string, user: string) => `office-password:${user}@${url}`,
} as const;

/**
 * The keychain could not be reached or refused an operation. Of the
 * library's own error only the code and message are kept: a native error may
 * carry what it was handed (a secret being saved), and util.inspect or
 * console.error would print all of it.
 */
export class CredentialStoreError extends Error {
  readonly code = 'keychain-unavailable' as const;
  constructor(message: string, options?: { cause?: { code: string; message: string } }) {
    super(message, options?.cause ? { cause: { code: String(options.cause.code), message: String(options.cause.message) } } : undefined);
    this.name = 'CredentialStoreError';
  }
}
