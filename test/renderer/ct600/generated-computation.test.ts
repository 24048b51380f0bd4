/** The accounts' figures offered to the Computation step, and when the computation Filing Desk writes is (re)attached. */
import { describe, expect, it } from 'vitest';
import type { ComputationAccountsFigures, Draft, DraftAttachment } from '../../../preload/contract.js';
import { accountsSourceOf, offerAccountsFigures } from '../../../renderer/src/features/ct600/accounts-offer.js';
import { emptyComputation } from '../../../renderer/src/features/ct600/computation-form.js';
import { emptyForm, formFromDraft, type Ct600Form } from '../../../renderer/src/features/ct600/form.js';
import { computationToAttach } from '../../../renderer/src/features/ct600/use-generated-computation.js';

const read = (sha256: string, turnover: number, profit?: number): ComputationAccountsFigures => ({
  fileName: `accounts-${sha256}.xhtml`,
  sha256,
  turnover: { value: turnover, source: 'turnover (core:TurnoverRevenue) in the accounts' },
  ...(profit === undefined ? {} : { profitBeforeTax: { value: profit, source: 'profit after tax plus the tax charge in the accounts' } }),
  notes: ['the accounts tag no depreciation'],
});

describe('the accounts’ starting figures', () => {
  it('fill empty fields, saying where each came from; a figure typed over stays typed, also when other accounts are attached', () => {
    let f: Ct600Form = emptyForm();
    f = offerAccountsFigures(f, read('a', 120000, 38500.5));
    expect(f.computation).toMatchObject({ turnover: '120000', profitBeforeTax: '38500.50', depreciation: '' });
    expect(accountsSourceOf(f, 'turnover')).toBe('turnover (core:TurnoverRevenue) in the accounts');
    expect(accountsSourceOf(f, 'depreciation')).toBeUndefined();
    // The user types over the profit: it no longer says it came from the accounts.
    f = { ...f, computation: { ...f.computation!, profitBeforeTax: '38750' } };
    expect(accountsSourceOf(f, 'profitBeforeTax')).toBeUndefined();
    // Other accounts: the untouched turnover follows them, the typed profit stays, a figure they do not tag goes.
    f = offerAccountsFigures(f, read('b', 125000));
    expect(f.computation).toMatchObject({ turnover: '125000', profitBeforeTax: '38750' });
    expect(f.accountsFigures?.sha256).toBe('b');
    // Kept with the draft.
    expect(formFromDraft(JSON.parse(JSON.stringify(f))).accountsFigures).toEqual(f.accountsFigures);
  });
});

const attachment = (id: string, role: DraftAttachment['role']): DraftAttachment => ({ id, role, fileName: `${id}.xhtml`, size: 1, sha256: '0'.repeat(64), hasInlineXbrlHeader: true, addedAt: '2026-01-01T00:00:00Z' });
const draftWith = (...attachments: DraftAttachment[]) => ({ attachments }) as unknown as Draft;

describe('the computation Filing Desk attaches', () => {
  const worked = (): Ct600Form => ({ ...emptyForm(), computation: { ...emptyComputation(), turnover: '1' }, computationInput: { profitAndLoss: { turnover: 1 } } });

  it('is attached once the computation works out, and again (replacing its own) when the input changes', () => {
    const f = worked();
    expect(computationToAttach(f, draftWith(), false)).toBeNull();
    expect(computationToAttach(f, draftWith(attachment('acc', 'accounts')), true)).toEqual({ input: f.computationInput, key: JSON.stringify(f.computationInput), replaces: null });
    const attached: Ct600Form = { ...f, generatedComputation: { attachmentId: 'gen', inputKey: JSON.stringify(f.computationInput) } };
    expect(computationToAttach(attached, draftWith(attachment('gen', 'computations')), true)).toBeNull();
    const changed = { ...attached, computationInput: { profitAndLoss: { turnover: 2 } } };
    expect(computationToAttach(changed, draftWith(attachment('gen', 'computations')), true)?.replaces).toBe('gen');
  });

  it('is not attached once the user removed it, beside a computation they dropped, or when the computations are not for this period', () => {
    const f = worked();
    expect(computationToAttach({ ...f, generatedComputation: { removed: true } }, draftWith(), true)).toBeNull();
    expect(computationToAttach(f, draftWith(attachment('own', 'computations')), true)).toBeNull();
    expect(computationToAttach({ ...f, values: { ...f.values, computationsChoice: 'DifferentPeriod' } }, draftWith(), true)).toBeNull();
    expect(formFromDraft(JSON.parse(JSON.stringify({ ...f, generatedComputation: { removed: true } }))).generatedComputation).toEqual({ removed: true });
  });
});
