// @vitest-environment jsdom
/**
 * Where the rate is chosen, the wizard asks for the associated companies
 * (boxes 326–328), shows the small profits limits they set and the marginal
 * relief computed from them, and proposes the claim in box 329 when the
 * profits are within the limits; the request carries the boxes.
 */
import '@testing-library/jest-dom/vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { emptyForm, formFromDraft, type Ct600Form } from '../../../renderer/src/features/ct600/form.js';
import { checkForm } from '../../../renderer/src/features/ct600/form-request.js';
import { clientDetailsFrom, prefillFromClient } from '../../../renderer/src/features/ct600/clients.js';
import { smallProfitsView } from '../../../renderer/src/features/ct600/small-profits.js';
import { acme, fakeMain, newDraft, validForm } from './fake-main.js';
import { openWizard } from './open-wizard.js';

afterEach(cleanup);

const CLAIM = 'The company claims the small profits rate or marginal relief (box 329)';

function form(values: Record<string, string>, from: [string, string, string], to: [string, string, string]): Ct600Form {
  const f = formFromDraft(structuredClone(validForm) as unknown as Record<string, unknown>);
  return {
    ...f,
    values: { ...f.values, ...values },
    dates: { periodFrom: { day: from[0], month: from[1], year: from[2] }, periodTo: { day: to[0], month: to[1], year: to[2] } },
  };
}

describe('the small profits limits and marginal relief the wizard shows', () => {
  it('divides the limits by one plus the associated companies: one associate, 30,000 gives relief of 1,425', () => {
    const view = smallProfitsView(form({ chargeableProfits: '30000', associatedCompanies: '1' }, ['1', '4', '2024'], ['31', '3', '2025']))!;
    expect(view.parts).toEqual([{ year: 2024, days: 365, associated: 1, lower: 25_000_00, upper: 125_000_00, profits: 30_000_00, band: 'marginal relief', relief: 1_425_00 }]);
    expect(view.relief).toBe(1_425_00);
    expect(view.proposeClaim).toBe(true);
  });

  it('reduces the limits for a short period by its days over 365: 183 days, 50,000 gives 3/200 × (125,342.47 − 50,000) = 1,130.14', () => {
    const view = smallProfitsView(form({ chargeableProfits: '50000' }, ['1', '4', '2024'], ['30', '9', '2024']))!;
    expect(view.parts[0]).toMatchObject({ days: 183, lower: 25_068_49, upper: 125_342_47, band: 'marginal relief' });
    expect(view.relief).toBe(1_130_14);
  });

  it('measures a straddling period part by part, with the first and second years\' associates, as the straddling example claims', () => {
    const view = smallProfitsView(form({ chargeableProfits: '100000', associatedFirstYear: '0', associatedSecondYear: '0' }, ['1', '1', '2023'], ['31', '12', '2023']))!;
    expect(view.parts.map((p) => [p.year, p.days, p.band])).toEqual([
      [2022, 90, 'before the small profits rate'],
      [2023, 275, 'marginal relief'],
    ]);
    expect(view.relief).toBe(1_695_21);
    const withAssociates = smallProfitsView(form({ chargeableProfits: '100000', associatedFirstYear: '0', associatedSecondYear: '3' }, ['1', '1', '2023'], ['31', '12', '2023']))!;
    expect(withAssociates.parts[1]).toMatchObject({ associated: 3, upper: 47_089_04, band: 'main rate' });
    expect(withAssociates.proposeClaim).toBe(false);
  });

  it('does not ask for boxes 326–329 for a period ending before 1 April 2023, nor propose the claim to a company type that cannot make it', () => {
    expect(smallProfitsView(form({}, ['1', '4', '2022'], ['31', '3', '2023']))).toBeNull();
    expect(smallProfitsView(emptyForm())).toBeNull();
    const liquidation = smallProfitsView(form({ companyType: '3' }, ['1', '4', '2024'], ['31', '3', '2025']))!;
    expect(liquidation).toMatchObject({ typeExcluded: true, proposeClaim: false });
  });

  it('puts boxes 326 and 329 into the request, and boxes 327 and 328 only across a change in the limits with different counts', () => {
    expect(checkForm(form({ smallProfitsClaim: 'yes', associatedCompanies: '2' }, ['1', '4', '2024'], ['31', '3', '2025'])).request.associatedCompanies).toEqual({
      thisPeriod: 2,
      startingOrSmallCompaniesRate: true,
    });
    // Across 1 April 2024 the limits did not change: one count for the whole period, box 326 (CTA 2010 s18E(2); CTM03956).
    expect(checkForm(form({ associatedCompanies: '1', associatedFirstYear: '0', associatedSecondYear: '3' }, ['1', '1', '2024'], ['31', '12', '2024'])).request.associatedCompanies).toEqual({
      thisPeriod: 1,
      startingOrSmallCompaniesRate: false,
    });
    // Across 1 April 2023, when the limits began, each financial year's count (CTM03955)...
    expect(checkForm(form({ associatedFirstYear: '1', associatedSecondYear: '0' }, ['1', '1', '2023'], ['31', '12', '2023'])).request.associatedCompanies).toEqual({
      firstYear: 1,
      secondYear: 0,
      startingOrSmallCompaniesRate: false,
    });
    // ...in boxes 327 and 328 only where they differ; the same number in both is box 326 (HMRC's Company Tax Return guide).
    expect(checkForm(form({ associatedFirstYear: '2', associatedSecondYear: '2' }, ['1', '1', '2023'], ['31', '12', '2023'])).request.associatedCompanies).toEqual({
      thisPeriod: 2,
      startingOrSmallCompaniesRate: false,
    });
    expect(checkForm(form({}, ['1', '4', '2022'], ['31', '3', '2023'])).request).not.toHaveProperty('associatedCompanies');
    // A return without a tax calculation (a dormant company) sends no counts, which HMRC would take without a tax line.
    expect(checkForm(form({ fy1Profit: '', fy1Rate: '', chargeableProfits: '0' }, ['1', '4', '2024'], ['31', '3', '2025'])).request).not.toHaveProperty('associatedCompanies');
  });

  it('asks for a whole number of associated companies, beside box 326', () => {
    const check = checkForm(form({ associatedCompanies: 'two' }, ['1', '4', '2024'], ['31', '3', '2025']));
    expect(check.errors.get('associatedCompanies')).toBe('Enter the number of associated companies as a whole number, 0 when there are none');
    expect(checkForm(form({ associatedCompanies: '' }, ['1', '4', '2024'], ['31', '3', '2025'])).errors.get('associatedCompanies')).toBe(
      'Enter the number of associated companies, 0 when there are none (box 326)',
    );
  });

  it('starts from the client book\'s associated companies and remembers the return\'s for the client', () => {
    const prefilled = prefillFromClient(emptyForm(), { ...acme, associatedCompanies: 2 }, new Date('2025-06-01T12:00:00Z'));
    expect(prefilled.values.associatedCompanies).toBe('2');
    const changed = { ...prefilled, values: { ...prefilled.values, associatedCompanies: '3' } };
    expect(clientDetailsFrom(changed, { ...acme, associatedCompanies: 2 }, '2025-03-31').associatedCompanies).toBe(3);
  });
});

describe('CT600 wizard: boxes 326–329 where the rate is chosen', () => {
  it('shows the limits, proposes box 329 for profits within them, and sends the claim', async () => {
    const { bridge, callsTo } = fakeMain({}, newDraft({ form: structuredClone(validForm) }));
    openWizard(bridge);
    fireEvent.click(await screen.findByTestId('task-profits'));
    expect(screen.getByLabelText('Associated companies in this period (box 326)')).toHaveValue('0');
    expect(screen.getByTestId('small-profits-limits')).toHaveTextContent(
      'This period (365 days, 0 associated companies): lower limit £50,000, upper limit £250,000; profits of £40,000 are within the lower limit, so the small profits rate of 19% applies.',
    );
    const claim = screen.getByRole('checkbox', { name: CLAIM });
    expect(claim).not.toBeChecked();
    expect(claim).toHaveAccessibleDescription(expect.stringContaining('The profits are within the limits, so the company can claim the small profits rate or marginal relief: tick box 329.'));
    fireEvent.click(claim);
    expect(claim).toBeChecked();
    expect(screen.queryByTestId('small-profits-proposal')).not.toBeInTheDocument();

    fireEvent.change(screen.getByLabelText('Associated companies in this period (box 326)'), { target: { value: '1' } });
    fireEvent.change(screen.getByLabelText('Profits chargeable to corporation tax (box 315)'), { target: { value: '30000' } });
    expect(screen.getByTestId('small-profits-relief')).toHaveTextContent('Marginal relief for box 435: £1,425.00');
    expect(screen.getByTestId('marginal-relief-note')).toHaveTextContent('£1,425.00');
    await waitFor(() => expect(callsTo('ct600.checkDraft').length).toBeGreaterThan(0), { timeout: 3000 });
    const request = (callsTo('ct600.checkDraft').at(-1) as { request: Record<string, unknown> }).request;
    expect(request.associatedCompanies).toEqual({ thisPeriod: 1, startingOrSmallCompaniesRate: true });
  });

  it('asks one count (box 326) across 1 April when the limits did not change, and boxes 327 and 328 across 1 April 2023', async () => {
    const across2024 = { ...structuredClone(validForm), dates: { periodFrom: { day: '1', month: '1', year: '2024' }, periodTo: { day: '31', month: '12', year: '2024' } } };
    const first = fakeMain({}, newDraft({ form: across2024 }));
    const view = openWizard(first.bridge);
    fireEvent.click(await screen.findByTestId('task-profits'));
    expect(screen.getByLabelText('Associated companies in this period (box 326)')).toHaveValue('0');
    expect(screen.queryByLabelText('Associated companies in the first financial year (box 327)')).not.toBeInTheDocument();
    view.unmount();
    const straddling = { ...structuredClone(validForm), dates: { periodFrom: { day: '1', month: '1', year: '2023' }, periodTo: { day: '31', month: '12', year: '2023' } } };
    const { bridge } = fakeMain({}, newDraft({ form: straddling }));
    openWizard(bridge);
    fireEvent.click(await screen.findByTestId('task-profits'));
    expect(screen.getByLabelText('Associated companies in the first financial year (box 327)')).toHaveValue('0');
    expect(screen.getByLabelText('Associated companies in the second financial year (box 328)')).toHaveValue('0');
    expect(screen.queryByLabelText('Associated companies in this period (box 326)')).not.toBeInTheDocument();
    expect(screen.getByTestId('small-profits-limits').querySelectorAll('li')).toHaveLength(2);
  });
});
