/**
 * A Transaction Engine that cannot be trusted, through the real transport:
 * errors about a poll after HMRC acknowledged the return, receipts for
 * another submission or return, a ResponseEndPoint elsewhere, a CorrelationID
 * or PollInterval out of the protocol's form, replies too long or not XML at
 * all, the password echoed back. None may turn into "rejected", "accepted",
 * a crash, or a secret kept.
 */
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { resolveEnvironment } from '../../main/filing/environments.js';
import { ANSWER_DOES_NOT_MATCH } from '../../main/filing/outcomes.js';
import { submissionRecordSchema } from '../../main/filing/submission-record.js';
import { MAX_SUBMISSION_RECORD_BYTES } from '../../main/filing/submission-store.js';
import { SubmissionMessageError } from '../../main/filing/submission-message.js';
import type { PeerFault, PeerReplyContext } from '../../main/server/transaction-engine/peer-faults.js';
import { acknowledgementXml, errorReplyXml, NOT_HMRC_CERTIFICATE, statusReportXml, successResponseXml } from '../../main/server/transaction-engine/peer-replies.js';
import { builtReturn, GATEWAY, makeDesk, startPeer, virtualTime } from './filing-support.js';

const peers: { close(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(peers.splice(0).map((p) => p.close()));
});

async function setUp(options: Parameters<typeof startPeer>[0] = {}) {
  const started = await startPeer(options);
  peers.push(started.peer);
  return started;
}

function hostileDesk(overrides: Parameters<typeof makeDesk>[0] = {}) {
  const time = virtualTime();
  return { ...makeDesk({ clock: time.clock, sleep: time.sleep, retry: { baseDelayMs: 5, maxDelayMs: 50, maxAttempts: 3 }, ...overrides }), time };
}

const reply = (body: (c: PeerReplyContext) => string, extra: { status?: number; contentType?: string } = {}): PeerFault => ({ kind: 'reply', body, ...extra });
const held = (c: PeerReplyContext) => {
  if (!c.held) throw new Error('the peer holds no submission for this exchange');
  return c.held;
};
const ack = (c: PeerReplyContext, o: { correlationId?: string; pollUrl?: string; pollIntervalSeconds?: number } = {}) =>
  acknowledgementXml({ messageClass: held(c).messageClass, transactionId: held(c).transactionId, correlationId: o.correlationId ?? held(c).correlationId, pollUrl: o.pollUrl ?? `${c.origin}/poll`, pollIntervalSeconds: o.pollIntervalSeconds ?? 0, at: new Date() });
const pollError = (number: string, text = 'The poll could not be processed.') => (c: PeerReplyContext) =>
  errorReplyXml({ messageClass: held(c).messageClass, transactionId: held(c).transactionId, correlationId: held(c).correlationId, errors: [{ raisedBy: 'Gateway', number, type: 'fatal', text }], at: new Date() });
/** HMRC's accepted sample return's IRmark: a real receipt, for another return. */
const ANOTHER_RETURNS_IRMARK = 'YrgW02ybxWOff7gHrELynhp1gRw=';

describe('after HMRC acknowledged the return, only its verdict about the return ends the submission', () => {
  for (const number of ['1000', '1001', '1035', '2005', '3000']) {
    it(`a poll answered with error ${number} leaves it sent with the outcome not known, polled with back-off then asked about by data request; never "rejected", never deleted`, async () => {
      const { peer, environment } = await setUp();
      peer.faults.add({ fault: reply(pollError(number)), on: 'poll' });
      const { desk, store, time } = hostileDesk();
      const outcome = await desk.submit(builtReturn(), { environment });
      expect(outcome.outcome).toBe('pending');
      expect(outcome.message).not.toMatch(/nothing was filed|rejected/);
      expect(outcome.message).toMatch(new RegExp(`error ${number}`));
      expect(outcome.message).toMatch(/do not file it again/);
      const record = await store.load(outcome.transactionId);
      expect(record.state).toBe('acknowledged');
      const routes = peer.requests.map((r) => r.route);
      expect(routes.filter((r) => r === 'poll')).toHaveLength(3);
      expect(routes.at(-1)).toBe('list');
      expect(routes).not.toContain('delete');
      // Back-off, and never sooner than HMRC's 2-second floor.
      expect(time.waits.every((ms) => ms >= 2000)).toBe(true);
      // HMRC answers properly again: the same submission ends accepted, sent once.
      peer.faults.clear();
      expect((await desk.submit(builtReturn(), { environment })).outcome).toBe('accepted');
      expect(peer.submissionsByTransactionId.get(outcome.transactionId)).toBe(1);
    });
  }

  it("a business rejection (3001 with HMRC's ErrorResponse) for this CorrelationID is the verdict; one naming another CorrelationID is not", async () => {
    const { peer, environment } = await setUp();
    peer.faults.add({
      fault: reply((c) =>
        errorReplyXml({ messageClass: held(c).messageClass, transactionId: held(c).transactionId, correlationId: 'ABCDEF0123456789ABCDEF0123456789', errors: [{ raisedBy: 'ChRIS', number: '3001', type: 'business', text: 'Business validation failed.' }], businessErrors: [{ raisedBy: 'ChRIS', number: '9200', type: 'business', text: 'Rate wrong.', location: '/x' }], at: new Date() }),
      ),
      on: 'poll',
    });
    const { desk } = hostileDesk();
    const outcome = await desk.submit(builtReturn(), { environment });
    expect(outcome.outcome).toBe('pending');
    expect(outcome.message).toContain(ANSWER_DOES_NOT_MATCH);
  });
});

describe("a receipt is HMRC's verdict only when it is this submission's and this return's", () => {
  const receipts: [string, (c: PeerReplyContext) => string][] = [
    ['for another return (its digest and quoted IRmark are not ours)', (c) => successResponseXml({ ...held(c), irmark: ANOTHER_RETURNS_IRMARK, at: new Date() })],
    ['naming another CorrelationID', (c) => successResponseXml({ ...held(c), correlationId: '0123456789ABCDEF0123456789ABCDEF', at: new Date() })],
    ['naming another TransactionID', (c) => successResponseXml({ ...held(c), transactionId: 'F'.repeat(32), at: new Date() })],
    ['signed with a certificate that is not HMRC\'s', (c) => successResponseXml({ ...held(c), certificateBase64: NOT_HMRC_CERTIFICATE, at: new Date() })],
    ['leaving the TransactionID empty, for another return', (c) => successResponseXml({ ...held(c), transactionId: '', irmark: ANOTHER_RETURNS_IRMARK, at: new Date() })],
    ['someone else\'s entirely', (c) => successResponseXml({ messageClass: held(c).messageClass, transactionId: 'A'.repeat(32), correlationId: 'B'.repeat(32), irmark: ANOTHER_RETURNS_IRMARK, utr: '8596148860', at: new Date() })],
  ];
  for (const [what, body] of receipts) {
    it(`a receipt ${what} is recorded, said not to match, never accepted; the return can still be filed`, async () => {
      const { peer, environment } = await setUp();
      peer.faults.add({ fault: reply(body), on: 'poll' });
      const { desk, store } = hostileDesk();
      const outcome = await desk.submit(builtReturn(), { environment });
      expect(outcome.outcome).toBe('pending');
      expect(outcome.mismatch).toBe(true);
      expect(outcome.message).toContain(ANSWER_DOES_NOT_MATCH);
      expect(outcome.message).toMatch(/not marked as filed/);
      const record = await store.load(outcome.transactionId);
      expect(record.state).not.toBe('accepted');
      expect(record.log.some((e) => e.direction === 'received' && e.what.includes('success') && e.xml?.includes('IRmarkReceipt'))).toBe(true);
      peer.faults.clear();
      const second = await desk.submit(builtReturn(), { environment });
      expect(second.outcome).toBe('accepted');
      expect(second.mismatch).toBeUndefined();
      expect(peer.submissionsByTransactionId.get(outcome.transactionId)).toBe(1);
    });
  }

  it("a receipt leaving the TransactionID empty, as HMRC's published responses do, is accepted when its CorrelationID and IRmark are this return's", async () => {
    const { environment, peer } = await setUp();
    peer.faults.add({ fault: reply((c) => successResponseXml({ ...held(c), transactionId: '', at: new Date() })), on: 'poll', times: 1 });
    const { desk } = hostileDesk();
    const outcome = await desk.submit(builtReturn(), { environment });
    expect(outcome.outcome).toBe('accepted');
    expect(peer.submissionsByTransactionId.get(outcome.transactionId)).toBe(1);
  });

  it('polls and the delete carry the submission\'s own TransactionID, which the Gateway returns in its answer', async () => {
    const { environment, peer } = await setUp();
    const { desk } = hostileDesk();
    const outcome = await desk.submit(builtReturn(), { environment });
    expect(outcome.outcome).toBe('accepted');
    const later = peer.requests.filter((r) => r.route === 'poll' || r.route === 'delete');
    expect(later.map((r) => r.route)).toContain('delete');
    expect(later.every((r) => r.transactionId === outcome.transactionId)).toBe(true);
  });

  it("a receipt with HMRC's own certificate subject is accepted", async () => {
    const { environment, peer } = await setUp();
    const { readFileSync } = await import('node:fs');
    const { join } = await import('node:path');
    const { sharedDir } = await import('../helpers/shared.js');
    const hmrcCert = /<dsig:X509Certificate>([\s\S]*?)<\/dsig:X509Certificate>/.exec(readFileSync(join(sharedDir, 'ct600', 'hmrc', 'transaction-engine', 'tpvs-success-response.xml'), 'utf8'))![1]!;
    peer.faults.add({ fault: reply((c) => successResponseXml({ ...held(c), certificateBase64: hmrcCert, at: new Date() })), on: 'poll', times: 1 });
    const { desk } = hostileDesk();
    expect((await desk.submit(builtReturn(), { environment })).outcome).toBe('accepted');
  });
});

describe('where polls and deletes go, and when', () => {
  it('a ResponseEndPoint on another port is not followed: polls and the delete go to the engine\'s own /poll', async () => {
    const elsewhere = await setUp();
    const { peer, environment } = await setUp();
    peer.faults.add({ fault: reply((c) => ack(c, { pollUrl: `${elsewhere.url}/poll` })), on: 'submission', times: 1 });
    const { desk, store } = hostileDesk();
    const outcome = await desk.submit(builtReturn(), { environment });
    expect(outcome.outcome).toBe('accepted');
    expect(elsewhere.peer.requests).toHaveLength(0);
    const record = await store.load(outcome.transactionId);
    expect(record.responseEndPoint).toBeUndefined();
    expect(record.log.map((e) => e.what).join('\n')).toMatch(/answer to the submission/);
    expect(peer.requests.filter((r) => r.route === 'poll' || r.route === 'delete').every((r) => r.path === 'poll')).toBe(true);
    expect(peer.requests.map((r) => r.route)).toContain('delete');
  });

  for (const target of ['file:///etc/passwd', 'javascript:alert(1)', 'data:text/xml,<x/>', 'gopher://127.0.0.1/poll', 'https://127.0.0.1/poll']) {
    it(`a ResponseEndPoint ${target} is never followed nor kept`, async () => {
      const started = await setUp();
      started.peer.faults.add({ fault: reply((c) => ack(c, { pollUrl: target })), on: 'submission', times: 1 });
      const { desk, store } = hostileDesk();
      const outcome = await desk.submit(builtReturn(), { environment: started.environment });
      expect(outcome.outcome).toBe('accepted');
      expect((await store.load(outcome.transactionId)).responseEndPoint).toBeUndefined();
    });
  }

  it('without a ResponseEndPoint, polls go to /poll beside /submission, as HMRC\'s engine answers them', async () => {
    const { peer, environment } = await setUp();
    peer.faults.add({ fault: reply((c) => ack(c).replace(/<ResponseEndPoint[^>]*>[^<]*<\/ResponseEndPoint>/, '<ResponseEndPoint></ResponseEndPoint>')), on: 'submission', times: 1 });
    const { desk } = hostileDesk();
    expect((await desk.submit(builtReturn(), { environment })).outcome).toBe('accepted');
    expect(peer.requests.filter((r) => r.route === 'poll').map((r) => r.path)).toEqual(['poll']);
  });

  for (const bad of ['../../etc', 'abcdef0123456789abcdef0123456789', 'A'.repeat(33), '<x>']) {
    it(`a CorrelationID ${JSON.stringify(bad.slice(0, 12))}… out of the protocol's form is never used: HMRC is asked with a data request`, async () => {
      const { peer, environment } = await setUp();
      peer.faults.add({ fault: reply((c) => ack(c, { correlationId: bad }).replace(/<CorrelationID>[^<]*</, `<CorrelationID>${bad.replace(/</g, '&lt;').replace(/>/g, '&gt;')}<`)), on: 'submission', times: 1 });
      const { desk, store } = hostileDesk();
      const outcome = await desk.submit(builtReturn(), { environment });
      expect(outcome.outcome).toBe('accepted');
      const record = await store.load(outcome.transactionId);
      expect(record.correlationId).toMatch(/^[0-9A-F]{32}$/);
      expect(peer.requests.map((r) => r.route)).toContain('list');
      expect(peer.submissionsByTransactionId.get(outcome.transactionId)).toBe(1);
    });
  }

  it('PollInterval 999999 is held to the ceiling (600 s), kept in the record, and waited for', async () => {
    const { peer, environment } = await setUp();
    peer.faults.add({ fault: reply((c) => ack(c, { pollIntervalSeconds: 999999 })), on: 'submission', times: 1 });
    const { desk, store, time } = hostileDesk();
    const outcome = await desk.submit(builtReturn(), { environment });
    expect(outcome.outcome).toBe('accepted');
    expect((await store.load(outcome.transactionId)).pollIntervalSeconds).toBe(600);
    expect(time.waits[0]).toBe(600_000);
  });

  it('PollInterval 0 is held to the floor of 2 s', async () => {
    const { environment } = await setUp({ pollIntervalSeconds: 0 });
    const { desk, store, time } = hostileDesk();
    const outcome = await desk.submit(builtReturn(), { environment });
    expect((await store.load(outcome.transactionId)).pollIntervalSeconds).toBe(2);
    expect(time.waits.every((ms) => ms >= 2000)).toBe(true);
  });
});

describe('no reply, however long or malformed, crashes the filing or leaks a secret', () => {
  const big = (n: number) => 'x'.repeat(n);
  const replies: [string, PeerFault, 'submission' | 'poll'][] = [
    ['an HTML 403 page', reply(() => `<!DOCTYPE html><html><body><h1>403 Forbidden</h1>${big(6000)}</body></html>`, { status: 403, contentType: 'text/html' }), 'submission'],
    ['a DOCTYPE with an entity', reply(() => '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><x>&e;</x>'), 'submission'],
    ['not XML at all', reply(() => '\u0000\u001b[31mgarbage'), 'poll'],
    ['an empty answer', reply(() => ''), 'poll'],
    ['a 3 MB acknowledgement', reply((c) => ack(c).replace('<Keys></Keys>', `<Keys><Key Type="x">${big(3 * 1024 * 1024)}</Key></Keys>`)), 'submission'],
    ['an error whose text is 5,000 characters', reply(pollError('1000', big(5000))), 'poll'],
    ['a 20 MB reply without Content-Length', { kind: 'endless-reply', bytes: 20 * 1024 * 1024 }, 'poll'],
  ];
  for (const [what, fault, on] of replies) {
    it(`${what}: no crash, every record readable, the return still filed once`, async () => {
      const { peer, environment } = await setUp();
      peer.faults.add({ fault, on, times: 1 });
      const { desk, store } = hostileDesk();
      const outcome = await desk.submit(builtReturn(), { environment });
      expect(outcome.outcome).toBe('accepted');
      const { records, problems } = await store.list();
      expect(problems).toEqual([]);
      for (const r of records) expect(submissionRecordSchema.safeParse(r).success).toBe(true);
      expect(peer.submissionsByTransactionId.get(outcome.transactionId)).toBe(1);
    });
  }

  it('whatever comes back on any exchange — truncated, nested 20,000 deep, not UTF-8, control characters — no exchange throws and every record stays readable', async () => {
    const nasty: ((c: PeerReplyContext) => string)[] = [
      (c) => (c.held ? ack(c).slice(0, 300) : '<GovTalkMessage'),
      () => `<GovTalkMessage xmlns="http://www.govtalk.gov.uk/CM/envelope">${'<a>'.repeat(20_000)}${'</a>'.repeat(20_000)}</GovTalkMessage>`,
      () => Buffer.from([0xff, 0xfe, 0x3c, 0x00, 0xc3, 0x28]).toString('latin1'),
      (c) => (c.held ? pollError('1000', '\u0001\u0002'.repeat(1000))(c) : ''),
      () => '<?xml version="1.0"?><GovTalkMessage xmlns="http://www.govtalk.gov.uk/CM/envelope"><Header><MessageDetails><Qualifier>response</Qualifier><Function>list</Function></MessageDetails></Header><Body><StatusReport><StatusRecord><TransactionID>x</TransactionID><CorrelationID>../..</CorrelationID></StatusRecord></StatusReport></Body></GovTalkMessage>',
    ];
    for (const body of nasty) {
      for (const on of ['submission', 'poll', 'delete', 'list'] as const) {
        const { peer, environment } = await setUp();
        if (on === 'list') peer.faults.add({ fault: { kind: 'lost-response' }, on: 'submission', times: 1 });
        peer.faults.add({ fault: reply(body), on, times: 1 });
        const { desk, store } = hostileDesk();
        const outcome = await desk.submit(builtReturn(), { environment });
        // A data request answered with nonsense may leave "not at HMRC": sent again only with the user's confirmation, under the same TransactionID.
        expect(on === 'list' ? ['accepted', 'pending', 'not-at-hmrc'] : ['accepted', 'pending']).toContain(outcome.outcome);
        const { problems } = await store.list();
        expect(problems).toEqual([]);
        expect(peer.submissionsByTransactionId.get(outcome.transactionId)).toBe(1);
      }
    }
  });

  it("a business rejection with 5,000-character texts and 12,000 errors is kept cut, with a marker, and the rest said", async () => {
    const { peer, environment } = await setUp();
    const many = Array.from({ length: 12_000 }, (_, i) => ({ raisedBy: 'ChRIS', number: '9200', type: 'business', text: i === 0 ? big(5000) : `rule ${i}`, location: i === 0 ? big(3000) : '/x' }));
    peer.faults.add({ fault: reply((c) => errorReplyXml({ messageClass: held(c).messageClass, transactionId: held(c).transactionId, correlationId: held(c).correlationId, errors: [{ raisedBy: 'ChRIS', number: '3001', type: 'business', text: big(5000) }], businessErrors: many, at: new Date() })), on: 'poll', times: 1 });
    const { desk, store } = hostileDesk();
    const outcome = await desk.submit(builtReturn(), { environment });
    expect(outcome.outcome).toBe('rejected');
    const record = await store.load(outcome.transactionId);
    if (record.outcome?.kind !== 'rejected') throw new Error('expected the rejection kept');
    expect(record.outcome.errors[0]!.text).toMatch(/\[…cut: \d+ more characters\]$/);
    expect(record.outcome.errors[0]!.text.length).toBe(4000);
    expect(record.outcome.businessErrors[0]!.location.length).toBe(2000);
    expect(record.outcome.businessErrors).toHaveLength(10_000);
    expect(record.outcome.businessErrors.at(-1)!.text).toMatch(/cut: 2001 more errors/);
  });

  it('the password and user ID echoed back by the server are masked in the record and the outcome', async () => {
    const { peer, environment } = await setUp();
    const echo = `You sent ${GATEWAY.password} as ${GATEWAY.senderId}`;
    peer.faults.add({ fault: reply(pollError('1000', echo)), on: 'poll', times: 2 });
    peer.faults.add({
      fault: reply((c) => errorReplyXml({ messageClass: held(c).messageClass, transactionId: held(c).transactionId, correlationId: held(c).correlationId, errors: [{ raisedBy: 'ChRIS', number: '3001', type: 'business', text: echo }], businessErrors: [{ raisedBy: 'ChRIS', number: '9200', type: 'business', text: echo, location: GATEWAY.password }], at: new Date() })),
      on: 'poll',
      times: 1,
    });
    const problems: string[] = [];
    const { desk, store } = hostileDesk({ onProgress: (p) => p.problem && problems.push(p.problem) });
    const outcome = await desk.submit(builtReturn(), { environment });
    expect(outcome.outcome).toBe('rejected');
    const kept = JSON.stringify([await store.load(outcome.transactionId), outcome, problems]);
    expect(kept).toContain('[masked]');
    expect(kept).not.toContain(GATEWAY.password);
    expect(kept).not.toContain(GATEWAY.senderId);
  });
});

describe('before anything is sent', () => {
  it("a return whose header UTR key is not the return's UTR is refused by name; nothing is sent", async () => {
    const { peer, environment } = await setUp();
    const built = builtReturn().toString('utf8');
    const utr = /<Reference>(\d{10})<\/Reference>/.exec(built)![1]!;
    const other = utr === '1111111111' ? '2222222222' : '1111111111';
    const forged = Buffer.from(built.replace(`<Key Type="UTR">${utr}</Key>`, `<Key Type="UTR">${other}</Key>`));
    const { desk } = hostileDesk();
    const attempt = desk.submit(forged, { environment });
    await expect(attempt).rejects.toThrow(SubmissionMessageError);
    await expect(desk.submit(forged, { environment })).rejects.toThrow(/UTR key .* must be exactly one, equal to the return's UTR/);
    expect(peer.requests).toHaveLength(0);
  });

  it('a submission record pointing the password at a host that is not HMRC is refused before sending', async () => {
    const { desk } = hostileDesk();
    const { FILING_ENVIRONMENTS } = await import('../../main/filing/environments.js');
    await expect(desk.submit(builtReturn(), { environment: { ...FILING_ENVIRONMENTS.live, submissionUrl: 'http://192.0.2.7/submission' } })).rejects.toThrow(/only sent over https to HMRC/);
  });
});

describe('a data request that lists this TransactionID', () => {
  it('without a CorrelationID still means HMRC holds the return: never "not at HMRC", never an invitation to send it again', async () => {
    const { peer, environment } = await setUp();
    // The submission's answer is lost; the data request lists the TransactionID but gives no CorrelationID.
    peer.faults.add({ fault: { kind: 'lost-response' }, on: 'submission', times: 1 });
    peer.faults.add({
      fault: reply((c) => statusReportXml({ messageClass: environment.messageClass, pollUrl: `${c.origin}/poll`, pollIntervalSeconds: 10, records: [{ at: new Date(), correlationId: '', transactionId, status: 'SUBMISSION_ACKNOWLEDGEMENT' }], at: new Date() })),
      on: 'list',
    });
    const transactionId = 'A1'.repeat(16);
    const { desk, store } = hostileDesk({ newTransactionId: () => transactionId });
    const outcome = await desk.submit(builtReturn(), { environment });
    expect(outcome.outcome).toBe('pending');
    expect(outcome.message).not.toMatch(/confirm to send it again/);
    expect(outcome.transactionId).toBe(transactionId);
    expect(peer.requests.map((r) => r.route)).toContain('list');
    expect((await store.load(outcome.transactionId)).state).not.toBe('not-at-hmrc');
    await expect(desk.submit(builtReturn(), { environment, sendAgain: true })).resolves.toMatchObject({ outcome: 'pending' });
    expect(peer.submissionsByTransactionId.get(outcome.transactionId)).toBe(1);
  });
});

describe('a record kept by an older version, which took any CorrelationID and ResponseEndPoint a reply named', () => {
  it('is read, never followed where the rule forbids, and stops neither the firm\'s other filings nor its own: HMRC is asked for this submission by its TransactionID', async () => {
    const { peer, environment } = await setUp();
    peer.faults.add({ fault: { kind: 'server-error', status: 503 }, on: 'poll' });
    const { desk, store, dataDir } = hostileDesk();
    const first = await desk.submit(builtReturn(), { environment });
    expect(first.outcome).toBe('pending');
    const file = join(dataDir, 'submissions', `${first.transactionId}.json`);
    const kept = JSON.parse(readFileSync(file, 'utf8'));
    writeFileSync(file, JSON.stringify({ ...kept, correlationId: 'not-a-correlation-id', responseEndPoint: 'file:///etc/passwd' }));

    const { records, problems } = await store.list();
    expect(problems).toEqual([]);
    const older = records.find((r) => r.transactionId === first.transactionId)!;
    expect(older.correlationId).toBeUndefined();
    expect(older.responseEndPoint).toBeUndefined();
    expect(older.lastProblem).toMatch(/CorrelationID "not-a-correlation-id" .* older version/);
    // The firm's other filings go on.
    const ets = resolveEnvironment('ets', environment.submissionUrl);
    await expect(desk.prepare(builtReturn(), { environment: ets })).resolves.toMatchObject({ environment: 'ets' });
    // This return is still under way, never sent a second time: HMRC is asked, and its real CorrelationID polled.
    peer.faults.clear();
    const again = await desk.submit(builtReturn(), { environment });
    expect(again).toMatchObject({ outcome: 'accepted', transactionId: first.transactionId });
    expect(peer.submissionsByTransactionId.get(first.transactionId)).toBe(1);
    expect(peer.requests.map((r) => r.route)).toContain('list');
  });
});

describe('a password echoed back spelled with character references', () => {
  it('is masked in everything kept, as the parsed text is', async () => {
    const { peer, environment } = await setUp();
    const spelled = [...GATEWAY.password].map((ch, i) => (i % 2 === 0 ? `&#${ch.codePointAt(0)};` : i % 3 === 0 ? `&#x${ch.codePointAt(0)!.toString(16).toUpperCase()};` : ch)).join('');
    peer.faults.add({ fault: reply((c) => pollError('1000', 'PLACEHOLDER')(c).replace('PLACEHOLDER', `You sent ${spelled}`)), on: 'poll', times: 1 });
    const { desk, store } = hostileDesk();
    const outcome = await desk.submit(builtReturn(), { environment });
    expect(outcome.outcome).toBe('accepted');
    const kept = JSON.stringify(await store.load(outcome.transactionId));
    expect(kept).toContain('You sent [masked]');
    const decoded = kept.replace(/&#x([0-9a-f]+);/gi, (_, h: string) => String.fromCodePoint(parseInt(h, 16))).replace(/&#(\d+);/g, (_, d: string) => String.fromCodePoint(Number(d)));
    expect(decoded).not.toContain(GATEWAY.password);
  });
});

describe('a submission polled for a long time with long answers', () => {
  it('never grows past what the submissions folder reads back: the oldest replies are let go, the record stays readable', async () => {
    const { peer, environment } = await setUp();
    peer.faults.add({ fault: { kind: 'server-error', status: 503 }, on: 'poll', times: 1 });
    const { desk, store, dataDir } = hostileDesk({ retry: { baseDelayMs: 5, maxDelayMs: 50, maxAttempts: 1 } });
    const first = await desk.submit(builtReturn(), { environment });
    expect(first.outcome).toBe('pending');
    // Months of polls, each answered at length in three-byte characters: the record just under the reader's limit.
    const file = join(dataDir, 'submissions', `${first.transactionId}.json`);
    const kept = JSON.parse(readFileSync(file, 'utf8'));
    const entry = { at: kept.createdAt, direction: 'received', what: 'answer to the poll: acknowledgement', xml: '界'.repeat(16 * 1024 - 64) };
    const entryBytes = Buffer.byteLength(JSON.stringify(entry)) + 1;
    const room = MAX_SUBMISSION_RECORD_BYTES - 16 * 1024 - Buffer.byteLength(JSON.stringify(kept));
    const filler = Array.from({ length: Math.floor(room / entryBytes) }, () => entry);
    writeFileSync(file, `${JSON.stringify({ ...kept, log: [...kept.log.slice(0, 2), ...filler, ...kept.log.slice(2)] })}\n`);
    expect((await store.list()).problems).toEqual([]);
    const long = `<!--${'界'.repeat(16 * 1024)}-->`;
    peer.faults.add({ fault: reply((c) => ack(c, { pollIntervalSeconds: 2 }).replace('</GovTalkMessage>', `${long}</GovTalkMessage>`)), on: 'poll', times: 2 });
    const again = await desk.submit(builtReturn(), { environment });
    expect(again.outcome).toBe('accepted');
    expect((await store.list()).problems).toEqual([]);
    const record = await store.load(first.transactionId);
    expect(record.state).toBe('accepted');
    expect(statSync(file).size).toBeLessThanOrEqual(MAX_SUBMISSION_RECORD_BYTES);
    // The submission and HMRC's first answer are kept; the receipt is kept whole.
    expect(record.log.slice(0, 2).map((e) => e.what)).toEqual(kept.log.slice(0, 2).map((e: { what: string }) => e.what));
  }, 60_000);
});
