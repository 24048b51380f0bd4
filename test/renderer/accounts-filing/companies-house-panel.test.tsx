// @vitest-environment jsdom
/**
 * A client's accounts with Companies House in the window: the code typed
 * masked and never shown back, the last look before filing, progress, the
 * rejection with Companies House's words and plain English beside them, and
 * Settings › Companies House's presenter fields naming main's refusal.
 */
import '@testing-library/jest-dom/vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CompaniesHouseJob, CompaniesHouseLastLook } from '../../../preload/contract.js';
import { App } from '../../../renderer/src/App.js';
import { useNavigation } from '../../../renderer/src/store/navigation.js';
import { blankSettings, client, fakeMain, ok } from '../fake-main.js';
import { resetWindow } from '../reset-window.js';

const acme = client({ id: 'c1', companyName: 'Acme Widgets Ltd', registrationNumber: '01234567', periodEnd: '03-31' });
const look: CompaniesHouseLastLook = {
  accountsDraftId: 'acc1', clientId: 'c1', companyNumber: '01234567', companyName: 'Acme Widgets Ltd', periodFrom: '2025-04-01', periodTo: '2026-03-31',
  approvalDate: '2026-09-01', signingDirector: 'Jane Smith', environment: 'test', fileName: 'acme.xhtml', size: 1000, willSendTo: 'Companies House’s test service at 127.0.0.1', missing: [],
};
const rejected: CompaniesHouseJob = {
  jobId: 'j1', step: 'Finished', submissionNumber: 'FD0001', refused: null,
  outcome: {
    outcome: 'rejected', submissionNumber: 'FD0001', companyNumber: '01234567', status: 'REJECT', message: 'Companies House rejected the accounts (submission FD0001).',
    reasons: [{ code: '0456', text: 'Audit exemption statement missing.', plain: 'A statement the balance sheet must carry is missing or worded wrongly.' }],
  },
};

beforeEach(() => {
  resetWindow();
  useNavigation.setState({ section: 'clients' });
});
afterEach(cleanup);

describe('accounts with Companies House on the client’s page', () => {
  it('saves the company code masked, shows the last look, and gives a rejection in plain English beside Companies House’s words', async () => {
    let saved = false;
    const main = fakeMain({
      'clients.list': () => ok([acme]),
      'clients.notice': () => ok(null),
      'drafts.list': () => ok({ drafts: [], unreadable: [], trash: [] }),
      'companiesHouse.client': () => ok({ ready: [{ accountsDraftId: 'acc1', periodFrom: '2025-04-01', periodTo: '2026-03-31', companyName: 'Acme Widgets Ltd' }], filings: [], authCodeSaved: saved }),
      'companiesHouse.saveAuthCode': () => ((saved = true), ok({ saved: true as const })),
      'companiesHouse.lastLook': () => ok(look),
      'companiesHouse.file': () => ok({ ...rejected, step: 'Sending the accounts', outcome: null }),
      'companiesHouse.job': () => ok(rejected),
    });
    render(<App bridge={main.bridge} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Periods and deadlines of Acme Widgets Ltd' }));
    const panel = await screen.findByRole('region', { name: 'Accounts with Companies House: Acme Widgets Ltd' });
    const code = within(panel).getByLabelText('Company authentication code for 01234567');
    expect(code).toHaveAttribute('type', 'password');
    fireEvent.change(code, { target: { value: 'AB12CD' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Save the code' }));
    await within(panel).findByText('Saved in the keychain.');
    expect(main.called('companiesHouse.saveAuthCode')).toEqual([{ clientId: 'c1', code: 'AB12CD' }]);
    expect(code).toHaveValue('');
    expect(panel).not.toHaveTextContent('AB12CD');

    fireEvent.click(within(panel).getByRole('button', { name: 'File with Companies House…' }));
    const lastLook = await within(panel).findByTestId('companies-house-last-look');
    for (const words of ['01234567', 'Acme Widgets Ltd', '1 April 2025 to 31 March 2026', '1 September 2026', 'Jane Smith', 'test service']) expect(lastLook).toHaveTextContent(words);
    fireEvent.click(within(panel).getByRole('button', { name: 'Send as a test submission' }));
    const outcome = await within(panel).findByTestId('companies-house-outcome', {}, { timeout: 3000 });
    expect(outcome).toHaveTextContent('Companies House rejected the accounts');
    expect(outcome).toHaveTextContent('A statement the balance sheet must carry is missing or worded wrongly.');
    expect(outcome).toHaveTextContent('Companies House’s words: “Audit exemption statement missing.” (code 0456)');
    expect(main.called('companiesHouse.file')).toEqual([{ accountsDraftId: 'acc1', environment: 'test' }]);
  });

  it('Settings › Companies House takes the presenter pair masked and shows main’s refusal beside the field', async () => {
    useNavigation.setState({ section: 'settings' });
    const main = fakeMain({
      'companiesHouse.savePresenter': () => ({ ok: false, error: { code: 'invalid-request', message: 'Nothing was saved.', errors: [{ field: 'presenterCode', message: 'the presenter authentication code Companies House issued with the presenter ID is needed' }] } }),
      'taxonomies.list': () => ok([]),
      'settings.get': () => ok(blankSettings),
    });
    render(<App bridge={main.bridge} />);
    const section = await screen.findByRole('region', { name: 'Companies House' }, { timeout: 5000 });
    const live = await within(section).findByRole('group', { name: 'Live presenter account' });
    const id = within(live).getByLabelText('Presenter ID');
    expect(id).toHaveAttribute('type', 'password');
    fireEvent.change(id, { target: { value: 'E0001234567' } });
    fireEvent.click(within(live).getByRole('button', { name: 'Save the live presenter account' }));
    await waitFor(() => expect(within(live).getByText('the presenter authentication code Companies House issued with the presenter ID is needed')).toBeInTheDocument());
    expect(main.called('companiesHouse.savePresenter')).toEqual([{ environment: 'live', presenterId: 'E0001234567', presenterCode: '' }]);
    expect(id).toHaveValue('');
  });
});
