// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Client, ClientListRequest } from '../../preload/contract.js';
import { App } from '../../renderer/src/App.js';
import { useNavigation } from '../../renderer/src/store/navigation.js';
import { client, fakeMain, ok } from './fake-main.js';
import { resetWindow } from './reset-window.js';

vi.mock('../../renderer/src/features/ct600/Ct600Wizard.js', () => ({
  Ct600Wizard: ({ draftId }: { draftId: string }) => <h2>Wizard for draft {draftId}</h2>,
}));

const acme = client({ id: 'c1', companyName: 'Acme Widgets Ltd', registrationNumber: '01234567', utr: '1234567890', periodEnd: '03-31' });
const bolt = client({ id: 'c2', companyName: 'Bolt Ltd', utr: '5555555555' });
const old = client({ id: 'c3', companyName: 'Old Co Ltd', archived: true });

/** A client book in memory that answers like main: search by name, UTR or number; archived only when asked. */
function book(initial: Client[]) {
  let clients = [...initial];
  const matches = (c: Client, { query, includeArchived }: ClientListRequest) => {
    const q = query.toLowerCase().replace(/\s+/g, '');
    return (includeArchived || !c.archived) && (!q || [c.companyName, c.utr, c.registrationNumber].some((v) => v.toLowerCase().replace(/\s+/g, '').includes(q)));
  };
  return {
    'clients.list': (request: ClientListRequest) => ok(clients.filter((c) => matches(c, request))),
    'clients.archive': ({ id, archived }: { id: string; archived: boolean }) => {
      clients = clients.map((c) => (c.id === id ? { ...c, archived } : c));
      return ok(clients.find((c) => c.id === id)!);
    },
    replace: (next: Client[]) => {
      clients = next;
    },
    all: () => clients,
  };
}

beforeEach(() => {
  resetWindow();
  useNavigation.setState({ section: 'clients' });
});
afterEach(cleanup);

const tableRows = () => within(screen.getByRole('table', { name: 'Clients' })).getAllByRole('row').slice(1);

describe('Client book', () => {
  it('lists active clients with their numbers and usual period end, and searches by name, UTR or number', async () => {
    const b = book([acme, bolt, old]);
    const { bridge, called } = fakeMain({ 'clients.list': b['clients.list'] });
    render(<App bridge={bridge} />);
    await waitFor(() => expect(tableRows()).toHaveLength(2));
    expect(tableRows()[0]).toHaveTextContent('Acme Widgets Ltd');
    expect(tableRows()[0]).toHaveTextContent('01234567');
    expect(tableRows()[0]).toHaveTextContent('31 March');
    const search = screen.getByRole('searchbox', { name: 'Search by name, UTR or company number' });
    fireEvent.change(search, { target: { value: '5555' } });
    await waitFor(() => expect(tableRows()).toHaveLength(1));
    expect(tableRows()[0]).toHaveTextContent('Bolt Ltd');
    fireEvent.change(search, { target: { value: '0123 4567' } });
    await waitFor(() => expect(tableRows()[0]).toHaveTextContent('Acme Widgets Ltd'));
    fireEvent.change(search, { target: { value: 'nobody' } });
    expect(await screen.findByText('No clients match your search.')).toBeInTheDocument();
    expect(called('clients.list').at(-1)).toEqual({ query: 'nobody', includeArchived: false });
  });

  it('adds a client: problems the form sees itself are shown beside their fields and in a summary', async () => {
    const b = book([]);
    const { bridge, called } = fakeMain({ 'clients.list': b['clients.list'] });
    render(<App bridge={bridge} />);
    fireEvent.click(screen.getByRole('button', { name: 'Add a client' }));
    expect(screen.getByRole('textbox', { name: 'Company name' })).toHaveFocus();
    fireEvent.change(screen.getByRole('textbox', { name: 'Unique Taxpayer Reference (UTR)' }), { target: { value: '12345' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Day' }), { target: { value: '31' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add client' }));

    const summary = await screen.findByRole('alert');
    expect(within(summary).getByRole('heading', { name: 'There is a problem' })).toBeInTheDocument();
    expect(within(summary).getAllByRole('link').map((a) => a.textContent)).toEqual([
      'Enter the company name',
      'Enter the UTR as 10 digits, like 1234567890',
      'Enter both the day and the month of the usual period end, or neither',
    ]);
    const utr = screen.getByRole('textbox', { name: 'Unique Taxpayer Reference (UTR)' });
    expect(utr).toHaveAttribute('aria-invalid', 'true');
    expect(utr).toHaveAccessibleDescription(/Box 3 of the CT600.*Error:\s*Enter the UTR as 10 digits, like 1234567890$/);
    expect(screen.getByRole('textbox', { name: 'Company name' })).toHaveAccessibleDescription(/^Error:\s*Enter the company name$/);
    expect(screen.getByRole('group', { name: 'Usual accounting period end' })).toHaveAccessibleDescription(
      expect.stringContaining('Enter both the day and the month'),
    );
    fireEvent.click(within(summary).getByRole('link', { name: 'Enter the UTR as 10 digits, like 1234567890' }));
    expect(utr).toHaveFocus();
    expect(called('clients.save')).toEqual([]);
  });

  it("adds a client and shows main's invalid-request field errors beside the fields they name", async () => {
    const b = book([]);
    let refuse = true;
    const { bridge, called } = fakeMain({
      'clients.list': b['clients.list'],
      'clients.save': ({ details }) => {
        if (refuse) {
          refuse = false;
          return {
            ok: false,
            error: {
              code: 'invalid-request',
              message: 'The request is not valid',
              field: 'details.registrationNumber',
              errors: [{ field: 'details.registrationNumber', message: 'Enter a Companies House number of 8 characters, like 01234567 or SC123456' }],
            },
          };
        }
        const saved = client({ id: 'c9', ...details });
        b.replace([saved]);
        return ok(saved);
      },
    });
    render(<App bridge={bridge} />);
    fireEvent.click(screen.getByRole('button', { name: 'Add a client' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Company name' }), { target: { value: '  Cog & Sprocket Ltd ' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Companies House number' }), { target: { value: '123' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Unique Taxpayer Reference (UTR)' }), { target: { value: '12345 67890' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Day' }), { target: { value: '30' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Month' }), { target: { value: '6' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Filing service ClientName' }), { target: { value: 'COG01' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Filing service ClientID' }), { target: { value: '778' } });
    expect(screen.getByRole('textbox', { name: 'Filing service ClientName' })).toHaveAccessibleDescription(expect.stringContaining('identification value'));
    fireEvent.click(screen.getByRole('button', { name: 'Add client' }));

    const number = screen.getByRole('textbox', { name: 'Companies House number' });
    await waitFor(() => expect(number).toHaveAttribute('aria-invalid', 'true'));
    expect(number).toHaveAccessibleDescription(expect.stringContaining('Enter a Companies House number of 8 characters, like 01234567 or SC123456'));
    expect(within(screen.getByRole('alert')).getByRole('link', { name: /Enter a Companies House number/ })).toBeInTheDocument();
    expect(called('clients.save')[0]).toEqual({
      details: { companyName: 'Cog & Sprocket Ltd', registrationNumber: '123', utr: '1234567890', periodEnd: '06-30', serviceClientName: 'COG01', serviceClientId: '778', associatedCompanies: 0 },
    });

    fireEvent.change(number, { target: { value: '01234567' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add client' }));
    await waitFor(() => expect(tableRows()).toHaveLength(1));
    expect(tableRows()[0]).toHaveTextContent('Cog & Sprocket Ltd');
    expect(tableRows()[0]).toHaveTextContent('30 June');
    expect(screen.queryByRole('textbox', { name: 'Company name' })).not.toBeInTheDocument();
    expect(screen.getByText('Saved Cog & Sprocket Ltd.')).toBeInTheDocument();
  });

  it('changes a client: the form starts with its details and sends its id', async () => {
    const b = book([acme]);
    const { bridge, called } = fakeMain({
      'clients.list': b['clients.list'],
      'clients.save': ({ id, details }) => {
        const saved = { ...acme, ...details, id: id! };
        b.replace([saved]);
        return ok(saved);
      },
    });
    render(<App bridge={bridge} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Change Acme Widgets Ltd' }));
    expect(screen.getByRole('heading', { name: 'Change Acme Widgets Ltd' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Company name' })).toHaveValue('Acme Widgets Ltd');
    expect(screen.getByRole('textbox', { name: 'Day' })).toHaveValue('31');
    expect(screen.getByRole('textbox', { name: 'Month' })).toHaveValue('3');
    fireEvent.change(screen.getByRole('textbox', { name: 'Company name' }), { target: { value: 'Acme Widgets (UK) Ltd' } });
    const associated = screen.getByRole('textbox', { name: 'Associated companies' });
    expect(associated).toHaveValue('0');
    expect(associated).toHaveAccessibleDescription(expect.stringContaining('box 326'));
    fireEvent.change(associated, { target: { value: '2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(tableRows()[0]).toHaveTextContent('Acme Widgets (UK) Ltd'));
    expect(called('clients.save')).toEqual([
      { id: 'c1', details: { companyName: 'Acme Widgets (UK) Ltd', registrationNumber: '01234567', utr: '1234567890', periodEnd: '03-31', serviceClientName: '', serviceClientId: '', associatedCompanies: 2 } },
    ]);
  });

  it('refuses associated companies that are not a whole number, beside the field', async () => {
    const { bridge, called } = fakeMain({ 'clients.list': book([acme])['clients.list'] });
    render(<App bridge={bridge} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Change Acme Widgets Ltd' }));
    const associated = screen.getByRole('textbox', { name: 'Associated companies' });
    fireEvent.change(associated, { target: { value: '1.5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(associated).toHaveAttribute('aria-invalid', 'true'));
    expect(associated).toHaveAccessibleDescription(expect.stringContaining('whole number, 0 when there are none'));
    expect(called('clients.save')).toEqual([]);
  });

  it('Escape closes the form without saving', async () => {
    const { bridge, called } = fakeMain({ 'clients.list': book([acme])['clients.list'] });
    render(<App bridge={bridge} />);
    fireEvent.click(screen.getByRole('button', { name: 'Add a client' }));
    fireEvent.keyDown(screen.getByRole('textbox', { name: 'Company name' }), { key: 'Escape' });
    expect(screen.queryByRole('textbox', { name: 'Company name' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add a client' })).toHaveFocus();
    expect(called('clients.save')).toEqual([]);
  });

  it('archives a client, shows archived clients when asked, and unarchives', async () => {
    const b = book([acme, bolt]);
    const { bridge, called } = fakeMain({ 'clients.list': b['clients.list'], 'clients.archive': b['clients.archive'] });
    render(<App bridge={bridge} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Archive Bolt Ltd' }));
    await waitFor(() => expect(tableRows()).toHaveLength(1));
    expect(called('clients.archive')).toEqual([{ id: 'c2', archived: true }]);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Show archived clients' }));
    await waitFor(() => expect(tableRows()).toHaveLength(2));
    expect(tableRows()[1]).toHaveTextContent('Archived');
    fireEvent.click(screen.getByRole('button', { name: 'Unarchive Bolt Ltd' }));
    await waitFor(() => expect(called('clients.archive')).toHaveLength(2));
    expect(called('clients.archive')[1]).toEqual({ id: 'c2', archived: false });
    await waitFor(() => expect(within(tableRows()[1]!).queryByText('Archived')).not.toBeInTheDocument());
  });

  it('starts a new return for a client from its row', async () => {
    const { bridge, called } = fakeMain({
      'clients.list': book([acme])['clients.list'],
      'drafts.create': () => ok({ id: 'd-acme', kind: 'ct600' } as never),
      'drafts.list': () => ok({ drafts: [], unreadable: [], trash: [] }),
    });
    render(<App bridge={bridge} />);
    fireEvent.click(await screen.findByRole('button', { name: 'New return for Acme Widgets Ltd' }));
    expect(await screen.findByRole('heading', { name: 'Wizard for draft d-acme' })).toBeInTheDocument();
    expect(called('drafts.create')).toEqual([{ kind: 'ct600', clientId: 'c1', title: 'Acme Widgets Ltd', form: {} }]);
  });

  it('tells the user an unreadable client book was kept aside, naming the file it was kept as and why', async () => {
    const { bridge } = fakeMain({
      'clients.list': book([])['clients.list'],
      'clients.notice': () => ok({ fileName: 'clients.json', keptAs: 'clients.json.unreadable-2025-05-01T10-00-00-000Z', reason: 'it is not valid UTF-8 text', readOnly: false }),
    });
    render(<App bridge={bridge} />);
    const notice = await screen.findByRole('alert');
    expect(notice).toHaveTextContent('The client book clients.json could not be read (it is not valid UTF-8 text). It was kept as clients.json.unreadable-2025-05-01T10-00-00-000Z in the data folder so nothing is lost, and a new, empty client book was started.');
    expect(screen.getByRole('button', { name: 'Add a client' })).toBeEnabled();
  });

  it('tells the user a client book from a newer version was left as it is, and offers no change to it', async () => {
    const { bridge } = fakeMain({
      'clients.list': book([])['clients.list'],
      'clients.notice': () => ok({ fileName: 'clients.json', keptAs: 'clients.json', reason: 'made by a newer version of Filing Desk', readOnly: true }),
    });
    render(<App bridge={bridge} />);
    const notice = await screen.findByRole('alert');
    expect(notice).toHaveTextContent('The client book clients.json was made by a newer version of Filing Desk. It was left as it is and cannot be changed here: update Filing Desk to see and change your clients.');
    expect(screen.getByRole('button', { name: 'Add a client' })).toBeDisabled();
  });
});
