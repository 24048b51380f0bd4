import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { verifyIrmark } from '../../main/engine/ct600/index.js';
import type { Client, Draft, FilingPreview, FilingSettings, SubmissionView } from '../../preload/contract.js';
import { GATEWAY, virtualTime } from '../filing/filing-support.js';
import { successResponseXml } from '../../main/server/transaction-engine/peer-replies.js';
import { filingRequest, filingSetup } from './filing-setup.js';

const peers: { close(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(peers.splice(0).map((p) => p.close()));
});
async function setup(options: Parameters<typeof filingSetup>[0] = {}) {
  const s = await filingSetup(options);
  peers.push(s.peer);
  return s;
}

describe('filing a draft with HMRC through the filing channels', () => {
  it("the test engine address is test-only: a live filing always goes to HMRC's own address", async () => {
    const { ok, setUpFiling, builtDraft } = await setup();
    await setUpFiling();
    const settings = await ok<FilingSettings>('filing.settings.get');
    await ok('filing.settings.save', { ...settings, liveFiling: true });
    const draft = await builtDraft();
    const til = await ok<FilingPreview>('filing.preview', { draftId: draft.id, environment: 'til' });
    expect(til.endpoint).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/submission$/);
    const live = await ok<FilingPreview>('filing.preview', { draftId: draft.id, environment: 'live' });
    expect(live.endpoint).toBe('https://transaction-engine.tax.service.gov.uk/submission');
  });

  it("a receipt for another return leaves the draft unfiled and says HMRC's answer does not match this return", async () => {
    const time = virtualTime();
    const { ok, setUpFiling, builtDraft, settled, peer } = await setup({ desk: { clock: time.clock, sleep: time.sleep } });
    await setUpFiling();
    peer.faults.add({
      fault: { kind: 'reply', body: (c) => successResponseXml({ messageClass: c.held!.messageClass, transactionId: c.held!.transactionId, correlationId: c.held!.correlationId, irmark: 'YrgW02ybxWOff7gHrELynhp1gRw=', utr: c.held!.utr, at: new Date() }) },
      on: 'poll',
    });
    const draft = await builtDraft();
    const started = await ok<SubmissionView>('filing.submit', { draftId: draft.id, environment: 'til' });
    const done = await settled(started.transactionId);
    expect(done.state).not.toBe('accepted');
    expect(done.receipt).toBeNull();
    expect(done.stateText).toMatch(/^HMRC's answer does not match this return: .*not marked as filed/);
    expect((await ok<Draft>('drafts.open', { id: draft.id })).filed ?? null).toBeNull();
  });

  it('the preview names each thing missing by its field before anything can be sent', async () => {
    const { ok, call } = await setup();
    const draft = await ok<Draft>('drafts.create', { kind: 'ct600', clientId: null, title: 'Example 2025', form: {} });
    const preview = await ok<FilingPreview>('filing.preview', { draftId: draft.id, environment: 'til' });
    expect(preview.missing.map((m) => m.field)).toEqual(['vendorId', 'gatewayUserId', 'build']);
    expect(preview.missing.find((m) => m.field === 'vendorId')!.message).toMatch(/vendor ID.*Settings › Filing/);
    const refused = await call('filing.submit', { draftId: draft.id, environment: 'til' });
    expect(refused).toMatchObject({ ok: false, error: { code: 'failed', message: expect.stringMatching(/^Nothing was sent to HMRC/), errors: expect.arrayContaining([{ field: 'build', message: expect.stringMatching(/Build the return first/) }]) } });
    const live = await ok<FilingPreview>('filing.preview', { draftId: draft.id, environment: 'live' });
    expect(live.missing.map((m) => m.field)).toContain('liveFiling');
  });

  it('files a built draft in Test in Live: the record is written first, the receipt comes back matching our IRmark, and the draft is Filed', async () => {
    const { ok, call, builtDraft, setUpFiling, settled, peer, clients, saveFolder, drafts, dataDir, secrets, logLines } = await setup();
    await setUpFiling();
    const client = await ok<Client>('clients.save', { details: { companyName: 'Example Trading Ltd', registrationNumber: '12345678', utr: '8596148860', periodEnd: '03-31', serviceClientName: '', serviceClientId: '' } });
    void clients;
    const draft = await builtDraft(client.id);
    const preview = await ok<FilingPreview>('filing.preview', { draftId: draft.id, environment: 'til' });
    expect(preview).toMatchObject({
      missing: [],
      company: expect.any(String),
      utr: expect.stringMatching(/^\d{10}$/),
      periodStart: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      taxPayable: { box: '525', amount: expect.any(String) },
      attachments: [
        { name: 'accounts-2025.xhtml', kind: 'accounts', size: expect.any(Number) },
        { name: 'computations-2025.xhtml', kind: 'computations', size: expect.any(Number) },
      ],
      environment: 'til',
      environmentName: expect.stringContaining('Test in Live'),
      irmarkBase64: draft.lastBuild!.irMark,
      isAmendment: false,
    });
    expect(preview.alreadyAccepted).toBeUndefined();

    const started = await ok<SubmissionView>('filing.submit', { draftId: draft.id, environment: 'til' });
    expect(started).toMatchObject({ draftId: draft.id, clientId: client.id, state: expect.stringMatching(/^(prepared|sent)$/), utr: preview.utr });
    const done = await settled(started.transactionId);
    expect(done).toMatchObject({ state: 'accepted', company: preview.company, receipt: { irmarkBase64: draft.lastBuild!.irMark, irmarkBase32: draft.lastBuild!.irMarkBase32, matchesOurs: true }, errors: [], canSendAgain: false });
    expect(done.log.map((l) => l.direction)).toContain('received');
    expect(peer.submissionsByTransactionId.get(started.transactionId)).toBe(1);

    const filed = await ok<Draft>('drafts.open', { id: draft.id });
    expect(filed.filed).toEqual({ transactionId: started.transactionId, acceptedAt: done.receipt!.acceptedAt, environment: 'til' });
    const save = await call('drafts.save', { id: draft.id, clientId: client.id, title: 'Changed', periodFrom: null, periodTo: null, form: {} });
    expect(save).toMatchObject({ ok: false, error: { field: 'filed', message: expect.stringMatching(/This return was filed with HMRC in Test in Live on \d{1,2} \w+ \d{4}; start an amendment to change it/) } });
    expect((await drafts.get(draft.id)).title).toBe('Example 2025');
    expect(await call('drafts.detach', { draftId: draft.id, attachmentId: draft.attachments[0]!.id })).toMatchObject({ ok: false, error: { field: 'filed' } });
    expect(await call('ct600.buildDraft', { draftId: draft.id, form: {}, request: filingRequest })).toMatchObject({ ok: false, error: { field: 'filed' } });
    expect((await drafts.get(draft.id)).attachments).toHaveLength(2);

    for (const filter of [{ draftId: draft.id }, { clientId: client.id }, {}]) {
      expect((await ok<SubmissionView[]>('filing.list', filter)).map((s) => s.transactionId)).toEqual([started.transactionId]);
    }
    expect(await ok<SubmissionView[]>('filing.list', { clientId: draft.id })).toEqual([]);

    // HMRC's response and the return as filed, byte for byte as stored.
    const receipt = await ok<{ saved: boolean; fileName: string }>('filing.save', { transactionId: started.transactionId, what: 'receipt' });
    expect(receipt.fileName).toMatch(/HMRC receipt\.xml$/);
    expect(await readFile(join(saveFolder, receipt.fileName), 'utf8')).toContain('IRmarkReceipt');
    const asFiled = await ok<{ fileName: string }>('filing.save', { transactionId: started.transactionId, what: 'return' });
    const filedBytes = await readFile(join(saveFolder, asFiled.fileName));
    expect(verifyIrmark(new Uint8Array(filedBytes)).expected).toBe(draft.lastBuild!.irMark);
    expect(filedBytes.toString('utf8')).not.toContain(GATEWAY.password);

    // The Government Gateway password is in no file Filing Desk wrote, and the log redactor knows it.
    for (const name of (await readdir(dataDir, { recursive: true })) as string[]) {
      const text = await readFile(join(dataDir, name), 'utf8').catch(() => '');
      expect(text, name).not.toContain(GATEWAY.password);
    }
    expect(secrets).toContain(GATEWAY.password);
    expect(logLines.join('\n')).toContain('accepted');
    expect(logLines.join('\n')).not.toContain(GATEWAY.password);

    // The same return again is refused as a new return: only an amendment may follow.
    const again = await call('filing.submit', { draftId: draft.id, environment: 'til' });
    expect(again).toMatchObject({ ok: false, error: { code: 'failed', errors: [{ field: 'returnType', message: expect.stringContaining('already accepted') }] } });
    expect(peer.submissionsByTransactionId.size).toBe(1);
    expect((await ok<FilingPreview>('filing.preview', { draftId: draft.id, environment: 'til' })).alreadyAccepted?.transactionId).toBe(started.transactionId);
  });

  it('an amendment makes the Filed draft editable again as an amended return and keeps the filing history', async () => {
    const { ok, call, builtDraft, setUpFiling, settled } = await setup();
    await setUpFiling();
    const draft = await builtDraft();
    const { transactionId } = await ok<SubmissionView>('filing.submit', { draftId: draft.id, environment: 'til' });
    expect((await settled(transactionId)).state).toBe('accepted');
    const amended = await ok<Draft>('drafts.amend', { draftId: draft.id });
    expect(amended.filed).toBeNull();
    expect((amended.form as { values: Record<string, string> }).values.returnType).toBe('amended');
    expect((await ok<SubmissionView[]>('filing.list', { draftId: draft.id })).map((s) => s.state)).toEqual(['accepted']);
    expect(await call('drafts.save', { id: draft.id, clientId: null, title: 'Example 2025 (amended)', periodFrom: null, periodTo: null, form: amended.form })).toMatchObject({ ok: true });
    expect(await call('drafts.amend', { draftId: draft.id })).toMatchObject({ ok: false, error: { field: 'draftId' } });
  });

  it('refuses a second submission while one is under way, naming the TransactionID; the first is sent once', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const { ok, call, builtDraft, setUpFiling, settled, peer } = await setup({ peer: { onSubmission: () => held } });
    await setUpFiling();
    const draft = await builtDraft();
    const first = await ok<SubmissionView>('filing.submit', { draftId: draft.id, environment: 'til' });
    const second = await call('filing.submit', { draftId: draft.id, environment: 'til' });
    expect(second).toMatchObject({ ok: false, error: { code: 'failed', errors: [{ field: 'transactionId', message: expect.stringContaining(first.transactionId) }] } });
    expect((await ok<FilingPreview>('filing.preview', { draftId: draft.id, environment: 'til' })).underWay?.transactionId).toBe(first.transactionId);
    release();
    expect((await settled(first.transactionId)).state).toBe('accepted');
    expect(peer.submissionsByTransactionId.get(first.transactionId)).toBe(1);
  });

  it('a submission whose answer was lost asks HMRC after a restart, and is sent again only when the user confirms HMRC has none', async () => {
    const first = await setup({ desk: { transport: { post: async () => Promise.reject(new (await import('../../main/filing/transport.js')).TransportError('connection reset')) } } });
    await first.setUpFiling();
    const draft = await first.builtDraft();
    const { transactionId } = await first.ok<SubmissionView>('filing.submit', { draftId: draft.id, environment: 'til' });
    const lost = await first.settled(transactionId);
    expect(lost).toMatchObject({ state: 'unknown', canSendAgain: false, stateText: expect.stringMatching(/not known yet whether HMRC received/) });

    // Filing Desk starts again over the same data folder, with a working network; the record keeps the address it was sent to (the first peer).
    const second = await setup({ dataDir: first.dataDir });
    await second.setUpFiling();
    expect(await second.wiring.filing.resumeUnfinished()).toEqual([transactionId]);
    const asked = await second.settled(transactionId);
    expect(asked).toMatchObject({ state: 'unknown', canSendAgain: true, stateText: expect.stringContaining('did not receive') });
    expect(first.peer.submissionsByTransactionId.get(transactionId)).toBeUndefined();
    // The window offers Send again from the draft too; a new submission of the same return is refused.
    expect((await second.ok<FilingPreview>('filing.preview', { draftId: draft.id, environment: 'til' })).underWay).toMatchObject({ transactionId, canSendAgain: true });
    expect(await second.call('filing.submit', { draftId: draft.id, environment: 'til' })).toMatchObject({ ok: false, error: { errors: [{ field: 'transactionId' }] } });
    expect(await second.call('filing.resume', { transactionId: '0'.repeat(32) })).toMatchObject({ ok: false, error: { field: 'transactionId' } });
    await second.ok('filing.resume', { transactionId, sendAgain: true });
    expect((await second.settled(transactionId)).state).toBe('accepted');
    expect(first.peer.submissionsByTransactionId.get(transactionId)).toBe(1);
    expect(await second.call('filing.resume', { transactionId, sendAgain: true })).toMatchObject({ ok: false, error: { field: 'sendAgain' } });
  });
});
