// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { deadlineRows, type DeadlineClientInput } from '../../../main/engine/deadlines/index.js';
import { App } from '../../../renderer/src/App.js';
import { useNavigation } from '../../../renderer/src/store/navigation.js';
import { fakeMain, giveElementsLayout, ok } from '../fake-main.js';
import { resetWindow } from '../reset-window.js';

vi.mock('../../../renderer/src/features/ct600/Ct600Wizard.js', () => ({
  Ct600Wizard: ({ draftId }: { draftId: string }) => <h2>Wizard for draft {draftId}</h2>,
}));

const today = '2026-11-24';
const clients: DeadlineClientInput[] = [
  { id: 'late', name: 'Late Ltd', utr: '1111111111', usualPeriodEnd: '', periods: [{ start: '2024-07-01', end: '2025-06-30' }] },
  { id: 'soon', name: 'Soon Ltd', utr: '', usualPeriodEnd: '', periods: [{ start: '2025-01-01', end: '2025-12-31' }] },
  { id: 'filed', name: 'Filed Ltd', utr: '', usualPeriodEnd: '', periods: [{ start: '2024-04-01', end: '2025-03-31', filedOn: '2026-02-01', accepted: true }] },
];
// Soon Ltd's return was built once with £8,000.00 in box 525.
const rows = deadlineRows(clients, (id) => (id === 'soon' ? { state: 'draft', draftId: 'd-soon', taxPayablePence: 800_000 } : undefined), { today, alwaysOverdue: true });

let restoreLayout: () => void;
beforeAll(() => {
  restoreLayout = giveElementsLayout();
});
afterAll(() => restoreLayout());
beforeEach(resetWindow);
afterEach(cleanup);

function renderDeadlines(extra: Parameters<typeof fakeMain>[0] = {}) {
  const main = fakeMain({ 'deadlines.list': () => ok({ today, rows }), 'drafts.list': () => ok({ drafts: [], unreadable: [], trash: [] }), ...extra });
  useNavigation.setState({ section: 'deadlines' });
  render(<App bridge={main.bridge} />);
  return main;
}

describe('the Deadlines screen', () => {
  it('lists overdue first, then the next 90 days, then filed, with days, penalties and the next step; the sidebar counts the overdue', async () => {
    renderDeadlines();
    const list = await screen.findByRole('list', { name: 'Deadlines' });
    const headings = within(list).getAllByRole('heading').map((h) => h.textContent);
    expect(headings).toEqual(['Overdue (1)', 'Due in the next 90 days (1)', 'Filed (1)']);
    const [late, soon, filed] = within(list).getAllByTestId('deadline-row');
    expect(late).toHaveTextContent('Late Ltd');
    expect(late).toHaveTextContent('147 days late');
    expect(late).toHaveTextContent('Return due 30 June 2026');
    // Due 30 June 2026 (the 2026 amounts) and more than 3 months late: £200 + £200.
    expect(late).toHaveTextContent('Penalty £400');
    expect(within(late!).getByRole('button', { name: 'Start the return: Late Ltd, period ending 30 June 2025' })).toBeInTheDocument();
    expect(soon).toHaveTextContent('37 days left');
    // Tax due 1 October 2026; 2 October – 24 November: 54 days × £8,000 × 7.75% / 365 = 91.7260… → £91.73
    expect(soon).toHaveTextContent('Interest so far £91.73 at 7.75% on tax of £8,000.00');
    expect(within(soon!).getByRole('button', { name: /^Continue/ })).toBeInTheDocument();
    expect(filed).toHaveTextContent('Filed 1 February 2026');
    const nav = screen.getByRole('navigation', { name: 'Sections' });
    expect(within(nav).getByRole('button', { name: /^Deadlines\s*\(1 overdue\)$/ })).toBeInTheDocument();
  });

  it('filters by state and by client, and searches', async () => {
    renderDeadlines();
    await screen.findByRole('list', { name: 'Deadlines' });
    fireEvent.change(screen.getByLabelText('State'), { target: { value: 'draft' } });
    expect(screen.getAllByTestId('deadline-row').map((r) => r.querySelector('.deadline-row__name')!.textContent)).toEqual(['Soon Ltd']);
    fireEvent.change(screen.getByLabelText('State'), { target: { value: '' } });
    fireEvent.change(screen.getByLabelText('Client'), { target: { value: 'filed' } });
    expect(screen.getAllByTestId('deadline-row')).toHaveLength(1);
    fireEvent.change(screen.getByLabelText('Client'), { target: { value: '' } });
    fireEvent.change(screen.getByLabelText('Search clients'), { target: { value: 'late' } });
    expect(screen.getAllByTestId('deadline-row')).toHaveLength(1);
    expect(screen.getByText('1 of 3 periods match')).toBeInTheDocument();
  });

  it('starts the return for a period with its own dates, and opens it', async () => {
    const main = renderDeadlines({
      'clients.list': () => ok([]),
      'drafts.create': (request) => ok({ id: 'd-new', kind: 'ct600', clientId: request.clientId, title: request.title, periodFrom: null, periodTo: null, form: request.form, attachments: [], builds: [], state: 'in-progress', changedSinceBuild: false, createdAt: 'x', changedAt: 'x' } as never),
      'drafts.save': () => ok({ changedAt: 'x', changedSinceBuild: false, state: 'in-progress' }),
    });
    const list = await screen.findByRole('list', { name: 'Deadlines' });
    fireEvent.click(within(list).getByRole('button', { name: /^Start the return: Late Ltd/ }));
    expect(await screen.findByRole('heading', { name: 'Wizard for draft d-new' })).toBeInTheDocument();
    expect(main.called('drafts.save')[0]).toMatchObject({ id: 'd-new', clientId: 'late', periodFrom: '2024-07-01', periodTo: '2025-06-30' });
  });

  it('a company known only from a live submission says it is not in the client book, and its return is started without a client', async () => {
    const unlisted = deadlineRows([{ id: 'unlisted:utr:4444444444', name: 'Sent Once Ltd', utr: '4444444444', usualPeriodEnd: '', periods: [], inBook: false, work: [{ start: '2024-01-01', end: '2024-12-31' }] }], () => undefined, { today, alwaysOverdue: true });
    const main = renderDeadlines({
      'deadlines.list': () => ok({ today, rows: unlisted }),
      'clients.list': () => ok([]),
      'drafts.create': (request) => ok({ id: 'd-new', kind: 'ct600', clientId: request.clientId, title: request.title, periodFrom: null, periodTo: null, form: request.form, attachments: [], builds: [], state: 'in-progress', changedSinceBuild: false, createdAt: 'x', changedAt: 'x' } as never),
      'drafts.save': () => ok({ changedAt: 'x', changedSinceBuild: false, state: 'in-progress' }),
    });
    const list = await screen.findByRole('list', { name: 'Deadlines' });
    const [row] = within(list).getAllByTestId('deadline-row');
    expect(row).toHaveTextContent('Not in the client book: from its return');
    expect(row).toHaveTextContent('UTR 4444444444');
    fireEvent.click(within(row!).getByRole('button', { name: /^Start the return: Sent Once Ltd/ }));
    expect(await screen.findByRole('heading', { name: 'Wizard for draft d-new' })).toBeInTheDocument();
    expect(main.called('drafts.create')[0]).toMatchObject({ clientId: null, title: 'Sent Once Ltd' });
    expect(main.called('drafts.save')[0]).toMatchObject({ clientId: null, periodFrom: '2024-01-01', periodTo: '2024-12-31' });
  });

  it('exports the listed periods as CSV and as a calendar through the save dialog', async () => {
    const main = renderDeadlines({ 'file.save': () => ok({ saved: true, fileName: 'Deadlines 24 November 2026.ics' }) });
    await screen.findByRole('list', { name: 'Deadlines' });
    fireEvent.click(screen.getByRole('button', { name: 'Export calendar (.ics)…' }));
    await waitFor(() => expect(main.called('file.save')).toHaveLength(1));
    const saved = main.called('file.save')[0] as { kind: string; suggestedName: string; contents: string };
    expect(saved.kind).toBe('deadlines-ics');
    expect(saved.suggestedName).toBe('Deadlines 24 November 2026');
    expect(saved.contents).toContain('DTSTART;VALUE=DATE:20260630');
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV…' }));
    await waitFor(() => expect(main.called('file.save')).toHaveLength(2));
    expect((main.called('file.save')[1] as { kind: string }).kind).toBe('deadlines-csv');
  });
});
