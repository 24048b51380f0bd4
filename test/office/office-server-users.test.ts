import { afterEach, describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from '../../main/server/office/password-hash.js';
import { OfficeUsers } from '../../main/server/office/users.js';
import { ADMIN, CLERK, startOfficeHarness, type OfficeHarness } from './office-server-harness.js';

let office: OfficeHarness | undefined;
afterEach(async () => {
  await office?.close();
  office = undefined;
});

const by = { user: 'alice', desk: 'front desk' };

describe('office users', () => {
  it('keeps passwords as salted scrypt hashes (N=2^15, r=8, p=1, 16-byte salt) that only the right password matches', async () => {
    const one = await hashPassword('correct horse battery');
    const two = await hashPassword('correct horse battery');
    expect(one).toMatch(/^scrypt\$32768\$8\$1\$[A-Za-z0-9+/]{22}==\$[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(one.split('$')[4]!, 'base64')).toHaveLength(16);
    expect(two).not.toBe(one);
    expect(await verifyPassword('correct horse battery', one)).toBe(true);
    expect(await verifyPassword('correct horse batterY', one)).toBe(false);
    expect(await verifyPassword('correct horse battery', 'plain$text')).toBe(false);
  });

  it('adds, replaces a password (ending that user\'s sessions), lists and removes users, never storing the password', async () => {
    office = await startOfficeHarness();
    const users = new OfficeUsers({ pool: office.pool });
    expect(await users.add({ name: 'carol', password: 'carol-password-1', admin: false }, by)).toBe('added');
    const stored = (await office.pool.query<{ password_hash: string }>("SELECT password_hash FROM office_users WHERE name = 'carol'")).rows[0]!.password_hash;
    expect(stored).toMatch(/^scrypt\$/);
    expect(stored).not.toContain('carol-password-1');

    const session = await office.signIn({ name: 'carol', password: 'carol-password-1' });
    expect(await users.add({ name: 'carol', password: 'carol-password-2', admin: false }, by)).toBe('replaced');
    expect((await office.request('GET', '/whoami', session.token)).statusCode).toBe(401);
    expect(await users.check('carol', 'carol-password-1')).toBeUndefined();
    expect(await users.check('carol', 'carol-password-2')).toEqual({ name: 'carol', admin: false });

    expect((await users.list()).map((u) => u.name)).toEqual(['alice', 'bob', 'carol']);
    await users.remove('carol', by);
    expect((await users.list()).map((u) => u.name)).toEqual(['alice', 'bob']);
    expect(await users.check('carol', 'carol-password-2')).toBeUndefined();
    // Removed softly: the audit trail and history still name who carol was.
    expect((await office.pool.query("SELECT removed_at IS NOT NULL AS removed FROM office_users WHERE name = 'carol'")).rows).toEqual([{ removed: true }]);
  });

  it('refuses a password under 12 characters naming password, a bad name naming name, and removing the only admin', async () => {
    office = await startOfficeHarness();
    const users = new OfficeUsers({ pool: office.pool });
    await expect(users.add({ name: 'dave', password: 'short-11chr', admin: false }, by)).rejects.toMatchObject({
      status: 400,
      fields: [{ field: 'password', message: 'must be at least 12 characters' }],
    });
    await expect(users.add({ name: '../dave', password: 'long-enough-password', admin: false }, by)).rejects.toMatchObject({ fields: [{ field: 'name' }] });
    await expect(users.remove(ADMIN.name, by)).rejects.toMatchObject({ status: 409, code: 'conflict', message: expect.stringMatching(/only admin/) });
    await expect(users.add({ name: ADMIN.name, password: ADMIN.password, admin: false }, by)).rejects.toMatchObject({ status: 409 });
    await expect(users.remove('nobody', by)).rejects.toMatchObject({ status: 404 });
    expect((await users.list()).map((u) => u.name)).toEqual([ADMIN.name, CLERK.name]);
  });

  it('audits each user change with who made it', async () => {
    office = await startOfficeHarness();
    const users = new OfficeUsers({ pool: office.pool });
    await users.add({ name: 'erin', password: 'erin-password-1', admin: false }, by);
    await users.add({ name: 'erin', password: 'erin-password-2', admin: true }, by);
    await users.remove(CLERK.name, by);
    const audit = await office.pool.query("SELECT user_name, desk, action, id FROM office_audit WHERE user_name = 'alice' ORDER BY n");
    expect(audit.rows).toEqual([
      { user_name: 'alice', desk: 'front desk', action: 'user-added', id: 'erin' },
      { user_name: 'alice', desk: 'front desk', action: 'user-password-replaced', id: 'erin' },
      { user_name: 'alice', desk: 'front desk', action: 'user-removed', id: CLERK.name },
    ]);
  });
});
