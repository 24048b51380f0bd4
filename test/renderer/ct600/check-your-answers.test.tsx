// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeMain, newDraft, validForm } from './fake-main.js';
import { openWizard } from './open-wizard.js';

afterEach(cleanup);

/** validForm as a return that claims the small profits rate for its 19% (HMRC rule 9200 from FY2023). */
const claimed = { ...validForm, values: { ...validForm.values, smallProfitsClaim: 'yes', associatedCompanies: '0' } };
const changeButtons = () => screen.getAllByRole('button').filter((b) => /^Change\b/.test(b.textContent ?? '') && !/computed figure/.test(b.textContent ?? ''));

describe('Check your answers: one Change per section, and one on each box to put right', () => {
  it('has one Change for each section and none on the boxes, computed or typed, when nothing needs putting right', async () => {
    const { bridge } = fakeMain({}, newDraft({ form: { ...claimed } }));
    openWizard(bridge);
    fireEvent.click(await screen.findByTestId('task-check'));
    await screen.findByRole('heading', { name: 'Profits and tax', level: 3 });
    // Company and period, Accounts and computations, Computation, Profits and tax, Declaration.
    expect(changeButtons().map((b) => b.textContent)).toEqual([
      'Change company and period',
      'Change accounts and computations',
      'Change computation',
      'Change profits and tax',
      'Change declaration',
    ]);
    // A computed box (165, 345, 510…) is listed with its figure but has no Change of its own.
    const row = screen.getByText('Tax chargeable').closest('.summary-list__row') as HTMLElement;
    expect(within(row).queryByRole('button')).toBeNull();
    // A section's Change leads to its step, whose heading takes the focus.
    fireEvent.click(screen.getByRole('button', { name: 'Change declaration' }));
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Declaration', level: 2 })).toHaveFocus());
  });

  it('gives a box with an answer to fix its own Change, which lands on the field', async () => {
    const { bridge } = fakeMain({}, newDraft({ form: { ...claimed, values: { ...claimed.values, declarationStatus: '' } } }));
    openWizard(bridge);
    fireEvent.click(await screen.findByTestId('task-check'));
    await screen.findByRole('heading', { name: 'Declaration', level: 3 });
    expect(changeButtons()).toHaveLength(6);
    fireEvent.click(screen.getByRole('button', { name: 'Change their status' }));
    await waitFor(() => expect(screen.getByLabelText('Their status (box 985)')).toHaveFocus());
  });

  it("lists HMRC's rule 9200 on the rate box before the return is built, with a Change to box 340", async () => {
    // 19% in FY2024 without the claim in box 329.
    const { bridge } = fakeMain({}, newDraft({ form: { ...validForm } }));
    openWizard(bridge);
    fireEvent.click(await screen.findByTestId('task-check'));
    const row = (await screen.findByText('Rate of tax')).closest('.summary-list__row') as HTMLElement;
    expect(row).toHaveTextContent(/HMRC rule 9200: rate 19% is the small profits rate, which financial year 2024 allows only when box 329 claims/);
    fireEvent.click(within(row).getByRole('button', { name: 'Change rate of tax' }));
    await waitFor(() => expect(screen.getByLabelText('Rate of tax (box 340)')).toHaveFocus());
  });
});

describe('Rule 9200 at box 340 as the box is left', () => {
  it('says the rule beside the box once it is left, before the declaration is made, and drops it once the rate is allowed', async () => {
    const { bridge } = fakeMain({}, newDraft({ form: { ...claimed, values: { ...claimed.values, declarationName: '' }, accepted: false } }));
    openWizard(bridge);
    fireEvent.click(await screen.findByTestId('task-profits'));
    const rate = await screen.findByLabelText('Rate of tax (box 340)');
    fireEvent.change(rate, { target: { value: '21' } });
    // Not while typing: when the box is left.
    expect(screen.queryByTestId('fy1Rate-rule')).toBeNull();
    fireEvent.blur(rate);
    const rule = await screen.findByTestId('fy1Rate-rule');
    expect(rule).toHaveTextContent(/^HMRC rule 9200: rate 21% is not allowed for financial year 2024; expected 19.00 \(small profits rate, claimed in box 329\) or 25.00/);
    expect(rate.getAttribute('aria-describedby')).toContain('fy1Rate-notes');
    expect(screen.getByTestId('task-profits').parentElement).toHaveTextContent('Has errors');
    fireEvent.change(rate, { target: { value: '25' } });
    fireEvent.blur(rate);
    await waitFor(() => expect(screen.queryByTestId('fy1Rate-rule')).toBeNull());
  });
});
