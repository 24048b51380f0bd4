// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DraftSaveRequest, DraftSaveResponse, IpcResult } from '../../preload/contract.js';
import { createDraftSession } from '../../renderer/src/store/draft-session.js';
import { fakeMain, newDraft } from './ct600/fake-main.js';

type Form = { values: Record<string, string> };
type Answer = IpcResult<DraftSaveResponse>;

const saved: Answer = { ok: true, value: { changedAt: '2024-04-01T10:00:00.000Z', changedSinceBuild: false, state: 'in-progress' } };
const refused: Answer = { ok: false, error: { code: 'internal', message: 'The disk is full' } };

/** A session on a bridge whose saves answer only when the test says so. */
async function openSession(delayMs = 10_000) {
  const { bridge } = fakeMain();
  const requests: DraftSaveRequest[] = [];
  const pending: Array<(answer: Answer) => void> = [];
  bridge.saveDraft = (request) => {
    requests.push(request);
    return new Promise<Answer>((resolve) => pending.push(resolve));
  };
  const session = createDraftSession<Form>({
    bridge,
    draftId: 'd1',
    read: () => ({ values: {} }),
    describe: () => ({ title: 'Acme', periodFrom: null, periodTo: null }),
    delayMs,
  });
  await session.getState().open();
  const type = (companyName: string) => session.getState().update(() => ({ values: { companyName } }));
  /** Answers the oldest save still waiting. */
  const answer = async (a: Answer) => {
    await vi.waitFor(() => expect(pending.length).toBeGreaterThan(0));
    pending.shift()!(a);
  };
  return { session, requests, type, answer };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('draft session: nothing typed is lost when a save fails', () => {
  it('writes the changes when the draft is left after a failed save', async () => {
    const { session, requests, type, answer } = await openSession();
    type('Acme Widgets Limited');
    const first = session.getState().flush();
    await answer(refused);
    expect(await first).toBe(false);
    expect(session.getState().dirty).toBe(true);

    session.getState().dispose();
    await vi.waitFor(() => expect(requests).toHaveLength(2));
    expect(requests[1]!.form).toEqual({ values: { companyName: 'Acme Widgets Limited' } });
  });

  it('tries a failed save again without another keystroke', async () => {
    const { session, requests, type, answer } = await openSession(5);
    type('Acme Widgets Limited');
    await answer(refused);
    await vi.waitFor(() => expect(session.getState().save.state).toBe('failed'));

    await vi.waitFor(() => expect(requests).toHaveLength(2));
    expect(requests[1]!.form).toEqual({ values: { companyName: 'Acme Widgets Limited' } });
    await answer(saved);
    await vi.waitFor(() => expect(session.getState().save.state).toBe('saved'));
    expect(session.getState().dirty).toBe(false);
  });

  it('waits longer before each retry while saves keep failing', async () => {
    vi.useFakeTimers();
    const { session, requests, type, answer } = await openSession(100);
    type('Acme');
    await vi.advanceTimersByTimeAsync(100);
    await answer(refused);
    await vi.advanceTimersByTimeAsync(99);
    expect(requests).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(requests).toHaveLength(2);
    await answer(refused);
    await vi.advanceTimersByTimeAsync(199);
    expect(requests).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(requests).toHaveLength(3);
    session.getState().dispose();
  });
});

describe('draft session: menu Save says "Saved" only when it is', () => {
  it('reports failure to both of two Saves pressed while a failing autosave is under way', async () => {
    const { session, requests, type, answer } = await openSession(5);
    type('Acme Widgets Limited');
    await vi.waitFor(() => expect(requests).toHaveLength(1));
    expect(session.getState().save.state).toBe('saving');
    const results: boolean[] = [];
    const first = session.getState().flush().then((ok) => results.push(ok));
    const second = session.getState().flush().then((ok) => results.push(ok));
    // Main refuses every save: the autosave's, and any each Save writes itself.
    let answered = 0;
    while (results.length < 2 && answered < 10) {
      await answer(refused);
      answered += 1;
      await new Promise((r) => setTimeout(r, 1));
    }
    await Promise.all([first, second]);
    expect(results).toEqual([false, false]);
    session.getState().dispose();
  });

  it('does not report "Saved" while a save is still under way', async () => {
    const { session, requests, type, answer } = await openSession(5);
    type('Acme Widgets Limited');
    await vi.waitFor(() => expect(requests).toHaveLength(1));
    const results: boolean[] = [];
    const first = session.getState().flush().then((ok) => results.push(ok));
    const second = session.getState().flush().then((ok) => results.push(ok));
    await answer(refused);
    await vi.waitFor(() => expect(requests).toHaveLength(2));
    // The Saves wait on the second write: neither has answered yet.
    await new Promise((r) => setTimeout(r, 20));
    expect(session.getState().save.state).toBe('saving');
    expect(results).toEqual([]);
    await answer(saved);
    await Promise.all([first, second]);
    expect(results).toEqual([true, true]);
  });

  it('writes a change typed during a save before reporting "Saved"', async () => {
    const { session, requests, type, answer } = await openSession();
    type('Acme');
    const first = session.getState().flush();
    type('Acme Widgets');
    const second = session.getState().flush();
    await answer(saved);
    await answer(saved);
    expect(await Promise.all([first, second])).toEqual([true, true]);
    expect(requests.at(-1)!.form).toEqual({ values: { companyName: 'Acme Widgets' } });
    expect(session.getState().dirty).toBe(false);
  });
});

describe('draft session: a whole draft main answered with', () => {
  const attachment = (id: string, role: 'accounts' | 'computations') => ({
    id,
    role,
    fileName: `${role}.xhtml`,
    size: 100,
    sha256: '0'.repeat(64),
    hasInlineXbrlHeader: true,
    addedAt: '2025-05-01T10:00:00.000Z',
  });

  it('keeps the newer draft when an older answer arrives last (the accounts added before the computations, answered after)', async () => {
    const { session } = await openSession();
    const accountsAdded = newDraft({ changedAt: '2025-05-01T10:00:00.000Z', attachments: [attachment('a1', 'accounts')] });
    const computationsAdded = newDraft({ changedAt: '2025-05-01T10:00:00.001Z', attachments: [attachment('a1', 'accounts'), attachment('a2', 'computations')] });
    session.getState().adoptDraft(computationsAdded);
    session.getState().adoptDraft(accountsAdded);
    expect(session.getState().draft!.attachments.map((a) => a.role)).toEqual(['accounts', 'computations']);
    expect(session.getState().draft!.changedAt).toBe('2025-05-01T10:00:00.001Z');
  });

  it('adopts a draft newer than the last one adopted even when a later save answered first (a save carries no attachments)', async () => {
    const { session, type, answer } = await openSession();
    type('Acme');
    const flushed = session.getState().flush();
    await answer({ ok: true, value: { changedAt: '2025-05-01T11:00:00.000Z', changedSinceBuild: true, state: 'in-progress' } });
    await flushed;
    session.getState().adoptDraft(newDraft({ changedAt: '2025-05-01T10:30:00.000Z', attachments: [attachment('a1', 'accounts')] }));
    expect(session.getState().draft!.attachments.map((a) => a.id)).toEqual(['a1']);
    // The form as typed stays: adopting never takes the form main answered with.
    expect(session.getState().form).toEqual({ values: { companyName: 'Acme' } });
  });
});
