import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Draft, SubmissionView } from '../../preload/contract.js';
import { GATEWAY } from '../filing/filing-support.js';
import { filingSetup } from './filing-setup.js';

const peers: { close(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(peers.splice(0).map((p) => p.close()));
});
async function setup() {
  const s = await filingSetup();
  peers.push(s.peer);
  return s;
}

describe('a Filed draft passed to a colleague in a .fdesk file', () => {
  it('carries its submission log and HMRC’s receipt, comes back Filed on the other computer, and is never acted on there', async () => {
    const here = await setup();
    await here.setUpFiling();
    const draft = await here.builtDraft();
    const { transactionId } = await here.ok<SubmissionView>('filing.submit', { draftId: draft.id, environment: 'til' });
    const accepted = await here.settled(transactionId);
    expect(accepted.state).toBe('accepted');
    const exported = await here.ok<{ fileName: string }>('drafts.export', { id: draft.id });
    const bytes = await readFile(join(here.saveFolder, exported.fileName));
    const text = bytes.toString('utf8');
    expect(text).not.toContain(GATEWAY.password);
    expect(text).toContain(transactionId);

    const there = await setup();
    const imported = await there.ok<Draft>('drafts.import', { fileName: exported.fileName, bytes: new Uint8Array(bytes) });
    expect(imported.filed).toEqual({ transactionId, acceptedAt: accepted.receipt!.acceptedAt, environment: 'til' });
    const history = await there.ok<SubmissionView[]>('filing.list', { draftId: imported.id });
    expect(history).toEqual([{ ...accepted, draftId: imported.id, clientId: null, stateText: expect.any(String) }]);
    expect(await there.call('drafts.save', { id: imported.id, clientId: null, title: 'x', periodFrom: null, periodTo: null, form: {} })).toMatchObject({ ok: false, error: { field: 'filed' } });
    // History only: nothing is resumed, polled or deleted from the colleague's computer.
    expect(await there.wiring.filing.resumeUnfinished()).toEqual([]);
    await there.ok('filing.resume', { transactionId });
    await there.wiring.filing.idle();
    expect(there.peer.submissionsByTransactionId.size).toBe(0);
  });

  it('refuses a file whose filing history was changed by hand, naming the field, and imports nothing', async () => {
    const here = await setup();
    await here.setUpFiling();
    const draft = await here.builtDraft();
    const { transactionId } = await here.ok<SubmissionView>('filing.submit', { draftId: draft.id, environment: 'til' });
    await here.settled(transactionId);
    const exported = await here.ok<{ fileName: string }>('drafts.export', { id: draft.id });
    const file = JSON.parse(await readFile(join(here.saveFolder, exported.fileName), 'utf8'));
    file.submissions[0].state = 'prepared';
    const path = join(here.saveFolder, 'changed.fdesk');
    await writeFile(path, JSON.stringify(file));
    const there = await setup();
    const refused = await there.call('drafts.import', { fileName: 'changed.fdesk', bytes: new Uint8Array(await readFile(path)) });
    expect(refused).toMatchObject({ ok: false, error: { errors: expect.arrayContaining([{ field: 'submissions[0]', message: 'must be a submission HMRC has answered (accepted or refused)' }]) } });
    expect(await there.ok<SubmissionView[]>('filing.list', {})).toEqual([]);
  });
});

describe('a .fdesk file written by an older version', () => {
  it('whose filing history kept a CorrelationID and ResponseEndPoint today\'s rules refuse is still opened, its history shown, never acted on', async () => {
    const here = await setup();
    await here.setUpFiling();
    const draft = await here.builtDraft();
    const { transactionId } = await here.ok<SubmissionView>('filing.submit', { draftId: draft.id, environment: 'til' });
    await here.settled(transactionId);
    const exported = await here.ok<{ fileName: string }>('drafts.export', { id: draft.id });
    const file = JSON.parse(await readFile(join(here.saveFolder, exported.fileName), 'utf8'));
    file.submissions[0].correlationId = 'older-correlation-id';
    file.submissions[0].responseEndPoint = 'file:///etc/passwd';
    const path = join(here.saveFolder, 'older.fdesk');
    await writeFile(path, JSON.stringify(file));
    const there = await setup();
    const imported = await there.ok<Draft>('drafts.import', { fileName: 'older.fdesk', bytes: new Uint8Array(await readFile(path)) });
    expect(imported.filed).toMatchObject({ transactionId });
    const history = await there.ok<SubmissionView[]>('filing.list', { draftId: imported.id });
    expect(history).toMatchObject([{ transactionId, state: 'accepted' }]);
    expect(await there.wiring.filing.resumeUnfinished()).toEqual([]);
  });
});
