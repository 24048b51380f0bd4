/**
 * Signing in to the office: a user's password buys a bearer token for 12
 * hours. The office keeps only the token's SHA-256, so a copy of the
 * database gives no one a session. A refusal never says whether the name or
 * the password was wrong, is audited, and repeated refusals for a name are
 * slowed (LoginThrottle) so passwords cannot be guessed at speed.
 */
import { createHash, randomBytes } from 'node:crypto';
import type pg from 'pg';
import type { SignInReply } from '../../../common/office/protocol.js';
import type { LoginThrottle } from '../login-throttle.js';
import { recordAudit } from './audit.js';
import { OfficeHttpError, type OfficeCaller } from './office-context.js';
import { inTransaction } from './office-transaction.js';
import type { OfficeUsers } from './users.js';

export const SESSION_HOURS = 12;
const NOT_RIGHT = 'the user name or password is not right';

/** A refusal that asks the caller to wait before trying again (answered with Retry-After). */
export class OfficeRetryLater extends OfficeHttpError {
  constructor(
    readonly retryAfterSeconds: number,
    message: string,
  ) {
    super(429, 'too-many', message);
  }
}

export interface OfficeSessionsDeps {
  pool: pg.Pool;
  clock: () => Date;
  users: OfficeUsers;
  throttle: LoginThrottle;
}

export const tokenDigest = (token: string) => createHash('sha256').update(token).digest('hex');

/** The token of `Authorization: Bearer <token>`, or undefined. */
export function bearerToken(header: string | undefined): string | undefined {
  const match = /^Bearer\s+([A-Za-z0-9_-]{20,200})\s*$/i.exec(header ?? '');
  return match?.[1];
}

export class OfficeSessions {
  constructor(private readonly deps: OfficeSessionsDeps) {}

  async signIn(request: { user: string; password: string; desk: string }): Promise<SignInReply> {
    const { pool, clock, users, throttle } = this.deps;
    const wait = throttle.retryAfterSeconds(request.user);
    if (wait > 0) throw new OfficeRetryLater(wait, `too many refused sign-ins for this user; try again in ${wait} seconds`);
    const user = await users.check(request.user, request.password);
    if (!user) {
      throttle.failed(request.user);
      await recordAudit(pool, { user: request.user, desk: request.desk, action: 'sign-in-refused' });
      throw new OfficeHttpError(401, 'unauthorised', NOT_RIGHT);
    }
    throttle.succeeded(request.user);
    const token = randomBytes(32).toString('base64url');
    const expiresAt = new Date(clock().getTime() + SESSION_HOURS * 3600_000);
    await inTransaction(pool, async (db) => {
      // Sessions past their expiry are of no use to anyone; each sign-in clears them so the table holds live ones only.
      await db.query('DELETE FROM office_sessions WHERE expires_at <= $1', [clock()]);
      await db.query('INSERT INTO office_sessions (token_sha256, user_name, desk, created_at, expires_at) VALUES ($1, $2, $3, $4, $5)', [
        tokenDigest(token),
        user.name,
        request.desk,
        clock(),
        expiresAt,
      ]);
      await recordAudit(db, { user: user.name, desk: request.desk, action: 'sign-in' });
    });
    return { token, expiresAt: expiresAt.toISOString(), user };
  }

  /** Who holds this token, or undefined when it is unknown, expired, or its user was removed. */
  async authenticate(token: string): Promise<OfficeCaller | undefined> {
    const row = (await this.deps.pool.query<{ user_name: string; desk: string; admin: boolean; expires_at: Date }>(
      `SELECT s.user_name, s.desk, u.admin, s.expires_at FROM office_sessions s JOIN office_users u ON u.name = s.user_name
       WHERE s.token_sha256 = $1 AND u.removed_at IS NULL`,
      [tokenDigest(token)],
    )).rows[0];
    if (!row) return undefined;
    if (row.expires_at.getTime() <= this.deps.clock().getTime()) {
      // An expired session is of no use to anyone; removing it keeps the table to the sessions that can still be used.
      await this.deps.pool.query('DELETE FROM office_sessions WHERE token_sha256 = $1', [tokenDigest(token)]);
      return undefined;
    }
    return { user: row.user_name, admin: row.admin, desk: row.desk };
  }

  async signOut(token: string, caller: OfficeCaller): Promise<void> {
    await inTransaction(this.deps.pool, async (db) => {
      await db.query('DELETE FROM office_sessions WHERE token_sha256 = $1', [tokenDigest(token)]);
      await recordAudit(db, { user: caller.user, desk: caller.desk, action: 'sign-out' });
    });
  }
}
