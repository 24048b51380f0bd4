/**
 * Filing a built return with HMRC, exactly once across crashes. The record
 * (with the exact message and its TransactionID) is saved before anything is
 * sent, and saved again at each step: the moment the message may have left
 * (sendStartedAt), the moment HMRC acknowledges it (CorrelationID), each
 * answer to a poll, the outcome, the delete. A record that may have been
 * sent but holds no acknowledgement is never sent again blindly: HMRC is
 * asked (data_request) whether it holds that TransactionID, and only when it
 * does not is the user offered to send it again. Polls keep HMRC's interval,
 * also across a restart. Network failures and HMRC's 5xx are retried with
 * backoff, never turned into a second submission.
 *
 * No Electron here: the window, the keychain and the settings plug in
 * through the constructor (credentials, transport, clock, progress).
 */
import { randomBytes } from 'node:crypto';
import { backoffMs } from './backoff.js';
import { parseGatewayReply, ReplyFormatError } from './gateway-reply.js';
import { outcomeOf, type FilingOutcome } from './filing-outcome.js';
import { describeError, isAuthenticationError } from './outcomes.js';
import { clip, credentialDestinationProblem } from './protocol-rules.js';
import { acknowledged, afterReply, recordAddressProblem, recordMessageProblem } from './record-steps.js';
import { fittedToLimits, withLogEntry } from './record-limits.js';
import {
  dataRequestMessage,
  maskCredentials,
  maskSecrets,
  prepareSubmission,
  withSenderDetails,
  type GatewayCredentials,
} from './submission-message.js';
import { claimHeldMessage, FilingRefusal, newSubmissionRecord, refuseNewSubmission, type PrepareOptions } from './new-submission.js';
import { FINAL_STATES, sameReturnKey, type SubmissionLogEntry, type SubmissionRecord } from './submission-record.js';
import { endingOfSubmission } from './filing-ending.js';
import type { FilingEnding } from './return-claim.js';
import type { SubmissionListing, SubmissionStore } from './submission-store.js';
import { TransportError, type GatewayTransport } from './transport.js';
import { deleteAtHmrc, pollUntilDone } from './after-acknowledgement.js';
import { DEFAULT_RETRY, type Exchange, type FilingProgress, type FilingSteps, type RetryPolicy } from './filing-steps.js';

export { outcomeOf, type FilingOutcome, type FilingOutcomeKind } from './filing-outcome.js';
export { FilingRefusal, type PrepareOptions } from './new-submission.js';
export { DEFAULT_POLL_INTERVAL_SECONDS } from './protocol-rules.js';
export { DEFAULT_RETRY, type FilingProgress, type RetryPolicy } from './filing-steps.js';

export interface FilingDeskDeps {
  store: SubmissionStore;
  transport: GatewayTransport;
  /** Asked at the moment of sending; never stored. */
  credentials: () => Promise<GatewayCredentials>;
  clock?: () => Date;
  sleep?: (ms: number) => Promise<void>;
  newTransactionId?: () => string;
  retry?: RetryPolicy;
  random?: () => number;
  onProgress?: (progress: FilingProgress) => void;
  /** How the user takes a return's claim over deliberately, said when another Filing Desk holds it (the command line's flag, say). */
  howToTakeOver?: string;
}

/** Where no other way is given (the command line): its flag. */
const TAKE_OVER_FROM_THE_COMMAND_LINE =
  'If you are sure it is no longer running (it ran on another computer that is switched off, say), take the claim over with the command line: cli ct600 submit <the built return> --take-over';

/** The window's way: the submission's own button, which asks first. */
export const TAKE_OVER_IN_THE_WINDOW =
  'If you are sure it is no longer running (it ran on another computer that is switched off, say), choose Take over and file: Filing Desk asks you to confirm, then files it from here.';

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export class FilingDesk {
  private readonly store: SubmissionStore;
  private readonly transport: GatewayTransport;
  private readonly credentials: () => Promise<GatewayCredentials>;
  private readonly clock: () => Date;
  private readonly sleep: (ms: number) => Promise<void>;
  private readonly newTransactionId: () => string;
  private readonly retry: RetryPolicy;
  private readonly random: () => number;
  private readonly onProgress: (progress: FilingProgress) => void;
  private readonly howToTakeOver: string;
  /** What the steps after the acknowledgement use of this desk (after-acknowledgement.ts). */
  private readonly steps: FilingSteps;
  /** Every credential this desk was given: masked in whatever it keeps, logs or reports of a reply. */
  private readonly secrets: GatewayCredentials[] = [];

  constructor(deps: FilingDeskDeps) {
    this.store = deps.store;
    this.transport = deps.transport;
    this.credentials = deps.credentials;
    this.clock = deps.clock ?? (() => new Date());
    this.sleep = deps.sleep ?? wait;
    this.newTransactionId = deps.newTransactionId ?? (() => randomBytes(16).toString('hex').toUpperCase());
    this.retry = deps.retry ?? DEFAULT_RETRY;
    this.random = deps.random ?? Math.random;
    const onProgress = deps.onProgress ?? (() => undefined);
    // A problem may quote HMRC's text, and a hostile server may echo the password in it.
    this.onProgress = (p) => onProgress(p.problem === undefined ? p : { ...p, problem: maskSecrets(p.problem, this.secrets) });
    this.howToTakeOver = deps.howToTakeOver ?? TAKE_OVER_FROM_THE_COMMAND_LINE;
    this.steps = {
      clock: this.clock,
      sleep: this.sleep,
      retry: this.retry,
      onProgress: this.onProgress,
      save: (record) => this.save(record),
      log: (record, entry) => this.log(record, entry),
      exchange: (url, message) => this.exchange(url, message),
      noteReply: (record, what, ex) => this.noteReply(record, what, ex),
      backoffMs: (attempt) => this.backoffMs(attempt),
      senderCredentials: () => this.senderCredentials(),
    };
  }

  /** The credentials for a message that carries them, known from then on as secrets to mask. */
  private async senderCredentials(): Promise<GatewayCredentials> {
    const credentials = await this.credentials();
    if (!this.secrets.some((c) => c.password === credentials.password && c.senderId === credentials.senderId)) this.secrets.push(credentials);
    return credentials;
  }

  /** Before a poll or a delete (which carry no credentials): learn them if they can be had, so an echo of them is masked too. */
  private async learnSecrets(): Promise<void> {
    if (this.secrets.length > 0) return;
    try {
      await this.senderCredentials();
    } catch {
      // Not set up (yet): nothing to mask that this desk could know.
    }
  }

  /**
   * Writes the submission record for a built return, before anything is
   * sent, holding the return's claim: refuses a return already accepted for
   * the same UTR and period in that environment (unless it is an amendment
   * the user confirmed), a second submission while one for the same return is
   * under way, and a return another Filing Desk is filing right now.
   */
  async prepare(built: Uint8Array, options: PrepareOptions): Promise<SubmissionRecord> {
    const { prepared, key } = this.admit(built, options);
    const release = await this.claim(key, prepared, options);
    try {
      return await this.prepareClaimed(built, options);
    } finally {
      // Written, not sent: whoever files it next takes the claim again.
      await release({ outcome: 'not-sent', reference: null });
    }
  }

  /** The return read once, and the key its claim and its records go by; an address the password may not go to refused first. */
  private admit(built: Uint8Array, options: PrepareOptions) {
    const destination = credentialDestinationProblem(options.environment.submissionUrl);
    if (destination) throw new FilingRefusal('endpoint', destination);
    const prepared = prepareSubmission(built, options.environment, '0'.repeat(32), options.channel);
    return { prepared, key: sameReturnKey({ ...prepared, environment: options.environment.name }) };
  }

  /** The return's claim for this process, or a refusal naming who holds it and how to take it over. */
  private async claim(key: string, what: { utr: string; periodFrom: string; periodTo: string }, options: { environment: { name: string }; takeOver?: boolean }): Promise<(ending: FilingEnding) => Promise<void>> {
    const claimed = await this.store.claimReturn(key, options.takeOver ? { takeOver: true } : {});
    if ('release' in claimed) return claimed.release;
    throw new FilingRefusal('claim', claimed.refused.message ?? claimHeldMessage(claimed.refused.holder, { ...what, environment: options.environment.name }, this.howToTakeOver));
  }

  /** How the submission ended, from its record as saved (none written: nothing was sent); one that cannot be read back may have been sent. */
  private async endingOf(transactionId: string | undefined): Promise<FilingEnding> {
    if (transactionId === undefined) return endingOfSubmission(undefined);
    try {
      return endingOfSubmission(await this.store.load(transactionId));
    } catch {
      return { outcome: 'not-finished', reference: null };
    }
  }

  /** Only under the return's claim: the records listed now are every record of it any Filing Desk wrote. */
  private async prepareClaimed(built: Uint8Array, options: PrepareOptions, listing?: SubmissionListing): Promise<SubmissionRecord> {
    const transactionId = this.newTransactionId();
    const prepared = prepareSubmission(built, options.environment, transactionId, options.channel);
    refuseNewSubmission(listing ?? (await this.store.list()), prepared, options);
    const record = newSubmissionRecord(prepared, transactionId, options, this.now());
    await this.store.save(record);
    return record;
  }

  /**
   * Submissions the app should resume at start: every record not yet final, or final with HMRC's copy not yet deleted.
   * One imported from another computer's .fdesk is that computer's to finish, never this one's.
   */
  async unfinished(): Promise<SubmissionRecord[]> {
    const { records } = await this.store.list();
    return records.filter((r) => !r.importedAt && (!FINAL_STATES.has(r.state) || (r.correlationId && !r.deletedAtHmrc)));
  }

  /**
   * Takes the submission as far as it can go: sends it (or finds it at
   * HMRC), polls at HMRC's interval until the outcome, stores it, deletes
   * HMRC's copy. `sendAgain` is the user's confirmation after HMRC said it
   * holds no submission with this TransactionID.
   */
  async file(transactionId: string, options: { sendAgain?: boolean; takeOver?: boolean } = {}): Promise<FilingOutcome> {
    const record = await this.store.load(transactionId);
    const claimed = await this.store.claimReturn(sameReturnKey(record), options.takeOver ? { takeOver: true } : {});
    if (!('release' in claimed)) {
      return { ...outcomeOf(record), ...(FINAL_STATES.has(record.state) ? {} : { outcome: 'pending' as const, claimHeld: true, message: claimed.refused.message ?? claimHeldMessage(claimed.refused.holder, record, this.howToTakeOver) }) };
    }
    try {
      return await this.fileClaimed(transactionId, options);
    } finally {
      // Only now: the outcome, or how far it got, is on disk (every save is an atomic, synced write).
      await claimed.release(await this.endingOf(transactionId));
    }
  }

  private async fileClaimed(transactionId: string, options: { sendAgain?: boolean }): Promise<FilingOutcome> {
    let record = await this.store.load(transactionId);
    // Read back from disk: held to the rules a fresh answer is, before any request.
    const address = recordAddressProblem(record);
    if (address) throw new FilingRefusal('submissionUrl', address, transactionId);
    await this.learnSecrets();
    if (!record.correlationId && !FINAL_STATES.has(record.state)) {
      if (record.sendStartedAt && !(record.state === 'not-at-hmrc' && options.sendAgain)) {
        record = await this.recover(record);
        if (!record.correlationId && !FINAL_STATES.has(record.state)) return outcomeOf(record);
      } else {
        record = await this.send(record);
      }
    }
    if (!FINAL_STATES.has(record.state) && record.correlationId) record = await pollUntilDone(this.steps, record);
    if (FINAL_STATES.has(record.state) && record.correlationId && !record.deletedAtHmrc) record = await deleteAtHmrc(this.steps, record);
    this.onProgress({ transactionId, step: 'done' });
    return outcomeOf(record);
  }

  /** Prepare and file in one go, or resume the submission already under way for this return; the return's claim held throughout. */
  async submit(built: Uint8Array, options: PrepareOptions & { sendAgain?: boolean }): Promise<FilingOutcome> {
    // The return read once: its key finds a submission already under way, its body tells whether it is the same return.
    const { prepared, key } = this.admit(built, options);
    const release = await this.claim(key, prepared, options);
    // The submission this run is about, once there is one: its record says how the filing ended.
    let filing: string | undefined;
    try {
      const listing = await this.store.list();
      const pending = listing.records.find((r) => sameReturnKey(r) === key && !FINAL_STATES.has(r.state));
      filing = pending?.transactionId;
      if (pending && pending.bodySha256 !== prepared.bodySha256) {
        // Resuming would file what was built before, not what the user is looking at now.
        throw new FilingRefusal(
          'transactionId',
          `an earlier version of this return (UTR ${pending.utr}, period ${pending.periodFrom} to ${pending.periodTo}) is still being filed as TransactionID ${pending.transactionId}; it must finish before a changed return is sent`,
          pending.transactionId,
        );
      }
      const record = pending ?? (await this.prepareClaimed(built, options, listing));
      filing = record.transactionId;
      return await this.fileClaimed(record.transactionId, { ...(options.sendAgain ? { sendAgain: true } : {}) });
    } finally {
      await release(await this.endingOf(filing));
    }
  }

  // ——— steps ———

  private now = () => this.clock().toISOString();

  private log(record: SubmissionRecord, entry: Omit<SubmissionLogEntry, 'at'>): SubmissionRecord {
    return withLogEntry(record, entry, this.now(), this.secrets);
  }

  /**
   * Every save goes through here: every string of the record masked (the
   * credentials this desk sent, in every form, wherever a server echoed them
   * or a followed URL carries them) and the record fitted to its limits
   * (record-limits.ts), so no answer, however long, can make a record that
   * keeps a secret or cannot be written or read back.
   */
  private async save(record: SubmissionRecord): Promise<SubmissionRecord> {
    const kept = fittedToLimits(record, this.secrets);
    await this.store.save(kept);
    return kept;
  }

  private backoffMs(attempt: number): number {
    return backoffMs(this.retry, attempt, this.random);
  }

  /** One exchange; never throws for what the network or HMRC's servers do. */
  private async exchange(url: string, message: Buffer): Promise<Exchange> {
    try {
      const answer = await this.transport.post(url, message);
      const xml = answer.body.toString('utf8');
      if (answer.status >= 500) return { problem: `HMRC's service answered HTTP ${answer.status}`, status: answer.status };
      try {
        return { reply: parseGatewayReply(answer.body), xml, status: answer.status };
      } catch (err) {
        const why = err instanceof ReplyFormatError ? err.message : 'it could not be read';
        return { problem: `HMRC's answer (HTTP ${answer.status}) is not a Transaction Engine reply: ${why}`, status: answer.status };
      }
    } catch (err) {
      if (err instanceof TransportError) return { problem: `no answer from HMRC: ${err.message}` };
      throw err;
    }
  }

  private noteReply(record: SubmissionRecord, what: string, ex: Exchange): SubmissionRecord {
    if ('problem' in ex) return this.log({ ...record, lastProblem: ex.problem }, { direction: 'note', what: ex.problem, ...(ex.status !== undefined ? { status: ex.status } : {}) });
    return this.log(record, { direction: 'received', what: `${what}: ${ex.reply.kind}`, ...(ex.status !== undefined ? { status: ex.status } : {}), xml: maskCredentials(ex.xml) });
  }

  /** The password leaves this computer only where credentialDestinationProblem allows; checked before every message that carries it. */
  private refuseDestination(url: string): void {
    const problem = credentialDestinationProblem(url);
    if (problem) throw new FilingRefusal('endpoint', `${problem}; nothing was sent`);
  }

  private async send(record: SubmissionRecord): Promise<SubmissionRecord> {
    this.refuseDestination(record.submissionUrl);
    const changed = recordMessageProblem(record);
    if (changed) throw new FilingRefusal('message', changed, record.transactionId);
    const credentials = await this.senderCredentials();
    // Saved before the first byte leaves: from here on HMRC may hold it, and a restart asks before sending again.
    record = await this.save(this.log({ ...record, state: 'prepared', sendStartedAt: this.now() }, { direction: 'sent', what: 'submission (the record\'s message, with the sender\'s credentials added)' }));
    this.onProgress({ transactionId: record.transactionId, step: 'sending' });
    const ex = await this.exchange(record.submissionUrl, withSenderDetails(Buffer.from(record.message, 'base64'), credentials));
    record = this.noteReply(record, 'answer to the submission', ex);
    if ('problem' in ex) {
      // It may have arrived: only HMRC can say. Never send again from here.
      await this.save(record);
      return this.recover(record);
    }
    record = await this.save(afterReply(record, ex.reply, ex.xml, this.clock(), 'submission', credentials));
    // An answer that is neither an acknowledgement nor a verdict leaves it unknown whether HMRC holds the return.
    return record.correlationId || FINAL_STATES.has(record.state) ? record : this.recover(record);
  }

  /** After a crash or a lost answer: asks HMRC whether it holds this TransactionID, and continues from what it says. */
  private async recover(record: SubmissionRecord): Promise<SubmissionRecord> {
    this.refuseDestination(record.submissionUrl);
    for (let attempt = 1; attempt <= this.retry.maxAttempts; attempt++) {
      if (attempt > 1) await this.sleep(this.backoffMs(attempt - 1));
      this.onProgress({ transactionId: record.transactionId, step: 'asking-hmrc' });
      const credentials = await this.senderCredentials();
      const ex = await this.exchange(record.submissionUrl, dataRequestMessage({ messageClass: record.messageClass, gatewayTest: record.gatewayTest, credentials }));
      record = this.log(record, { direction: 'sent', what: 'data request' });
      record = this.noteReply(record, 'answer to the data request', ex);
      if ('problem' in ex) {
        record = await this.save(record);
        this.onProgress({ transactionId: record.transactionId, step: 'retrying', problem: ex.problem });
        continue;
      }
      if (ex.reply.kind === 'error') {
        if (ex.reply.errors.some((e) => isAuthenticationError(e.number))) return this.save({ ...record, lastProblem: `HMRC refused the data request: ${ex.reply.errors.map((e) => describeError(e)).join('; ')}` });
        record = await this.save(record);
        continue;
      }
      if (ex.reply.kind !== 'status-report') {
        record = await this.save({ ...record, lastProblem: `HMRC answered the data request with a ${ex.reply.kind}` });
        continue;
      }
      const ours = ex.reply.records.find((s) => s.transactionId === record.transactionId);
      if (ours && ours.correlationId) {
        const header = { ...ex.reply.header, correlationId: ours.correlationId, transactionId: record.transactionId };
        const { responseEndPoint: _ignored, ...withoutEndPoint } = header;
        return this.save(acknowledged(record, { kind: 'acknowledgement', header: ex.reply.header.responseEndPoint ? header : withoutEndPoint }, this.clock()));
      }
      if (ours) {
        // Listed, so HMRC holds it: without a CorrelationID to poll it is asked about again, never sent again.
        record = await this.save({ ...record, lastProblem: `HMRC lists TransactionID ${record.transactionId} (${clip(ours.status, 60)}) without a CorrelationID to poll; it holds the return, so it is asked about again and never sent again` });
        continue;
      }
      return this.save({
        ...record,
        state: 'not-at-hmrc',
        lastProblem: `HMRC holds no submission with TransactionID ${record.transactionId}: it was not received. Nothing was sent again; confirm to send it again`,
      });
    }
    return record;
  }
}
