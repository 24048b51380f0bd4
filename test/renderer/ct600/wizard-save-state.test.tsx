// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeMain } from './fake-main.js';
import { openWizard } from './open-wizard.js';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('CT600 wizard: what the save state promises', () => {
  it('never says "All changes saved" while a change waits for its save', async () => {
    const { bridge, callsTo } = fakeMain();
    openWizard(bridge);
    const name = await screen.findByLabelText('Company name (box 1)');
    fireEvent.change(name, { target: { value: 'Acme' } });
    await waitFor(() => expect(screen.getByTestId('save-state')).toHaveTextContent('All changes saved'));
    fireEvent.change(name, { target: { value: 'Acme Widgets' } });
    // Typed, not yet written: the pause before the save has not passed.
    expect(screen.getByTestId('save-state')).toHaveTextContent('Saving…');
    expect(callsTo('drafts.save')).toHaveLength(1);
    await waitFor(() => expect(screen.getByTestId('save-state')).toHaveTextContent('All changes saved'));
    expect(callsTo('drafts.save')).toHaveLength(2);
  });

  it('writes a waiting change at once when the page goes away (a reload, a closing window)', async () => {
    const { bridge, callsTo } = fakeMain();
    openWizard(bridge);
    const name = await screen.findByLabelText('Company name (box 1)');
    fireEvent.change(name, { target: { value: 'Typed just before the reload' } });
    expect(callsTo('drafts.save')).toHaveLength(0);
    act(() => {
      window.dispatchEvent(new Event('pagehide'));
    });
    // Well before the autosave's pause (400 ms) would have ended.
    await waitFor(() => expect(callsTo('drafts.save')).toHaveLength(1), { timeout: 150 });
    expect(JSON.stringify(callsTo('drafts.save')[0])).toContain('Typed just before the reload');
  });
});
