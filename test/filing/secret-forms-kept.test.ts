/**
 * The Government Gateway password echoed back by a server in each form a
 * secret takes in transit — base64, base64url, an Authorization: Basic
 * header of "user:password", percent-encoded character by character, hex,
 * split by a CDATA section or a comment, spelled with character references,
 * in a followed ResponseEndPoint's query — is absent from the saved record
 * file in that form and as typed: its log, its outcome, its problems and
 * every other field, masked as main.log masks it (log/secret-mask.ts).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { withLogEntry, fittedToLimits } from '../../main/filing/record-limits.js';
import { createRedactor } from '../../main/log/redact.js';
import type { SubmissionRecord } from '../../main/filing/submission-record.js';
import type { PeerReplyContext } from '../../main/server/transaction-engine/peer-faults.js';
import { acknowledgementXml, errorReplyXml } from '../../main/server/transaction-engine/peer-replies.js';
import { ECHOED_FORMS } from './echoed-secret-forms.js';
import { builtReturn, GATEWAY, held, makeDesk, startPeer, virtualTime } from './filing-support.js';

const { password } = GATEWAY;
const base64 = (text: string) => Buffer.from(text).toString('base64');

const peers: { close(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(peers.splice(0).map((p) => p.close()));
});

const header = (c: PeerReplyContext) => ({ messageClass: held(c).messageClass, transactionId: held(c).transactionId, correlationId: held(c).correlationId, at: new Date() });
/** An error reply whose texts hold `raw` exactly as given (not escaped), as a server writing its own XML could. */
const withRaw = (xml: string, raw: string) => xml.split('PLACEHOLDER').join(raw);

describe('a password echoed back in any form is kept in none', () => {
  for (const [form, raw] of Object.entries(ECHOED_FORMS)) {
    it(`${form}: absent from the record file (its log, outcome and problems), masked where it stood`, { timeout: 60_000 }, async () => {
      const started = await startPeer();
      peers.push(started.peer);
      const { peer, environment } = started;
      peer.faults.add({ fault: { kind: 'reply', body: (c) => withRaw(errorReplyXml({ ...header(c), errors: [{ raisedBy: 'Gateway', number: '1000', type: 'fatal', text: 'You sent PLACEHOLDER' }] }), raw) }, on: 'poll', times: 1 });
      peer.faults.add({
        fault: { kind: 'reply', body: (c) => withRaw(errorReplyXml({ ...header(c), errors: [{ raisedBy: 'ChRIS', number: '3001', type: 'business', text: 'PLACEHOLDER' }], businessErrors: [{ raisedBy: 'ChRIS', number: '9200', type: 'business', text: 'You sent PLACEHOLDER', location: 'PLACEHOLDER' }] }), raw) },
        on: 'poll',
        times: 1,
      });
      const time = virtualTime();
      const problems: string[] = [];
      const { desk, dataDir } = makeDesk({ clock: time.clock, sleep: time.sleep, onProgress: (p) => p.problem && problems.push(p.problem) });
      const outcome = await desk.submit(builtReturn(), { environment });
      expect(outcome.outcome).toBe('rejected');
      const file = readFileSync(join(dataDir, 'submissions', `${outcome.transactionId}.json`), 'utf8');
      const record = JSON.parse(file) as { log: { xml?: string }[]; outcome: { businessErrors: { text: string }[] } };
      // Where it stood: a base64 blob keeps the characters it shares with what is around the password, a header its scheme.
      expect(record.outcome.businessErrors[0]!.text).toMatch(/^You sent (Basic |[\w-]{0,4})\[masked\]$/);
      expect(record.log.some((e) => /You sent (Basic |[\w-]{0,4})\[masked\]/.test(e.xml ?? ''))).toBe(true);
      const shown = JSON.stringify([outcome, problems]);
      for (const kept of [file, shown]) {
        expect(kept).not.toContain(raw);
        expect(kept).not.toContain(password);
        expect(kept).not.toContain(JSON.stringify(raw).slice(1, -1));
      }
    });
  }

  it('a ResponseEndPoint carrying the password in its query is followed but kept masked, with every other field', { timeout: 60_000 }, async () => {
    const started = await startPeer();
    peers.push(started.peer);
    const { peer, environment } = started;
    peer.faults.add({ fault: { kind: 'reply', body: (c) => acknowledgementXml({ ...header(c), pollUrl: `${c.origin}/poll?session=${encodeURIComponent(password)}`, pollIntervalSeconds: 2 }) }, on: 'submission', times: 1 });
    const time = virtualTime();
    const { desk, store, dataDir } = makeDesk({ clock: time.clock, sleep: time.sleep });
    const outcome = await desk.submit(builtReturn(), { environment });
    expect(outcome.outcome).toBe('accepted');
    const file = readFileSync(join(dataDir, 'submissions', `${outcome.transactionId}.json`), 'utf8');
    expect((await store.load(outcome.transactionId)).responseEndPoint).toMatch(/\/poll\?session=\[masked\]$/);
    expect(file).not.toContain(password);
    expect(file).not.toContain(encodeURIComponent(password));
    // The poll itself never carried it either: polls go to what the record keeps.
    expect(peer.requests.filter((r) => r.route === 'poll').length).toBeGreaterThan(0);
  });
});

describe('one masking for the log and the records', () => {
  it('what main.log masks of a registered secret, the record fitter masks of the credentials, form for form', () => {
    const redactor = createRedactor();
    redactor.registerSecret(password);
    const record: SubmissionRecord = {
      version: 1,
      transactionId: 'A1B2C3D4E5F60718293A4B5C6D7E8F90',
      environment: 'til',
      submissionUrl: 'https://test-transaction-engine.tax.service.gov.uk/submission',
      messageClass: 'HMRC-CT-CT600-TIL',
      gatewayTest: true,
      utr: '1234567890',
      periodFrom: '2025-04-01',
      periodTo: '2026-03-31',
      returnType: 'new',
      irmark: 'YrgW02ybxWOff7gHrELynhp1gRw=',
      bodySha256: '0'.repeat(64),
      message: base64('<GovTalkMessage/>'),
      createdAt: '2026-01-01T00:00:00.000Z',
      state: 'prepared',
      log: [],
    };
    for (const [form, raw] of Object.entries(ECHOED_FORMS).filter(([f]) => !f.startsWith('Basic'))) {
      const line = redactor.format([`you sent ${raw} back`]);
      const kept = fittedToLimits(withLogEntry(record, { direction: 'note', what: `you sent ${raw} back` }, '2026-01-01T00:00:00.000Z', [GATEWAY]), [GATEWAY]);
      expect(line, form).toContain('[secret]');
      expect(line, form).not.toContain(raw);
      expect(kept.log.at(-1)!.what, form).toContain('[masked]');
      expect(kept.log.at(-1)!.what, form).not.toContain(raw);
    }
  });
});
