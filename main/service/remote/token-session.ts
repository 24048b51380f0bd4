/**
 * The signed-in session with the filing service. The access token lives
 * only here, in memory. The client secret, password and refresh token live
 * in the CredentialStore (the OS keychain). Refreshes are single-flight:
 * however many requests find the token stale at once, one refresh grant is
 * sent and they all wait for it.
 *
 * Token requests are never retried automatically: a password grant is not
 * idempotent, and a refresh grant that reached the server has spent the old
 * refresh token (rotation), so sending it again could only fail.
 */
import { z } from 'zod';
import { SecretAccount, type CredentialStore } from '../../credentials/credential-store.js';
import { InvalidClientError, SignInNeededError, UnauthorizedError, UnexpectedResponseError } from '../service-errors.js';
import type { RemoteServiceSettings } from './settings.js';
import type { HttpAnswer, Transport } from './http-transport.js';
import { errorForStatus } from './status-errors.js';

const tokenResponseSchema = z.object({
  access_token: z.string().min(1),
  token_type: z.string().regex(/^bearer$/i),
  expires_in: z.number().positive(),
  refresh_token: z.string().min(1),
  scope: z.string().optional(),
});

/**
 * After an early renewal fails (the token endpoint is down or slow) the old
 * token, still valid, is used alone for this long before renewing is tried
 * again; otherwise every call in the renew window would pay for a failed
 * refresh, a whole time limit when the endpoint hangs.
 */
export const EARLY_RENEWAL_BACKOFF_MS = 15_000;

interface AccessToken {
  token: string;
  expiresAt: number;
  /** When to start renewing it. */
  renewAt: number;
}

export interface TokenSessionOptions {
  settings: RemoteServiceSettings;
  credentials: CredentialStore;
  transport: Transport;
  clock?: () => Date;
}

export class TokenSession {
  private access: AccessToken | undefined;
  private refreshing: Promise<string> | undefined;
  /** No early renewal before this time (ms), after one failed. */
  private earlyRenewalPausedUntil = 0;
  /** A token refused right after a refresh; a new grant (sign-in) clears it. */
  private refusedWhenFresh: string | undefined;
  private readonly clock: () => Date;
  /** Refresh grants sent by this session (shown in diagnostics and counted in tests). */
  refreshCount = 0;

  constructor(private readonly options: TokenSessionOptions) {
    this.clock = options.clock ?? (() => new Date());
  }

  private get accounts() {
    const { clientId, username, authUrl } = this.options.settings;
    return {
      clientSecret: SecretAccount.clientSecret(clientId),
      password: SecretAccount.password(username),
      refreshToken: SecretAccount.refreshToken(authUrl, username),
    };
  }

  /**
   * Password grant. Secrets given here are saved to the credential store
   * once the service has accepted them; without them the stored ones are used.
   */
  async signIn(secrets: { clientSecret?: string; password?: string } = {}): Promise<void> {
    const store = this.options.credentials;
    const clientSecret = secrets.clientSecret ?? (await store.get(this.accounts.clientSecret));
    const password = secrets.password ?? (await store.get(this.accounts.password));
    if (!clientSecret) throw new SignInNeededError('The client secret is not set; enter it in the service settings.');
    if (!password) throw new SignInNeededError('Enter your password to sign in to the filing service.');
    const { settings } = this.options;
    const answer = await this.tokenRequest({
      grant_type: 'password',
      client_id: settings.clientId,
      client_secret: clientSecret,
      username: settings.username,
      password,
    });
    if (answer.status === 403) throw new SignInNeededError('The service did not accept the username or password.', 403);
    await this.accept(answer);
    if (secrets.clientSecret) await store.set(this.accounts.clientSecret, secrets.clientSecret);
    if (secrets.password) await store.set(this.accounts.password, secrets.password);
  }

  /** Forgets the session: the access token and the stored refresh token (not the password). */
  async signOut(): Promise<void> {
    this.access = undefined;
    await this.options.credentials.delete(this.accounts.refreshToken);
  }

  /** A token to send now, renewing it first when it is (nearly) expired. */
  async accessToken(): Promise<string> {
    const now = this.clock().getTime();
    const current = this.access;
    if (current && now < current.renewAt) return current.token;
    if (current && now < current.expiresAt) {
      // Renewing early is a courtesy: if it fails for want of a network the
      // current token still works for a while, so use it and back off.
      if (now < this.earlyRenewalPausedUntil) return current.token;
      return this.refresh().catch((err: unknown) => {
        if (err instanceof SignInNeededError || err instanceof InvalidClientError) throw err;
        this.earlyRenewalPausedUntil = this.clock().getTime() + EARLY_RENEWAL_BACKOFF_MS;
        return current.token;
      });
    }
    return this.refresh();
  }

  /** After a 401 with `rejected`: a new token, refreshing once however many callers ask. */
  async tokenAfterRejection(rejected: string): Promise<string> {
    // A token the service refused straight after it was issued will not be
    // cured by another refresh: every request that meets it gives up, so the
    // session refreshes once however the requests were interleaved.
    if (this.refusedWhenFresh === rejected) {
      throw new UnauthorizedError('The service refused a freshly issued access token.', 401);
    }
    if (this.access && this.access.token !== rejected) return this.access.token;
    this.access = undefined;
    return this.refresh();
  }

  /** The service refused `token` though it had just been issued (called by the client after its one resend). */
  refusedFreshToken(token: string): void {
    this.refusedWhenFresh = token;
  }

  private refresh(): Promise<string> {
    this.refreshing ??= this.redeemRefreshToken().finally(() => {
      this.refreshing = undefined;
    });
    return this.refreshing;
  }

  private async redeemRefreshToken(): Promise<string> {
    const store = this.options.credentials;
    const refreshToken = await store.get(this.accounts.refreshToken);
    const clientSecret = await store.get(this.accounts.clientSecret);
    if (!refreshToken || !clientSecret) {
      this.access = undefined;
      throw new SignInNeededError('Sign in to the filing service.');
    }
    this.refreshCount++;
    const answer = await this.tokenRequest({
      grant_type: 'refresh_token',
      client_id: this.options.settings.clientId,
      client_secret: clientSecret,
      refresh_token: refreshToken,
    });
    if (answer.status === 400 || answer.status === 403) {
      // The refresh token is spent, expired or revoked: only signing in helps.
      this.access = undefined;
      await store.delete(this.accounts.refreshToken);
      throw new SignInNeededError('The filing service ended the session; sign in again.', answer.status);
    }
    return this.accept(answer);
  }

  private async tokenRequest(form: Record<string, string>): Promise<HttpAnswer> {
    const { settings } = this.options;
    return this.options.transport({
      method: 'POST',
      url: `${settings.authUrl}/connect/token`,
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams(form).toString(),
      timeoutMs: settings.timeoutMs,
    });
  }

  /** Takes a 200 token response into the session; anything else becomes the matching error. */
  private async accept(answer: HttpAnswer): Promise<string> {
    if (answer.status === 401) {
      throw new InvalidClientError('The service did not accept the client id or client secret in settings.', 401);
    }
    if (answer.status !== 200) throw errorForStatus(answer, this.clock());
    // The body holds tokens: neither the JSON SyntaxError (it quotes the
    // text) nor the zod error goes into the error, only where the shape broke.
    let json: unknown;
    try {
      json = JSON.parse(answer.text);
    } catch {
      throw new UnexpectedResponseError(`The token response is not valid JSON (${answer.text.length} characters).`, 200);
    }
    const checked = tokenResponseSchema.safeParse(json);
    if (!checked.success) {
      const fields = [...new Set(checked.error.issues.map((i) => i.path.join('.') || 'body'))].join(', ');
      throw new UnexpectedResponseError(`The token response is not what the interface describes (${fields}).`, 200);
    }
    const parsed = checked.data;
    const now = this.clock().getTime();
    const lifetimeMs = parsed.expires_in * 1000;
    const aheadMs = Math.min(this.options.settings.refreshAheadSeconds * 1000, lifetimeMs / 10);
    this.access = { token: parsed.access_token, expiresAt: now + lifetimeMs, renewAt: now + lifetimeMs - aheadMs };
    this.earlyRenewalPausedUntil = 0;
    await this.options.credentials.set(this.accounts.refreshToken, parsed.refresh_token);
    return parsed.access_token;
  }

  get signedIn(): boolean {
    return this.access !== undefined;
  }
}
