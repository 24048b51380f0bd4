import { mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises';
import * as fsp from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AccountsDrafts, ACCOUNTS_FOLDER } from '../../main/store/accounts-drafts.js';
import { ClientMappingAnswers } from '../../main/store/accounts-mapping-answers.js';
import { StoreError } from '../../main/store/store-error.js';
import type { StoreFs } from '../../main/store/store-fs.js';
import { emptyAccountsAnswers } from '../../preload/contract-accounts.js';

const company = { clientId: 'client-1', companyName: 'Van Hire Ltd', companyNumber: '01234567', periodFrom: '2024-04-01', periodTo: '2025-03-31', standard: 'FRS 105' as const };
const tb = new TextEncoder().encode('code,name,debit,credit\n0050,Motor vehicles,12000.00,\n1200,Bank,3000.00,\n3000,Share capital,,100.00\n4000,Sales,,14900.00\n');

async function store(fs?: StoreFs) {
  const dataDir = await mkdtemp(join(tmpdir(), 'accounts-drafts-'));
  let n = 0;
  let tick = 0;
  const clock = () => new Date(Date.UTC(2025, 5, 1, 10, 0, tick++));
  return { dataDir, drafts: new AccountsDrafts({ dataDir, fs, idGenerator: () => `accounts-${++n}`, clock, log: () => undefined }) };
}

/** node:fs with rename failing for paths that match: a disk that refuses the write at the last step. */
function failingRename(match: RegExp): StoreFs {
  return { ...fsp, rename: (async (from: string, to: string) => (match.test(String(to)) ? Promise.reject(Object.assign(new Error('no space'), { code: 'ENOSPC' })) : fsp.rename(from, to))) as typeof fsp.rename };
}

const built = (text: string) => ({ xhtml: new TextEncoder().encode(text), fileName: 'Van-Hire-Ltd-accounts-2025-03-31.xhtml', profitBeforeTax: 9000, profitLoss: 7290, balanceSheetTotal: 15000 });

describe('accounts drafts', () => {
  it('each change’s changedAt is later than the one before, even when the clock stands still or is set back', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'accounts-drafts-'));
    let now = new Date('2025-06-01T10:00:00.000Z');
    const drafts = new AccountsDrafts({ dataDir, idGenerator: () => 'accounts-1', clock: () => now, log: () => undefined });
    const draft = await drafts.create(company);
    const first = await drafts.setMapping(draft.id, { '9999': 'CashBankOnHand' });
    const second = await drafts.save(draft.id, { standard: 'FRS 105', answers: emptyAccountsAnswers() });
    now = new Date('2025-06-01T09:00:00.000Z');
    const third = await drafts.setMapping(draft.id, {});
    expect([draft.changedAt, first.changedAt, second.changedAt, third.changedAt]).toEqual(['2025-06-01T10:00:00.000Z', '2025-06-01T10:00:00.001Z', '2025-06-01T10:00:00.002Z', '2025-06-01T10:00:00.003Z']);
  });

  it('keeps a draft per client and period, and a fresh store reads back its trial balance, answers and mapping as saved', async () => {
    const { dataDir, drafts } = await store();
    const draft = await drafts.create(company);
    expect(draft).toMatchObject({ ...company, trialBalance: null, lastBuild: null, changedSinceBuild: false, attachedTo: null });
    await drafts.setTrialBalance(draft.id, { fileName: 'tb.csv', bytes: tb });
    const answers = { ...emptyAccountsAnswers(), directors: ['Ann Smith'], signingDirector: 'Ann Smith', averageEmployees: '1' };
    await drafts.save(draft.id, { standard: 'FRS 102 1A', answers });
    await drafts.setMapping(draft.id, { '9999': 'CashBankOnHand' });

    const again = new AccountsDrafts({ dataDir });
    const read = await again.get(draft.id);
    expect(read).toMatchObject({ standard: 'FRS 102 1A', answers, mapping: { '9999': 'CashBankOnHand' }, trialBalance: { fileName: 'tb.csv', size: tb.byteLength } });
    expect(new TextDecoder().decode(await again.trialBalanceBytes(read))).toBe(new TextDecoder().decode(tb));
    expect((await again.list()).drafts.map((d) => [d.id, d.companyName, d.state])).toEqual([[draft.id, 'Van Hire Ltd', 'in-progress']]);
  });

  it('a build is out of date once the answers change, and attached once the CT600 draft holds that build', async () => {
    const { drafts } = await store();
    const draft = await drafts.create(company);
    await drafts.setTrialBalance(draft.id, { fileName: 'tb.csv', bytes: tb });
    const record = await drafts.record(draft.id);
    let after = await drafts.recordBuild(draft.id, record, built('<html>first</html>'));
    expect(after.changedSinceBuild).toBe(false);
    expect((await drafts.list()).drafts[0]!.state).toBe('built');
    after = await drafts.recordAttachment(draft.id, { ct600DraftId: 'ct600-1', attachmentId: 'att-1', sha256: after.lastBuild!.sha256, attachedAt: '2025-06-01T10:00:00Z' });
    expect((await drafts.list()).drafts[0]!.state).toBe('attached');
    after = await drafts.save(draft.id, { standard: 'FRS 105', answers: { ...emptyAccountsAnswers(), averageEmployees: '2' } });
    expect(after.changedSinceBuild).toBe(true);
    expect((await drafts.list()).drafts[0]!.state).toBe('in-progress');
  });

  it('a build whose file cannot be written leaves the last good build and its file as they were', async () => {
    const { dataDir, drafts } = await store();
    const draft = await drafts.create(company);
    await drafts.setTrialBalance(draft.id, { fileName: 'tb.csv', bytes: tb });
    const good = await drafts.recordBuild(draft.id, await drafts.record(draft.id), built('<html>good</html>'));

    const failing = new AccountsDrafts({ dataDir, fs: failingRename(/\.files[\\/][0-9a-f]{64}$/) });
    const refused = await failing.recordBuild(draft.id, await failing.record(draft.id), built('<html>second</html>')).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(StoreError);
    expect((refused as StoreError).message).toMatch(/Could not store the built accounts .*the disk is full.*unchanged/);
    const kept = await new AccountsDrafts({ dataDir }).get(draft.id);
    expect(kept.lastBuild).toEqual(good.lastBuild);
    expect(new TextDecoder().decode(await drafts.builtBytes(kept))).toBe('<html>good</html>');
  });

  it('a record that cannot be written leaves the draft on disk as it was', async () => {
    const { dataDir, drafts } = await store();
    const draft = await drafts.create(company);
    const failing = new AccountsDrafts({ dataDir, fs: failingRename(/accounts-1\.json$/) });
    await expect(failing.save(draft.id, { standard: 'FRS 102 1A', answers: emptyAccountsAnswers() })).rejects.toThrow(/Could not save the accounts draft: the disk is full/);
    expect((await drafts.get(draft.id)).standard).toBe('FRS 105');
    // No temporary file is left behind.
    expect((await readdir(join(dataDir, ACCOUNTS_FOLDER))).filter((n) => n.endsWith('.tmp'))).toEqual([]);
  });

  it('a draft file that cannot be read is moved aside and named, never dropped', async () => {
    const { dataDir, drafts } = await store();
    const draft = await drafts.create(company);
    await writeFile(join(dataDir, ACCOUNTS_FOLDER, 'broken.json'), '{ not json');
    const list = await drafts.list();
    expect(list.drafts.map((d) => d.id)).toEqual([draft.id]);
    expect(list.unreadable).toEqual([{ fileName: 'broken.json', movedTo: expect.stringMatching(/^broken\.json\.unreadable-/), reason: 'it is not valid JSON' }]);
    expect(await readFile(join(dataDir, ACCOUNTS_FOLDER, list.unreadable[0]!.movedTo), 'utf8')).toBe('{ not json');
  });

  it('a draft saved by a newer Filing Desk is left where it is, named, and not opened', async () => {
    const { dataDir, drafts } = await store();
    const path = join(dataDir, ACCOUNTS_FOLDER, 'future.json');
    await drafts.create(company);
    await writeFile(path, JSON.stringify({ id: 'future', schemaVersion: 9 }));
    expect((await drafts.list()).unreadable).toEqual([{ fileName: 'future.json', movedTo: 'future.json', reason: 'it was saved by a newer version of Filing Desk; update Filing Desk to open it' }]);
    await expect(drafts.get('future')).rejects.toThrow(/saved by a newer version of Filing Desk/);
    expect(JSON.parse(await readFile(path, 'utf8'))).toEqual({ id: 'future', schemaVersion: 9 });
  });

  it('a stored trial balance changed on disk is refused, not read as another', async () => {
    const { dataDir, drafts } = await store();
    const draft = await drafts.setTrialBalance((await drafts.create(company)).id, { fileName: 'tb.csv', bytes: tb });
    await writeFile(join(dataDir, ACCOUNTS_FOLDER, `${draft.id}.files`, draft.trialBalance!.sha256), 'code,name,debit,credit\n');
    await expect(drafts.trialBalanceBytes(draft)).rejects.toThrow(/tb\.csv has changed on disk/);
  });
});

describe('mapping answers kept per client', () => {
  it('are kept for the client’s next period, a blank answer forgets one, and another client has none', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'mapping-answers-'));
    const answers = new ClientMappingAnswers({ dataDir, clock: () => new Date('2025-06-01T10:00:00Z') });
    await answers.remember('client-1', { '7777': 'Creditors[AfterOneYear]', '8888': 'CashBankOnHand' });
    await answers.remember('client-1', { '8888': '' });
    expect(await new ClientMappingAnswers({ dataDir }).read('client-1')).toEqual({ ok: true, answers: { '7777': 'Creditors[AfterOneYear]' } });
    expect(await answers.read('client-2')).toEqual({ ok: true, answers: {} });
  });

  it('a kept file that cannot be read is reported and not overwritten', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'mapping-answers-'));
    const answers = new ClientMappingAnswers({ dataDir });
    await answers.remember('client-1', { '7777': 'CashBankOnHand' });
    const path = join(dataDir, 'accounts', 'mapping-answers', 'client-1.json');
    await writeFile(path, 'garbage');
    expect(await answers.read('client-1')).toEqual({ ok: false, reason: 'its contents are not mapping answers this version of Filing Desk can read' });
    await expect(answers.remember('client-1', { '1': 'Debtors' })).rejects.toThrow(/could not be read .* so they were not changed/);
    expect(await readFile(path, 'utf8')).toBe('garbage');
  });
});
