/**
 * Issues and checks the bearer tokens of the contract server: password grant,
 * refresh grant (with rotation: a redeemed refresh token is spent), expiry by
 * an injected clock, and revocation for tests. Tokens live in memory only;
 * restarting the server signs everybody out, as a real service might.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

export interface ServiceCredentials {
  clientId: string;
  clientSecret: string;
  username: string;
  password: string;
}

/** The interface's token response. */
export interface TokenResponse {
  access_token: string;
  token_type: 'bearer';
  expires_in: number;
  refresh_token: string;
  scope: string;
}

export type AccessCheck = { ok: true; username: string } | { ok: false; reason: 'expired' | 'unknown' };

interface Grant {
  username: string;
  clientId: string;
  expiresAt: number;
}

export const GRANTED_SCOPE = 'report-package build-ct600 validation';

export interface TokenAuthorityOptions {
  credentials: ServiceCredentials;
  accessLifetimeSeconds: number;
  refreshLifetimeSeconds: number;
  clock: () => Date;
}

// Compare digests so neither the length nor the content of a secret leaks through timing.
function sameSecret(given: string, expected: string): boolean {
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
}

export class TokenAuthority {
  private readonly access = new Map<string, Grant>();
  private readonly refresh = new Map<string, Grant>();
  /** How many grants of each kind succeeded: lets tests count refreshes. */
  readonly issued = { password: 0, refresh: 0 };

  constructor(private readonly options: TokenAuthorityOptions) {}

  isClient(clientId: string, clientSecret: string): boolean {
    const c = this.options.credentials;
    return sameSecret(clientId, c.clientId) && sameSecret(clientSecret, c.clientSecret);
  }

  isUser(username: string, password: string): boolean {
    const c = this.options.credentials;
    return sameSecret(username, c.username) && sameSecret(password, c.password);
  }

  grantForPassword(clientId: string, username: string): TokenResponse {
    this.issued.password++;
    return this.issue(clientId, username);
  }

  /** A fresh pair for a live refresh token of this client, or undefined (unknown, spent, expired or revoked). */
  grantForRefresh(clientId: string, refreshToken: string): TokenResponse | undefined {
    const grant = this.refresh.get(refreshToken);
    if (!grant || grant.clientId !== clientId) return undefined;
    this.refresh.delete(refreshToken);
    if (grant.expiresAt <= this.now()) return undefined;
    this.issued.refresh++;
    return this.issue(clientId, grant.username);
  }

  checkAccess(token: string): AccessCheck {
    const grant = this.access.get(token);
    if (!grant) return { ok: false, reason: 'unknown' };
    if (grant.expiresAt <= this.now()) {
      this.access.delete(token);
      return { ok: false, reason: 'expired' };
    }
    return { ok: true, username: grant.username };
  }

  /** Revokes every refresh token (the user's session was ended elsewhere). */
  revokeRefreshTokens(): void {
    this.refresh.clear();
  }

  revokeAccessTokens(): void {
    this.access.clear();
  }

  private issue(clientId: string, username: string): TokenResponse {
    this.sweep();
    const now = this.now();
    const accessToken = randomBytes(32).toString('base64url');
    const refreshToken = randomBytes(32).toString('base64url');
    this.access.set(accessToken, { clientId, username, expiresAt: now + this.options.accessLifetimeSeconds * 1000 });
    this.refresh.set(refreshToken, { clientId, username, expiresAt: now + this.options.refreshLifetimeSeconds * 1000 });
    return {
      access_token: accessToken,
      token_type: 'bearer',
      expires_in: this.options.accessLifetimeSeconds,
      refresh_token: refreshToken,
      scope: GRANTED_SCOPE,
    };
  }

  // Expired grants are dropped when new ones are issued, so a long-running
  // server does not keep every token it ever handed out.
  private sweep(): void {
    const now = this.now();
    for (const map of [this.access, this.refresh]) {
      for (const [token, grant] of map) if (grant.expiresAt <= now) map.delete(token);
    }
  }

  private now(): number {
    return this.options.clock().getTime();
  }
}
