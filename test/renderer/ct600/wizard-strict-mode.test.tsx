// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { StrictMode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { BridgeProvider } from '../../../renderer/src/bridge/bridge-context.js';
import { Ct600Wizard } from '../../../renderer/src/features/ct600/Ct600Wizard.js';
import { createDraftSession } from '../../../renderer/src/store/draft-session.js';
import { fakeMain } from './fake-main.js';

afterEach(cleanup);

// The app renders under StrictMode, which mounts, unmounts and mounts every
// effect again in development and in the built window alike.
describe('CT600 wizard under StrictMode', () => {
  it('opens the return instead of waiting forever after the effect ran twice', async () => {
    const { bridge } = fakeMain();
    render(
      <StrictMode>
        <BridgeProvider bridge={bridge}>
          <Ct600Wizard draftId="d1" />
        </BridgeProvider>
      </StrictMode>,
    );
    expect(await screen.findByLabelText('Company name (box 1)')).toBeInTheDocument();
    expect(screen.queryByText('Opening the return…')).not.toBeInTheDocument();
  });

  it('saves what was typed after a session was disposed and opened again', async () => {
    const { bridge, calls } = fakeMain();
    const session = createDraftSession<{ values: Record<string, string> }>({
      bridge,
      draftId: 'd1',
      read: () => ({ values: {} }),
      describe: () => ({ title: 'Acme', periodFrom: null, periodTo: null }),
      delayMs: 5,
    });
    void session.getState().open();
    session.getState().dispose();
    await session.getState().open();
    expect(session.getState().loading).toBe(false);
    session.getState().update(() => ({ values: { companyName: 'Acme Widgets Limited' } }));
    await waitFor(() => expect(session.getState().save.state).toBe('saved'));
    expect(calls.filter((c) => c.channel === 'drafts.save')).toHaveLength(1);
  });

  it('still writes a pending change when the wizard closes', async () => {
    const { bridge, calls } = fakeMain();
    const session = createDraftSession<{ values: Record<string, string> }>({
      bridge,
      draftId: 'd1',
      read: () => ({ values: {} }),
      describe: () => ({ title: 'Acme', periodFrom: null, periodTo: null }),
      delayMs: 10_000,
    });
    await session.getState().open();
    session.getState().update(() => ({ values: { companyName: 'Typed just before closing' } }));
    session.getState().dispose();
    await waitFor(() => expect(calls.filter((c) => c.channel === 'drafts.save')).toHaveLength(1));
    expect(JSON.stringify(calls.find((c) => c.channel === 'drafts.save')!.request)).toContain('Typed just before closing');
  });
});
