/**
 * Filing exactly once across desks, with HMRC: two data folders joined to a
 * real office (PostgreSQL, the office server over http on this computer),
 * each filing with the local Transaction Engine as `cli ct600 submit` does,
 * the office's claim taken before each data folder's own. Submissions are
 * counted where they arrive: at the Transaction Engine.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { computeIrmark } from '../../main/engine/ct600/index.js';
import { FilingRefusal, type FilingOutcome } from '../../main/filing/filing-desk.js';
import { SubmissionStore } from '../../main/filing/submission-store.js';
import { ukDay } from '../../main/office/office-claim-words.js';
import { sharedDir } from '../helpers/shared.js';
import { builtReturn, makeDesk, rejectedReturn, startPeer } from '../filing/filing-support.js';
import { joinedDataFolder, startOffice, unreachableOfficeUrl } from './office-desks.js';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

/** A desk filing from its data folder as the command line does, the office's claim first. */
async function deskOn(url: string, user: string, desk: string) {
  const joined = await joinedDataFolder(url, user, desk);
  const store = new SubmissionStore({ dataDir: joined.dataDir, claimedBy: 'the command line', acrossDesks: joined.officeClaims });
  return { ...makeDesk({ dataDir: joined.dataDir, store }), ...joined };
}

async function setUp(atHmrc: { onSubmission?: () => Promise<void> } = {}) {
  const office = await startOffice();
  cleanups.push(() => office.close());
  const { peer, environment } = await startPeer(atHmrc);
  cleanups.push(() => peer.close());
  const sent = () => [...peer.submissionsByTransactionId.values()].reduce((a, b) => a + b, 0);
  const a = await deskOn(office.url, 'alice', 'front desk');
  const b = await deskOn(office.url, 'bob', 'back office');
  return { office, peer, environment, sent, a, b };
}

const refusalOf = async (filing: Promise<FilingOutcome>) => {
  const error = await filing.then(
    (outcome) => new Error(`filed: ${outcome.outcome}`),
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(FilingRefusal);
  return (error as FilingRefusal).message;
};

/** HMRC's accepted sample as Filing Desk files it: the same company and period as rejectedReturn(), with the rate corrected. */
function correctedReturn(): Buffer {
  const sample = readFileSync(join(sharedDir, 'ct600', 'hmrc', 'transaction-engine', 'tpvs-accepted-sample.xml'), 'utf8');
  const fixed = sample.replace('<URI>Enter your 4 digit vendor ID</URI>', '<URI>1234</URI>').replace('<SchemaVersion>2022-v1.99</SchemaVersion>', '<SchemaVersion>2025-v1.994</SchemaVersion>');
  return Buffer.from(fixed.replace(/<IRmark Type="generic">[^<]*</, `<IRmark Type="generic">${computeIrmark(fixed).base64}<`));
}

const WHAT = /the Company Tax Return for UTR \d{10}, period \d{4}-\d{2}-\d{2} to \d{4}-\d{2}-\d{2} \(til\)/i;
/** What a data folder keeps of its submissions: records and claims. */
const kept = (dataDir: string) => (existsSync(join(dataDir, 'submissions')) ? readdirSync(join(dataDir, 'submissions')).filter((n) => n.endsWith('.json') || n.endsWith('.claim')) : []);

describe('one return filed once across the desks of an office', () => {
  it('desk B asks while desk A is sending: B is told who is filing it, and the Transaction Engine gets one submission', async () => {
    // Desk B asks at the moment desk A's return is at HMRC, before HMRC has answered it.
    let whenAtHmrc = async () => undefined as void;
    const { environment, sent, a, b, office } = await setUp({ onSubmission: () => whenAtHmrc() });
    let bWasTold = '';
    whenAtHmrc = async () => {
      if (!bWasTold) bWasTold = await refusalOf(b.desk.submit(builtReturn(), { environment }));
    };
    const outcome = await a.desk.submit(builtReturn(), { environment });
    expect(outcome.outcome).toBe('accepted');
    expect(bWasTold).toMatch(new RegExp(`^alice on front desk has been filing ${WHAT.source} since \\d{1,2} \\w+ \\d{4} at \\d{2}:\\d{2}; it is never sent twice`));
    expect(bWasTold).toContain('--take-over');
    expect(sent()).toBe(1);
    // B kept nothing: no submission record, no claim left behind.
    expect(kept(b.dataDir)).toEqual([]);
    expect(await office.submissions()).toEqual([{ user_name: 'alice', desk: 'front desk', outcome: 'accepted', reference: outcome.correlationId }]);
  });

  it('two desks filing the same return at the same moment: one submission at the Transaction Engine; the other desk is refused, told who', async () => {
    const { environment, sent, a, b } = await setUp();
    const [first, second] = await Promise.allSettled([a.desk.submit(builtReturn(), { environment }), b.desk.submit(builtReturn(), { environment })]);
    const results = [first, second];
    expect(results.filter((r) => r.status === 'fulfilled').map((r) => (r as PromiseFulfilledResult<FilingOutcome>).value.outcome)).toEqual(['accepted']);
    const refused = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect(refused.reason).toBeInstanceOf(FilingRefusal);
    expect((refused.reason as Error).message).toMatch(/^(alice on front desk|bob on back office) has been filing|^The Company Tax Return .* was already filed by (alice on front desk|bob on back office)/);
    expect(sent()).toBe(1);
  });

  it('after acceptance, desk B filing the same return again is refused as already filed, by whom, when and with the reference; nothing sent', async () => {
    const { environment, sent, a, b } = await setUp();
    const accepted = await a.desk.submit(builtReturn(), { environment });
    expect(accepted.outcome).toBe('accepted');
    const told = await refusalOf(b.desk.submit(builtReturn(), { environment }));
    expect(told).toMatch(WHAT);
    expect(told).toContain(`was already filed by alice on front desk on ${ukDay(new Date().toISOString())}, reference ${accepted.correlationId}; it is not filed again, and nothing was sent.`);
    // Taking over does not reopen an accepted return.
    expect(await refusalOf(b.desk.submit(builtReturn(), { environment, takeOver: true }))).toContain('was already filed by alice on front desk');
    expect(sent()).toBe(1);
  });

  it('the office cannot be reached: refused in those words, and nothing reaches the Transaction Engine', async () => {
    const { environment, sent } = await setUp();
    const url = await unreachableOfficeUrl();
    const away = await deskOn(url, 'alice', 'laptop');
    const told = await refusalOf(away.desk.submit(builtReturn(), { environment }));
    expect(told).toBe(
      `The office at ${url} cannot be reached, so this return was not sent: in an office, a return is filed only once the office has confirmed no other desk is filing it. Try again when the office can be reached.`,
    );
    expect(sent()).toBe(0);
    expect(kept(away.dataDir)).toEqual([]);
  });

  it('a rejected return gives the claim back: the corrected return is filed from the other desk, once', async () => {
    const { environment, sent, a, b, office } = await setUp();
    const rejected = await a.desk.submit(rejectedReturn(), { environment });
    expect(rejected.outcome).toBe('rejected');
    const corrected = await b.desk.submit(correctedReturn(), { environment });
    expect(corrected.outcome).toBe('accepted');
    expect(sent()).toBe(2);
    expect(await office.submissions()).toEqual([
      { user_name: 'alice', desk: 'front desk', outcome: 'rejected', reference: rejected.correlationId },
      { user_name: 'bob', desk: 'back office', outcome: 'accepted', reference: corrected.correlationId },
    ]);
  });
});
