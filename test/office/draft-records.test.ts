import { mkdtemp, readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { OfficeRecord } from '../../common/office/protocol.js';
import { MemoryCredentialStore } from '../../main/credentials/memory-credential-store.js';
import { OfficeDesk } from '../../main/office/office-desk.js';
import { DraftRecords } from '../../main/office/record-adapters/draft-records.js';
import { createRecordAdapters } from '../../main/office/record-adapters/index.js';
import { AccountsDrafts } from '../../main/store/accounts-drafts.js';
import { ClientBook } from '../../main/store/client-book.js';
import type { LocalRecord } from '../../main/office/record-adapters/record-adapter.js';
import { attach, sha256Of } from '../../main/store/draft-files.js';
import { DraftStore } from '../../main/store/draft-store.js';
import { ALICE, BOB, startTestOffice } from './desk-harness.js';

const accountsXhtml = new TextEncoder().encode('<html xmlns="http://www.w3.org/1999/xhtml"><body>Acme Trading Ltd accounts</body></html>');
const computationsXhtml = new TextEncoder().encode('<html xmlns="http://www.w3.org/1999/xhtml"><body>Acme Trading Ltd computations</body></html>');

async function desk(name: string) {
  const dataDir = await mkdtemp(join(tmpdir(), `draft-records-${name}-`));
  const store = new DraftStore({ dataDir, log: () => undefined });
  return { dataDir, store, adapter: new DraftRecords(store) };
}

/** What the office would hand the other desk: the record as this desk pushed it. */
function fromOffice(local: LocalRecord, version = 1, deleted = false): OfficeRecord {
  return { kind: 'draft', id: local.id, version, seq: version, body: deleted ? null : local.body, deleted, attachments: deleted ? [] : local.attachments, changedBy: 'alice', changedOn: 'Desk A', changedAt: '2026-12-02T11:00:00.000Z' };
}

async function acmeDraft(store: DraftStore) {
  const draft = await store.create({ kind: 'ct600', clientId: 'client-acme', title: 'Acme Trading Ltd', form: {} });
  await store.save({ id: draft.id, clientId: 'client-acme', title: 'Acme Trading Ltd', periodFrom: '2025-04-01', periodTo: '2026-03-31', form: { values: { companyName: 'Acme Trading Ltd', turnover: '120000' } } });
  await attach(store, draft.id, { role: 'accounts', fileName: 'accounts.xhtml', bytes: accountsXhtml });
  await attach(store, draft.id, { role: 'computations', fileName: 'computations.xhtml', bytes: computationsXhtml });
  return draft.id;
}

describe('CT600 drafts as office records', () => {
  it('carries a draft with two attached files from one desk to another through the adapters alone', async () => {
    const a = await desk('a');
    const b = await desk('b');
    const id = await acmeDraft(a.store);
    const [pushed] = await a.adapter.list();
    expect(pushed!.attachments.sort()).toEqual([sha256Of(accountsXhtml), sha256Of(computationsXhtml)].sort());
    // This desk's own time is not part of what travels.
    expect(pushed!.body).not.toHaveProperty('changedAt');

    await b.adapter.apply(fromOffice(pushed!), (sha256) => a.adapter.readAttachment(id, sha256));

    const [pulled] = await b.adapter.list();
    expect(pulled).toEqual(pushed);
    expect(Buffer.from(await b.adapter.readAttachment(id, sha256Of(accountsXhtml)))).toEqual(Buffer.from(accountsXhtml));
    expect(Buffer.from(await b.adapter.readAttachment(id, sha256Of(computationsXhtml)))).toEqual(Buffer.from(computationsXhtml));
    const onB = await b.store.get(id);
    expect(onB.form).toEqual({ values: { companyName: 'Acme Trading Ltd', turnover: '120000' } });
    expect(onB.attachments.map((x) => x.fileName)).toEqual(['accounts.xhtml', 'computations.xhtml']);
  });

  it('leaves the other desk’s draft untouched when a fetched file does not match its SHA-256', async () => {
    const a = await desk('a');
    const b = await desk('b');
    const id = await acmeDraft(a.store);
    const [first] = await a.adapter.list();
    await b.adapter.apply(fromOffice(first!), (sha256) => a.adapter.readAttachment(id, sha256));
    const before = await b.adapter.get(id);
    const filesBefore = (await readdir(b.store.filesDir(id))).sort();

    const report = new TextEncoder().encode('<html xmlns="http://www.w3.org/1999/xhtml"><body>Revised accounts</body></html>');
    await a.store.save({ id, clientId: 'client-acme', title: 'Acme Trading Ltd', periodFrom: '2025-04-01', periodTo: '2026-03-31', form: { values: { companyName: 'Acme Trading Ltd', turnover: '150000' } } });
    const revised = await a.store.update(id, (r) => ({ ...r, attachments: r.attachments.filter((x) => x.role !== 'accounts') }));
    await attach(a.store, revised.id, { role: 'accounts', fileName: 'accounts-revised.xhtml', bytes: report });
    const [second] = await a.adapter.list();

    const tampered = (sha256: string) => (sha256 === sha256Of(report) ? Promise.resolve(new TextEncoder().encode('not the accounts')) : a.adapter.readAttachment(id, sha256));
    await expect(b.adapter.apply(fromOffice(second!, 2), tampered)).rejects.toThrow(/accounts-revised\.xhtml is not the file the draft names \(its SHA-256 differs\); the draft here is unchanged/);

    expect(await b.adapter.get(id)).toEqual(before);
    expect((await readdir(b.store.filesDir(id))).sort()).toEqual(filesBefore);
    expect((await b.store.get(id)).form).toEqual({ values: { companyName: 'Acme Trading Ltd', turnover: '120000' } });
  });

  it('refuses a body the store would not accept, naming the field, and keeps the desk’s draft', async () => {
    const a = await desk('a');
    const b = await desk('b');
    const id = await acmeDraft(a.store);
    const [pushed] = await a.adapter.list();
    await b.adapter.apply(fromOffice(pushed!), (sha256) => a.adapter.readAttachment(id, sha256));
    const before = await b.adapter.get(id);

    const broken = { ...fromOffice(pushed!, 2), body: { ...(pushed!.body as object), periodTo: '31/03/2026' } };
    const error = await b.adapter.apply(broken, () => Promise.reject(new Error('nothing should be fetched'))).catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: 'invalid', errors: [{ field: 'periodTo' }] });
    expect((error as Error).message).toMatch(/^The office's version of draft .+ cannot be kept here: periodTo .+ The draft here is unchanged\.$/);
    expect(await b.adapter.get(id)).toEqual(before);
  });

  it('moves a draft deleted on another desk to this desk’s trash, as a deletion in the window does', async () => {
    const a = await desk('a');
    const b = await desk('b');
    const id = await acmeDraft(a.store);
    const [pushed] = await a.adapter.list();
    await b.adapter.apply(fromOffice(pushed!), (sha256) => a.adapter.readAttachment(id, sha256));

    await b.adapter.apply(fromOffice(pushed!, 2, true), () => Promise.reject(new Error('a deletion fetches nothing')));

    expect(await b.adapter.list()).toEqual([]);
    expect((await b.store.list()).trash.map((d) => d.id)).toEqual([id]);
    await b.store.restore(id);
    expect((await b.store.get(id)).attachments).toHaveLength(2);
  });

  it('names the draft and its differences in the wizard’s words with HMRC box numbers', async () => {
    const a = await desk('a');
    const id = await acmeDraft(a.store);
    const mine = (await a.adapter.get(id))!.body as Record<string, unknown>;
    const theirs = { ...mine, periodTo: '2026-03-30', form: { values: { companyName: 'Acme Trading Ltd', turnover: '125000' } } };
    expect(a.adapter.title(mine)).toBe('CT600 draft for Acme Trading Ltd, year to 31/03/2026');
    expect(a.adapter.differences(mine, theirs)).toEqual([
      { field: 'periodTo', label: 'End of the return period (box 35)', mine: '31/03/2026', theirs: '30/03/2026' },
      { field: 'form.values.turnover', label: 'Turnover (box 145)', mine: '120000', theirs: '125000' },
    ]);
  });
});

describe('CT600 drafts through a real office', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  /** A desk as the app makes one: its stores, and the office desk syncing them through the shared kinds' adapters. */
  async function officeDesk(name: string, url: string, user: { name: string; password: string }) {
    const made = await desk(name);
    const clientBook = new ClientBook({ dataDir: made.dataDir, log: () => undefined });
    const accountsDrafts = new AccountsDrafts({ dataDir: made.dataDir, log: () => undefined });
    const office = new OfficeDesk({ dataDir: made.dataDir, credentials: new MemoryCredentialStore('a test desk'), adapters: createRecordAdapters({ clientBook, drafts: made.store, accountsDrafts }) });
    expect((await office.join({ url, user: user.name, password: user.password, desk: name })).outcome).toBe('joined');
    return { ...made, office };
  }

  it('a draft with two attached files made on one desk appears on the other, files and all', async () => {
    const started = await startTestOffice();
    cleanups.push(() => started.close());
    const a = await officeDesk('front desk', started.url, ALICE);
    const b = await officeDesk('back office', started.url, BOB);
    const id = await acmeDraft(a.store);

    expect(await a.office.runSync()).toMatchObject({ pushed: 1, conflicts: [] });
    expect(await b.office.runSync()).toMatchObject({ pulled: 1, conflicts: [] });

    expect(await b.adapter.list()).toEqual(await a.adapter.list());
    expect(Buffer.from(await b.adapter.readAttachment(id, sha256Of(computationsXhtml)))).toEqual(Buffer.from(computationsXhtml));
    expect((await b.store.get(id)).title).toBe('Acme Trading Ltd');
    // The draft as written on B is what B last had from the office: nothing goes back.
    expect(await b.office.runSync()).toMatchObject({ pushed: 0, pulled: 0 });
  });
});
