/**
 * Whether a new submission of a return may be written, and the record it
 * starts as: pure, so the rules read the same for the window and the command
 * line. Only ever called while the return's claim is held (return-claim.ts),
 * with a listing read under it: no other Filing Desk can write a record for
 * the same return between the listing and the record.
 */
import type { FilingEnvironment } from './environments.js';
import type { ChannelDetails, prepareSubmission } from './submission-message.js';
import { FINAL_STATES, sameReturnKey, type SubmissionRecord } from './submission-record.js';
import type { SubmissionListing } from './submission-store.js';
import { describeHolder, type ClaimHolder } from './return-claim.js';

/** A refusal before anything was sent: the return already filed, a submission already under way, the return claimed elsewhere. */
export class FilingRefusal extends Error {
  constructor(
    readonly field: string,
    message: string,
    readonly existing?: string,
  ) {
    super(message);
    this.name = 'FilingRefusal';
  }
}

export interface PrepareOptions {
  environment: FilingEnvironment;
  channel?: Partial<ChannelDetails>;
  draftId?: string;
  clientId?: string;
  /** An amended return for a period already accepted: only with the user's confirmation. */
  confirmAmendment?: boolean;
  /** The user chose to take this return's claim from a Filing Desk that is not provably gone (return-claim.ts). */
  takeOver?: boolean;
}

type Prepared = ReturnType<typeof prepareSubmission>;

const returnWords = (r: { utr: string; periodFrom: string; periodTo: string }, environment: string) => `UTR ${r.utr}, period ${r.periodFrom} to ${r.periodTo}, ${environment}`;

/** Said when another Filing Desk holds the return's claim: who, since when, and how the user may take it over. */
export function claimHeldMessage(holder: ClaimHolder | undefined, r: { utr: string; periodFrom: string; periodTo: string; environment: string }, howToTakeOver: string): string {
  return `${describeHolder(holder)} is filing this return (${returnWords(r, r.environment)}) right now; it is never sent twice: let it finish, then look again. ${howToTakeOver}`;
}

/** Throws the FilingRefusal that stops a new submission of this return, if one does. */
export function refuseNewSubmission({ records, problems }: SubmissionListing, prepared: Prepared, options: PrepareOptions): void {
  const unreadable = problems[0];
  if (unreadable) {
    // A record that cannot be read may be this very return, sent or accepted: sending blind could file it twice.
    throw new FilingRefusal('data', `${unreadable.reason}; until it is repaired or moved out of the submissions folder, Filing Desk cannot tell whether this return was already sent, so nothing new is sent`);
  }
  const key = sameReturnKey({ ...prepared, environment: options.environment.name });
  for (const other of records.filter((r) => sameReturnKey(r) === key)) {
    if (other.state === 'accepted' && !(prepared.returnType === 'amended' && options.confirmAmendment)) {
      throw new FilingRefusal(
        'returnType',
        `HMRC already accepted a return for UTR ${prepared.utr}, period ${prepared.periodFrom} to ${prepared.periodTo} (${options.environment.name}, TransactionID ${other.transactionId}); a change is an amended return, sent with your confirmation`,
        other.transactionId,
      );
    }
    if (!FINAL_STATES.has(other.state)) {
      throw new FilingRefusal(
        'transactionId',
        `a submission of this return (${returnWords(prepared, options.environment.name)}) is already under way as TransactionID ${other.transactionId}; it is resumed, never sent a second time`,
        other.transactionId,
      );
    }
  }
}

/** The record a new submission starts as: written before anything is sent. */
export function newSubmissionRecord(prepared: Prepared, transactionId: string, options: PrepareOptions, createdAt: string): SubmissionRecord {
  const { environment } = options;
  return {
    version: 1,
    transactionId,
    environment: environment.name,
    submissionUrl: environment.submissionUrl,
    messageClass: environment.messageClass,
    gatewayTest: environment.gatewayTest,
    utr: prepared.utr,
    periodFrom: prepared.periodFrom,
    periodTo: prepared.periodTo,
    returnType: prepared.returnType,
    ...(prepared.company ? { company: prepared.company } : {}),
    ...(options.draftId !== undefined ? { draftId: options.draftId } : {}),
    ...(options.clientId !== undefined ? { clientId: options.clientId } : {}),
    irmark: prepared.irmark,
    bodySha256: prepared.bodySha256,
    message: prepared.message.toString('base64'),
    createdAt,
    state: 'prepared',
    log: [],
  };
}
