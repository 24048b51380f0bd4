// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { App } from '../../../renderer/src/App.js';
import { useSettingsTarget } from '../../../renderer/src/features/settings/settings-target.js';
import { useNavigation } from '../../../renderer/src/store/navigation.js';
import { blankSettings, fakeMain, ok } from '../fake-main.js';
import { resetWindow } from '../reset-window.js';
import { settings } from './submission-fixtures.js';

beforeEach(() => {
  resetWindow();
  useSettingsTarget.setState({ fieldId: null });
});
afterEach(cleanup);

const openSettings = () => useNavigation.getState().go('settings');

describe('Settings: Filing with HMRC and Government Gateway', () => {
  it('never shows a saved password, only where it is kept, and asks for a new one only on Change', async () => {
    const { bridge, called } = fakeMain({
      'settings.get': () => ok(blankSettings),
      'gateway.credentials.status': () => ok({ userId: 'AGENT1234567', passwordSaved: true, where: 'the system keychain' }),
      'gateway.credentials.save': (r) => ok({ userId: r.userId, passwordSaved: true, where: 'the system keychain' }),
    });
    render(<App bridge={bridge} />);
    openSettings();
    const section = await screen.findByTestId('gateway-settings', {}, { timeout: 5000 });
    await within(section).findByText(/a password is saved in the system keychain\.$/);
    expect(within(section).getByLabelText('Government Gateway user ID')).toHaveValue('AGENT1234567');
    expect(section.querySelector('input[type="password"]')).toBeNull();
    fireEvent.click(within(section).getByRole('button', { name: 'Change the Government Gateway password' }));
    const box = within(section).getByLabelText('Government Gateway password') as HTMLInputElement;
    expect(box.value).toBe('');
    fireEvent.change(box, { target: { value: 'n3w-s3cret' } });
    fireEvent.click(within(section).getByRole('button', { name: 'Save Government Gateway details' }));
    await within(section).findByText('Saved. The password is kept in the system keychain.');
    expect(called('gateway.credentials.save')).toEqual([{ userId: 'AGENT1234567', password: 'n3w-s3cret' }]);
    // The box is gone again and nothing on the page holds the password.
    expect(section.querySelector('input[type="password"]')).toBeNull();
    expect(document.body.innerHTML).not.toContain('n3w-s3cret');
  });

  it('names a missing user ID and password beside their fields and in the summary', async () => {
    const { bridge, called } = fakeMain({ 'settings.get': () => ok(blankSettings) });
    render(<App bridge={bridge} />);
    openSettings();
    const section = await screen.findByTestId('gateway-settings', {}, { timeout: 5000 });
    fireEvent.click(await within(section).findByRole('button', { name: 'Save Government Gateway details' }));
    const summary = await within(section).findByTestId('error-summary');
    expect(within(summary).getAllByRole('link').map((a) => a.textContent)).toEqual(['Enter the Government Gateway user ID', 'Enter the Government Gateway password']);
    expect(within(section).getByLabelText('Government Gateway user ID')).toHaveAccessibleDescription(/Enter the Government Gateway user ID/);
    expect(called('gateway.credentials.save')).toEqual([]);
  });

  it('saves the vendor ID, product and live switch, with the test address under For testing, and shows main’s field errors', async () => {
    const { bridge, called } = fakeMain({
      'settings.get': () => ok(blankSettings),
      'filing.settings.get': () => ok(settings({ vendorId: '' })),
      'filing.settings.save': (r) =>
        r.endpointOverride === 'http://example.com/submission'
          ? { ok: false, error: { code: 'invalid-request', message: 'The filing settings are not valid', errors: [{ field: 'endpointOverride', message: 'may use http:// only for this computer' }] } }
          : ok(r),
    });
    render(<App bridge={bridge} />);
    openSettings();
    const section = await screen.findByTestId('filing-settings', {}, { timeout: 5000 });
    const vendor = await within(section).findByLabelText('Vendor ID');
    expect(vendor).toHaveAccessibleDescription(/HMRC issues/);
    fireEvent.change(vendor, { target: { value: '8888' } });
    fireEvent.click(within(section).getByLabelText('File live returns'));
    fireEvent.click(within(section).getByText('For testing'));
    fireEvent.change(within(section).getByLabelText('Transaction Engine address'), { target: { value: 'http://example.com/submission' } });
    fireEvent.click(within(section).getByRole('button', { name: 'Save filing settings' }));
    const summary = await within(section).findByTestId('error-summary');
    expect(summary.textContent).toContain('Transaction Engine address may use http:// only for this computer');
    fireEvent.change(within(section).getByLabelText('Transaction Engine address'), { target: { value: '' } });
    fireEvent.click(within(section).getByRole('button', { name: 'Save filing settings' }));
    await within(section).findByText('Filing settings saved.');
    expect(called('filing.settings.save').at(-1)).toEqual({ vendorId: '8888', productName: 'Filing Desk', productVersion: '', liveFiling: true, endpointOverride: null });
  });

  it('opens on the field a filing link names, with focus in it', async () => {
    const { bridge } = fakeMain({ 'settings.get': () => ok(blankSettings) });
    render(<App bridge={bridge} />);
    useSettingsTarget.getState().open('filing-vendorId');
    await waitFor(() => expect(document.activeElement?.id).toBe('filing-vendorId'));
  });
});
