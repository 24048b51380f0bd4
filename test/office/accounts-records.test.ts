import { createHash } from 'node:crypto';
import { access, mkdtemp, readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { OfficeRecord } from '../../common/office/protocol.js';
import { MemoryCredentialStore } from '../../main/credentials/memory-credential-store.js';
import { OfficeDesk } from '../../main/office/office-desk.js';
import { AccountsRecords } from '../../main/office/record-adapters/accounts-records.js';
import { createRecordAdapters } from '../../main/office/record-adapters/index.js';
import { ClientBook } from '../../main/store/client-book.js';
import type { LocalRecord } from '../../main/office/record-adapters/record-adapter.js';
import { AccountsDrafts } from '../../main/store/accounts-drafts.js';
import { ALICE, BOB, startTestOffice } from './desk-harness.js';

const trialBalance = new TextEncoder().encode('Code,Name,Debit,Credit\n4000,Sales,,120000\n1200,Bank,120000,\n');
const builtXhtml = new TextEncoder().encode('<html xmlns="http://www.w3.org/1999/xhtml"><body>Acme Trading Ltd accounts</body></html>');
const sha256Of = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

async function desk(name: string) {
  const dataDir = await mkdtemp(join(tmpdir(), `accounts-records-${name}-`));
  const store = new AccountsDrafts({ dataDir, log: () => undefined });
  return { dataDir, store, adapter: new AccountsRecords(store) };
}

function fromOffice(local: LocalRecord, version = 1, deleted = false): OfficeRecord {
  return { kind: 'accounts', id: local.id, version, seq: version, body: deleted ? null : local.body, deleted, attachments: deleted ? [] : local.attachments, changedBy: 'alice', changedOn: 'Desk A', changedAt: '2026-12-02T11:00:00.000Z' };
}

/** Accounts with a trial balance kept and built: two files beside the draft. */
async function acmeAccounts(store: AccountsDrafts) {
  const draft = await store.create({ clientId: 'client-acme', companyName: 'Acme Trading Ltd', companyNumber: '01234567', periodFrom: '2025-04-01', periodTo: '2026-03-31', standard: 'FRS 105' });
  await store.setTrialBalance(draft.id, { fileName: 'trial-balance.csv', bytes: trialBalance });
  await store.setMapping(draft.id, { '4000': 'turnover', '1200': 'cashAtBank' });
  const from = await store.record(draft.id);
  await store.recordBuild(draft.id, from, { xhtml: builtXhtml, fileName: 'acme-accounts.xhtml', profitBeforeTax: 120000, profitLoss: 120000, balanceSheetTotal: 120000 });
  return draft.id;
}

describe('accounts drafts as office records', () => {
  it('carries accounts with their trial balance and built XHTML from one desk to another through the adapters alone', async () => {
    const a = await desk('a');
    const b = await desk('b');
    const id = await acmeAccounts(a.store);
    const [pushed] = await a.adapter.list();
    expect(pushed!.attachments).toEqual([sha256Of(trialBalance), sha256Of(builtXhtml)]);
    expect(pushed!.body).not.toHaveProperty('changedAt');

    await b.adapter.apply(fromOffice(pushed!), (sha256) => a.adapter.readAttachment(id, sha256));

    expect(await b.adapter.list()).toEqual([pushed]);
    expect(Buffer.from(await b.adapter.readAttachment(id, sha256Of(trialBalance)))).toEqual(Buffer.from(trialBalance));
    expect(Buffer.from(await b.adapter.readAttachment(id, sha256Of(builtXhtml)))).toEqual(Buffer.from(builtXhtml));
    // Built from the same inputs on both desks: the build is current on B too.
    expect((await b.store.get(id)).changedSinceBuild).toBe(false);
  });

  it('leaves the other desk’s accounts untouched when a fetched file does not match its SHA-256', async () => {
    const a = await desk('a');
    const b = await desk('b');
    const id = await acmeAccounts(a.store);
    const [first] = await a.adapter.list();
    await b.adapter.apply(fromOffice(first!), (sha256) => a.adapter.readAttachment(id, sha256));
    const before = await b.adapter.get(id);

    const revisedTb = new TextEncoder().encode('Code,Name,Debit,Credit\n4000,Sales,,150000\n1200,Bank,150000,\n');
    await a.store.setTrialBalance(id, { fileName: 'trial-balance-revised.csv', bytes: revisedTb });
    const [second] = await a.adapter.list();
    const tampered = (sha256: string) => (sha256 === sha256Of(revisedTb) ? Promise.resolve(new TextEncoder().encode('not the trial balance')) : a.adapter.readAttachment(id, sha256));

    await expect(b.adapter.apply(fromOffice(second!, 2), tampered)).rejects.toThrow(/trial-balance-revised\.csv is not the file the accounts draft names \(its SHA-256 differs\); the draft here is unchanged/);
    expect(await b.adapter.get(id)).toEqual(before);
    expect(await readdir(join(b.dataDir, 'accounts', `${id}.files`))).not.toContain(sha256Of(revisedTb));
  });

  it('refuses a body the store would not accept, naming the field', async () => {
    const a = await desk('a');
    const b = await desk('b');
    const id = await acmeAccounts(a.store);
    const [pushed] = await a.adapter.list();
    const broken = { ...fromOffice(pushed!), body: { ...(pushed!.body as object), standard: 'IFRS' } };
    const error = await b.adapter.apply(broken, (sha256) => a.adapter.readAttachment(id, sha256)).catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: 'invalid', errors: [{ field: 'standard' }] });
    expect(await b.adapter.list()).toEqual([]);
  });

  it('moves accounts deleted on another desk to this desk’s trash with their files', async () => {
    const a = await desk('a');
    const b = await desk('b');
    const id = await acmeAccounts(a.store);
    const [pushed] = await a.adapter.list();
    await b.adapter.apply(fromOffice(pushed!), (sha256) => a.adapter.readAttachment(id, sha256));

    await b.adapter.apply(fromOffice(pushed!, 2, true), () => Promise.reject(new Error('a deletion fetches nothing')));

    expect(await b.adapter.list()).toEqual([]);
    await access(join(b.dataDir, 'trash', 'accounts', `${id}.json`));
    expect(await readdir(join(b.dataDir, 'trash', 'accounts', `${id}.files`))).toContain(sha256Of(builtXhtml));
  });

  it('names the accounts and their differences with the FRC concepts', async () => {
    const a = await desk('a');
    const id = await acmeAccounts(a.store);
    const mine = (await a.adapter.get(id))!.body as Record<string, unknown>;
    const answers = mine.answers as Record<string, unknown>;
    const theirs = { ...mine, answers: { ...answers, averageEmployees: '4', principalActivity: 'Wholesale of timber' } };
    expect(a.adapter.title(mine)).toBe('Accounts draft for Acme Trading Ltd, year to 31/03/2026');
    expect(a.adapter.differences(mine, theirs)).toEqual([
      { field: 'answers.averageEmployees', label: 'Average number of employees (AverageNumberEmployeesDuringPeriod)', mine: '(empty)', theirs: '4' },
      { field: 'answers.principalActivity', label: 'Principal activity (DescriptionPrincipalActivities)', mine: '(empty)', theirs: 'Wholesale of timber' },
    ]);
  });
});

describe('accounts drafts through a real office', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  async function officeDesk(name: string, url: string, user: { name: string; password: string }) {
    const made = await desk(name);
    const clientBook = new ClientBook({ dataDir: made.dataDir, log: () => undefined });
    const office = new OfficeDesk({ dataDir: made.dataDir, credentials: new MemoryCredentialStore('a test desk'), adapters: createRecordAdapters({ clientBook, accountsDrafts: made.store }) });
    expect((await office.join({ url, user: user.name, password: user.password, desk: name })).outcome).toBe('joined');
    return { ...made, office };
  }

  it('built accounts made on one desk appear on the other with their trial balance, still built', async () => {
    const started = await startTestOffice();
    cleanups.push(() => started.close());
    const a = await officeDesk('front desk', started.url, ALICE);
    const b = await officeDesk('back office', started.url, BOB);
    const id = await acmeAccounts(a.store);

    expect(await a.office.runSync()).toMatchObject({ pushed: 1, conflicts: [] });
    expect(await b.office.runSync()).toMatchObject({ pulled: 1, conflicts: [] });

    expect(await b.adapter.list()).toEqual(await a.adapter.list());
    expect(Buffer.from(await b.store.builtBytes(await b.store.get(id)))).toEqual(Buffer.from(builtXhtml));
    expect((await b.store.get(id)).changedSinceBuild).toBe(false);
    expect(await b.office.runSync()).toMatchObject({ pushed: 0, pulled: 0 });
  });
});
