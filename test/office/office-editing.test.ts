import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { EDITING_LAPSE_SECONDS, editingReply } from '../../common/office/protocol.js';
import { closeEditing, listEditing, openEditing } from '../../main/server/office/editing.js';
import { addTestUsers, openTestOffice, signInDesk, startTestServer, type TestOffice } from './office-test-office.js';

const front = { user: 'alice', admin: false, desk: 'front-desk' };
const back = { user: 'bob', admin: false, desk: 'back-office' };

/** The office's time, moved by the test: lapses are measured against it. */
function testClock(start: string) {
  let now = new Date(start);
  return { clock: () => now, advance: (seconds: number) => (now = new Date(now.getTime() + seconds * 1000)) };
}

describe('who is editing what on the office', () => {
  let office: TestOffice;
  beforeAll(async () => {
    office = await openTestOffice();
  });
  afterAll(async () => office.close());

  it('lists each desk with a record open, keeps an open entry alive by its heartbeat, and forgets one that lapsed or was closed', async () => {
    const { clock, advance } = testClock('2026-01-05T09:00:00Z');
    await openEditing(office.pool, front, 'client', 'acme', clock);
    advance(10);
    await openEditing(office.pool, back, 'client', 'acme', clock);
    await openEditing(office.pool, back, 'draft', 'acme-2025', clock);
    expect(await listEditing(office.pool, clock)).toEqual([
      { kind: 'client', id: 'acme', user: 'alice', desk: 'front-desk', since: '2026-01-05T09:00:00.000Z' },
      { kind: 'client', id: 'acme', user: 'bob', desk: 'back-office', since: '2026-01-05T09:00:10.000Z' },
      { kind: 'draft', id: 'acme-2025', user: 'bob', desk: 'back-office', since: '2026-01-05T09:00:10.000Z' },
    ]);

    // Alice's desk keeps beating; Bob's draft goes quiet past the lapse.
    advance(EDITING_LAPSE_SECONDS - 20);
    await openEditing(office.pool, front, 'client', 'acme', clock);
    await openEditing(office.pool, back, 'client', 'acme', clock);
    advance(30);
    expect((await listEditing(office.pool, clock)).map((e) => [e.id, e.user, e.since])).toEqual([
      ['acme', 'alice', '2026-01-05T09:00:00.000Z'],
      ['acme', 'bob', '2026-01-05T09:00:10.000Z'],
    ]);

    await closeEditing(office.pool, back, 'client', 'acme');
    expect((await listEditing(office.pool, clock)).map((e) => e.user)).toEqual(['alice']);

    // Opened again after lapsing, an entry starts afresh.
    advance(EDITING_LAPSE_SECONDS + 1);
    expect(await listEditing(office.pool, clock)).toEqual([]);
    await openEditing(office.pool, front, 'client', 'acme', clock);
    expect((await listEditing(office.pool, clock))[0]!.since).toBe(clock().toISOString());
  });
});

describe('who is editing what, over HTTP', () => {
  let office: TestOffice;
  let app: FastifyInstance;
  beforeAll(async () => {
    office = await openTestOffice();
    await addTestUsers(office.pool, ['alice', 'bob']);
    app = await startTestServer(office.pool);
  });
  afterAll(async () => {
    await app.close();
    await office.close();
  });

  it("tells a desk opening a record who else has it open, and refuses a notice naming the field at fault", async () => {
    const alice = await signInDesk(app, 'alice', 'front-desk');
    const bob = await signInDesk(app, 'bob', 'back-office');
    await alice.request('POST', '/editing', { kind: 'accounts', id: 'acme-2025', open: true });
    const opened = await bob.request('POST', '/editing', { kind: 'accounts', id: 'acme-2025', open: true });
    expect(editingReply.parse(opened.json).editing.map((e) => [e.user, e.desk])).toEqual([
      ['alice', 'front-desk'],
      ['bob', 'back-office'],
    ]);
    const closed = await alice.request('POST', '/editing', { kind: 'accounts', id: 'acme-2025', open: false });
    expect(closed.json.editing.map((e: { user: string }) => e.user)).toEqual(['bob']);
    expect((await alice.request('GET', '/editing')).json.editing.map((e: { user: string }) => e.user)).toEqual(['bob']);
    const bad = await alice.request('POST', '/editing', { kind: 'invoice', id: 'acme-2025', open: true });
    expect([bad.status, bad.json.error.fields[0].field]).toEqual([400, 'kind']);
  });
});
