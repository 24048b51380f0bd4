// @vitest-environment jsdom
/**
 * Settings › Office in each state: not joined (a labelled form; what is
 * missing named beside each field and in the error summary; main's refusal
 * of a field beside that field), the certificate check (Cancel sends
 * nothing; Continue sends the fingerprint shown), joined (who, where, the
 * pinned fingerprint, last synced in UK words, changes waiting, the
 * problem), Sync now, leaving behind a confirmation, and a conflict side by
 * side resolved from the keyboard.
 */
import '@testing-library/jest-dom/vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { OfficeConflictView, OfficeStatusView } from '../../../preload/contract.js';
import { BridgeProvider } from '../../../renderer/src/bridge/bridge-context.js';
import { OfficePanel } from '../../../renderer/src/features/office/OfficePanel.js';
import { fakeMain, ok, type Answers } from '../fake-main.js';

afterEach(cleanup);

const FINGERPRINT = Array.from({ length: 32 }, (_, i) => (0xa0 + i).toString(16).toUpperCase()).join(':');

const joined = (sync: Partial<Extract<OfficeStatusView, { joined: true }>['sync']> = {}): OfficeStatusView => ({
  joined: true,
  url: 'https://office.example.co.uk',
  user: 'sarah',
  desk: 'RECEPTION-PC',
  fingerprint: FINGERPRINT,
  joinedAt: '2026-12-01T09:00:00.000Z',
  signedIn: true,
  admin: false,
  sync: { lastSync: { at: '2026-12-02T11:40:00.000Z', pushed: 2, pulled: 1 }, pending: 3, running: null, problem: null, conflicts: [], ...sync },
});

const conflict: OfficeConflictView = {
  kind: 'client',
  id: 'c-acme',
  title: 'Acme Trading Ltd',
  mine: { body: {}, changedAt: '2026-12-02T10:15:00.000Z' },
  theirs: { body: {}, version: 4, changedBy: 'tom', changedOn: 'BACK-OFFICE', changedAt: '2026-12-02T10:30:00.000Z', deleted: false },
  differences: [
    { field: 'utr', label: 'Unique Taxpayer Reference', mine: '1234567890', theirs: '1234567899' },
    { field: 'periodEnd', label: 'Usual period end', mine: '31 March', theirs: '30 June' },
  ],
};

function panel(answers: Answers) {
  const main = fakeMain(answers);
  render(
    <BridgeProvider bridge={main.bridge}>
      <OfficePanel />
    </BridgeProvider>,
  );
  return main;
}

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('Settings › Office', () => {
  it('names each missing detail beside its field and in the summary, and shows main’s refusal of a field beside it', async () => {
    const main = panel({
      'office.status': () => ok({ joined: false }),
      'office.join': () => ({ ok: false, error: { code: 'invalid-request', message: 'The request is not valid', errors: [{ field: 'url', message: 'must start with https:// (or http:// for an office on this computer), such as https://office.example.co.uk' }] } }),
    });
    const form = await screen.findByRole('form', { name: 'Join your office' });
    for (const label of ['Office address', 'Your user name', 'Office password', 'This desk’s name']) expect(within(form).getByLabelText(label)).toBeInTheDocument();
    fireEvent.click(within(form).getByRole('button', { name: 'Join the office' }));
    const summary = await screen.findByTestId('error-summary');
    expect(within(summary).getAllByRole('link').map((a) => a.textContent)).toEqual(['Enter the office address', 'Enter your user name', 'Enter your password', 'Enter a name for this desk']);
    expect(screen.getByLabelText('Office address')).toHaveAccessibleDescription(expect.stringContaining('Enter the office address'));
    expect(main.called('office.join')).toEqual([]);

    type('Office address', 'ftp://office.example.co.uk');
    type('Your user name', 'sarah');
    type('Office password', 'correct horse battery staple');
    type('This desk’s name', 'RECEPTION-PC');
    fireEvent.click(within(form).getByRole('button', { name: 'Join the office' }));
    await waitFor(() => expect(screen.getByLabelText('Office address')).toHaveAccessibleDescription(expect.stringContaining('Office address must start with https://')));
    expect(within(screen.getByTestId('error-summary')).getAllByRole('link').map((a) => a.textContent)).toEqual([expect.stringMatching(/^Office address must start with https:\/\//)]);
  });

  it('shows the certificate’s fingerprint to check first; Cancel sends nothing more, Continue joins with that fingerprint', async () => {
    let joinedNow = false;
    const main = panel({
      'office.status': () => ok(joinedNow ? joined() : { joined: false }),
      'office.join': (r) => {
        if (!r.confirmedFingerprint) return ok({ outcome: 'confirm-fingerprint', fingerprint: FINGERPRINT, subject: 'CN=office.example.co.uk' });
        joinedNow = true;
        return ok({ outcome: 'joined', status: joined() });
      },
    });
    await screen.findByRole('form', { name: 'Join your office' });
    type('Office address', 'https://office.example.co.uk');
    type('Your user name', 'sarah');
    type('Office password', 'correct horse battery staple');
    type('This desk’s name', 'RECEPTION-PC');
    fireEvent.click(screen.getByRole('button', { name: 'Join the office' }));
    const check = await screen.findByTestId('office-confirm-fingerprint');
    expect(check).toHaveTextContent(`The office’s certificate fingerprint is ${FINGERPRINT}`);
    expect(check).toHaveTextContent('Check it with your office administrator before you continue.');
    // The heading takes focus in an effect after the question is drawn, so under load it may come a moment after the text.
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Check the office’s certificate' })).toHaveFocus());
    expect(screen.queryByRole('form', { name: 'Join your office' })).toBeNull();

    fireEvent.click(within(check).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Join the office' })).toHaveFocus());
    expect(main.called('office.join')).toHaveLength(1);

    fireEvent.click(screen.getByRole('button', { name: 'Join the office' }));
    fireEvent.click(within(await screen.findByTestId('office-confirm-fingerprint')).getByRole('button', { name: 'Continue' }));
    await screen.findByTestId('office-joined');
    expect(main.called('office.join')).toEqual([
      { url: 'https://office.example.co.uk', user: 'sarah', password: 'correct horse battery staple', desk: 'RECEPTION-PC' },
      { url: 'https://office.example.co.uk', user: 'sarah', password: 'correct horse battery staple', desk: 'RECEPTION-PC' },
      { url: 'https://office.example.co.uk', user: 'sarah', password: 'correct horse battery staple', desk: 'RECEPTION-PC', confirmedFingerprint: FINGERPRINT },
    ]);
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Office' })).toHaveFocus());
    expect(document.body.innerHTML).not.toContain('correct horse battery staple');
  });

  it('when joined: who and where, the fingerprint, last synced in UK words, changes waiting and the problem; Sync now', async () => {
    const main = panel({
      'office.status': () => ok(joined({ problem: 'The office could not be reached (connection refused).' })),
      'office.sync': () => ok(joined({ pending: 0, lastSync: { at: '2026-12-02T11:42:00.000Z', pushed: 3, pulled: 0 } })),
    });
    const shown = await screen.findByTestId('office-joined');
    const row = (key: string) => within(shown).getByText(key, { selector: 'dt' }).nextElementSibling;
    expect(row('Office')).toHaveTextContent('https://office.example.co.uk');
    expect(row('Signed in as')).toHaveTextContent('sarah');
    expect(row('This desk')).toHaveTextContent('RECEPTION-PC');
    expect(row('Certificate fingerprint')).toHaveTextContent(FINGERPRINT);
    expect(row('Last synced')).toHaveTextContent('2 December 2026 at 11:40 (2 changes sent, 1 change received)');
    expect(row('Changes waiting to be sent')).toHaveTextContent('3 changes');
    expect(row('Problem')).toHaveTextContent('The office could not be reached (connection refused).');
    fireEvent.click(within(shown).getByRole('button', { name: 'Sync now' }));
    await screen.findByText('Synced with the office.');
    expect(row('Changes waiting to be sent')).toHaveTextContent('None');
    expect(within(shown).queryByText('Problem', { selector: 'dt' })).toBeNull();
    expect(main.called('office.sync')).toHaveLength(1);
  });

  it('shows a running sync’s progress', async () => {
    panel({ 'office.status': () => ok(joined({ running: { step: 'Sending changes', done: 3, total: 12 } })) });
    const meter = await screen.findByRole('meter', { name: 'Sending changes' });
    expect(meter).toHaveAttribute('aria-valuetext', '3 of 12');
    expect(screen.getByRole('button', { name: 'Sync now' })).toHaveAttribute('aria-disabled', 'true');
  });

  it('leaves only after a confirmation that says the local data stays', async () => {
    const main = panel({ 'office.status': () => ok(joined()), 'office.leave': () => ok({ joined: false }) });
    fireEvent.click(await screen.findByRole('button', { name: 'Leave the office' }));
    const ask = screen.getByTestId('office-confirm-leave');
    expect(ask).toHaveTextContent('Its clients, drafts and filings stay on this computer as they are now');
    expect(ask).toHaveTextContent('3 changes made here will not reach the office.');
    fireEvent.click(within(ask).getByRole('button', { name: 'Stay in the office' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Leave the office' })).toHaveFocus());
    expect(main.called('office.leave')).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Leave the office' }));
    fireEvent.click(within(screen.getByTestId('office-confirm-leave')).getByRole('button', { name: 'Leave the office' }));
    await screen.findByRole('form', { name: 'Join your office' });
    expect(screen.getByText('This desk has left the office. Its clients and drafts stay here as they were.')).toBeInTheDocument();
    expect(main.called('office.leave')).toHaveLength(1);
  });

  it('shows a conflict side by side and keeps the version chosen', async () => {
    let conflicts = [conflict];
    const main = panel({
      'office.status': () => ok(joined({ conflicts })),
      'office.resolve': () => {
        conflicts = [];
        return ok(joined({ conflicts }));
      },
    });
    const card = await screen.findByRole('article', { name: 'Client: Acme Trading Ltd' });
    const table = within(card).getByRole('table');
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Field', 'This desk', 'tom on BACK-OFFICE, 2 December 2026 at 10:30']);
    expect(within(table).getAllByRole('row').slice(1).map((r) => r.textContent)).toEqual(['Unique Taxpayer Reference12345678901234567899', 'Usual period end31 March30 June']);
    expect(within(card).getByRole('button', { name: 'Keep this desk’s version of Acme Trading Ltd' })).toBeInTheDocument();
    fireEvent.click(within(card).getByRole('button', { name: 'Keep tom’s version of Acme Trading Ltd' }));
    await screen.findByText('“Acme Trading Ltd”: kept tom’s version; it is now on this desk. The other version stays in the office’s history.');
    expect(screen.queryByRole('article')).toBeNull();
    expect(main.called('office.resolve')).toEqual([{ kind: 'client', id: 'c-acme', keep: 'theirs' }]);
  });
});
