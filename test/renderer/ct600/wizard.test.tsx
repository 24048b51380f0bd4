// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeMain, newDraft, validForm } from './fake-main.js';
import { openWizard } from './open-wizard.js';

afterEach(cleanup);

const type = (label: string | RegExp, value: string) => {
  const input = screen.getByLabelText(label);
  fireEvent.change(input, { target: { value } });
  fireEvent.blur(input);
  return input;
};

function typeDate(legend: RegExp, day: string, month: string, year: string) {
  const group = screen.getByRole('group', { name: legend });
  fireEvent.change(within(group).getByLabelText('Day'), { target: { value: day } });
  fireEvent.change(within(group).getByLabelText('Month'), { target: { value: month } });
  fireEvent.change(within(group).getByLabelText('Year'), { target: { value: year } });
}

describe('CT600 wizard: company and period', () => {
  it('labels each field with its box number and ties a wrong UTR to its field once the field is left', async () => {
    const { bridge } = fakeMain();
    openWizard(bridge);
    expect(await screen.findByLabelText('Company name (box 1)')).toBeInTheDocument();
    expect(screen.getByLabelText('Company registration number (box 2)')).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Start of the return period (box 30)' })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'End of the return period (box 35)' })).toBeInTheDocument();
    expect(screen.getByLabelText('Type of company (box 4)')).toHaveDisplayValue('UK trading or professional company (code 0)');

    const utr = screen.getByLabelText('Unique Taxpayer Reference (UTR) (box 3)');
    fireEvent.change(utr, { target: { value: '12345' } });
    // Not while typing: only once the field is left.
    expect(utr).not.toHaveAttribute('aria-invalid');
    fireEvent.blur(utr);
    const message = 'Unique Taxpayer Reference (UTR) must be the 10-digit UTR (box 3)';
    expect(utr).toHaveAttribute('aria-invalid', 'true');
    expect(utr).toHaveAccessibleDescription(expect.stringContaining(message));

    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    const summary = screen.getByTestId('error-summary');
    expect(summary).toHaveFocus();
    const link = within(summary).getByRole('link', { name: message });
    expect(within(summary).getByRole('link', { name: 'Enter the company name' })).toBeInTheDocument();
    fireEvent.click(link);
    expect(utr).toHaveFocus();
  });

  it('explains a period that straddles 1 April and opens the second financial year on the profits step', async () => {
    const { bridge } = fakeMain();
    openWizard(bridge);
    await screen.findByLabelText('Company name (box 1)');
    typeDate(/Start of the return period/, '1', '1', '2024');
    typeDate(/End of the return period/, '31', '12', '2024');
    expect(screen.getByTestId('period-note')).toHaveTextContent('This period straddles 1 April 2024: it falls in financial years 2023 and 2024');
    fireEvent.click(screen.getByTestId('task-profits'));
    const second = screen.getByTestId('second-year');
    expect(within(second).getByLabelText('Profits charged at this rate in the second year (box 385)')).toBeInTheDocument();
    expect(within(second).getByLabelText('Rate of tax in the second year (box 390)')).toBeInTheDocument();
    expect(within(second).getByLabelText('Second financial year (box 380)')).toHaveValue('2024');
    expect(screen.getByLabelText('Financial year (box 330)')).toHaveValue('2023');
  });

  it('explains a period over 12 months where the end date is entered', async () => {
    const { bridge } = fakeMain();
    openWizard(bridge);
    await screen.findByLabelText('Company name (box 1)');
    typeDate(/Start of the return period/, '1', '4', '2024');
    typeDate(/End of the return period/, '30', '4', '2025');
    expect(screen.getAllByTestId('period-note')[0]).toHaveTextContent('A return covers at most 12 months. A period starting 1 April 2024 must end by 31 March 2025');
  });

  it('fills in a draft started from a client, and saves the details back to the client', async () => {
    const { bridge, callsTo } = fakeMain({}, newDraft({ clientId: 'c1' }));
    openWizard(bridge);
    await waitFor(() => expect(screen.getByLabelText('Company name (box 1)')).toHaveValue('Acme Widgets Ltd'));
    expect(screen.getByLabelText('Unique Taxpayer Reference (UTR) (box 3)')).toHaveValue('1234567890');
    expect(screen.getByLabelText('Company registration number (box 2)')).toHaveValue('01234567');
    const start = screen.getByRole('group', { name: /Start of the return period/ });
    expect(within(start).getByLabelText('Day')).toHaveValue('1');
    expect(within(start).getByLabelText('Month')).toHaveValue('4');
    const end = screen.getByRole('group', { name: /End of the return period/ });
    expect(within(end).getByLabelText('Day')).toHaveValue('31');
    expect(within(end).getByLabelText('Month')).toHaveValue('3');

    type('Company name (box 1)', 'Acme Widgets (Holdings) Ltd');
    fireEvent.click(await screen.findByRole('button', { name: 'Save these details to the client Acme Widgets Ltd' }));
    await screen.findByText('Saved these details to the client Acme Widgets (Holdings) Ltd.');
    const saved = callsTo('clients.save')[0] as { id: string; details: { companyName: string; utr: string; periodEnd: string } };
    expect(saved.id).toBe('c1');
    expect(saved.details).toMatchObject({ companyName: 'Acme Widgets (Holdings) Ltd', utr: '1234567890', periodEnd: '03-31' });
  });
});

describe('CT600 wizard: the client picker says what happened', () => {
  it('keeps its status region in the page before anything is said, and shows a refused save as an error', async () => {
    const { bridge } = fakeMain(
      { 'clients.save': () => ({ ok: false, error: { code: 'invalid-request', message: 'companyName: must be at most 160 characters' } }) },
      newDraft({ clientId: 'c1' }),
    );
    openWizard(bridge);
    await waitFor(() => expect(screen.getByLabelText('Company name (box 1)')).toHaveValue('Acme Widgets Ltd'));
    const region = screen.getByTestId('client-picker-message');
    expect(region).toHaveAttribute('role', 'status');
    expect(region).toBeEmptyDOMElement();
    fireEvent.click(await screen.findByRole('button', { name: 'Save these details to the client Acme Widgets Ltd' }));
    await waitFor(() => expect(region).toHaveTextContent('The client was not saved: companyName: must be at most 160 characters'));
    expect(screen.getByTestId('client-picker-message')).toBe(region);
    expect(region).toHaveClass('client-picker__message--bad');
  });

  it('keeps the focus on the save button while the client is being saved, and ignores a second press', async () => {
    let answer: (value: { ok: true; value: never }) => void = () => undefined;
    let saves = 0;
    const { bridge } = fakeMain(
      {
        'clients.save': () => {
          saves++;
          return new Promise((resolve) => (answer = resolve as typeof answer));
        },
      },
      newDraft({ clientId: 'c1' }),
    );
    openWizard(bridge);
    await waitFor(() => expect(screen.getByLabelText('Company name (box 1)')).toHaveValue('Acme Widgets Ltd'));
    const save = await screen.findByRole('button', { name: 'Save these details to the client Acme Widgets Ltd' });
    save.focus();
    fireEvent.click(save);
    await waitFor(() => expect(save).toHaveAttribute('aria-disabled', 'true'));
    expect(save).toHaveFocus();
    expect(save).not.toBeDisabled();
    fireEvent.click(save);
    expect(saves).toBe(1);
    answer({ ok: true, value: { id: 'c1', companyName: 'Acme Widgets Ltd' } as never });
    await waitFor(() => expect(save).not.toHaveAttribute('aria-disabled'));
    expect(save).toHaveFocus();
  });

  it('says a saved client in the plain status colour', async () => {
    const { bridge } = fakeMain({}, newDraft({ clientId: 'c1' }));
    openWizard(bridge);
    await waitFor(() => expect(screen.getByLabelText('Company name (box 1)')).toHaveValue('Acme Widgets Ltd'));
    fireEvent.click(await screen.findByRole('button', { name: 'Save these details to the client Acme Widgets Ltd' }));
    await waitFor(() => expect(screen.getByTestId('client-picker-message')).toHaveTextContent('Saved these details to the client Acme Widgets Ltd.'));
    expect(screen.getByTestId('client-picker-message')).not.toHaveClass('client-picker__message--bad');
  });
});

describe('CT600 wizard: profits and tax', () => {
  it('asks boxes 155 and 160 in HMRC’s order, computes 165 from them, and shows computed boxes as text that is no Tab stop', async () => {
    const { bridge, callsTo } = fakeMain({}, newDraft({ form: { ...validForm } }));
    openWizard(bridge);
    fireEvent.click(await screen.findByTestId('task-profits'));
    const inputs = Array.from(document.querySelectorAll<HTMLInputElement>('.wizard__step input')).map((i) => i.id);
    expect(inputs.slice(0, 3)).toEqual(['turnover', 'tradingProfits', 'lossesBroughtForward']);
    expect(screen.getByLabelText('Turnover (box 145)')).toHaveValue('120,000');
    type('Trading profits (box 155)', '45,000');
    type('Trading losses brought forward (box 160)', '5000');
    expect(screen.getByLabelText('Trading profits (box 155)')).toHaveValue('45,000');
    const box165 = screen.getByLabelText('Net trading profits (box 165)');
    expect(box165.tagName).toBe('OUTPUT');
    expect(box165).toHaveTextContent('£40,000');
    expect(box165).toHaveAttribute('tabindex', '-1');
    expect(box165).toHaveAccessibleDescription(expect.stringContaining('Computed: box 155 − box 160.'));
    type('Profits charged at this rate (box 335)', '40000');
    type('Rate of tax (box 340)', '19');
    expect(screen.getByLabelText('Tax (box 345)')).toHaveTextContent('£7,600.00');
    expect(screen.getByLabelText('Corporation tax (box 430)')).toHaveTextContent('£7,600.00');
    fireEvent.click(screen.getByText('Reliefs and deductions (boxes 445, 450 and 465)'));
    type('Double taxation relief (box 450)', '100.50');
    expect(screen.getByLabelText('Total reliefs and deductions (box 470)')).toHaveTextContent('£100.50');
    expect(screen.getByLabelText('Net corporation tax liability (box 475)')).toHaveTextContent('£7,499.50');
    expect(screen.getByTestId('rate-note')).toHaveTextContent('the rate is 25% (main rate); 19%, the small profits rate, needs the claim in box 329');
    fireEvent.click(screen.getByRole('checkbox', { name: 'The company claims the small profits rate or marginal relief (box 329)' }));
    expect(screen.getByTestId('rate-note')).toHaveTextContent('19% (small profits rate, claimed in box 329) or 25% (main rate');
    // Not one computed box is an input or a button of its own: one control per section.
    expect(screen.queryByRole('button', { name: /Enter a different figure/ })).toBeNull();
    expect(screen.getAllByRole('button', { name: /^Change a computed figure/ }).map((b) => b.textContent)).toEqual([
      'Change a computed figure in Turnover and trading profits',
      'Change a computed figure in Tax calculation',
    ]);
    const request = () => (callsTo('ct600.checkDraft').at(-1) as { request: Record<string, unknown> } | undefined)?.request;
    await waitFor(() => expect(request()).toMatchObject({ tradingProfits: { value: 45000 }, lossesBroughtForward: { value: 5000 }, netProfits: { value: 40000 } }), { timeout: 3000 });
  });

  it('reveals the inputs for a section’s computed boxes, and explains an entered figure that differs', async () => {
    const { bridge } = fakeMain({}, newDraft({ form: { ...validForm } }));
    openWizard(bridge);
    fireEvent.click(await screen.findByTestId('task-profits'));
    type('Profits charged at this rate (box 335)', '40000');
    type('Rate of tax (box 340)', '19');
    const change = screen.getByRole('button', { name: 'Change a computed figure in Tax calculation' });
    expect(change).toHaveAttribute('aria-expanded', 'false');
    fireEvent.click(change);
    expect(change).toHaveAttribute('aria-expanded', 'true');
    // Only this section's boxes: box 165 stays text.
    expect(screen.getByLabelText('Net trading profits (box 165)').tagName).toBe('OUTPUT');
    const box430 = screen.getByLabelText('Corporation tax (box 430)');
    expect(box430).toHaveValue('7,600.00');
    fireEvent.change(box430, { target: { value: '7,000' } });
    expect(screen.getByTestId('corporationTax-override')).toHaveTextContent(
      'Your figure differs from the computed one: box 345 + box 395 = £7,600.00, you entered £7,000.00.',
    );
    // Hiding the inputs keeps a figure the user entered in view.
    fireEvent.click(change);
    expect(screen.getByLabelText('Corporation tax (box 430)')).toHaveValue('7,000');
    expect(screen.getByLabelText('Tax (box 345)').tagName).toBe('OUTPUT');
    fireEvent.click(screen.getByRole('button', { name: 'Use the computed figure for box 430' }));
    expect(screen.getByLabelText('Corporation tax (box 430)')).toHaveTextContent('£7,600.00');
  });

  it('ties a negative amount to its box and keeps Build disabled, saying why', async () => {
    const { bridge } = fakeMain({}, newDraft({ form: { ...validForm } }));
    openWizard(bridge);
    fireEvent.click(await screen.findByTestId('task-profits'));
    const turnover = type('Turnover (box 145)', '-10');
    const message = 'Turnover must not be negative (box 145)';
    expect(turnover).toHaveAccessibleDescription(expect.stringContaining(message));
    expect(screen.getByTestId('task-profits').parentElement).toHaveTextContent('Has errors 1 to fix');
    fireEvent.click(screen.getByTestId('task-check'));
    const build = screen.getByRole('button', { name: 'Build' });
    expect(build).toBeDisabled();
    expect(build).toHaveAccessibleDescription('You cannot build the return yet: 1 answer needs fixing first.');
    fireEvent.click(screen.getByRole('link', { name: message }));
    expect(screen.getByLabelText('Turnover (box 145)')).toHaveFocus();
  });
});

describe('CT600 wizard: declaration', () => {
  it('asks for the declaration with its boxes and requires acceptance', async () => {
    const { bridge } = fakeMain({}, newDraft({ form: { ...validForm, accepted: false } }));
    openWizard(bridge);
    fireEvent.click(await screen.findByTestId('task-declaration'));
    expect(screen.getByLabelText('Name of the person making the declaration (box 975)')).toHaveValue('Jane Smith');
    expect(screen.getByLabelText('Their status (box 985)')).toHaveValue('Director');
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    // Box 975 is the name; the tick box is the declaration itself and carries no box of its own.
    const accept = screen.getByRole('checkbox', { name: 'I declare that the information in this return is correct and complete' });
    expect(accept).toHaveAccessibleDescription(expect.stringContaining('Accept the declaration to file the return'));
    fireEvent.click(accept);
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('heading', { name: 'Check your answers and build' })).toBeInTheDocument();
  });
});
