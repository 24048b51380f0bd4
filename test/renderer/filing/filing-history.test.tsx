// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from '../../../renderer/src/App.js';
import { useNavigation } from '../../../renderer/src/store/navigation.js';
import { client, fakeMain, ok } from '../fake-main.js';
import { resetWindow } from '../reset-window.js';
import { accepted, submission } from './submission-fixtures.js';

// The wizard is another screen's work: stand in for it, and see which step it opens on.
vi.mock('../../../renderer/src/features/ct600/Ct600Wizard.js', async () => {
  const { takeOpenAtFileStep } = await import('../../../renderer/src/features/filing/open-at-file.js');
  return { Ct600Wizard: ({ draftId }: { draftId: string }) => <h2>Wizard for draft {draftId} on {takeOpenAtFileStep(draftId) ? 'File with HMRC' : 'its first step'}</h2> };
});

beforeEach(resetWindow);
afterEach(cleanup);

describe('Start: Filing history', () => {
  it('lists every submission in main’s order (newest first) with its state in words, and opens a return on its File with HMRC step', async () => {
    const rows = [
      submission({ transactionId: 'B'.repeat(32), draftId: 'd-bolt', company: 'Bolt Ltd', periodStart: '2023-07-01', periodEnd: '2024-06-30', environment: 'til', stateText: 'Waiting for HMRC', submittedAt: '2026-11-24T21:00:00.000Z' }),
      accepted({ environment: 'live', stateText: 'Accepted by HMRC' }),
    ];
    const { bridge, called } = fakeMain({ 'drafts.list': () => ok({ drafts: [], unreadable: [], trash: [] }), 'filing.list': () => ok(rows) });
    render(<App bridge={bridge} />);
    const table = await screen.findByRole('table', { name: 'Filing history' }, { timeout: 5000 });
    const body = within(table).getAllByRole('row').slice(1);
    expect(body.map((r) => within(r).getAllByRole('rowheader').concat(within(r).getAllByRole('cell')).map((c) => c.textContent))).toEqual([
      ['Bolt Ltd', '1 July 2023 to 30 June 2024', 'Test in Live', expect.stringMatching(/^24 November 2026 at \d\d:\d\d$/), 'Waiting for HMRC', 'Details for Bolt Ltd, 1 July 2023 to 30 June 2024'],
      ['Acme Widgets Ltd', '1 April 2024 to 31 March 2025', 'Live', expect.stringMatching(/^24 November 2026 at \d\d:\d\d$/), 'Accepted by HMRC', 'Receipt for Acme Widgets Ltd, 1 April 2024 to 31 March 2025'],
    ]);
    // Every submission, unfiltered: the history's own request and the side bar's status of filing with HMRC.
    expect(called('filing.list').length).toBeGreaterThanOrEqual(1);
    expect(called('filing.list').every((request) => JSON.stringify(request) === '{}')).toBe(true);
    fireEvent.click(within(body[1]!).getByRole('link', { name: /^Receipt/ }));
    expect(useNavigation.getState().draft).toEqual({ id: 'd1', kind: 'ct600' });
    await screen.findByRole('heading', { name: 'Wizard for draft d1 on File with HMRC' });
  });

  it('says so when nothing has been sent yet', async () => {
    const { bridge } = fakeMain({ 'drafts.list': () => ok({ drafts: [], unreadable: [], trash: [] }) });
    render(<App bridge={bridge} />);
    await screen.findByText(/No returns sent to HMRC yet/);
  });

  it('shows a client’s own submissions beside its periods on the Clients page', async () => {
    const acme = client({ id: 'c1', companyName: 'Acme Widgets Ltd' });
    const { bridge, called } = fakeMain({ 'clients.list': () => ok([acme]), 'filing.list': () => ok([accepted({ environment: 'live' })]) });
    render(<App bridge={bridge} />);
    useNavigation.getState().go('clients');
    fireEvent.click(await screen.findByRole('button', { name: 'Periods and deadlines of Acme Widgets Ltd' }, { timeout: 5000 }));
    const table = await screen.findByRole('table', { name: 'Returns sent to HMRC for Acme Widgets Ltd' });
    expect(within(table).getAllByRole('row')[1]!.textContent).toContain('Accepted by HMRC');
    expect(called('filing.list')).toContainEqual({ clientId: 'c1' });
  });
});
