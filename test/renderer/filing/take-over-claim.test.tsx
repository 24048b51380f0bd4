// @vitest-environment jsdom
/** File with HMRC: taking over a return another Filing Desk holds, only when it holds it and only after the user confirms. */
import '@testing-library/jest-dom/vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SubmissionView } from '../../../preload/contract.js';
import { useLatestFilings } from '../../../renderer/src/features/filing/file-step-entry.js';
import { useSettingsTarget } from '../../../renderer/src/features/settings/settings-target.js';
import { fakeMain, newDraft, validForm } from '../ct600/fake-main.js';
import { openWizard } from '../ct600/open-wizard.js';
import { resetWindow } from '../reset-window.js';
import { settings, submission } from './submission-fixtures.js';

beforeEach(() => {
  resetWindow();
  useSettingsTarget.setState({ fieldId: null });
  useLatestFilings.setState({ byDraft: {} });
});
afterEach(cleanup);

const HOLDER =
  'another Filing Desk (the command line, PID 4242 on "office-pc-2", since 2026-11-24T20:40:00.000Z) is filing this return (UTR 1234567890, period 2024-04-01 to 2025-03-31, til) right now; it is never sent twice: let it finish, then look again. If you are sure it is no longer running (it ran on another computer that is switched off, say), choose Take over and file: Filing Desk asks you to confirm, then files it from here.';

async function openWith(shown: SubmissionView) {
  const main = fakeMain(
    {
      'filing.settings.get': () => ({ ok: true, value: settings() }),
      'filing.list': () => ({ ok: true, value: [shown] }),
      'filing.get': () => ({ ok: true, value: shown }),
      'filing.resume': () => ({ ok: true, value: submission({ state: 'sent', nextCheckAt: null }) }),
    },
    newDraft({
      form: validForm as never,
      lastBuild: { builtAt: '2026-11-24T20:00:00.000Z', fileName: 'acme.xml', sha256: '0'.repeat(64), irmark: 'jDYcV8pZ0X8wV6R0v7aY9WmMvX0=', size: 1000 } as never,
      changedSinceBuild: false,
      state: 'built',
    }),
  );
  openWizard(main.bridge);
  await screen.findByLabelText('Company name (box 1)');
  fireEvent.click(screen.getByTestId('task-file'));
  await screen.findByRole('heading', { name: 'File with HMRC', level: 2 });
  return main;
}

describe('File with HMRC: a return another Filing Desk holds', () => {
  it('names the holder and takes over only after the user confirms it is not running', async () => {
    const main = await openWith(submission({ state: 'unknown', nextCheckAt: null, stateText: HOLDER, claimHeldBy: HOLDER }));
    const held = await screen.findByTestId('claim-held');
    expect(held).toHaveTextContent('PID 4242 on "office-pc-2"');
    expect(screen.queryByRole('button', { name: 'Check again' })).toBeNull();

    fireEvent.click(within(held).getByRole('button', { name: 'Take over and file' }));
    let dialog = await screen.findByRole('alertdialog', { name: 'Take over filing this return?' });
    expect(dialog).toHaveAccessibleDescription(/not running.*HMRC could receive it twice/);
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    expect(main.callsTo('filing.resume')).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(main.callsTo('filing.resume')).toEqual([]);

    // Escape closes it too, and nothing is filed.
    fireEvent.click(within(held).getByRole('button', { name: 'Take over and file' }));
    dialog = await screen.findByRole('alertdialog');
    fireEvent.keyDown(dialog, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(main.callsTo('filing.resume')).toEqual([]);

    fireEvent.click(within(held).getByRole('button', { name: 'Take over and file' }));
    dialog = await screen.findByRole('alertdialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'It is not running: take over and file' }));
    await waitFor(() => expect(main.callsTo('filing.resume')).toEqual([{ transactionId: 'A1B2C3D4E5F60718293A4B5C6D7E8F90', takeOver: true }]));
  });

  it('offers no take-over while no other Filing Desk holds the return', async () => {
    await openWith(submission({ state: 'unknown', nextCheckAt: null, stateText: 'It is not known yet whether HMRC received the return. Filing Desk asks HMRC before anything else and never sends it twice; choose Check again.' }));
    const detail = await screen.findByTestId('filing-detail');
    expect(within(detail).getByRole('button', { name: 'Check again' })).toBeInTheDocument();
    expect(screen.queryByTestId('claim-held')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Take over and file' })).toBeNull();
  });
});
