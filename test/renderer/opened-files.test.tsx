// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { StrictMode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Channel, DroppedFile, ValidationJobResult } from '../../preload/contract.js';
import { App } from '../../renderer/src/App.js';
import { createBrowserBridge, createMenuCommandHub, createOnlineStatusHub, createOpenedFileHub } from '../../renderer/src/bridge/browser-bridge.js';
import { useNavigation } from '../../renderer/src/store/navigation.js';
import { useOpenedFileForCheck } from '../../renderer/src/store/opened-file.js';
import { resetWindow } from './reset-window.js';

vi.mock('../../renderer/src/features/ct600/Ct600Wizard.js', () => ({
  Ct600Wizard: ({ draftId }: { draftId: string }) => <h2>Wizard for draft {draftId}</h2>,
}));

const validPackage: ValidationJobResult = {
  jobStatus: 'success',
  startDateTime: null,
  endDateTime: null,
  validations: [{ validationType: 3, validationResult: 'valid', messages: [] }],
};

/** The page with a stand-in main: records calls; the test plays the operating system opening files. */
function page() {
  const calls: { channel: Channel; request: unknown }[] = [];
  const files = createOpenedFileHub();
  const bridge = createBrowserBridge(
    async (channel, request) => {
      calls.push({ channel, request });
      switch (channel) {
        case 'app.info':
          return { ok: true, value: { version: '0.1.0', platform: 'linux' } } as never;
        case 'package.validate':
          return { ok: true, value: validPackage } as never;
        case 'drafts.import':
          return { ok: true, value: { id: 'd-imported', kind: 'ct600' } } as never;
        case 'drafts.list':
          return { ok: true, value: { drafts: [], unreadable: [], trash: [] } } as never;
        case 'clients.list':
          return { ok: true, value: [] } as never;
        default:
          throw new Error(`unexpected call to ${channel}`);
      }
    },
    createMenuCommandHub(),
    createOnlineStatusHub(),
    files,
  );
  render(
    <StrictMode>
      <App bridge={bridge} />
    </StrictMode>,
  );
  const called = (channel: Channel) => calls.filter((c) => c.channel === channel).map((c) => c.request as DroppedFile);
  return { files, called };
}

const PACKAGE = Uint8Array.from([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]);

beforeEach(() => {
  resetWindow();
  useOpenedFileForCheck.setState({ pending: null });
});
afterEach(cleanup);

describe('files opened from the operating system', () => {
  it('a report package opens "Validate a file" from any section and is checked exactly once', async () => {
    useNavigation.setState({ section: 'clients' });
    const { files, called } = page();
    act(() => files.emit({ fileName: 'ACME-2024.xbri', bytes: PACKAGE }));
    expect(await screen.findByRole('heading', { name: 'Validate a file' })).toBeInTheDocument();
    await waitFor(() => expect(called('package.validate')).toHaveLength(1));
    expect(called('package.validate')[0]!.fileName).toBe('ACME-2024.xbri');
    expect([...called('package.validate')[0]!.bytes]).toEqual([...PACKAGE]);
    expect(await screen.findByText('ACME-2024.xbri')).toBeInTheDocument();
    // Nothing else re-checks it: moving away and back shows the page fresh.
    act(() => useNavigation.getState().go('start'));
    act(() => useNavigation.getState().go('validate'));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(called('package.validate')).toHaveLength(1);
  });

  it('a package opened while a draft is open closes the draft view and is checked; a second one is checked too', async () => {
    useNavigation.setState({ section: 'start', draft: { id: 'd1', kind: 'ct600' } });
    const { files, called } = page();
    expect(await screen.findByRole('heading', { name: 'Wizard for draft d1' })).toBeInTheDocument();
    act(() => files.emit({ fileName: 'One.xbr', bytes: PACKAGE }));
    await waitFor(() => expect(called('package.validate')).toHaveLength(1));
    act(() => files.emit({ fileName: 'Two.xbri', bytes: PACKAGE }));
    await waitFor(() => expect(called('package.validate').map((f) => f.fileName)).toEqual(['One.xbr', 'Two.xbri']));
    expect(screen.queryByRole('heading', { name: 'Wizard for draft d1' })).toBeNull();
  });

  it('a .fdesk draft file goes through drafts.import into its wizard, once', async () => {
    const { files, called } = page();
    const bytes = new TextEncoder().encode('{"format":"filing-desk-draft"}');
    act(() => files.emit({ fileName: 'Smith Ltd.FDESK', bytes }));
    expect(await screen.findByRole('heading', { name: 'Wizard for draft d-imported' })).toBeInTheDocument();
    expect(called('drafts.import').map((f) => f.fileName)).toEqual(['Smith Ltd.FDESK']);
    expect(called('package.validate')).toEqual([]);
  });
});
