import { readFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { AccountsAnswers, AccountsAttachResponse, AccountsBuildResponse, AccountsDraftList, AccountsPreview, AccountsStatementsView, AccountsView, Client, ComputationAccountsFigures, Draft } from '../../preload/contract.js';
import { emptyAccountsAnswers } from '../../preload/contract.js';
import { handlersOverStores } from './handlers-over-stores.js';

const fixture = (name: string) => new Uint8Array(readFileSync(join(import.meta.dirname, '..', 'fixtures', 'accounts', name)));
const VAN = fixture('micro-van-2026.csv');
const clock = () => new Date('2026-06-15T10:00:00Z');

const answers = (over: Partial<AccountsAnswers> = {}): AccountsAnswers => ({
  ...emptyAccountsAnswers(),
  directors: ['Ann Driver'],
  approvalDate: { day: '1', month: '6', year: '2026' },
  signingDirector: 'Ann Driver',
  averageEmployees: '1',
  dormant: 'no',
  principalActivity: 'Van hire',
  ...over,
});

async function desk(overrides: Parameters<typeof handlersOverStores>[0] = { clock }) {
  const h = await handlersOverStores(overrides);
  const client = await h.ok<Client>('clients.save', { details: { companyName: 'Van Hire Ltd', registrationNumber: '01234567', utr: '8596148860', periodEnd: '03-31', serviceClientName: '', serviceClientId: '' } });
  const start = async (periodFrom = '2025-04-01', periodTo = '2026-03-31') => (await h.ok<AccountsView>('accounts.create', { clientId: client.id, periodFrom, periodTo, standard: 'FRS 105' })).draft.id;
  /** A van hire company's accounts ready to build: trial balance, dividends placed, answers saved. */
  const ready = async () => {
    const id = await start();
    await h.ok('accounts.setTrialBalance', { id, fileName: 'tb.csv', bytes: VAN });
    await h.ok('accounts.answerMapping', { id, answers: { '3260': 'DividendsPaid' } });
    await h.ok('accounts.save', { id, standard: 'FRS 105', answers: answers() });
    return id;
  };
  return { ...h, client, start, ready };
}

describe('the Accounts wizard’s handlers', () => {
  it('read the trial balance as the step shows it and ask only the code the default mapping cannot place; the answer is kept for the client’s next year', async () => {
    const h = await desk();
    const id = await h.start();
    const view = await h.ok<AccountsView>('accounts.setTrialBalance', { id, fileName: 'tb.csv', bytes: VAN });
    expect(view.trialBalance).toMatchObject({ fileName: 'tb.csv', format: "Filing Desk's trial balance CSV", totals: { debit: 85196.8, credit: 85196.8 }, difference: 0, notBalancing: null });
    expect(view.trialBalance!.columns).toEqual([
      { header: 'code', readAs: 'code' },
      { header: 'name', readAs: 'name' },
      { header: 'debit', readAs: 'debit' },
      { header: 'credit', readAs: 'credit' },
    ]);
    expect(view.mapping!.unplaced).toEqual([{ code: '3260', name: 'Dividends', balance: 20000, answer: '', rememberedForClient: false }]);
    expect(view.mapping!.placedByDefault).toBe(19);

    const answered = await h.ok<AccountsView>('accounts.answerMapping', { id, answers: { '3260': 'DividendsPaid' } });
    expect(answered.mapping!.unplaced[0]).toMatchObject({ answer: 'DividendsPaid', rememberedForClient: false });

    const next = await h.start('2026-04-01', '2027-03-31');
    const nextYear = await h.ok<AccountsView>('accounts.setTrialBalance', { id: next, fileName: 'tb.csv', bytes: fixture('micro-van-2027.csv') });
    expect(nextYear.mapping!.unplaced.find((u) => u.code === '3260')).toMatchObject({ answer: 'DividendsPaid', rememberedForClient: true });
    expect(nextYear.mapping!.placedByClientAnswers).toBe(1);
  });

  it('reads an export saved in the Windows code page, and leaves out a nil account no mapping places rather than asking', async () => {
    const h = await desk();
    const id = await h.start();
    // "£" is the single byte A3 in Windows-1252, as Excel's "CSV" save writes it; 8888 has no balance and no default line.
    const text = new TextDecoder().decode(VAN).replace('Bank Charges', 'Bank Charges \u00a3 fixed') + '8888,Suspense account,,\n';
    const bytes = Uint8Array.from([...text].map((c) => c.charCodeAt(0)));
    const view = await h.ok<AccountsView>('accounts.setTrialBalance', { id, fileName: 'tb.csv', bytes });
    expect(view.trialBalance!.lines.find((l) => l.code === '7901')!.name).toBe('Bank Charges £ fixed');
    expect(view.mapping!.unplaced.map((u) => u.code)).toEqual(['3260']);
    await h.ok('accounts.answerMapping', { id, answers: { '3260': 'DividendsPaid' } });
    await h.ok('accounts.save', { id, standard: 'FRS 105', answers: answers() });
    expect((await h.ok<AccountsBuildResponse>('accounts.build', { id })).view.draft.lastBuild!.profitBeforeTax).toBe(32139);
  });

  it('an answer is kept with the accounts even when the client’s kept answers cannot be written, and says so', async () => {
    const h = await desk();
    const id = await h.start();
    await h.ok('accounts.setTrialBalance', { id, fileName: 'tb.csv', bytes: VAN });
    await mkdir(join(h.stores.dataDir, 'accounts', 'mapping-answers'), { recursive: true });
    await writeFile(join(h.stores.dataDir, 'accounts', 'mapping-answers', `${h.client.id}.json`), 'not json');
    const refused = await h.call('accounts.answerMapping', { id, answers: { '3260': 'DividendsPaid' } });
    expect(!refused.ok && refused.error.message).toMatch(/^The answer is kept with these accounts, but not for the client’s next year: The mapping answers kept for this client could not be read/);
    expect((await h.ok<AccountsView>('accounts.open', { id })).mapping!.unplaced[0]!.answer).toBe('DividendsPaid');
  });

  it('a trial balance that does not balance is kept and said plainly, and the accounts are not built from it', async () => {
    const h = await desk();
    const id = await h.start();
    const off = new TextEncoder().encode(new TextDecoder().decode(VAN).replace('4000,Sales Type A,,62400.00', '4000,Sales Type A,,62387.50'));
    const view = await h.ok<AccountsView>('accounts.setTrialBalance', { id, fileName: 'tb.csv', bytes: off });
    expect(view.trialBalance!.difference).toBe(12.5);
    expect(view.trialBalance!.notBalancing).toMatch(/does not balance: the debits \(£85,196\.80\) are £12\.50 more than the credits \(£85,184\.30\)/);
    await h.ok('accounts.answerMapping', { id, answers: { '3260': 'DividendsPaid' } });
    await h.ok('accounts.save', { id, standard: 'FRS 105', answers: answers() });
    const refused = await h.call('accounts.build', { id });
    expect(refused.ok).toBe(false);
    expect(!refused.ok && refused.error.errors!.map((e) => e.field)).toContain('trialBalance');
    expect((await h.ok<AccountsView>('accounts.open', { id })).draft.lastBuild).toBeNull();
  });

  it('a file that is not a trial balance is refused by field, and the one kept before stays', async () => {
    const h = await desk();
    const id = await h.start();
    await h.ok('accounts.setTrialBalance', { id, fileName: 'tb.csv', bytes: VAN });
    const refused = await h.call('accounts.setTrialBalance', { id, fileName: 'notes.csv', bytes: new TextEncoder().encode('hello,world\n1,2\n') });
    expect(refused.ok).toBe(false);
    expect(!refused.ok && refused.error).toMatchObject({ code: 'invalid-request', field: 'trialBalance', message: expect.stringMatching(/^notes\.csv could not be read as a trial balance: /) });
    expect((await h.ok<AccountsView>('accounts.open', { id })).trialBalance!.fileName).toBe('tb.csv');
    const tooBig = await h.call('accounts.setTrialBalance', { id, fileName: 'tb.csv', bytes: new Uint8Array(9 * 1024 * 1024) });
    expect(!tooBig.ok && tooBig.error.errors).toEqual([{ field: 'bytes', message: 'the file is 9.0 MB; a trial balance export may be at most 8 MB' }]);
  });

  it('Check and build names each answer to put right by its field; a later failed build keeps the last good one', async () => {
    const h = await desk();
    const id = await h.start();
    await h.ok('accounts.setTrialBalance', { id, fileName: 'tb.csv', bytes: VAN });
    const first = await h.call('accounts.build', { id });
    expect(!first.ok && first.error.errors!.map((e) => e.field)).toEqual(expect.arrayContaining(['mapping.3260', 'directors.0', 'approvalDate', 'signingDirector', 'averageEmployees', 'dormant', 'principalActivity']));

    await h.ok('accounts.answerMapping', { id, answers: { '3260': 'DividendsPaid' } });
    await h.ok('accounts.save', { id, standard: 'FRS 105', answers: answers({ approvalDate: { day: '31', month: '3', year: '2026' } }) });
    const early = await h.ok<AccountsStatementsView>('accounts.statements', { id });
    expect(early.checks).toContainEqual({ severity: 'error', field: 'approvalDate', message: 'The date the accounts were approved must be after the end of the period (31 March 2026)' });
    // The statements are drawn up all the same: they do not depend on the approval.
    expect(early.profitAndLoss.length).toBeGreaterThan(0);

    await h.ok('accounts.save', { id, standard: 'FRS 105', answers: answers() });
    const built = await h.ok<AccountsBuildResponse>('accounts.build', { id });
    const good = built.view.draft.lastBuild!;
    expect(good).toMatchObject({ fileName: 'Van-Hire-Ltd-accounts-2026-03-31.xhtml', profitBeforeTax: 32139, profitLoss: 26033 });
    const turnover = built.statements.profitAndLoss.find((l) => l.key === 'TurnoverRevenue')!;
    expect(turnover).toMatchObject({ current: 62400, working: [{ code: '4000', name: 'Sales Type A', amount: 62400 }] });

    await h.ok('accounts.save', { id, standard: 'FRS 105', answers: answers({ averageEmployees: 'one' }) });
    const again = await h.call('accounts.build', { id });
    expect(!again.ok && again.error.errors).toEqual([{ field: 'averageEmployees', message: 'The average number of employees must be a whole number, like 3' }]);
    const kept = await h.ok<AccountsView>('accounts.open', { id });
    expect(kept.draft.lastBuild).toEqual(good);
    expect(kept.draft.changedSinceBuild).toBe(true);
    const preview = await h.ok<AccountsPreview>('accounts.preview', { id });
    expect(preview.sha256).toBe(good.sha256);
    expect(JSON.stringify(preview.nodes)).toContain('Van Hire Ltd');
    expect(JSON.stringify(preview.nodes)).not.toMatch(/<|script|style=/);
  });

  it('the built accounts go to the client’s CT600 draft for the period as its accounts (box 80A), where the Computation step finds their profit before tax', async () => {
    const h = await desk();
    const id = await h.ready();
    const refused = await h.call('accounts.attachToReturn', { id, ct600DraftId: null, replaceOtherAccounts: false });
    expect(!refused.ok && refused.error.message).toMatch(/Build the accounts first/);
    const built = await h.ok<AccountsBuildResponse>('accounts.build', { id });

    expect(await h.ok<AccountsAttachResponse>('accounts.attachToReturn', { id, ct600DraftId: null, replaceOtherAccounts: false })).toEqual({ outcome: 'no-return' });
    const other = await h.ok<Draft>('drafts.create', { kind: 'ct600', clientId: null, title: 'Someone else', form: {} });
    const wrong = await h.call('accounts.attachToReturn', { id, ct600DraftId: other.id, replaceOtherAccounts: false });
    expect(!wrong.ok && wrong.error.errors).toEqual([{ field: 'ct600DraftId', message: 'names another client’s return' }]);

    const ret = await h.ok<Draft>('drafts.create', { kind: 'ct600', clientId: h.client.id, title: 'Van Hire Ltd', form: {} });
    await h.ok('drafts.save', { id: ret.id, clientId: h.client.id, title: 'Van Hire Ltd', periodFrom: '2025-04-01', periodTo: '2026-03-31', form: {} });
    const attached = await h.ok<AccountsAttachResponse>('accounts.attachToReturn', { id, ct600DraftId: null, replaceOtherAccounts: false });
    if (attached.outcome !== 'attached') throw new Error(attached.outcome);
    expect(attached.draft.id).toBe(ret.id);
    expect(attached.draft.attachments.map((a) => [a.role, a.fileName, a.sha256, a.hasInlineXbrlHeader])).toEqual([['accounts', 'Van-Hire-Ltd-accounts-2026-03-31.xhtml', built.view.draft.lastBuild!.sha256, true]]);
    expect((await h.ok<AccountsDraftList>('accounts.list')).drafts[0]!.state).toBe('attached');

    const figures = await h.ok<ComputationAccountsFigures>('computation.accountsFigures', { draftId: ret.id, period: { from: '2025-04-01', to: '2026-03-31' } });
    expect(figures.profitBeforeTax!.value).toBe(32139);
    expect(figures.turnover!.value).toBe(62400);

    // Built again with another answer: the new file replaces the one Filing Desk attached, never adding a second.
    await h.ok('accounts.save', { id, standard: 'FRS 105', answers: answers({ averageEmployees: '2' }) });
    const rebuilt = await h.ok<AccountsBuildResponse>('accounts.build', { id });
    const again = await h.ok<AccountsAttachResponse>('accounts.attachToReturn', { id, ct600DraftId: null, replaceOtherAccounts: false });
    expect(again.outcome === 'attached' && again.draft.attachments.map((a) => a.sha256)).toEqual([rebuilt.view.draft.lastBuild!.sha256]);
  });

  it('accounts the user dropped on the return are replaced only when the user says', async () => {
    const h = await desk();
    const id = await h.ready();
    await h.ok('accounts.build', { id });
    const ret = await h.ok<Draft>('drafts.create', { kind: 'ct600', clientId: h.client.id, title: 'Van Hire Ltd', form: {} });
    await h.ok('drafts.attach', { draftId: ret.id, role: 'accounts', fileName: 'their-accounts.xhtml', bytes: new TextEncoder().encode('<html xmlns="http://www.w3.org/1999/xhtml"><body>theirs</body></html>') });
    const asked = await h.ok<AccountsAttachResponse>('accounts.attachToReturn', { id, ct600DraftId: ret.id, replaceOtherAccounts: false });
    expect(asked).toEqual({ outcome: 'other-accounts', ct600DraftId: ret.id, title: 'Van Hire Ltd', fileNames: ['their-accounts.xhtml'] });
    expect((await h.ok<Draft>('drafts.open', { id: ret.id })).attachments.map((a) => a.fileName)).toEqual(['their-accounts.xhtml']);
    const replaced = await h.ok<AccountsAttachResponse>('accounts.attachToReturn', { id, ct600DraftId: ret.id, replaceOtherAccounts: true });
    expect(replaced.outcome === 'attached' && replaced.draft.attachments.map((a) => a.fileName)).toEqual(['Van-Hire-Ltd-accounts-2026-03-31.xhtml']);
  });

  it('last year’s built accounts draft gives the comparatives: each line’s previous figure, the preview’s second column, and the reason when it cannot be built', async () => {
    const h = await desk({ clock: () => new Date('2027-06-15T10:00:00Z') });
    const first = await h.ready();
    const second = await h.start('2026-04-01', '2027-03-31');
    await h.ok('accounts.setTrialBalance', { id: second, fileName: 'tb-2027.csv', bytes: fixture('micro-van-2027.csv') });
    await h.ok('accounts.save', { id: second, standard: 'FRS 105', answers: answers({ approvalDate: { day: '1', month: '6', year: '2027' } }) });
    // Last year's draft is not built yet: no comparatives.
    expect((await h.ok<AccountsStatementsView>('accounts.statements', { id: second })).comparatives).toBeNull();

    await h.ok('accounts.build', { id: first });
    const statements = await h.ok<AccountsStatementsView>('accounts.statements', { id: second });
    expect(statements.comparatives).toEqual({ draftId: first, periodFrom: '2025-04-01', periodTo: '2026-03-31', problem: null });
    expect(statements.profitAndLoss.find((l) => l.key === 'TurnoverRevenue')).toMatchObject({ current: 68750, previous: 62400 });
    expect(statements.checks.filter((c) => c.severity === 'error')).toEqual([]);
    const built = await h.ok<AccountsBuildResponse>('accounts.build', { id: second });
    expect(built.statements.profitAndLoss.find((l) => l.key === 'ProfitLoss')?.previous).toBe(26033);
    const preview = JSON.stringify((await h.ok<AccountsPreview>('accounts.preview', { id: second })).nodes);
    expect(preview).toContain('62,400');
    expect(preview).toContain('68,750');

    // Last year's answers changed so that they no longer build: said, and this year's built without.
    await h.ok('accounts.save', { id: first, standard: 'FRS 105', answers: answers({ averageEmployees: 'one' }) });
    const without = await h.ok<AccountsStatementsView>('accounts.statements', { id: second });
    expect(without.comparatives).toMatchObject({ draftId: first, problem: expect.stringContaining('The average number of employees must be a whole number') });
    expect(without.checks).toContainEqual({ severity: 'warning', field: 'comparatives', message: expect.stringMatching(/^Built without comparatives: last year’s accounts \(1 April 2025 to 31 March 2026\) cannot be built from their draft as it stands: /) });
    expect(without.profitAndLoss.find((l) => l.key === 'TurnoverRevenue')).toMatchObject({ current: 68750, previous: null });
  });

  it('an approval after today (the handlers’ own today, not the machine’s) is refused by the engine, naming the approval date', async () => {
    const h = await desk({ clock: () => new Date('2026-07-01T10:00:00Z'), today: () => '2026-06-15' });
    const id = await h.ready();
    await h.ok('accounts.save', { id, standard: 'FRS 105', answers: answers({ approvalDate: { day: '20', month: '6', year: '2026' } }) });
    const refused = await h.call('accounts.build', { id });
    expect(!refused.ok && refused.error.errors).toEqual([{ field: 'approvalDate', message: expect.stringContaining('2026-06-20, which is after today (2026-06-15)') }]);
    await h.ok('accounts.save', { id, standard: 'FRS 105', answers: answers({ approvalDate: { day: '15', month: '6', year: '2026' } }) });
    expect((await h.ok<AccountsBuildResponse>('accounts.build', { id })).view.draft.lastBuild).not.toBeNull();
  });

  it('refuses accounts for a client the book does not hold, or one without a Companies House number', async () => {
    const h = await desk();
    const none = await h.call('accounts.create', { clientId: 'nobody', periodFrom: '2025-04-01', periodTo: '2026-03-31', standard: 'FRS 105' });
    expect(!none.ok && none.error.errors).toEqual([{ field: 'clientId', message: 'names no client in the client book' }]);
    const noNumber = await h.ok<Client>('clients.save', { details: { companyName: 'Sole Trader', registrationNumber: '', utr: '', periodEnd: '', serviceClientName: '', serviceClientId: '' } });
    const refused = await h.call('accounts.create', { clientId: noNumber.id, periodFrom: '2025-04-01', periodTo: '2026-03-31', standard: 'FRS 105' });
    expect(!refused.ok && refused.error.message).toMatch(/Sole Trader has no Companies House number/);
  });
});
