import { createHash, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { changesReply, pushReply, type PushChange } from '../../common/office/protocol.js';
import { missingAttachments, readAttachment, storeAttachment } from '../../main/server/office/attachments.js';
import { pullChanges, pushChanges } from '../../main/server/office/records.js';
import { addTestUsers, openTestOffice, signInDesk, startTestServer, type TestDesk, type TestOffice } from './office-test-office.js';

const alice = { user: 'alice', admin: false, desk: 'front-desk' };
const clock = () => new Date();
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

function clientChange(id: string, baseVersion: number, name: string, attachments: string[] = []): PushChange {
  return { changeId: randomUUID(), kind: 'client', id, baseVersion, body: { name, companyNumber: '01234567' }, deleted: false, attachments };
}

async function count(office: TestOffice, sql: string, params: unknown[]): Promise<number> {
  const { rows } = await office.pool.query<{ n: string }>(sql, params);
  return Number(rows[0]!.n);
}

describe('office records: push and pull by the change sequence', () => {
  let office: TestOffice;
  beforeAll(async () => {
    office = await openTestOffice(25);
  });
  afterAll(async () => office.close());

  it('hands out pushed records in sequence order, a page at a time, with where the next page starts', async () => {
    const ids = ['page-a', 'page-b', 'page-c', 'page-d', 'page-e'];
    const results = await pushChanges(office.pool, alice, ids.map((id) => clientChange(id, 0, `Client ${id}`)), clock);
    expect(results.map((r) => r.status)).toEqual(['applied', 'applied', 'applied', 'applied', 'applied']);
    const seqs = results.map((r) => (r.status === 'applied' ? r.seq : 0));
    expect(seqs).toEqual([...seqs].sort((a, b) => a - b));

    const start = seqs[0]! - 1;
    const first = changesReply.parse(await pullChanges(office.pool, start, 2));
    expect(first.changes.map((c) => c.id)).toEqual(['page-a', 'page-b']);
    expect(first).toMatchObject({ last: seqs[1], more: true });
    expect(first.changes[0]).toMatchObject({ kind: 'client', version: 1, body: { name: 'Client page-a' }, changedBy: 'alice', changedOn: 'front-desk', deleted: false });
    const second = await pullChanges(office.pool, first.last, 2);
    expect(second.changes.map((c) => c.id)).toEqual(['page-c', 'page-d']);
    const third = await pullChanges(office.pool, second.last, 2);
    expect(third.changes.map((c) => c.id)).toEqual(['page-e']);
    expect(third).toMatchObject({ last: seqs[4], more: false });
    expect(await pullChanges(office.pool, third.last, 2)).toEqual({ changes: [], last: third.last, more: false });
  });

  it('answers a change made from a version the office has moved on from with one conflict carrying its version, and writes nothing', async () => {
    const [created] = await pushChanges(office.pool, alice, [clientChange('stale', 0, 'Original Ltd')], clock);
    expect(created).toMatchObject({ status: 'applied', version: 1 });
    const bob = { user: 'bob', admin: false, desk: 'back-office' };
    expect((await pushChanges(office.pool, bob, [clientChange('stale', 1, 'Bob Renamed Ltd')], clock))[0]).toMatchObject({ status: 'applied', version: 2 });

    const late = clientChange('stale', 1, 'Alice Renamed Ltd');
    const [conflict] = await pushChanges(office.pool, alice, [late], clock);
    expect(conflict).toMatchObject({ status: 'conflict', changeId: late.changeId, theirs: { version: 2, body: { name: 'Bob Renamed Ltd' }, changedBy: 'bob' } });
    expect(await count(office, 'SELECT count(*) AS n FROM office_record_versions WHERE id = $1', ['stale'])).toBe(2);
    const { rows } = await office.pool.query('SELECT version, body FROM office_records WHERE id = $1', ['stale']);
    expect(rows[0]).toMatchObject({ version: 2, body: { name: 'Bob Renamed Ltd' } });
    expect(await count(office, "SELECT count(*) AS n FROM office_audit WHERE action = 'record-changed' AND id = $1", ['stale'])).toBe(2);
    // The same stale change pushed again gets the same answer, not a new one against whatever the office has now.
    expect(await pushChanges(office.pool, alice, [late], clock)).toEqual([conflict]);
  });

  it('applies a change pushed twice with the same changeId once: version 1, one history row, the same answer', async () => {
    const change = clientChange('twice', 0, 'Twice Ltd');
    const first = await pushChanges(office.pool, alice, [change], clock);
    const again = await pushChanges(office.pool, alice, [change], clock);
    expect(again).toEqual(first);
    expect(first[0]).toMatchObject({ status: 'applied', version: 1 });
    expect(await count(office, 'SELECT count(*) AS n FROM office_record_versions WHERE id = $1', ['twice'])).toBe(1);
    expect(await count(office, "SELECT count(*) AS n FROM office_audit WHERE action = 'record-changed' AND id = $1", ['twice'])).toBe(1);
  });

  it('applies one batch in its order: a record changed twice in it gets both versions, a change id repeated in it is applied once', async () => {
    const created = clientChange('batch-twice', 0, 'First Name Ltd');
    const renamed = clientChange('batch-twice', 1, 'Second Name Ltd');
    const stale = clientChange('batch-twice', 1, 'Stale Name Ltd');
    const results = await pushChanges(office.pool, alice, [created, renamed, created, stale], clock);
    expect(results.map((r) => r.status)).toEqual(['applied', 'applied', 'applied', 'conflict']);
    expect(results[2]).toEqual(results[0]);
    expect(results[3]).toMatchObject({ theirs: { version: 2, body: { name: 'Second Name Ltd' } } });
    const history = await office.pool.query('SELECT version, body FROM office_record_versions WHERE id = $1 ORDER BY version', ['batch-twice']);
    expect(history.rows.map((r) => [r.version, r.body.name])).toEqual([
      [1, 'First Name Ltd'],
      [2, 'Second Name Ltd'],
    ]);
    expect((await office.pool.query('SELECT version FROM office_records WHERE id = $1', ['batch-twice'])).rows).toEqual([{ version: 2 }]);
  });

  it('refuses a whole batch when one body holds a character PostgreSQL cannot keep, naming that change, and writes nothing of it', async () => {
    const fine = clientChange('nul-fine', 0, 'Fine Ltd');
    const bad = { ...clientChange('nul-bad', 0, 'Bad Ltd'), body: { name: 'Bad\u0000Ltd' } };
    await expect(pushChanges(office.pool, alice, [fine, bad], clock)).rejects.toMatchObject({ status: 400, fields: [{ field: 'changes[1].body' }] });
    expect(await count(office, "SELECT count(*) AS n FROM office_records WHERE id LIKE 'nul-%'", [])).toBe(0);
    expect((await pushChanges(office.pool, alice, [fine], clock))[0]).toMatchObject({ status: 'applied', version: 1 });
  });

  it('applies nothing of a change naming a file the office lacks, and applies it once the file is there', async () => {
    const bytes = Buffer.from('%PDF-1.7 accounts for the year');
    const change = clientChange('with-file', 0, 'Files Ltd', [sha256(bytes)]);
    expect(await pushChanges(office.pool, alice, [change], clock)).toEqual([{ status: 'missing-attachments', changeId: change.changeId, missing: [sha256(bytes)] }]);
    expect(await count(office, 'SELECT count(*) AS n FROM office_records WHERE id = $1', ['with-file'])).toBe(0);
    expect(await count(office, 'SELECT count(*) AS n FROM office_record_versions WHERE id = $1', ['with-file'])).toBe(0);

    await storeAttachment(office.pool, alice, sha256(bytes), bytes);
    expect((await pushChanges(office.pool, alice, [change], clock))[0]).toMatchObject({ status: 'applied', version: 1 });
  });

  it('stores a file only under the SHA-256 of its bytes, once, and gives it back', async () => {
    const bytes = Buffer.from('the trial balance');
    const wrong = sha256(Buffer.from('something else'));
    await expect(storeAttachment(office.pool, alice, wrong, bytes)).rejects.toMatchObject({ status: 400, fields: [{ field: 'sha256' }] });
    expect(await missingAttachments(office.pool, [wrong, sha256(bytes), wrong])).toEqual([wrong, sha256(bytes)]);
    await storeAttachment(office.pool, alice, sha256(bytes), bytes);
    await storeAttachment(office.pool, alice, sha256(bytes), bytes);
    expect(await missingAttachments(office.pool, [sha256(bytes)])).toEqual([]);
    expect(Buffer.compare(await readAttachment(office.pool, sha256(bytes)), bytes)).toBe(0);
    await expect(readAttachment(office.pool, wrong)).rejects.toMatchObject({ status: 404, code: 'not-found' });
  });

  it('with 20 desks pushing at once, a desk pulling all the while sees every record exactly once and the sequence always rising', async () => {
    const start = (await pullChanges(office.pool, 0, 1000)).last;
    const pushers = Array.from({ length: 20 }, (_, desk) =>
      pushChanges(office.pool, { user: 'alice', admin: false, desk: `desk-${desk}` }, Array.from({ length: 5 }, (_, n) => clientChange(`race-${desk}-${n}`, 0, `Race ${desk} ${n}`)), clock),
    );
    let done = false;
    const all = Promise.all(pushers).finally(() => (done = true));
    const seen: { id: string; seq: number }[] = [];
    let after = start;
    for (let finalPass = false; !finalPass; ) {
      finalPass = done;
      const page = await pullChanges(office.pool, after, 7);
      seen.push(...page.changes.map((c) => ({ id: c.id, seq: c.seq })));
      after = page.last;
      if (page.more) finalPass = false;
    }
    const results = (await all).flat();
    expect(results.every((r) => r.status === 'applied')).toBe(true);
    expect(seen).toHaveLength(100);
    expect(new Set(seen.map((s) => s.id)).size).toBe(100);
    for (let i = 1; i < seen.length; i++) expect(seen[i]!.seq).toBeGreaterThan(seen[i - 1]!.seq);
  });
});

describe('office records over HTTP', () => {
  let office: TestOffice;
  let app: FastifyInstance;
  let desk: TestDesk;
  beforeAll(async () => {
    office = await openTestOffice();
    await addTestUsers(office.pool, ['carol']);
    app = await startTestServer(office.pool);
    desk = await signInDesk(app, 'carol', 'carol-laptop');
  });
  afterAll(async () => {
    await app.close();
    await office.close();
  });

  it('pushes and pulls as the protocol says', async () => {
    const change = clientChange('http-1', 0, 'Http Ltd');
    const pushed = await desk.request('POST', '/push', { changes: [change] });
    expect(pushed.status).toBe(200);
    const [result] = pushReply.parse(pushed.json).results;
    expect(result).toMatchObject({ status: 'applied', version: 1 });
    const pulled = await desk.request('GET', '/changes?after=0&limit=10');
    expect(changesReply.parse(pulled.json).changes.map((c) => [c.id, c.changedBy, c.changedOn])).toEqual([['http-1', 'carol', 'carol-laptop']]);
  });

  it('refuses a bad push or pull naming the field and the rule', async () => {
    const bad = await desk.request('POST', '/push', { changes: [{ ...clientChange('http-2', 0, 'Bad Ltd'), baseVersion: -1 }] });
    expect(bad.status).toBe(400);
    expect(bad.json.error.code).toBe('invalid');
    expect(bad.json.error.fields.map((f: { field: string }) => f.field)).toEqual(['changes[0].baseVersion']);
    const tooMany = await desk.request('GET', '/changes?after=0&limit=5000');
    expect([tooMany.status, tooMany.json.error.fields[0].field]).toEqual([400, 'limit']);
    const negative = await desk.request('GET', '/changes?after=-1');
    expect([negative.status, negative.json.error.fields[0].field]).toEqual([400, 'after']);
    const unknown = await desk.request('POST', '/push', { changes: [clientChange('never-had', 3, 'Ghost Ltd')] });
    expect([unknown.status, unknown.json.error.fields[0].field]).toEqual([400, 'changes[0].baseVersion']);
    expect((await app.inject({ method: 'GET', url: '/office/v1/changes?after=0' })).statusCode).toBe(401);
  });

  it('stores and serves files by their SHA-256, refusing bytes that do not match', async () => {
    const bytes = Buffer.from([0, 1, 2, 250, 251, 252]);
    const stored = await desk.request('PUT', `/attachments/${sha256(bytes)}`, bytes, 'application/octet-stream');
    expect(stored.status).toBe(200);
    const mismatch = await desk.request('PUT', `/attachments/${sha256(Buffer.from('x'))}`, bytes, 'application/octet-stream');
    expect([mismatch.status, mismatch.json.error.fields[0].field]).toEqual([400, 'sha256']);
    const missing = await desk.request('POST', '/attachments/missing', { sha256: [sha256(bytes), sha256(Buffer.from('x'))] });
    expect(missing.json).toEqual({ missing: [sha256(Buffer.from('x'))] });
    const fetched = await desk.request('GET', `/attachments/${sha256(bytes)}`);
    expect(fetched.headers['content-type']).toBe('application/octet-stream');
    expect(Buffer.compare(fetched.raw, bytes)).toBe(0);
    const absent = await desk.request('GET', `/attachments/${sha256(Buffer.from('x'))}`);
    expect([absent.status, absent.json.error.code]).toEqual([404, 'not-found']);
    const badName = await desk.request('GET', '/attachments/not-a-hash');
    expect([badName.status, badName.json.error.fields[0].field]).toEqual([400, 'sha256']);
  });
});
