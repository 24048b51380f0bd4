// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DraftList, DraftSummary } from '../../preload/contract.js';
import { App } from '../../renderer/src/App.js';
import { useNavigation } from '../../renderer/src/store/navigation.js';
import { client, fakeMain, giveElementsLayout, ok, summary } from './fake-main.js';
import { resetWindow } from './reset-window.js';

// The wizard is another screen's work: stand in for it, and see which draft it was given.
vi.mock('../../renderer/src/features/ct600/Ct600Wizard.js', () => ({
  Ct600Wizard: ({ draftId }: { draftId: string }) => <h2>Wizard for draft {draftId}</h2>,
}));
vi.mock('../../renderer/src/features/package/PackageWizard.js', () => ({
  PackageWizard: ({ draftId }: { draftId: string }) => <h2>Package wizard for draft {draftId}</h2>,
}));

const acme = summary({
  id: 'd-acme',
  title: 'Acme Widgets 2025',
  clientId: 'c-acme',
  clientName: 'Acme Widgets Ltd',
  periodFrom: '2024-04-01',
  periodTo: '2025-03-31',
  state: 'validated',
  changedAt: '2025-01-15T14:05:00.000Z',
});
const bolt = summary({ id: 'd-bolt', title: 'Bolt Ltd 2024', state: 'built', changedAt: '2025-01-10T08:00:00.000Z' });
const pkg = summary({ id: 'd-pkg', title: 'Acme accounts package', kind: 'report-package', changedAt: '2025-01-02T08:00:00.000Z' });

function list(over: Partial<DraftList> = {}): DraftList {
  return { drafts: [acme, bolt, pkg], unreadable: [], trash: [], ...over };
}

let restoreLayout: () => void;
beforeAll(() => {
  restoreLayout = giveElementsLayout();
});
afterAll(() => restoreLayout());
beforeEach(resetWindow);
afterEach(cleanup);

const rowsOf = () => within(screen.getByRole('list', { name: 'Drafts' })).getAllByRole('listitem');

describe('Start screen', () => {
  it('opens on Start and lists drafts in main’s order with kind, client, UK period, last change and state', async () => {
    const { bridge } = fakeMain({ 'drafts.list': () => ok(list()) });
    render(<App bridge={bridge} />);
    expect(screen.getByRole('heading', { name: 'Start' })).toBeInTheDocument();
    const rows = await waitFor(() => {
      const found = rowsOf();
      expect(found).toHaveLength(3);
      return found;
    });
    expect(rows.map((r) => within(r).getAllByRole('button')[0]!.textContent)).toEqual(['Acme Widgets 2025', 'Bolt Ltd 2024', 'Acme accounts package']);
    expect(rows[0]).toHaveTextContent('CT600 return');
    expect(rows[0]).toHaveTextContent('Acme Widgets Ltd');
    expect(rows[0]).toHaveTextContent('1 April 2024 to 31 March 2025');
    expect(rows[0]).toHaveTextContent('Changed 15 January 2025 at 14:05');
    expect(rows[0]).toHaveTextContent('Validated');
    expect(rows[1]).toHaveTextContent('Built');
    expect(rows[1]).toHaveTextContent('No client');
    expect(rows[1]).toHaveTextContent('Period not entered yet');
    expect(rows[2]).toHaveTextContent('Report package');
    expect(rows[2]).toHaveTextContent('In progress');
    expect(rows[0]).toHaveAttribute('aria-posinset', '1');
    expect(rows[0]).toHaveAttribute('aria-setsize', '3');
  });

  it('tags a return HMRC accepted as filed, live or in a test, instead of its build state', async () => {
    const filedLive = { ...acme, filed: { transactionId: 'T1', acceptedAt: '2025-02-01T10:00:00.000Z', environment: 'live' as const } };
    const filedInTest = { ...bolt, filed: { transactionId: 'T2', acceptedAt: '2025-02-01T10:00:00.000Z', environment: 'til' as const } };
    const { bridge } = fakeMain({ 'drafts.list': () => ok(list({ drafts: [filedLive, filedInTest, pkg] })) });
    render(<App bridge={bridge} />);
    const rows = within(await screen.findByRole('list', { name: 'Drafts' })).getAllByRole('listitem');
    expect(within(rows[0]!).getByText('Filed with HMRC')).toHaveClass('tag');
    expect(within(rows[1]!).getByText('Accepted in a test')).toHaveClass('tag');
    expect(within(rows[0]!).queryByText('Validated')).toBeNull();
  });

  it('filters by the search box and clears it with Escape', async () => {
    const { bridge } = fakeMain({ 'drafts.list': () => ok(list()) });
    render(<App bridge={bridge} />);
    const search = await screen.findByRole('searchbox', { name: 'Search drafts' });
    fireEvent.change(search, { target: { value: 'acme' } });
    expect(rowsOf()).toHaveLength(2);
    expect(screen.getByText('2 of 3 drafts match')).toBeInTheDocument();
    fireEvent.change(search, { target: { value: 'bolt built' } });
    expect(rowsOf().map((r) => within(r).getAllByRole('button')[0]!.textContent)).toEqual(['Bolt Ltd 2024']);
    fireEvent.keyDown(search, { key: 'Escape' });
    expect(rowsOf()).toHaveLength(3);
  });

  it('renders only the rows in view of a thousand drafts', async () => {
    const many: DraftSummary[] = Array.from({ length: 1000 }, (_, i) => summary({ id: `d${i}`, title: `Return ${i + 1}` }));
    const { bridge } = fakeMain({ 'drafts.list': () => ok(list({ drafts: many })) });
    render(<App bridge={bridge} />);
    await screen.findByText('Return 1');
    const rendered = rowsOf();
    expect(rendered.length).toBeGreaterThan(5);
    expect(rendered.length).toBeLessThan(30);
    expect(rendered[0]).toHaveAttribute('aria-setsize', '1000');
    expect(screen.getByText('1000 drafts')).toBeInTheDocument();
  });

  it('opens a CT600 draft in the wizard, remembers its id for a reload, and goes back to Start', async () => {
    const { bridge } = fakeMain({ 'drafts.list': () => ok(list()) });
    render(<App bridge={bridge} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Acme Widgets 2025' }));
    expect(await screen.findByRole('heading', { name: 'Wizard for draft d-acme' })).toBeInTheDocument();
    expect(JSON.parse(sessionStorage.getItem('filing-desk.navigation')!)).toEqual({ section: 'start', draft: { id: 'd-acme', kind: 'ct600' } });
    fireEvent.click(screen.getByRole('button', { name: '← All drafts' }));
    expect(await screen.findByRole('heading', { name: 'Start' })).toBeInTheDocument();
    expect(JSON.parse(sessionStorage.getItem('filing-desk.navigation')!).draft).toBeNull();
  });

  it('opens a report package draft in the report package wizard', async () => {
    const { bridge } = fakeMain({ 'drafts.list': () => ok(list()) });
    render(<App bridge={bridge} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Acme accounts package' }));
    expect(await screen.findByRole('heading', { name: /^Package wizard for draft / })).toBeInTheDocument();
    expect(within(screen.getByRole('main')).queryByText(/later version/)).not.toBeInTheDocument();
  });

  it('shows drafts that could not be read, with the name they were set aside as and why', async () => {
    const { bridge } = fakeMain({
      'drafts.list': () =>
        ok(list({ unreadable: [{ fileName: '3f2c.json', movedTo: '3f2c.json.unreadable-20250115T140500Z', reason: 'it is not valid JSON (unexpected end at byte 812)' }] })),
    });
    render(<App bridge={bridge} />);
    const section = await screen.findByRole('region', { name: 'Drafts that could not be read' });
    expect(section).toHaveTextContent(
      'This draft could not be read and was set aside as 3f2c.json.unreadable-20250115T140500Z: it is not valid JSON (unexpected end at byte 812)',
    );
  });

  it('deletes a draft into Recently deleted and brings it back with Undo', async () => {
    let state = list();
    const { bridge, called } = fakeMain({
      'drafts.list': () => ok(state),
      'drafts.delete': ({ id }) => {
        const gone = state.drafts.find((d) => d.id === id)!;
        state = { ...state, drafts: state.drafts.filter((d) => d.id !== id), trash: [gone, ...state.trash] };
        return ok(state);
      },
      'drafts.restore': ({ id }) => {
        const back = state.trash.find((d) => d.id === id)!;
        state = { ...state, trash: state.trash.filter((d) => d.id !== id), drafts: [back, ...state.drafts.filter((d) => d.id !== id)] };
        return ok(state);
      },
    });
    render(<App bridge={bridge} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Bolt Ltd 2024' }));
    const notices = screen.getByRole('region', { name: 'Notices' });
    await within(notices).findByText('“Bolt Ltd 2024” moved to Recently deleted.');
    expect(called('drafts.delete')).toEqual([{ id: 'd-bolt' }]);
    expect(rowsOf()).toHaveLength(2);
    const trash = screen.getByRole('region', { name: 'Recently deleted' });
    expect(within(trash).getByText('Bolt Ltd 2024')).toBeInTheDocument();

    fireEvent.click(within(notices).getByRole('button', { name: 'Undo' }));
    await within(notices).findByText('“Bolt Ltd 2024” restored.');
    expect(called('drafts.restore')).toEqual([{ id: 'd-bolt' }]);
    expect(rowsOf()).toHaveLength(3);
    expect(within(trash).getByText('Nothing deleted recently.')).toBeInTheDocument();
  });

  it('restores a draft from Recently deleted', async () => {
    let state = list({ drafts: [acme], trash: [bolt] });
    const { bridge, called } = fakeMain({
      'drafts.list': () => ok(state),
      'drafts.restore': () => {
        state = { ...state, drafts: [acme, bolt], trash: [] };
        return ok(state);
      },
    });
    render(<App bridge={bridge} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Restore Bolt Ltd 2024' }));
    await waitFor(() => expect(rowsOf()).toHaveLength(2));
    expect(called('drafts.restore')).toEqual([{ id: 'd-bolt' }]);
  });

  it('says in words why a delete failed and keeps the draft', async () => {
    const { bridge } = fakeMain({
      'drafts.list': () => ok(list()),
      'drafts.delete': () => ({ ok: false, error: { code: 'failed', message: 'The drafts folder is read-only.' } }),
    });
    render(<App bridge={bridge} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Acme Widgets 2025' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('“Acme Widgets 2025” could not be deleted: The drafts folder is read-only.');
    expect(rowsOf()).toHaveLength(3);
  });

  it('exports a draft and says where it went', async () => {
    const { bridge, called } = fakeMain({
      'drafts.list': () => ok(list()),
      'drafts.export': () => ok({ saved: true, fileName: 'Acme Widgets 2025.fdesk' }),
    });
    render(<App bridge={bridge} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Export Acme Widgets 2025' }));
    expect(await screen.findByText('“Acme Widgets 2025” exported as Acme Widgets 2025.fdesk.')).toBeInTheDocument();
    expect(called('drafts.export')).toEqual([{ id: 'd-acme' }]);
  });

  it('imports a dropped .fdesk file as bytes and opens the draft it makes', async () => {
    const { bridge, called } = fakeMain({
      'drafts.list': () => ok(list()),
      'drafts.import': () => ok({ id: 'd-new', kind: 'ct600' } as never),
    });
    render(<App bridge={bridge} />);
    await screen.findByRole('list', { name: 'Drafts' });
    const file = new File(['{"draft":1}'], 'From Sam.fdesk');
    fireEvent.drop(screen.getByTestId('start-drop-target'), { dataTransfer: { files: [file], types: ['Files'] } });
    expect(await screen.findByRole('heading', { name: 'Wizard for draft d-new' })).toBeInTheDocument();
    const sent = called('drafts.import')[0] as { fileName: string; bytes: Uint8Array };
    expect(sent.fileName).toBe('From Sam.fdesk');
    expect(Array.from(sent.bytes)).toEqual(Array.from(Buffer.from('{"draft":1}')));
  });

  it('shows why an import was refused, by the page or by main', async () => {
    const { bridge, called } = fakeMain({
      'drafts.list': () => ok(list()),
      'drafts.import': () => ({ ok: false, error: { code: 'invalid-request', message: 'This file is not a Filing Desk draft (its format version is 9).' } }),
    });
    render(<App bridge={bridge} />);
    const target = await screen.findByTestId('start-drop-target');
    fireEvent.drop(target, { dataTransfer: { files: [new File(['x'], 'notes.txt')], types: ['Files'] } });
    expect(await screen.findByText('notes.txt is not a Filing Desk draft. Drafts passed between colleagues end in .fdesk.')).toBeInTheDocument();
    expect(called('drafts.import')).toEqual([]);
    fireEvent.drop(target, { dataTransfer: { files: [new File(['{}'], 'old.fdesk')], types: ['Files'] } });
    expect(await screen.findByText('old.fdesk could not be imported: This file is not a Filing Desk draft (its format version is 9).')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Start' })).toBeInTheDocument();
  });

  it('opens a draft file chosen in main’s dialog, and does nothing when the dialog is cancelled', async () => {
    let answer: { id: string; kind: 'ct600' } | null = null;
    const { bridge, called } = fakeMain({
      'drafts.list': () => ok(list()),
      'drafts.openFile': () => ok({ draft: answer as never }),
    });
    render(<App bridge={bridge} />);
    const button = await screen.findByRole('button', { name: 'Open a draft file…' });
    fireEvent.click(button);
    await waitFor(() => expect(called('drafts.openFile')).toHaveLength(1));
    expect(screen.getByRole('heading', { name: 'Start' })).toBeInTheDocument();
    answer = { id: 'd-file', kind: 'ct600' };
    await waitFor(() => expect(button).toBeEnabled());
    fireEvent.click(button);
    expect(await screen.findByRole('heading', { name: 'Wizard for draft d-file' })).toBeInTheDocument();
  });

  it('says so when the drafts cannot be listed, and tries again', async () => {
    let fail = true;
    const { bridge } = fakeMain({
      'drafts.list': () => (fail ? { ok: false, error: { code: 'failed', message: 'The drafts folder could not be read.' } } : ok(list())),
    });
    render(<App bridge={bridge} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Your drafts could not be listed: The drafts folder could not be read.');
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(rowsOf()).toHaveLength(3));
  });

  it('starts a new CT600 return for a client from the book, titled with its name, and opens the wizard', async () => {
    const acmeClient = client({ id: 'c-acme', companyName: 'Acme Widgets Ltd', utr: '1234567890', periodEnd: '03-31' });
    const { bridge, called } = fakeMain({
      'drafts.list': () => ok(list()),
      'clients.list': () => ok([acmeClient]),
      'drafts.create': () => ok({ id: 'd-created', kind: 'ct600' } as never),
    });
    render(<App bridge={bridge} />);
    fireEvent.click(screen.getByRole('button', { name: 'New CT600 return' }));
    const chooser = await screen.findByRole('combobox', { name: 'Client' });
    await waitFor(() => expect(chooser).toHaveFocus());
    expect(within(chooser).getByRole('option', { name: 'Acme Widgets Ltd · UTR 1234567890 · year end 31 March' })).toBeInTheDocument();
    fireEvent.change(chooser, { target: { value: 'c-acme' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create return' }));
    expect(await screen.findByRole('heading', { name: 'Wizard for draft d-created' })).toBeInTheDocument();
    expect(called('drafts.create')).toEqual([{ kind: 'ct600', clientId: 'c-acme', title: 'Acme Widgets Ltd', form: {} }]);
    expect(called('clients.list')).toEqual([{ query: '', includeArchived: false }]);
  });

  it('starts a return with no client as "New return"; Escape closes the chooser', async () => {
    const { bridge, called } = fakeMain({
      'drafts.list': () => ok(list()),
      'clients.list': () => ok([]),
      'drafts.create': () => ok({ id: 'd-blank', kind: 'ct600' } as never),
    });
    render(<App bridge={bridge} />);
    // With Start's drafts listed, as a person pressing the button sees it.
    await screen.findByRole('button', { name: 'Acme Widgets 2025' });
    fireEvent.click(screen.getByRole('button', { name: 'New CT600 return' }));
    const chooser = await screen.findByRole('combobox', { name: 'Client' });
    fireEvent.keyDown(chooser, { key: 'Escape' });
    expect(screen.queryByRole('combobox', { name: 'Client' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'New CT600 return' })).toHaveFocus();
    fireEvent.click(screen.getByRole('button', { name: 'New CT600 return' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Create return' })).toBeEnabled());
    fireEvent.click(screen.getByRole('button', { name: 'Create return' }));
    expect(await screen.findByRole('heading', { name: 'Wizard for draft d-blank' })).toBeInTheDocument();
    expect(called('drafts.create')).toEqual([{ kind: 'ct600', clientId: null, title: 'New return', form: {} }]);
  });

  it('leaves the focus where the user moved it while the client book was loading', async () => {
    let answerClients: (value: unknown) => void = () => undefined;
    const { bridge } = fakeMain({
      'drafts.list': () => ok(list()),
      'clients.list': () => new Promise<never>((resolve) => (answerClients = resolve as (value: unknown) => void)),
    });
    render(<App bridge={bridge} />);
    await screen.findByRole('button', { name: 'Acme Widgets 2025' });
    const opener = screen.getByRole('button', { name: 'New CT600 return' });
    opener.focus();
    fireEvent.click(opener);
    const chooser = await screen.findByRole('combobox', { name: 'Client' });
    expect(chooser).toBeDisabled();
    const cancel = screen.getByRole('button', { name: 'Cancel' });
    cancel.focus();
    answerClients(ok([]));
    await waitFor(() => expect(chooser).toBeEnabled());
    // Past every effect of the loaded list, not only its first paint.
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(cancel).toHaveFocus();
  });

  it('reopens the draft that was open before a reload', async () => {
    sessionStorage.setItem('filing-desk.navigation', JSON.stringify({ section: 'start', draft: { id: 'd-acme', kind: 'ct600' } }));
    const { readRemembered } = await import('../../renderer/src/store/navigation.js');
    useNavigation.setState(readRemembered());
    const { bridge } = fakeMain({ 'drafts.list': () => ok(list()) });
    render(<App bridge={bridge} />);
    expect(await screen.findByRole('heading', { name: 'Wizard for draft d-acme' })).toBeInTheDocument();
  });
});
