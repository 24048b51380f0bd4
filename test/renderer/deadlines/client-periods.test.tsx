// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ClientSaveRequest } from '../../../preload/contract.js';
import { App } from '../../../renderer/src/App.js';
import { useNavigation } from '../../../renderer/src/store/navigation.js';
import { client, fakeMain, ok } from '../fake-main.js';
import { resetWindow } from '../reset-window.js';

const acme = client({ id: 'c1', companyName: 'Acme Widgets Ltd', utr: '1234567890', periodEnd: '03-31', periods: [{ start: '2024-04-01', end: '2025-03-31', filedOn: null, accepted: false }] });

beforeEach(() => {
  resetWindow();
  useNavigation.setState({ section: 'clients' });
});
afterEach(cleanup);

function renderClients(save: (request: ClientSaveRequest) => ReturnType<typeof ok> | { ok: false; error: { code: string; message: string; errors?: { field: string; message: string }[] } }) {
  const main = fakeMain({ 'clients.list': () => ok([acme]), 'clients.notice': () => ok(null), 'clients.save': save as never, 'drafts.list': () => ok({ drafts: [], unreadable: [], trash: [] }) });
  render(<App bridge={main.bridge} />);
  return main;
}

const typeDate = (group: HTMLElement, label: string, [day, month, year]: [string, string, string]) => {
  const box = within(group).getByRole('group', { name: new RegExp(`^${label}`) });
  fireEvent.change(within(box).getByLabelText('Day'), { target: { value: day } });
  fireEvent.change(within(box).getByLabelText('Month'), { target: { value: month } });
  fireEvent.change(within(box).getByLabelText('Year'), { target: { value: year } });
};

describe('a client’s periods', () => {
  it('records the day a return was filed, adds the next period and the instalment setting, keeping the other details', async () => {
    const main = renderClients((request) => ok({ ...acme, ...request.details }));
    fireEvent.click(await screen.findByRole('button', { name: 'Periods and deadlines of Acme Widgets Ltd' }));
    const panel = screen.getByRole('region', { name: 'Periods and deadlines: Acme Widgets Ltd' });
    const first = within(panel).getByRole('group', { name: 'Period 1' });
    typeDate(first, 'Return filed on', ['15', '1', '2026']);
    fireEvent.click(within(panel).getByRole('button', { name: 'Add a period' }));
    const second = within(panel).getByRole('group', { name: 'Period 2' });
    typeDate(second, 'First day', ['1', '4', '2025']);
    typeDate(second, 'Last day', ['31', '3', '2026']);
    fireEvent.change(within(panel).getByLabelText('Corporation Tax paid by'), { target: { value: 'large' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Save periods' }));
    await waitFor(() => expect(main.called('clients.save')).toHaveLength(1));
    expect(main.called('clients.save')[0]).toEqual({
      id: 'c1',
      details: {
        companyName: 'Acme Widgets Ltd', registrationNumber: '', utr: '1234567890', periodEnd: '03-31', serviceClientName: '', serviceClientId: '', associatedCompanies: 0,
        periods: [
          { start: '2024-04-01', end: '2025-03-31', filedOn: '2026-01-15', accepted: false },
          { start: '2025-04-01', end: '2026-03-31', filedOn: null, accepted: false },
        ],
        instalments: 'large',
        lateTwiceBefore: false,
        incorporatedOn: null,
        accountsLateBefore: false,
      },
    });
  });

  it('records what Companies House’s deadlines need: incorporation, accounts delivered, a shortening notice and last year’s lateness', async () => {
    const main = renderClients((request) => ok({ ...acme, ...request.details }));
    fireEvent.click(await screen.findByRole('button', { name: 'Periods and deadlines of Acme Widgets Ltd' }));
    const panel = screen.getByRole('region', { name: 'Periods and deadlines: Acme Widgets Ltd' });
    typeDate(panel, 'Incorporated on', ['10', '1', '2024']);
    const first = within(panel).getByRole('group', { name: 'Period 1' });
    typeDate(first, 'Accounts delivered to Companies House on', ['2', '1', '2026']);
    typeDate(first, 'Period shortened by notice', ['1', '9', '2025']);
    fireEvent.click(within(panel).getByLabelText(/accounts for the year before the first period here were delivered late/));
    fireEvent.click(within(panel).getByRole('button', { name: 'Save periods' }));
    await waitFor(() => expect(main.called('clients.save')).toHaveLength(1));
    const details = (main.called('clients.save')[0] as ClientSaveRequest).details;
    expect(details).toMatchObject({ incorporatedOn: '2024-01-10', accountsLateBefore: true });
    expect(details.periods).toEqual([{ start: '2024-04-01', end: '2025-03-31', filedOn: null, accepted: false, accountsDeliveredOn: '2026-01-02', shortenedByNoticeOn: '2025-09-01' }]);
  });

  it('names an incorporation date that is not a real date, in the summary and beside the field, and sends nothing', async () => {
    const main = renderClients((request) => ok({ ...acme, ...request.details }));
    fireEvent.click(await screen.findByRole('button', { name: 'Periods and deadlines of Acme Widgets Ltd' }));
    const panel = screen.getByRole('region', { name: 'Periods and deadlines: Acme Widgets Ltd' });
    typeDate(panel, 'Incorporated on', ['30', '2', '2024']);
    fireEvent.click(within(panel).getByRole('button', { name: 'Save periods' }));
    const words = 'Incorporated on: Enter the day the company was incorporated as a real date, or leave it empty when not known';
    const summary = await screen.findByTestId('error-summary');
    expect(within(summary).getByRole('link', { name: words })).toBeInTheDocument();
    expect(within(panel).getAllByText(words).length).toBeGreaterThanOrEqual(2);
    expect(main.called('clients.save')).toHaveLength(0);
  });

  it('shows main’s refusal in the error summary and beside the date, naming the period', async () => {
    renderClients(() => ({ ok: false, error: { code: 'invalid', message: 'The client details are not valid.', errors: [{ field: 'details.periods.0.filedOn', message: 'must be after the end of the period (2025-03-31): a return is filed once its period has ended' }] } }));
    fireEvent.click(await screen.findByRole('button', { name: 'Periods and deadlines of Acme Widgets Ltd' }));
    const panel = screen.getByRole('region', { name: 'Periods and deadlines: Acme Widgets Ltd' });
    typeDate(within(panel).getByRole('group', { name: 'Period 1' }), 'Return filed on', ['1', '3', '2025']);
    fireEvent.click(within(panel).getByRole('button', { name: 'Save periods' }));
    const words = 'Period 1, day filed: Must be after the end of the period (2025-03-31): a return is filed once its period has ended';
    const summary = await screen.findByTestId('error-summary');
    expect(within(summary).getByRole('link', { name: words })).toBeInTheDocument();
    expect(within(panel).getAllByText(words).length).toBeGreaterThanOrEqual(2);
  });

  it('records a notice served late and a payment against a period, and names a payment main refuses', async () => {
    const main = renderClients(() => ({ ok: false, error: { code: 'invalid', message: 'The client details are not valid.', errors: [{ field: 'details.periods.0.payments.0.date', message: 'must not be before the start of the period (2024-04-01)' }] } }));
    fireEvent.click(await screen.findByRole('button', { name: 'Periods and deadlines of Acme Widgets Ltd' }));
    const panel = screen.getByRole('region', { name: 'Periods and deadlines: Acme Widgets Ltd' });
    const first = within(panel).getByRole('group', { name: 'Period 1' });
    typeDate(first, 'Notice to deliver served late on', ['1', '3', '2026']);
    fireEvent.click(within(first).getByRole('button', { name: 'Record a payment for period 1' }));
    const payment = within(panel).getByRole('group', { name: 'Period 1, payment 1' });
    typeDate(payment, 'Paid on', ['11', '10', '2026']);
    const amount = within(payment).getByLabelText('Amount paid');
    fireEvent.change(amount, { target: { value: '£12,000' } });
    fireEvent.blur(amount);
    fireEvent.click(within(panel).getByRole('button', { name: 'Save periods' }));
    await waitFor(() => expect(main.called('clients.save')).toHaveLength(1));
    expect((main.called('clients.save')[0] as ClientSaveRequest).details.periods).toEqual([
      { start: '2024-04-01', end: '2025-03-31', filedOn: null, accepted: false, noticeServedOn: '2026-03-01', payments: [{ date: '2026-10-11', amount: '12000.00' }] },
    ]);
    const words = 'Period 1, payment 1 date: Must not be before the start of the period (2024-04-01)';
    const summary = await screen.findByTestId('error-summary');
    expect(within(summary).getByRole('link', { name: words })).toBeInTheDocument();
    expect(within(panel).getAllByText(words).length).toBeGreaterThanOrEqual(2);
  });
});
