/**
 * Two desks and a real office: what one desk adds offline reaches the
 * other, a client changed on both while apart is kept both ways until
 * chosen, a push whose answer was lost is applied once, and a desk that
 * cannot reach the office keeps working and says why.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { pushReply } from '../../common/office/protocol.js';
import { OfficeConnection, OfficeUnreachable } from '../../main/office/office-connection.js';
import { pinnedTransport, type OfficeTransport } from '../../main/office/office-transport.js';
import { ACME, ALICE, BOB, makeDesk, officeVersions, removeDesk, startTestOffice, type TestDesk, type TestOffice } from './desk-harness.js';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function office(): Promise<TestOffice> {
  const started = await startTestOffice();
  cleanups.push(() => started.close());
  return started;
}

async function joined(url: string, user: { name: string; password: string }, name: string, options: Parameters<typeof makeDesk>[0] = {}): Promise<TestDesk> {
  const desk = makeDesk(options);
  cleanups.push(() => removeDesk(desk));
  const result = await desk.desk.join({ url, user: user.name, password: user.password, desk: name });
  expect(result.outcome).toBe('joined');
  return desk;
}

const sync = (desk: TestDesk) => desk.desk.runSync();

describe('syncing the client book through the office', () => {
  it('a client added offline on one desk appears on the other after both sync', async () => {
    const { url } = await office();
    const a = await joined(url, ALICE, 'front desk');
    const b = await joined(url, BOB, 'back office');
    const added = await a.book.save(undefined, ACME);

    expect(await sync(a)).toMatchObject({ pushed: 1, pulled: 0, conflicts: [] });
    expect(await b.book.get(added.id)).toBeUndefined();
    expect(await sync(b)).toMatchObject({ pushed: 0, pulled: 1, conflicts: [] });
    expect(await b.book.get(added.id)).toEqual(added);
    // Each desk now has what the office has: nothing goes either way.
    expect(await sync(a)).toMatchObject({ pushed: 0, pulled: 0 });
    expect(await sync(b)).toMatchObject({ pushed: 0, pulled: 0 });
    const status = await b.desk.status();
    expect(status).toMatchObject({ joined: true, user: 'bob', desk: 'back office', fingerprint: null, sync: { pending: 0, problem: null, conflicts: [] } });
  });

  it('the same client changed on both desks while apart is one conflict with both versions, resolved either way, losing nothing', async () => {
    const { url, pool } = await office();
    const a = await joined(url, ALICE, 'front desk');
    const b = await joined(url, BOB, 'back office');
    const client = await a.book.save(undefined, ACME);
    await sync(a);
    await sync(b);

    await a.book.save(client.id, { ...ACME, companyName: 'Acme Trading Limited' });
    await b.book.save(client.id, { ...ACME, periodEnd: '12-31' });
    await sync(a);
    const apart = await sync(b);
    expect(apart.conflicts).toHaveLength(1);
    expect(apart.conflicts[0]).toMatchObject({ kind: 'client', id: client.id, mine: { body: { companyName: 'Acme Trading Ltd', periodEnd: '12-31' } }, theirs: { version: 2, body: { companyName: 'Acme Trading Limited', periodEnd: '03-31' }, changedBy: 'alice', changedOn: 'front desk' } });
    // B's own file is untouched and B's change is not pushed while the conflict stands.
    expect((await b.book.get(client.id))!.periodEnd).toBe('12-31');
    expect(await sync(b)).toMatchObject({ pushed: 0, conflicts: [{ id: client.id }] });
    const view = await b.desk.status();
    if (!view.joined) throw new Error('not joined');
    expect(view.sync.conflicts[0]).toMatchObject({ title: 'Acme Trading Limited' });
    expect(view.sync.conflicts[0]!.differences.map((d) => d.field).sort()).toEqual(['companyName', 'periodEnd']);

    // Keeping mine pushes B's version over A's; A (unchanged since) takes it, and A's stays in the office's history.
    await b.desk.resolve({ kind: 'client', id: client.id, keep: 'mine' });
    await sync(a);
    expect(await a.book.get(client.id)).toMatchObject({ companyName: 'Acme Trading Ltd', periodEnd: '12-31' });
    expect((await officeVersions(pool, 'client', client.id)).map((v) => (v.body as { companyName: string }).companyName)).toEqual(['Acme Trading Ltd', 'Acme Trading Limited', 'Acme Trading Ltd']);

    // Apart again: this time A keeps theirs, and A's file becomes B's version.
    await a.book.save(client.id, { ...ACME, periodEnd: '12-31', utr: '2234567890' });
    await b.book.save(client.id, { ...ACME, periodEnd: '06-30' });
    await sync(b);
    expect((await sync(a)).conflicts).toHaveLength(1);
    await a.desk.resolve({ kind: 'client', id: client.id, keep: 'theirs' });
    expect(await a.book.get(client.id)).toMatchObject({ utr: '1234567890', periodEnd: '06-30' });
    expect(await sync(a)).toMatchObject({ pushed: 0, conflicts: [] });
    expect(await sync(b)).toMatchObject({ pushed: 0, pulled: 0, conflicts: [] });
    // Every version either desk pushed stays in the office's history; A's replaced one, which the office never had, is set aside on A.
    expect(await officeVersions(pool, 'client', client.id)).toHaveLength(4);
    const setAside = readdirSync(join(a.dataDir, 'office', 'set-aside'));
    expect(setAside).toHaveLength(1);
    expect(JSON.parse(readFileSync(join(a.dataDir, 'office', 'set-aside', setAside[0]!), 'utf8'))).toMatchObject({ id: client.id, utr: '2234567890', periodEnd: '12-31' });
  });

  it("takes every change it can: a client another desk's store would refuse is named and left out, the rest arrive; and says who has a client open", async () => {
    const { url } = await office();
    const a = await joined(url, ALICE, 'front desk');
    const b = await joined(url, BOB, 'back office');
    const good = await a.book.save(undefined, ACME);
    await sync(a);
    // A desk of another build pushes a client this book's rules refuse (a UTR of letters).
    const other = new OfficeConnection({ settings: { url, user: ALICE.name, desk: 'old desk', fingerprint: null }, certificatePem: null, password: async () => ALICE.password });
    const bad = { ...good, id: 'c-bad', companyName: 'Bad Utr Ltd', utr: 'ABCDEFGHIJ' };
    const pushed = await other.request('POST', '/push', { changes: [{ changeId: randomUUID(), kind: 'client', id: 'c-bad', baseVersion: 0, body: bad, deleted: false, attachments: [] }] }, pushReply);
    expect(pushed.results[0]!.status).toBe('applied');

    expect(await sync(b)).toMatchObject({ pulled: 1, conflicts: [] });
    expect(await b.book.get(good.id)).toEqual(good);
    expect(await b.book.get('c-bad')).toBeUndefined();
    const status = await b.desk.status();
    if (!status.joined) throw new Error('not joined');
    expect(status.sync.problem).toMatch(/could not be taken on this desk.*Bad Utr Ltd \(client c-bad, version 1\).*client\.utr must be exactly 10 digits/);

    expect(await a.desk.editing({ kind: 'client', id: good.id, open: true })).toEqual({ others: [] });
    expect(await b.desk.editing({ kind: 'client', id: good.id, open: true })).toEqual({ others: [expect.objectContaining({ kind: 'client', id: good.id, user: 'alice', desk: 'front desk' })] });
    await a.desk.editing({ kind: 'client', id: good.id, open: false });
    expect(await b.desk.editing({ kind: 'client', id: good.id, open: true })).toEqual({ others: [] });
  });

  it('a push whose answer was lost is applied once when the desk tries again', async () => {
    const { url, pool } = await office();
    const real = pinnedTransport(null);
    let loseNextPushAnswer = true;
    const losing: OfficeTransport = async (request) => {
      const reply = await real(request);
      if (request.url.endsWith('/push') && loseNextPushAnswer) {
        loseNextPushAnswer = false;
        throw new Error('socket hang up');
      }
      return reply;
    };
    const a = await joined(url, ALICE, 'front desk', { transport: losing });
    const client = await a.book.save(undefined, ACME);
    await expect(sync(a)).rejects.toThrow(OfficeUnreachable);
    expect(await officeVersions(pool, 'client', client.id)).toHaveLength(1);

    expect(await sync(a)).toMatchObject({ pushed: 1, pulled: 0, conflicts: [] });
    expect(await officeVersions(pool, 'client', client.id)).toHaveLength(1);
    const applied = await pool.query('SELECT count(*)::int AS n FROM office_applied_changes');
    expect(applied.rows[0].n).toBe(1);
  });

  it('a desk that cannot reach the office keeps working, and says so', async () => {
    const started = await office();
    const a = await joined(started.url, ALICE, 'front desk');
    await started.stop();

    const client = await a.book.save(undefined, ACME);
    const failed = sync(a);
    await expect(failed).rejects.toThrow(OfficeUnreachable);
    await expect(failed).rejects.toThrow(`the office at ${started.url} could not be reached`);
    expect(await a.book.get(client.id)).toEqual(client);
    const status = await a.desk.status();
    if (!status.joined) throw new Error('not joined');
    expect(status.sync.problem).toMatch(/could not be reached/);
    expect(status.sync.pending).toBe(1);
  });
});
