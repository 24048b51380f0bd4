// @vitest-environment jsdom
/**
 * The office outside Settings: the Outbox's "Office sync" row in the
 * Outbox's own states (absent when not joined), and the banner on an open
 * draft that another desk has open too, which tells main the draft is open
 * at once and every minute, and closed on leaving.
 */
import '@testing-library/jest-dom/vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OfficeStatusView } from '../../../preload/contract.js';
import { BridgeProvider } from '../../../renderer/src/bridge/bridge-context.js';
import { OfficeEditingBanner, editingSentence } from '../../../renderer/src/features/office/OfficeEditingBanner.js';
import { OutboxOfficeSync } from '../../../renderer/src/features/office/OutboxOfficeSync.js';
import { EDITING_EVERY_MS } from '../../../renderer/src/features/office/use-office-editing.js';
import { fakeMain, ok, type Answers } from '../fake-main.js';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const joined = (sync: Partial<Extract<OfficeStatusView, { joined: true }>['sync']>): OfficeStatusView => ({
  joined: true,
  url: 'https://office.example.co.uk',
  user: 'sarah',
  desk: 'RECEPTION-PC',
  fingerprint: null,
  joinedAt: '2026-12-01T09:00:00.000Z',
  signedIn: true,
  admin: false,
  sync: { lastSync: { at: '2026-12-02T11:40:00.000Z', pushed: 0, pulled: 0 }, pending: 0, running: null, problem: null, conflicts: [], ...sync },
});

function shown(node: React.ReactNode, answers: Answers) {
  const main = fakeMain(answers);
  const view = render(<BridgeProvider bridge={main.bridge}>{node}</BridgeProvider>);
  return { ...main, view };
}

describe('the Outbox’s Office sync row', () => {
  it('is not there on a desk that has not joined', async () => {
    const { called } = shown(<OutboxOfficeSync />, { 'office.status': () => ok({ joined: false }) });
    await vi.waitFor(() => expect(called('office.status')).toHaveLength(1));
    await act(async () => undefined);
    expect(screen.queryByRole('region', { name: 'Office sync' })).toBeNull();
  });

  it.each([
    ['Waiting', joined({ pending: 2 }), '2 changes wait to be sent to the office at the next sync.'],
    ['Sending', joined({ running: { step: 'Receiving changes', done: 4, total: 9 } }), 'Syncing with the office now. Receiving changes: 4 of 9'],
    ['Done', joined({}), 'Everything on this desk is with the office (last synced 2 December 2026 at 11:40).'],
    ['Failed', joined({ problem: 'the office could not be reached (connection refused)' }), 'The last sync did not finish. The office could not be reached (connection refused). Changes are kept on this desk'],
  ])('says %s as a request would', async (word, status, sentence) => {
    shown(<OutboxOfficeSync />, { 'office.status': () => ok(status) });
    const row = await screen.findByRole('region', { name: 'Office sync' });
    expect(row).toHaveTextContent(word);
    expect(screen.getByTestId('outbox-office-sentence')).toHaveTextContent(sentence);
  });
});

describe('a draft another desk has open', () => {
  it('says who and since when, tells main every minute that it is open, and that it closed on leaving', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const since = new Date();
    since.setHours(10, 42, 0, 0);
    const { called, view } = shown(<OfficeEditingBanner kind="draft" id="d-acme-2026" />, {
      'office.editing': (r) => ok({ others: r.open ? [{ kind: 'draft', id: 'd-acme-2026', user: 'Sarah Jones', desk: 'RECEPTION-PC', since: since.toISOString() }] : [] }),
    });
    const banner = await screen.findByTestId('office-editing-banner');
    expect(banner).toHaveTextContent('Sarah Jones on RECEPTION-PC has this draft open too (since 10:42). Changes made on both desks will need to be reconciled when they sync.');
    expect(called('office.editing')).toEqual([{ kind: 'draft', id: 'd-acme-2026', open: true }]);
    await act(() => vi.advanceTimersByTimeAsync(EDITING_EVERY_MS));
    expect(called('office.editing')).toHaveLength(2);
    view.unmount();
    expect(called('office.editing')).toEqual([
      { kind: 'draft', id: 'd-acme-2026', open: true },
      { kind: 'draft', id: 'd-acme-2026', open: true },
      { kind: 'draft', id: 'd-acme-2026', open: false },
    ]);
  });

  it('shows nothing when nobody else has it open, or the office cannot say', async () => {
    const { called } = shown(<OfficeEditingBanner kind="accounts" id="a-1" />, { 'office.editing': () => ({ ok: false, error: { code: 'failed', message: 'The office could not be reached.' } }) });
    await vi.waitFor(() => expect(called('office.editing')).toHaveLength(1));
    await act(async () => undefined);
    expect(screen.queryByTestId('office-editing-banner')).toBeNull();
  });

  it('names two desks and each one’s time, and an earlier day by its date', () => {
    const now = new Date(2026, 11, 2, 12, 0);
    const today = new Date(2026, 11, 2, 9, 5).toISOString();
    const yesterday = new Date(2026, 11, 1, 16, 5).toISOString();
    expect(
      editingSentence(
        [
          { kind: 'draft', id: 'd', user: 'Sarah Jones', desk: 'RECEPTION-PC', since: today },
          { kind: 'draft', id: 'd', user: 'tom', desk: 'BACK-OFFICE', since: yesterday },
        ],
        now,
      ),
    ).toBe('Sarah Jones on RECEPTION-PC (since 09:05) and tom on BACK-OFFICE (since 1 December 2026 at 16:05) have this draft open too.');
  });
});
