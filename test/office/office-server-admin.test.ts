import { afterEach, describe, expect, it } from 'vitest';
import { ADMIN, CLERK, startOfficeHarness, type OfficeHarness } from './office-server-harness.js';

let office: OfficeHarness | undefined;
afterEach(async () => {
  await office?.close();
  office = undefined;
});

describe("the office's admin routes", () => {
  it('refuse a user who is not an admin the users and the audit trail', async () => {
    office = await startOfficeHarness();
    const clerk = await office.signIn(CLERK);
    for (const [method, path, body] of [
      ['GET', '/users', undefined],
      ['POST', '/users', { name: 'zed', password: 'zed-password-12', admin: true }],
      ['DELETE', `/users/${ADMIN.name}`, undefined],
      ['GET', '/audit', undefined],
    ] as const) {
      const reply = await office.request(method, path, clerk.token, body);
      expect(reply.statusCode, `${method} ${path}`).toBe(403);
      expect(reply.json().error.code).toBe('forbidden');
    }
    expect((await office.pool.query("SELECT count(*)::int AS n FROM office_users WHERE name = 'zed'")).rows[0].n).toBe(0);
  });

  it('let an admin add, list and remove users, but not the last admin', async () => {
    office = await startOfficeHarness();
    const admin = await office.signIn(ADMIN);
    const added = await office.request('POST', '/users', admin.token, { name: 'carol', password: 'carol-password-1', admin: false });
    expect(added.statusCode).toBe(201);
    const tooShort = await office.request('POST', '/users', admin.token, { name: 'dan', password: 'short', admin: false });
    expect(tooShort.statusCode).toBe(400);
    expect(tooShort.json().error.fields).toEqual([{ field: 'password', message: 'at least 12 characters' }]);
    const listed = await office.request('GET', '/users', admin.token);
    expect(listed.json().users.map((u: { name: string; admin: boolean }) => [u.name, u.admin])).toEqual([
      ['alice', true],
      ['bob', false],
      ['carol', false],
    ]);
    expect((await office.request('DELETE', '/users/carol', admin.token)).statusCode).toBe(204);
    const lastAdmin = await office.request('DELETE', `/users/${ADMIN.name}`, admin.token);
    expect(lastAdmin.statusCode).toBe(409);
    expect(lastAdmin.json().error.message).toMatch(/only admin/);
  });

  it('list sign-ins and added users in the audit trail with who and when, page by page', async () => {
    office = await startOfficeHarness();
    const admin = await office.signIn(ADMIN, 'partner desk');
    await office.request('POST', '/users', admin.token, { name: 'carol', password: 'carol-password-1', admin: false });
    const first = await office.request('GET', '/audit?limit=3', admin.token);
    expect(first.statusCode).toBe(200);
    const page = first.json();
    expect(page.more).toBe(true);
    expect(page.entries.map((e: { action: string; user: string }) => [e.action, e.user])).toEqual([
      ['user-added', 'test set-up'],
      ['user-added', 'test set-up'],
      ['sign-in', 'alice'],
    ]);
    const rest = (await office.request('GET', `/audit?after=${page.entries[2].n}`, admin.token)).json();
    expect(rest.more).toBe(false);
    expect(rest.entries).toEqual([expect.objectContaining({ action: 'user-added', user: 'alice', desk: 'partner desk', id: 'carol', detail: { admin: false } })]);
    expect(Date.parse(rest.entries[0].at)).not.toBeNaN();

    const bad = await office.request('GET', '/audit?limit=lots', admin.token);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields.map((f: { field: string }) => f.field)).toEqual(['limit']);
  });
});
