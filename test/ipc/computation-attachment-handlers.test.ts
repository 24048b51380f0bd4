/** computation.attach, computation.accountsFigures and computation.save through the real handlers, store and contract checks. */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ComputationAccountsFigures, ComputationAttachResponse, Draft, FileSaveResponse } from '../../preload/contract.js';
import { repoRoot } from '../helpers/shared.js';
import { handlersOverStores } from './handlers-over-stores.js';

async function setup(savePath?: string) {
  const { call, ok, stores } = await handlersOverStores({
    fileSaver: { dialog: { showSaveDialog: async () => (savePath ? { canceled: false, filePath: savePath } : { canceled: true }) }, defaultDirectory: tmpdir() },
  });
  const draft = await ok<Draft>('drafts.create', { kind: 'ct600', clientId: null, title: 'Example Trading Ltd', form: {} });
  return { call, ok, draft, stores };
}

const ct600Example = (name: string) => join(repoRoot, 'examples', 'ct600', name);
const input = () => JSON.parse(readFileSync(ct600Example('computations/with-attachments.json'), 'utf8')) as Record<string, unknown> & { profitAndLoss: Record<string, unknown> };
const accounts = () => new Uint8Array(readFileSync(ct600Example('attachments/accounts-2025.xhtml')));

describe('the computation attached to a CT600 draft', () => {
  it('is written as Inline XBRL and attached as the computations, and replaced (not added to) when the figures change', async () => {
    const { ok, draft } = await setup();
    await ok<Draft>('drafts.attach', { draftId: draft.id, role: 'accounts', fileName: 'accounts-2025.xhtml', bytes: accounts() });
    const first = await ok<ComputationAttachResponse>('computation.attach', { draftId: draft.id, input: input(), replaces: null });
    const made = first.draft.attachments.find((a) => a.id === first.attachmentId)!;
    expect(made).toMatchObject({ role: 'computations', fileName: 'tax-computation-2025-03-31.xhtml', hasInlineXbrlHeader: true });

    const changed = input();
    changed.profitAndLoss.profitBeforeTax = 40000;
    const second = await ok<ComputationAttachResponse>('computation.attach', { draftId: draft.id, input: changed, replaces: first.attachmentId });
    const computations = second.draft.attachments.filter((a) => a.role === 'computations');
    expect(computations.map((a) => a.id)).toEqual([second.attachmentId]);
    expect(computations[0]!.sha256).not.toBe(made.sha256);
    // Saved with the draft: opened again, it is still there.
    const reopened = await ok<Draft>('drafts.open', { id: draft.id });
    expect(reopened.attachments.map((a) => a.role).sort()).toEqual(['accounts', 'computations']);
  });

  it('never replaces a file the user dropped, and refuses an input the engine refuses, naming the field, with the draft unchanged', async () => {
    const { ok, call, draft } = await setup();
    const own = await ok<Draft>('drafts.attach', { draftId: draft.id, role: 'computations', fileName: 'own.xhtml', bytes: new Uint8Array(readFileSync(ct600Example('attachments/computations-2025.xhtml'))) });
    const ownId = own.attachments[0]!.id;
    const bad = input();
    bad.profitAndLoss.turnover = -5;
    const refused = await call('computation.attach', { draftId: draft.id, input: bad, replaces: null });
    expect(refused).toMatchObject({ ok: false, error: { code: 'invalid-request', errors: [{ field: 'profitAndLoss.turnover' }] } });
    expect((await ok<Draft>('drafts.open', { id: draft.id })).attachments.map((a) => a.id)).toEqual([ownId]);
    // Named as the one to replace, an accounts file is not a computation Filing Desk made: it stays.
    const withAccounts = await ok<Draft>('drafts.attach', { draftId: draft.id, role: 'accounts', fileName: 'accounts.xhtml', bytes: accounts() });
    const accountsId = withAccounts.attachments.find((a) => a.role === 'accounts')!.id;
    const made = await ok<ComputationAttachResponse>('computation.attach', { draftId: draft.id, input: input(), replaces: accountsId });
    expect(made.draft.attachments.some((a) => a.id === accountsId)).toBe(true);
  });

  it('reads the attached accounts’ turnover and profit before tax, saying where each came from, and says why depreciation is not offered', async () => {
    const { ok, draft } = await setup();
    expect(await ok<ComputationAccountsFigures | null>('computation.accountsFigures', { draftId: draft.id, period: null })).toBeNull();
    await ok<Draft>('drafts.attach', { draftId: draft.id, role: 'accounts', fileName: 'accounts-2025.xhtml', bytes: accounts() });
    const figures = await ok<ComputationAccountsFigures>('computation.accountsFigures', { draftId: draft.id, period: null });
    expect(figures.fileName).toBe('accounts-2025.xhtml');
    expect(figures.turnover).toEqual({ value: 120000, source: 'turnover (core:TurnoverRevenue) for 1 April 2024 to 31 March 2025 in the accounts' });
    expect(figures.profitBeforeTax?.value).toBe(38500);
    expect(figures.profitBeforeTax?.source).toContain('core:ProfitLoss');
    expect(figures.depreciation).toBeUndefined();
    expect(figures.notes.join(' ')).toContain('no depreciation');
  });

  it('reads the figures for the period the window asks for, not the period last saved, and refuses a date that is not one by its field', async () => {
    const { ok, call, draft } = await setup();
    await ok<Draft>('drafts.attach', { draftId: draft.id, role: 'accounts', fileName: 'accounts-2025.xhtml', bytes: accounts() });
    // Saved with the client's next period, before the user typed the one the accounts are for.
    await ok<Draft>('drafts.save', { id: draft.id, clientId: null, title: 'Example Trading Ltd', periodFrom: '2025-04-01', periodTo: '2026-03-31', form: {} });
    const typed = await ok<ComputationAccountsFigures>('computation.accountsFigures', { draftId: draft.id, period: { from: '2024-04-01', to: '2025-03-31' } });
    expect(typed.turnover?.value).toBe(120000);
    const saved = await ok<ComputationAccountsFigures>('computation.accountsFigures', { draftId: draft.id, period: { from: '2025-04-01', to: '2026-03-31' } });
    expect(saved.turnover).toBeUndefined();
    expect(saved.notes.join(' ')).toContain('1 April 2025 to 31 March 2026');
    const refused = await call('computation.accountsFigures', { draftId: draft.id, period: { from: '2025-02-30', to: '2026-03-31' } });
    expect(refused).toMatchObject({ ok: false, error: { code: 'invalid-request', errors: [{ field: 'period.from', message: 'is not a real date' }] } });
  });

  it('saves the attached computation where the user chooses, byte for byte', async () => {
    const path = join(mkdtempSync(join(tmpdir(), 'fd-comp-')), 'computation.xhtml');
    const { ok, call, draft } = await setup(path);
    const made = await ok<ComputationAttachResponse>('computation.attach', { draftId: draft.id, input: input(), replaces: null });
    const saved = await ok<FileSaveResponse>('computation.save', { draftId: draft.id, attachmentId: made.attachmentId });
    expect(saved).toMatchObject({ saved: true, fileName: 'computation.xhtml' });
    const text = readFileSync(path, 'utf8');
    expect(text).toContain('ix:header');
    expect(text).toContain('Filing Desk 0.1.0');
    expect(await call('computation.save', { draftId: draft.id, attachmentId: 'nope' })).toMatchObject({ ok: false });
  });
});
