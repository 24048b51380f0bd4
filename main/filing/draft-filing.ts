/**
 * Filing a draft's built return from the window. The FilingDesk does the
 * protocol; this decides what may be sent (the draft's current, valid build
 * with the vendor ID, product name and Government Gateway credentials set),
 * writes the submission record before answering, and goes on sending and
 * polling in the background, where the window follows it with filing.get.
 * At start, every unfinished submission is taken up again as the desk does:
 * polling resumes, and one never acknowledged asks HMRC first.
 */
import { SETTINGS_PLACES, type FilingPrerequisite } from '../../common/filing/prerequisites.js';
import type { FieldError } from '../engine/errors.js';
import type { FilingEnvironment as FilingEnvironmentName, FilingPreview, FilingSettings, GatewayCredentialsStatus, SubmissionView } from '../../preload/contract.js';
import { lastBuildBytes } from '../store/draft-files.js';
import type { DraftStore } from '../store/draft-store.js';
import { StoreError } from '../store/store-error.js';
import { FILING_ENVIRONMENTS, resolveEnvironment } from './environments.js';
import { FilingDesk, FilingRefusal, TAKE_OVER_IN_THE_WINDOW, type FilingDeskDeps } from './filing-desk.js';
import { summariseReturn } from './return-summary.js';
import { FINAL_STATES, newestFirst, sameReturnKey, type SubmissionRecord } from './submission-record.js';
import type { SubmissionStore } from './submission-store.js';
import { submissionViewOf, type FieldOfBox, type SubmissionActivity } from './submission-view.js';

/** Refused before anything was recorded or sent; each error names the field to put right. */
export class FilingBlocked extends Error {
  constructor(
    message: string,
    readonly errors: FieldError[],
  ) {
    super(message);
    this.name = 'FilingBlocked';
  }
}

export interface DraftFilingDeps extends Omit<FilingDeskDeps, 'store' | 'onProgress' | 'credentials'> {
  store: SubmissionStore;
  drafts: DraftStore;
  settings: { get(): Promise<FilingSettings> };
  gateway: { status(): Promise<GatewayCredentialsStatus>; credentials(): Promise<{ senderId: string; password: string }> };
  fieldOfBox: FieldOfBox;
  /** Told when HMRC accepts a return (the draft becomes Filed). */
  onAccepted?: (record: SubmissionRecord) => Promise<void>;
  /** The redacting log: each run's outcome, and a run that stopped with an error. */
  log?: { info(message: string): void; error(message: string, error?: unknown): void };
}

interface Sendable {
  bytes: Uint8Array;
  preview: FilingPreview;
  settings: FilingSettings;
  clientId: string | null;
}

/**
 * The environment a filing goes to. The endpoint override is a test-only
 * setting (a local Transaction Engine, or HMRC's test host): it never
 * applies to live, which always goes to HMRC's own address.
 */
export function environmentFor(name: FilingEnvironmentName, settings: Pick<FilingSettings, 'endpointOverride'>) {
  return resolveEnvironment(name, name === 'live' ? undefined : (settings.endpointOverride ?? undefined));
}

export class DraftFiling {
  private readonly desk: FilingDesk;
  private readonly runs = new Map<string, Promise<void>>();
  private readonly problems = new Map<string, string>();
  /** Submissions the last run left alone because another Filing Desk holds the return's claim: who, in words. */
  private readonly claimsHeld = new Map<string, string>();

  constructor(private readonly deps: DraftFilingDeps) {
    this.desk = new FilingDesk({
      ...deps,
      store: deps.store,
      // The window's user takes the claim over with the submission's own button (filing.resume with takeOver).
      howToTakeOver: deps.howToTakeOver ?? TAKE_OVER_IN_THE_WINDOW,
      // Progress is read back from the record the desk saves at every step, so a restart shows the same.
      credentials: () => deps.gateway.credentials(),
    });
  }

  private activity(transactionId: string): SubmissionActivity {
    const problem = this.problems.get(transactionId);
    const claimHeldBy = this.claimsHeld.get(transactionId);
    return { running: this.runs.has(transactionId), ...(problem ? { problem } : {}), ...(claimHeldBy ? { claimHeldBy } : {}) };
  }

  private view = (record: SubmissionRecord): SubmissionView => submissionViewOf(record, this.activity(record.transactionId), this.deps.fieldOfBox, (this.deps.clock ?? (() => new Date()))());

  async preview(draftId: string, environment: FilingEnvironmentName): Promise<FilingPreview> {
    return (await this.sendable(draftId, environment)).preview;
  }

  /** What would be sent and what stops it: read fresh from the draft, its build, the settings and the keychain. */
  private async sendable(draftId: string, environmentName: FilingEnvironmentName): Promise<Sendable> {
    const draft = await this.deps.drafts.get(draftId);
    if (draft.kind !== 'ct600') throw new StoreError('invalid', 'Only a CT600 return is filed with HMRC.', [{ field: 'draftId', message: 'names a report package draft, not a CT600 return' }]);
    const settings = await this.deps.settings.get();
    const gateway = await this.deps.gateway.status();
    const missing: (FieldError & { field: FilingPrerequisite })[] = [];
    if (!settings.vendorId) missing.push({ field: 'vendorId', message: `Enter the 4-digit vendor ID HMRC issued for this software in ${SETTINGS_PLACES.filing}; HMRC refuses a return without it.` });
    if (!settings.productName.trim()) missing.push({ field: 'productName', message: `Enter the product name HMRC knows this software by in ${SETTINGS_PLACES.filing}.` });
    if (!gateway.userId) missing.push({ field: 'gatewayUserId', message: `Enter the Government Gateway user ID in ${SETTINGS_PLACES.gateway}.` });
    else if (!gateway.passwordSaved) missing.push({ field: 'gatewayPassword', message: `Enter the Government Gateway password for ${gateway.userId} in ${SETTINGS_PLACES.gateway}.` });
    if (environmentName === 'live' && !settings.liveFiling) missing.push({ field: 'liveFiling', message: `Live filing is switched off: switch on “File live returns” in ${SETTINGS_PLACES.filing}, or file in Test in Live.` });

    let bytes: Uint8Array | null = null;
    if (!draft.lastBuild) missing.push({ field: 'build', message: 'Build the return first: only a built and checked return is sent to HMRC.' });
    else if (draft.changedSinceBuild) missing.push({ field: 'build', message: 'The return changed after it was built: build it again so HMRC gets what you see.' });
    else if (!draft.lastValidation || draft.state !== 'validated') missing.push({ field: 'build', message: 'The built return has not been checked to the end: build it again.' });
    else if (draft.lastValidation.result.validations.some((v) => v.validationResult === 'invalid')) missing.push({ field: 'build', message: 'The built return has errors HMRC would reject: put them right and build it again.' });
    else {
      bytes = await lastBuildBytes(this.deps.drafts, draftId, draft.lastBuild.sha256);
      if (!bytes) missing.push({ field: 'build', message: 'The built return is no longer beside the draft (or was changed on disk): build it again.' });
    }

    let environment = FILING_ENVIRONMENTS[environmentName];
    try {
      environment = environmentFor(environmentName, settings);
    } catch (err) {
      // A test address saved under an older rule: named, never used.
      missing.push({ field: 'endpointOverride', message: `The test Transaction Engine address in ${SETTINGS_PLACES.filing} cannot be used: ${(err as Error).message}.` });
    }
    const summary = bytes ? summariseReturn(bytes) : null;
    const { records } = await this.deps.store.list();
    const key = summary?.utr && summary.periodFrom && summary.periodTo ? sameReturnKey({ utr: summary.utr, periodFrom: summary.periodFrom, periodTo: summary.periodTo, environment: environmentName }) : null;
    const byNewest = [...records].sort(newestFirst);
    const accepted = byNewest.find((r) => r.state === 'accepted' && key !== null && sameReturnKey(r) === key);
    // Not at HMRC counts too: the same message may be sent again (filing.resume), never a second one.
    const underWay = byNewest.find((r) => !FINAL_STATES.has(r.state) && !r.importedAt && (r.draftId === draftId || (key !== null && sameReturnKey(r) === key)));
    const attachments = draft.attachments
      .filter((a) => a.role === 'accounts' || a.role === 'computations')
      .map((a) => ({ name: a.fileName, kind: a.role as 'accounts' | 'computations', size: a.size }));
    const preview: FilingPreview = {
      draftId,
      company: summary?.company ?? null,
      utr: summary?.utr ?? null,
      periodStart: summary?.periodFrom ?? null,
      periodEnd: summary?.periodTo ?? null,
      taxPayable: summary?.taxPayable ?? null,
      attachments,
      environment: environmentName,
      environmentName: FILING_ENVIRONMENTS[environmentName].label,
      endpoint: environment.submissionUrl,
      declaration: summary?.declaration ?? { name: null, status: null },
      irmarkBase64: bytes ? (draft.lastBuild?.irMark ?? null) : null,
      irmarkBase32: bytes ? (draft.lastBuild?.irMarkBase32 ?? null) : null,
      missing,
      ...(accepted ? { alreadyAccepted: this.view(accepted) } : {}),
      ...(underWay ? { underWay: this.view(underWay) } : {}),
      isAmendment: summary?.returnType === 'amended',
    };
    return { bytes: bytes ?? new Uint8Array(), preview, settings, clientId: draft.clientId };
  }

  /**
   * Writes the submission record and answers; sending and polling go on in the background.
   * takeOver is the user's word that the Filing Desk holding the return's claim is not running.
   */
  async submit(draftId: string, environmentName: FilingEnvironmentName, { confirmAmendment = false, takeOver = false }: { confirmAmendment?: boolean; takeOver?: boolean } = {}): Promise<SubmissionView> {
    const { bytes, preview, settings, clientId } = await this.sendable(draftId, environmentName);
    if (preview.missing.length > 0) {
      throw new FilingBlocked(`Nothing was sent to HMRC: ${preview.missing.map((m) => m.message).join(' ')}`, preview.missing);
    }
    if (preview.underWay) {
      throw new FilingRefusal(
        'transactionId',
        `A submission of this return is already under way (TransactionID ${preview.underWay.transactionId}): ${preview.underWay.stateText} It is never sent a second time.`,
        preview.underWay.transactionId,
      );
    }
    if (preview.alreadyAccepted && preview.isAmendment && !confirmAmendment) {
      throw new FilingRefusal('confirmAmendment', `HMRC already accepted a return for UTR ${preview.utr} for this period; confirm that you are sending an amended return.`, preview.alreadyAccepted.transactionId);
    }
    const record = await this.desk.prepare(bytes, {
      environment: environmentFor(environmentName, settings),
      channel: { vendorId: settings.vendorId, product: settings.productName, version: settings.productVersion || '0' },
      draftId,
      ...(clientId ? { clientId } : {}),
      confirmAmendment,
      ...(takeOver ? { takeOver } : {}),
    });
    this.run(record.transactionId);
    return this.view(record);
  }

  async get(transactionId: string): Promise<SubmissionView> {
    return this.view(await this.deps.store.load(transactionId));
  }

  async list(filter: { draftId?: string; clientId?: string }): Promise<SubmissionView[]> {
    const { records } = await this.deps.store.list();
    return records
      .filter((r) => (filter.draftId === undefined || r.draftId === filter.draftId) && (filter.clientId === undefined || r.clientId === filter.clientId))
      .sort(newestFirst)
      .map(this.view);
  }

  /**
   * Takes a submission up again (after a restart, a stopped run, or "send again" once HMRC said it has none);
   * takeOver is the user's word that the Filing Desk holding the return's claim is not running.
   */
  async resume(transactionId: string, { sendAgain = false, takeOver = false }: { sendAgain?: boolean; takeOver?: boolean } = {}): Promise<SubmissionView> {
    const record = await this.deps.store.load(transactionId);
    if (sendAgain && record.state !== 'not-at-hmrc') {
      throw new FilingRefusal('sendAgain', 'Only a submission HMRC said it did not receive can be sent again; this one is resumed instead, never sent twice.', transactionId);
    }
    const finished = FINAL_STATES.has(record.state) && (!record.correlationId || record.deletedAtHmrc);
    // A record imported from another computer is its history; that computer finishes it.
    if (!finished && !record.importedAt) this.run(transactionId, { sendAgain, takeOver });
    return this.view(record);
  }

  /** At start: every unfinished submission goes on from its record. */
  async resumeUnfinished(): Promise<string[]> {
    const unfinished = await this.desk.unfinished();
    for (const record of unfinished) this.run(record.transactionId);
    return unfinished.map((r) => r.transactionId);
  }

  /** The stored submission, for filing.save. */
  async record(transactionId: string): Promise<SubmissionRecord> {
    return this.deps.store.load(transactionId);
  }

  /** Resolves when every background run has stopped (tests, quitting). */
  async idle(): Promise<void> {
    while (this.runs.size > 0) await Promise.allSettled([...this.runs.values()]);
  }

  private run(transactionId: string, options: { sendAgain?: boolean; takeOver?: boolean } = {}): void {
    if (this.runs.has(transactionId)) return;
    this.problems.delete(transactionId);
    this.claimsHeld.delete(transactionId);
    const run = (async () => {
      try {
        const outcome = await this.desk.file(transactionId, { ...(options.sendAgain ? { sendAgain: true } : {}), ...(options.takeOver ? { takeOver: true } : {}) });
        // Shown on the submission until a later run: who is filing it instead, and how to take it over.
        if (outcome.claimHeld) this.claimsHeld.set(transactionId, outcome.message);
        this.deps.log?.info(`filing: submission ${transactionId} (${outcome.environment}): ${outcome.outcome}`);
        if (outcome.outcome === 'accepted' && this.deps.onAccepted) await this.deps.onAccepted(await this.deps.store.load(transactionId));
      } catch (error) {
        this.problems.set(transactionId, error instanceof Error ? error.message : String(error));
        this.deps.log?.error(`filing: the submission ${transactionId} stopped`, error);
      } finally {
        this.runs.delete(transactionId);
      }
    })();
    this.runs.set(transactionId, run);
  }
}
