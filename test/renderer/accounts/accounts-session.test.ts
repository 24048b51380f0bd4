import { describe, expect, it, vi } from 'vitest';
import type { AccountsSaveRequest, AccountsSaveResponse, AccountsView, FilingDeskBridge, IpcResult } from '../../../preload/contract.js';
import { emptyAccountsAnswers } from '../../../preload/contract.js';
import { createAccountsSession } from '../../../renderer/src/features/accounts/accounts-session.js';

const view = (): AccountsView => ({
  draft: {
    id: 'acc-1',
    schemaVersion: 1,
    createdAt: '2026-06-01T10:00:00.000Z',
    changedAt: '2026-06-01T10:00:00.000Z',
    clientId: 'client-1',
    companyName: 'Van Hire Ltd',
    companyNumber: '01234567',
    periodFrom: '2025-04-01',
    periodTo: '2026-03-31',
    standard: 'FRS 105',
    trialBalance: null,
    mapping: {},
    answers: emptyAccountsAnswers(),
    lastBuild: null,
    changedSinceBuild: false,
    attachedTo: null,
  },
  trialBalance: null,
  trialBalanceProblem: null,
  mapping: null,
});

/** A bridge whose saves answer as the test queues them; every request is kept. */
function bridgeWith(answers: IpcResult<AccountsSaveResponse>[]) {
  const saves: AccountsSaveRequest[] = [];
  const bridge = {
    openAccounts: async () => ({ ok: true, value: view() }),
    saveAccounts: async (request: AccountsSaveRequest) => {
      saves.push(structuredClone(request));
      return answers.shift() ?? { ok: true, value: { changedAt: '2026-06-01T10:00:05.000Z', changedSinceBuild: false } };
    },
  } as unknown as FilingDeskBridge;
  return { bridge, saves };
}

describe('an open accounts draft in the window', () => {
  it('saves what was typed once the typing pauses, the last answers only, and a failed save is tried again until it is written', async () => {
    vi.useFakeTimers();
    try {
      const { bridge, saves } = bridgeWith([{ ok: false, error: { code: 'failed', message: 'the disk is full' } }]);
      const session = createAccountsSession({ bridge, id: 'acc-1', delayMs: 100 });
      await session.getState().open();
      session.getState().update((a) => ({ ...a, averageEmployees: '1' }));
      session.getState().update((a) => ({ ...a, averageEmployees: '12' }));
      expect(saves).toEqual([]);
      await vi.advanceTimersByTimeAsync(100);
      expect(saves.map((s) => s.answers.averageEmployees)).toEqual(['12']);
      expect(session.getState().save).toEqual({ state: 'failed', message: 'the disk is full' });
      expect(session.getState().dirty).toBe(true);
      await vi.advanceTimersByTimeAsync(100);
      expect(saves.map((s) => s.answers.averageEmployees)).toEqual(['12', '12']);
      expect(session.getState().save.state).toBe('saved');
      expect(session.getState().dirty).toBe(false);
    } finally {
      vi.useRealTimers();
    }
  });

  it('keeps the answers as typed when main answers with a new view (a trial balance added), and flush writes them at once', async () => {
    const { bridge, saves } = bridgeWith([]);
    const session = createAccountsSession({ bridge, id: 'acc-1', delayMs: 60_000 });
    await session.getState().open();
    session.getState().update((a) => ({ ...a, directors: ['Ann Driver'] }));
    session.getState().adopt({ ...view(), trialBalanceProblem: 'x' });
    expect(session.getState().view!.draft.answers.directors).toEqual(['Ann Driver']);
    expect(session.getState().view!.trialBalanceProblem).toBe('x');
    expect(await session.getState().flush()).toBe(true);
    expect(saves.map((s) => s.answers.directors)).toEqual([['Ann Driver']]);
  });

  it('keeps the newer view when main’s answers arrive out of order: a late answer carrying an older draft is ignored', async () => {
    const { bridge } = bridgeWith([]);
    const session = createAccountsSession({ bridge, id: 'acc-1', delayMs: 60_000 });
    await session.getState().open();
    const at = (changedAt: string, over: Partial<AccountsView> = {}): AccountsView => ({ ...view(), ...over, draft: { ...view().draft, changedAt } });
    // The build answered first (newer), then the trial balance's answer from before it.
    session.getState().adopt(at('2026-06-01T10:00:02.000Z', { trialBalanceProblem: 'built' }));
    session.getState().adopt(at('2026-06-01T10:00:01.000Z', { trialBalanceProblem: 'older' }));
    expect(session.getState().view!.trialBalanceProblem).toBe('built');
    expect(session.getState().view!.draft.changedAt).toBe('2026-06-01T10:00:02.000Z');
    // One older than the draft as opened is ignored too; a newer one is taken.
    session.getState().adopt(at('2026-06-01T09:00:00.000Z', { trialBalanceProblem: 'before opening' }));
    expect(session.getState().view!.trialBalanceProblem).toBe('built');
    session.getState().adopt(at('2026-06-01T10:00:03.000Z', { trialBalanceProblem: 'newest' }));
    expect(session.getState().view!.trialBalanceProblem).toBe('newest');
  });
});
