/**
 * The filing contract as the window reads it. Until main's channels land in
 * preload/contract.ts these mirror the agreed shapes; afterwards they are
 * re-exported from there so there is one definition.
 */
export type FilingEnvironment = 'til' | 'ets' | 'live';

export interface FilingSettings {
  vendorId: string;
  productName: string;
  productVersion: string;
  liveFiling: boolean;
  endpointOverride: string | null;
}

export interface GatewayCredentialsStatus {
  userId: string | null;
  passwordSaved: boolean;
  where: string;
}

export interface FilingAttachmentView {
  name: string;
  kind: string;
  size: number;
}

export interface FilingMissing {
  field: string;
  message: string;
}

export type SubmissionState = 'prepared' | 'sent' | 'waiting' | 'accepted' | 'rejected' | 'failed' | 'unknown';

export interface SubmissionReceipt {
  acceptedAt: string;
  irmarkBase32: string;
  irmarkBase64: string;
  matchesOurs: boolean;
  correlationId: string;
}

export interface SubmissionErrorView {
  number: string;
  hmrcText: string;
  message: string;
  boxes: string[];
  field: string | null;
}

export interface SubmissionView {
  transactionId: string;
  draftId: string;
  clientId: string | null;
  company: string;
  utr: string;
  periodStart: string;
  periodEnd: string;
  environment: FilingEnvironment;
  state: SubmissionState;
  stateText: string;
  submittedAt: string | null;
  correlationId: string | null;
  pollIntervalSeconds: number | null;
  nextCheckAt: string | null;
  receipt: SubmissionReceipt | null;
  errors: SubmissionErrorView[];
  authenticationFailed: boolean;
  canSendAgain: boolean;
  log: { at: string; direction: 'sent' | 'received'; kind: string }[];
}

export interface FilingPreview {
  company: string;
  utr: string;
  periodStart: string;
  periodEnd: string;
  /** Box 510 / 525 as built, in pounds and pence ("7600.00"); null when the return has none. */
  taxPayable: string | null;
  attachments: FilingAttachmentView[];
  environment: FilingEnvironment;
  environmentName: string;
  declarantName: string;
  declarantStatus: string;
  irmark: string;
  missing: FilingMissing[];
  alreadyAccepted?: SubmissionView;
  isAmendment: boolean;
}
