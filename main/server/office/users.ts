/**
 * The office's users: added (or given a new password) and removed by an
 * admin or by `cli office user add`, each change audited in its own
 * transaction. Removing is soft (removed_at), so the audit trail and the
 * history still name who did what; a removed user's sessions end at once.
 */
import type pg from 'pg';
import { recordAudit } from './audit.js';
import { OfficeHttpError } from './office-context.js';
import { inTransaction } from './office-transaction.js';
import { officeUserName } from '../../../common/office/protocol.js';
import { hashPassword, verifyPassword, decoyHash } from './password-hash.js';

export const MIN_PASSWORD_LENGTH = 12;
const NAME_RULE = 'letters, digits, dot, dash, underscore or @, at most 64, starting with a letter or digit';

/** Who made a change to the users: a signed-in admin and their desk, or the command line on the office's computer. */
export interface UserChangeAuthor {
  user: string;
  desk: string | null;
}

export interface OfficeUserRow {
  name: string;
  admin: boolean;
  createdAt: string;
}

export interface OfficeUsersDeps {
  pool: pg.Pool;
}

export class OfficeUsers {
  constructor(private readonly deps: OfficeUsersDeps) {}

  /** Adds the user, or gives a user already there (or removed) this password and admin setting. */
  async add(input: { name: string; password: string; admin: boolean }, by: UserChangeAuthor): Promise<'added' | 'replaced'> {
    if (input.password.length < MIN_PASSWORD_LENGTH) {
      throw new OfficeHttpError(400, 'invalid', `password must be at least ${MIN_PASSWORD_LENGTH} characters`, [
        { field: 'password', message: `must be at least ${MIN_PASSWORD_LENGTH} characters` },
      ]);
    }
    if (!officeUserName.safeParse(input.name).success) {
      throw new OfficeHttpError(400, 'invalid', `name ${JSON.stringify(input.name)} is not an office user name`, [{ field: 'name', message: NAME_RULE }]);
    }
    const hash = await hashPassword(input.password);
    return inTransaction(this.deps.pool, async (db) => {
      const admins = await db.query<{ name: string }>('SELECT name FROM office_users WHERE admin AND removed_at IS NULL ORDER BY name FOR UPDATE');
      const before = await db.query<{ removed: boolean }>('SELECT removed_at IS NOT NULL AS removed FROM office_users WHERE name = $1 FOR UPDATE', [input.name]);
      const existed = before.rows.length > 0;
      if (!input.admin && admins.rows.length === 1 && admins.rows[0]!.name === input.name) {
        throw new OfficeHttpError(409, 'conflict', `${input.name} is the office's only admin and stays one: give admin (--admin) with the new password, or make another user an admin first`);
      }
      await db.query(
        `INSERT INTO office_users (name, password_hash, admin) VALUES ($1, $2, $3)
         ON CONFLICT (name) DO UPDATE SET password_hash = EXCLUDED.password_hash, admin = EXCLUDED.admin, removed_at = NULL`,
        [input.name, hash, input.admin],
      );
      // A new password ends every session signed in with the old one.
      if (existed) await db.query('DELETE FROM office_sessions WHERE user_name = $1', [input.name]);
      const action = existed && !before.rows[0]!.removed ? 'user-password-replaced' : 'user-added';
      await recordAudit(db, { user: by.user, desk: by.desk, action, id: input.name, detail: { admin: input.admin } });
      return action === 'user-added' ? 'added' : 'replaced';
    });
  }

  /** Removes the user and ends their sessions; the last admin cannot be removed (no one could add users again). */
  async remove(name: string, by: UserChangeAuthor): Promise<void> {
    await inTransaction(this.deps.pool, async (db) => {
      // Every admin row locked, so two admins removing each other at once cannot leave none.
      const admins = await db.query<{ name: string }>('SELECT name FROM office_users WHERE admin AND removed_at IS NULL ORDER BY name FOR UPDATE');
      const target = await db.query<{ admin: boolean }>('SELECT admin FROM office_users WHERE name = $1 AND removed_at IS NULL FOR UPDATE', [name]);
      if (target.rows.length === 0) throw new OfficeHttpError(404, 'not-found', `there is no office user named ${JSON.stringify(name)}`);
      if (target.rows[0]!.admin && admins.rows.length <= 1) {
        throw new OfficeHttpError(409, 'conflict', `${name} is the office's only admin and cannot be removed; make another user an admin first`);
      }
      await db.query('UPDATE office_users SET removed_at = now() WHERE name = $1', [name]);
      await db.query('DELETE FROM office_sessions WHERE user_name = $1', [name]);
      await recordAudit(db, { user: by.user, desk: by.desk, action: 'user-removed', id: name });
    });
  }

  /** The users who can sign in, by name. */
  async list(): Promise<OfficeUserRow[]> {
    const rows = await this.deps.pool.query<{ name: string; admin: boolean; created_at: Date }>(
      'SELECT name, admin, created_at FROM office_users WHERE removed_at IS NULL ORDER BY name',
    );
    return rows.rows.map((r) => ({ name: r.name, admin: r.admin, createdAt: r.created_at.toISOString() }));
  }

  /** The user when the password is theirs and they have not been removed; undefined otherwise, taking as long either way. */
  async check(name: string, password: string): Promise<{ name: string; admin: boolean } | undefined> {
    const row = (await this.deps.pool.query<{ name: string; admin: boolean; password_hash: string }>(
      'SELECT name, admin, password_hash FROM office_users WHERE name = $1 AND removed_at IS NULL',
      [name],
    )).rows[0];
    const matches = await verifyPassword(password, row?.password_hash ?? (await decoyHash()));
    return row && matches ? { name: row.name, admin: row.admin } : undefined;
  }
}
