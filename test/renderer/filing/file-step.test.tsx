// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SubmissionView } from '../../../preload/contract.js';
import { useLatestFilings } from '../../../renderer/src/features/filing/file-step-entry.js';
import { useSettingsTarget } from '../../../renderer/src/features/settings/settings-target.js';
import { useNavigation } from '../../../renderer/src/store/navigation.js';
import { fakeMain, newDraft, validForm } from '../ct600/fake-main.js';
import { openWizard } from '../ct600/open-wizard.js';
import { resetWindow } from '../reset-window.js';
import { accepted, preview, settings, submission } from './submission-fixtures.js';

beforeEach(() => {
  resetWindow();
  useSettingsTarget.setState({ fieldId: null });
  useLatestFilings.setState({ byDraft: {} });
});
afterEach(cleanup);

const builtDraft = () =>
  newDraft({
    form: validForm as never,
    lastBuild: { builtAt: '2026-11-24T20:00:00.000Z', fileName: 'acme.xml', sha256: '0'.repeat(64), irmark: 'jDYcV8pZ0X8wV6R0v7aY9WmMvX0=', size: 1000 } as never,
    changedSinceBuild: false,
    state: 'built',
  });

async function openFileStep(main: ReturnType<typeof fakeMain>) {
  openWizard(main.bridge);
  await screen.findByLabelText('Company name (box 1)');
  fireEvent.click(screen.getByTestId('task-file'));
  await screen.findByRole('heading', { name: 'File with HMRC', level: 2 });
}

describe('File with HMRC', () => {
  it('offers Test in Live by default and live only once Settings allows it, then shows what will be filed with the declaration', async () => {
    const main = fakeMain({ 'filing.settings.get': () => ({ ok: true, value: settings() }), 'filing.list': () => ({ ok: true, value: [] }), 'filing.preview': () => ({ ok: true, value: preview() }) }, builtDraft());
    await openFileStep(main);
    const til = await screen.findByRole('radio', { name: /Test in Live/ });
    expect(til).toBeChecked();
    expect(screen.getByRole('radio', { name: /^Live/ })).toBeDisabled();
    expect(screen.getByRole('radio', { name: /^Live/ })).toHaveAccessibleDescription(/File live returns/);
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    const heading = await screen.findByRole('heading', { name: 'Check before you file' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(main.callsTo('filing.preview')).toEqual([{ draftId: 'd1', environment: 'til' }]);
    const list = document.querySelector('.file-step .summary-list')!;
    expect(list.textContent).toContain('Acme Widgets Ltd');
    expect(list.textContent).toContain('12345 67890');
    expect(list.textContent).toContain('1 April 2024 to 31 March 2025');
    expect(screen.getByTestId('confirm-tax').textContent).toBe('£7,600.00');
    expect(list.textContent).toContain('acme-accounts-2025.xhtml (accounts, 20 KB)');
    expect(screen.getByTestId('confirm-environment').textContent).toBe('Test in Live');
    // Nothing is sent yet: the row says where it will go, not where it went.
    expect(screen.getByText('Will be sent to').tagName).toBe('DT');
    expect(list.textContent).not.toContain('Sent to');
    expect(screen.getByTestId('confirm-declaration').textContent).toMatch(/^Jane Smith \(Director\) declares that the information in this return is correct and complete/);
    expect(screen.getByRole('button', { name: 'Send the test to HMRC' })).toBeEnabled();
  });

  it('a send refused because another Filing Desk holds the claim names the holder, and takes it over only once the user confirms', async () => {
    const holder =
      'another Filing Desk (the command line, PID 4242 on "office-pc-2", since 2026-11-24T20:40:00.000Z) is filing this return (UTR 1234567890, period 2024-04-01 to 2025-03-31, til) right now; it is never sent twice: let it finish, then look again. If you are sure it is no longer running (it ran on another computer that is switched off, say), choose Take over and file: Filing Desk asks you to confirm, then files it from here.';
    const main = fakeMain(
      {
        'filing.settings.get': () => ({ ok: true, value: settings() }),
        'filing.list': () => ({ ok: true, value: [] }),
        'filing.preview': () => ({ ok: true, value: preview() }),
        'filing.submit': (request) =>
          (request as { takeOver?: boolean }).takeOver
            ? { ok: true, value: submission() }
            : { ok: false, error: { code: 'failed', message: `${holder} Nothing was sent to HMRC.`, errors: [{ field: 'claim', message: holder }] } },
        'filing.get': () => ({ ok: true, value: submission() }),
      },
      builtDraft(),
    );
    await openFileStep(main);
    fireEvent.click(await screen.findByRole('button', { name: 'Continue' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Send the test to HMRC' }));
    const held = await screen.findByTestId('claim-held');
    expect(held).toHaveTextContent('PID 4242 on "office-pc-2"');
    expect(screen.queryByTestId('filing-problem')).toBeNull();
    fireEvent.click(within(held).getByRole('button', { name: 'Take over and file' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Take over filing this return?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(main.callsTo('filing.submit')).toEqual([{ draftId: 'd1', environment: 'til' }]);
    fireEvent.click(within(held).getByRole('button', { name: 'Take over and file' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'It is not running: take over and file' }));
    await screen.findByRole('heading', { name: 'Filing with HMRC (Test in Live)' });
    expect(main.callsTo('filing.submit')).toEqual([{ draftId: 'd1', environment: 'til' }, { draftId: 'd1', environment: 'til', takeOver: true }]);
    expect(screen.queryByTestId('claim-held')).toBeNull();
  }, 15_000);

  it('lists what is missing as errors that lead to where each is put right, and will not file until then', async () => {
    const missing = [
      { field: 'gatewayUserId', message: 'Enter your Government Gateway user ID and password' },
      { field: 'vendorId', message: 'Enter the vendor ID HMRC issued' },
      // Main's own words name their part of Settings: named once, as the link goes there.
      { field: 'productName', message: 'Enter the product name HMRC knows this software by in Settings › Filing with HMRC.' },
      { field: 'build', message: 'Build the return again: it changed since it was built' },
    ];
    const main = fakeMain({ 'filing.settings.get': () => ({ ok: true, value: settings() }), 'filing.list': () => ({ ok: true, value: [] }), 'filing.preview': () => ({ ok: true, value: preview({ missing }) }) }, builtDraft());
    await openFileStep(main);
    fireEvent.click(await screen.findByRole('button', { name: 'Continue' }));
    const summary = await screen.findByTestId('error-summary');
    expect(within(summary).getAllByRole('link').map((a) => a.textContent)).toEqual([
      'Enter your Government Gateway user ID and password. Go to Settings › Government Gateway.',
      'Enter the vendor ID HMRC issued. Go to Settings › Filing with HMRC.',
      'Enter the product name HMRC knows this software by in Settings › Filing with HMRC.',
      'Build the return again: it changed since it was built. Go to Check your answers and build.',
    ]);
    // The summary sits under the step's "Check before you file" (h3): its title is the next level down, as "Declaration" is.
    expect(within(summary).getByRole('heading', { name: 'There is a problem' }).tagName).toBe('H4');
    expect(screen.getByRole('button', { name: 'Send the test to HMRC' })).toBeDisabled();
    fireEvent.click(within(summary).getByRole('link', { name: /vendor ID/ }));
    expect(useNavigation.getState().section).toBe('settings');
    expect(useSettingsTarget.getState().fieldId).toBe('filing-vendorId');
  });

  it('follows the submission (next check, with focus on the new state) until HMRC accepts it, then shows the receipt', async () => {
    let polls = 0;
    const main = fakeMain(
      {
        'filing.settings.get': () => ({ ok: true, value: settings() }),
        'filing.list': () => ({ ok: true, value: [] }),
        'filing.preview': () => ({ ok: true, value: preview() }),
        'filing.submit': () => ({ ok: true, value: submission() }),
        'filing.get': () => ({ ok: true, value: ++polls < 2 ? submission() : accepted() }),
      },
      builtDraft(),
    );
    await openFileStep(main);
    fireEvent.click(await screen.findByRole('button', { name: 'Continue' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Send the test to HMRC' }));
    const progress = await screen.findByRole('heading', { name: 'Filing with HMRC (Test in Live)' });
    await waitFor(() => expect(progress).toHaveFocus());
    expect(screen.getByTestId('filing-state').textContent).toBe('HMRC has the return and is checking it.');
    expect(screen.getByTestId('filing-next-check').textContent).toMatch(/^Next check in (9|10) s\.$/);
    // The live region never carries the countdown: it is read once per state.
    expect(screen.getByTestId('filing-state')).toHaveAttribute('role', 'status');
    expect(screen.getByTestId('filing-state').textContent).not.toMatch(/Next check/);
    const receipt = await screen.findByRole('heading', { name: 'HMRC accepted the test return' }, { timeout: 5000 });
    await waitFor(() => expect(receipt).toHaveFocus());
    expect(screen.getByTestId('receipt-accepted-at').textContent).toBe('24 November 2026 at 20:42');
    expect(screen.getByTestId('receipt-irmark-base32').textContent).toBe('RQ3B YV6K LHIX 6MCX URKL 7NUY 6VUY ZPL5');
    expect(screen.getByTestId('receipt-irmark-check').textContent).toMatch(/^Matches the IRmark of the return Filing Desk built/);
    expect(screen.getByTestId('receipt-correlation-id').textContent).toBe('0123456789ABCDEF0123456789ABCDEF');
    expect(main.callsTo('filing.submit')).toEqual([{ draftId: 'd1', environment: 'til' }]);
    // A test accepted is not the return filed.
    expect(document.getElementById('task-file-status')!.textContent).toBe('In progress');
  }, 15_000);

  it('saves HMRC’s receipt and the return as filed through filing.save, and prints with window.print', async () => {
    const printed: number[] = [];
    window.print = () => void printed.push(1);
    const main = fakeMain(
      {
        'filing.settings.get': () => ({ ok: true, value: settings() }),
        'filing.list': () => ({ ok: true, value: [accepted()] }),
        'filing.save': (r) => ({ ok: true, value: { saved: true, fileName: r.what === 'receipt' ? 'acme-receipt.xml' : 'acme-return.xml' } }),
      },
      builtDraft(),
    );
    await openFileStep(main);
    fireEvent.click(await screen.findByRole('button', { name: 'Save HMRC’s receipt (XML)' }));
    await screen.findByText('Saved HMRC’s receipt as acme-receipt.xml.');
    fireEvent.click(screen.getByRole('button', { name: 'Save the return as filed' }));
    await screen.findByText('Saved the return as filed as acme-return.xml.');
    fireEvent.click(screen.getByRole('button', { name: 'Print or save as PDF' }));
    expect(printed).toEqual([1]);
    expect(main.callsTo('filing.save')).toEqual([
      { transactionId: 'A1B2C3D4E5F60718293A4B5C6D7E8F90', what: 'receipt' },
      { transactionId: 'A1B2C3D4E5F60718293A4B5C6D7E8F90', what: 'return' },
    ]);
  });

  it("shows HMRC's rejection beside HMRC's number and words, and its link lands on the box's field", async () => {
    const rejected: SubmissionView = submission({
      state: 'rejected',
      stateText: 'Rejected by HMRC',
      nextCheckAt: null,
      errors: [{ number: '9200', hmrcText: 'Rate 21.00 is not allowed for financial year 2024.', message: 'The rate of tax in box 340 is not one HMRC allows for this financial year.', boxes: ['340'], field: 'fy1Rate' }],
    });
    const main = fakeMain({ 'filing.settings.get': () => ({ ok: true, value: settings() }), 'filing.list': () => ({ ok: true, value: [rejected] }) }, builtDraft());
    await openFileStep(main);
    await screen.findByRole('heading', { name: 'HMRC did not accept the return' });
    expect(document.getElementById('task-file-status')!.textContent).toBe('Has errors');
    const row = within(screen.getByRole('table', { name: 'HMRC’s errors' })).getAllByRole('row')[1]!;
    expect(within(row).getAllByRole('cell').map((c) => c.textContent)).toEqual([
      '9200',
      '340',
      'The rate of tax in box 340 is not one HMRC allows for this financial year.',
      'Rate 21.00 is not allowed for financial year 2024.',
    ]);
    fireEvent.click(within(row).getByRole('link'));
    await screen.findByRole('heading', { name: 'Profits and tax', level: 2 });
    await waitFor(() => expect(document.activeElement?.id).toBe('fy1Rate'));
  });

  it('leads an authentication failure to Settings › Government Gateway', async () => {
    const failed = submission({ state: 'rejected', stateText: 'Rejected by HMRC', nextCheckAt: null, authenticationFailed: true, errors: [{ number: '1046', hmrcText: 'Authentication Failure.', message: 'HMRC did not accept the Government Gateway user ID or password.', boxes: [], field: null }] });
    const main = fakeMain({ 'filing.settings.get': () => ({ ok: true, value: settings() }), 'filing.list': () => ({ ok: true, value: [failed] }) }, builtDraft());
    await openFileStep(main);
    fireEvent.click(await screen.findByTestId('gateway-link'));
    expect(useNavigation.getState().section).toBe('settings');
    expect(useSettingsTarget.getState().fieldId).toBe('gateway-userId');
  });

  it('opens a filed return read-only with a banner, and starts an amendment only once confirmed', async () => {
    const filed = { ...builtDraft(), filed: { transactionId: 'A1B2C3D4E5F60718293A4B5C6D7E8F90', acceptedAt: accepted().receipt!.acceptedAt, environment: 'live' as const } };
    const main = fakeMain(
      {
        'filing.settings.get': () => ({ ok: true, value: settings({ liveFiling: true }) }),
        'filing.list': () => ({ ok: true, value: [accepted({ environment: 'live' })] }),
        'drafts.amend': () => ({ ok: true, value: { ...builtDraft(), filed: null, form: { ...validForm, values: { ...validForm.values, returnType: 'amended' } } as never } }),
      },
      filed,
    );
    openWizard(main.bridge);
    await screen.findByLabelText('Company name (box 1)');
    expect(screen.getByTestId('filed-banner').textContent).toMatch(/This return was filed\. HMRC accepted it on 24 November 2026 at 20:42 \(Live\)/);
    expect(screen.getByLabelText('Company name (box 1)')).toBeDisabled();
    expect(document.getElementById('task-file-status')!.textContent).toBe('Completed');
    fireEvent.click(screen.getByRole('button', { name: 'See the receipt or start an amendment' }));
    await screen.findByRole('heading', { name: 'HMRC accepted the return' });
    fireEvent.click(screen.getByRole('button', { name: 'Start an amendment' }));
    expect(main.callsTo('drafts.amend')).toEqual([]);
    const yes = screen.getByRole('button', { name: 'Yes, start an amendment' });
    expect(yes).toHaveFocus();
    fireEvent.click(yes);
    await screen.findByRole('heading', { name: 'Company and period', level: 2 });
    expect(main.callsTo('drafts.amend')).toEqual([{ draftId: 'd1' }]);
    await waitFor(() => expect(screen.getByLabelText('Company name (box 1)')).toBeEnabled());
    expect(screen.queryByTestId('filed-banner')).toBeNull();
  });

  it('shows an accepted return’s receipt and an amendment instead of filing it again', async () => {
    const main = fakeMain(
      {
        'filing.settings.get': () => ({ ok: true, value: settings() }),
        'filing.list': () => ({ ok: true, value: [] }),
        'filing.preview': () => ({ ok: true, value: preview({ alreadyAccepted: accepted() }) }),
      },
      builtDraft(),
    );
    await openFileStep(main);
    fireEvent.click(await screen.findByRole('button', { name: 'Continue' }));
    await screen.findByRole('heading', { name: 'This return has already been accepted' });
    expect(screen.queryByRole('button', { name: 'Send the test to HMRC' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Start an amendment' })).toBeInTheDocument();
  });

  it('asks HMRC again, never sends again, when Filing Desk had stopped asking about a return HMRC holds', async () => {
    const stopped = submission({ nextCheckAt: null, stateText: 'HMRC has the return and is still checking it. Filing Desk stopped asking (no network); choose Check again to carry on.' });
    const main = fakeMain(
      {
        'filing.settings.get': () => ({ ok: true, value: settings() }),
        'filing.list': () => ({ ok: true, value: [stopped] }),
        'filing.get': () => ({ ok: true, value: stopped }),
        'filing.resume': () => ({ ok: true, value: submission() }),
      },
      builtDraft(),
    );
    await openFileStep(main);
    const detail = await screen.findByTestId('filing-detail');
    expect(detail.textContent).toContain('Filing Desk stopped asking (no network)');
    fireEvent.click(within(detail).getByRole('button', { name: 'Check again' }));
    await waitFor(() => expect(main.callsTo('filing.resume')).toEqual([{ transactionId: 'A1B2C3D4E5F60718293A4B5C6D7E8F90' }]));
    await waitFor(() => expect(screen.queryByTestId('filing-detail')).toBeNull());
  });

  it('offers to send the same return again only once HMRC says it has none', async () => {
    const none = submission({ state: 'unknown', nextCheckAt: null, canSendAgain: true, stateText: 'HMRC says it did not receive this return. Nothing was sent again; choose Send again to send the same return.' });
    const main = fakeMain(
      {
        'filing.settings.get': () => ({ ok: true, value: settings() }),
        'filing.list': () => ({ ok: true, value: [none] }),
        'filing.get': () => ({ ok: true, value: none }),
        'filing.resume': () => ({ ok: true, value: submission({ state: 'sent', nextCheckAt: null }) }),
      },
      builtDraft(),
    );
    await openFileStep(main);
    const detail = await screen.findByTestId('filing-detail');
    expect(within(detail).queryByRole('button', { name: 'Check again' })).toBeNull();
    fireEvent.click(within(detail).getByRole('button', { name: 'Send again' }));
    await waitFor(() => expect(main.callsTo('filing.resume')).toEqual([{ transactionId: 'A1B2C3D4E5F60718293A4B5C6D7E8F90', sendAgain: true }]));
  });

  it('offers to send an amendment, not the old receipt, once an accepted return is being amended', async () => {
    const main = fakeMain({ 'filing.settings.get': () => ({ ok: true, value: settings({ liveFiling: true }) }), 'filing.list': () => ({ ok: true, value: [accepted({ environment: 'live' })] }) }, builtDraft());
    await openFileStep(main);
    await screen.findByRole('heading', { name: 'Where to send the return' });
    expect(screen.queryByTestId('filing-receipt')).toBeNull();
  });
});
