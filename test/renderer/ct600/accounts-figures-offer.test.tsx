// @vitest-environment jsdom
/** The Computation step's offer of the attached accounts' figures: read for the period the form shows, asked again when it changes. */
import '@testing-library/jest-dom/vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ComputationAccountsFigures } from '../../../preload/contract.js';
import { fakeMain, newDraft } from './fake-main.js';
import { openWizard } from './open-wizard.js';

afterEach(cleanup);

const SHA = 'a'.repeat(64);
const accounts = { id: 'acc', role: 'accounts' as const, fileName: 'accounts-2025.xhtml', size: 10, sha256: SHA, hasInlineXbrlHeader: true, addedAt: '2025-05-01T10:00:00.000Z' };

/** The accounts tag turnover for the year to 31 March 2025 only. */
function figuresFor(period: { from: string; to: string } | null): ComputationAccountsFigures {
  const tagged = period?.to === '2025-03-31';
  return {
    fileName: accounts.fileName,
    sha256: SHA,
    notes: tagged ? [] : [`the accounts tag no turnover for ${period?.from} to ${period?.to}`],
    ...(tagged ? { turnover: { value: 120000, source: 'turnover (core:TurnoverRevenue) for 1 April 2024 to 31 March 2025 in the accounts' } } : {}),
  };
}

describe('CT600 wizard: figures from the attached accounts', () => {
  it('asks for the period typed in the form, not the one last saved, and asks again when the period changes', async () => {
    const draft = newDraft({
      attachments: [accounts],
      // Saved with the client's next period; the form says 1 April 2024 to 31 March 2025.
      periodFrom: '2025-04-01',
      periodTo: '2026-03-31',
      form: { values: { companyName: 'Acme Widgets Ltd' }, dates: { periodFrom: { day: '1', month: '4', year: '2024' }, periodTo: { day: '31', month: '3', year: '2025' } } },
    });
    const { bridge, callsTo } = fakeMain({ 'computation.accountsFigures': (r) => ({ ok: true, value: figuresFor(r.period) }) }, draft);
    openWizard(bridge);
    await screen.findByLabelText('Company name (box 1)');
    fireEvent.click(screen.getByTestId('task-computation'));
    // In plain words; the taxonomy's name for the fact only inside a fold beneath them.
    const offer = await screen.findByTestId('accounts-offer');
    expect(offer.querySelector('dd')!.textContent).toMatch(/^£120,000: Turnover for 1\s+April\s+2024 to 31\s+March\s+2025, from the accounts/);
    const tagging = offer.querySelector('details')!;
    expect(tagging.open).toBe(false);
    expect(tagging.querySelector('summary')).toHaveTextContent('How the accounts tag it');
    expect(tagging).toHaveTextContent('Tagged as core:TurnoverRevenue');
    expect(offer.textContent!.replace(tagging.textContent!, '')).not.toContain('core:');
    expect(callsTo('computation.accountsFigures')).toEqual([{ draftId: 'd1', period: { from: '2024-04-01', to: '2025-03-31' } }]);

    // The period moved on a year: the accounts have no figures for it, and nothing is offered.
    fireEvent.click(screen.getByTestId('task-company'));
    const endYear = await screen.findByLabelText('Year', { selector: '#periodTo-year' });
    fireEvent.change(endYear, { target: { value: '2026' } });
    fireEvent.change(screen.getByLabelText('Year', { selector: '#periodFrom-year' }), { target: { value: '2025' } });
    fireEvent.click(screen.getByTestId('task-computation'));
    await waitFor(() => expect(callsTo('computation.accountsFigures')).toContainEqual({ draftId: 'd1', period: { from: '2025-04-01', to: '2026-03-31' } }));
    await waitFor(() => expect(screen.queryByTestId('accounts-offer')).not.toBeInTheDocument());
  });
});
