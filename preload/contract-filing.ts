/**
 * Filing with HMRC: a built CT600 return sent through HMRC's Transaction
 * Engine (main/filing). The Government Gateway password goes to main in
 * gateway.credentials.save and never comes back: no response carries it.
 */
import type { IpcResult } from './contract-ipc.js';
import type { Draft } from './contract-drafts.js';
import type { FileSaveResponse } from './contract-files.js';
import type { FilingEnvironment } from './contract-filing-environment.js';

export interface FilingSettings {
  /** HMRC's vendor ID for this software (digits); '' until HMRC issues one. */
  vendorId: string;
  /** ChannelRouting Product: the software's name as HMRC knows it. */
  productName: string;
  /** ChannelRouting Version. */
  productVersion: string;
  /** false: Test in Live is the default environment and live filing is not offered. */
  liveFiling: boolean;
  /** A test peer's submission URL: https, or http only to this computer (127.0.0.1, ::1, localhost); null: HMRC's own. */
  endpointOverride: string | null;
}

export interface GatewayCredentialsStatus {
  /** The Government Gateway user ID saved; null when none. */
  userId: string | null;
  /** Whether a password is saved (never the password itself). */
  passwordSaved: boolean;
  /** Plain words: where the password is kept ("the system keychain", or "memory only, until Filing Desk closes"). */
  where: string;
}

/** gateway.credentials.save: the password goes into the keychain and is never sent back. */
export interface GatewayCredentialsSaveRequest {
  userId: string;
  password: string;
}

export interface FilingPreviewRequest {
  draftId: string;
  environment: FilingEnvironment;
}

/** Something that must be put right before the return can be sent; field is a Settings or wizard field id. */
export interface FilingMissing {
  /** "vendorId", "productName", "gatewayUserId", "gatewayPassword", "build", or a wizard field id. */
  field: string;
  message: string;
}

/** What will be filed, as built: the confirmation page shows it before the user sends. */
export interface FilingPreview {
  draftId: string;
  /** Box 1. */
  company: string | null;
  /** Box 3. */
  utr: string | null;
  /** Boxes 30 and 35 (YYYY-MM-DD). */
  periodStart: string | null;
  periodEnd: string | null;
  /** Box 510 (tax chargeable) or box 525 (self assessment of tax payable) as built, in pounds as written in the return ("1234.56"); null when the return has neither. */
  taxPayable: { box: '510' | '525'; amount: string } | null;
  /** The accounts and computations attached to the return as built. */
  attachments: { name: string; kind: 'accounts' | 'computations'; size: number }[];
  environment: FilingEnvironment;
  /** "Test in Live", "HMRC’s external test service", "Live". */
  environmentName: string;
  /** Where it will be sent. */
  endpoint: string;
  /** The declarant (box 975) and their status (box 985) as built. */
  declaration: { name: string | null; status: string | null };
  /** Our IRmark of the built return: base64 and HMRC's base32 form; null without a current build. */
  irmarkBase64: string | null;
  irmarkBase32: string | null;
  /** Empty when it can be sent. */
  missing: FilingMissing[];
  /** HMRC already accepted a return for this UTR and period in this environment: only an amendment may follow. */
  alreadyAccepted?: SubmissionView;
  /** A submission of this draft is under way (sent, waiting for HMRC, or unknown): another is refused until it ends. */
  underWay?: SubmissionView;
  /** The return as built is an amended return (the form's return type). */
  isAmendment: boolean;
}

export interface FilingSubmitRequest {
  draftId: string;
  environment: FilingEnvironment;
  /** The user confirmed an amendment of a return HMRC accepted; without it, such a submission is refused. */
  confirmAmendment?: boolean;
  /** The send was refused (field "claim") because another Filing Desk holds the return's claim, and the user confirmed it is surely not running: take the claim over and send. */
  takeOver?: boolean;
}

export interface FilingTransactionRequest {
  /** 32 hex digits, upper case. */
  transactionId: string;
}

/** Newest first; with neither, every submission. */
export interface FilingListRequest {
  draftId?: string;
  clientId?: string;
}

export interface FilingResumeRequest {
  transactionId: string;
  /** HMRC has no record of it (state "unknown" with canSendAgain): send the same message again. */
  sendAgain?: boolean;
  /** The user confirmed that the Filing Desk holding this return's claim (claimHeldBy) is surely not running: take the claim over and file. */
  takeOver?: boolean;
}

export interface FilingSaveRequest {
  transactionId: string;
  /** receipt: HMRC's response XML exactly as received; return: the message exactly as filed (credentials masked). */
  what: 'receipt' | 'return';
}

export interface DraftAmendRequest {
  draftId: string;
}

export type SubmissionViewState = 'prepared' | 'sent' | 'waiting' | 'accepted' | 'rejected' | 'failed' | 'unknown';

export interface SubmissionReceiptView {
  acceptedAt: string;
  irmarkBase32: string;
  irmarkBase64: string;
  /** The receipt's IRmark is the one we computed for the return. */
  matchesOurs: boolean;
  correlationId: string;
}

export interface SubmissionErrorView {
  /** HMRC's error number ("1046", "3001"). */
  number: string;
  /** HMRC's own words. */
  hmrcText: string;
  /** Plain English. */
  message: string;
  /** CT600 box numbers it concerns ("155"). */
  boxes: string[];
  /** The wizard field id to link to, as local validation messages do; null when none. */
  field: string | null;
}

export interface SubmissionView {
  transactionId: string;
  draftId: string | null;
  clientId: string | null;
  company: string;
  utr: string;
  periodStart: string;
  periodEnd: string;
  environment: FilingEnvironment;
  /** unknown = sent, no acknowledgement stored: HMRC was asked (data_request) and its answer decides. */
  state: SubmissionViewState;
  /** Plain English ("Waiting for HMRC: next check at 14:05:30"). */
  stateText: string;
  submittedAt: string | null;
  correlationId: string | null;
  pollIntervalSeconds: number | null;
  nextCheckAt: string | null;
  receipt: SubmissionReceiptView | null;
  errors: SubmissionErrorView[];
  /** HMRC refused the Government Gateway credentials (e.g. 1046): the window leads to Settings › Government Gateway. */
  authenticationFailed: boolean;
  /** HMRC has no record of it: filing.resume with sendAgain may send it. */
  canSendAgain: boolean;
  /** Another Filing Desk (perhaps on another computer sharing the data folder) holds this return's claim, so nothing was done: who, since when, in plain words; null when not. filing.resume with takeOver takes the claim over. */
  claimHeldBy: string | null;
  log: { at: string; direction: 'sent' | 'received'; kind: string }[];
}

export interface FilingChannels {
  'filing.settings.get': { request: void; response: FilingSettings };
  'filing.settings.save': { request: FilingSettings; response: FilingSettings };
  'gateway.credentials.status': { request: void; response: GatewayCredentialsStatus };
  'gateway.credentials.save': { request: GatewayCredentialsSaveRequest; response: GatewayCredentialsStatus };
  'gateway.credentials.clear': { request: void; response: GatewayCredentialsStatus };
  'filing.preview': { request: FilingPreviewRequest; response: FilingPreview };
  'filing.submit': { request: FilingSubmitRequest; response: SubmissionView };
  'filing.get': { request: FilingTransactionRequest; response: SubmissionView };
  'filing.list': { request: FilingListRequest; response: SubmissionView[] };
  'filing.resume': { request: FilingResumeRequest; response: SubmissionView };
  'filing.save': { request: FilingSaveRequest; response: FileSaveResponse };
  'drafts.amend': { request: DraftAmendRequest; response: Draft };
}

/** The channels of filing with HMRC, as one group so main can wire its own FilingDesk behind them. */
export const filingChannels = [
  'filing.settings.get',
  'filing.settings.save',
  'gateway.credentials.status',
  'gateway.credentials.save',
  'gateway.credentials.clear',
  'filing.preview',
  'filing.submit',
  'filing.get',
  'filing.list',
  'filing.resume',
  'filing.save',
  'drafts.amend',
] as const satisfies ReadonlyArray<keyof FilingChannels>;

export interface FilingBridge {
  getFilingSettings(): Promise<IpcResult<FilingSettings>>;
  saveFilingSettings(settings: FilingSettings): Promise<IpcResult<FilingSettings>>;
  gatewayCredentialsStatus(): Promise<IpcResult<GatewayCredentialsStatus>>;
  saveGatewayCredentials(request: GatewayCredentialsSaveRequest): Promise<IpcResult<GatewayCredentialsStatus>>;
  clearGatewayCredentials(): Promise<IpcResult<GatewayCredentialsStatus>>;
  previewFiling(request: FilingPreviewRequest): Promise<IpcResult<FilingPreview>>;
  submitFiling(request: FilingSubmitRequest): Promise<IpcResult<SubmissionView>>;
  getSubmission(request: FilingTransactionRequest): Promise<IpcResult<SubmissionView>>;
  listSubmissions(request: FilingListRequest): Promise<IpcResult<SubmissionView[]>>;
  resumeSubmission(request: FilingResumeRequest): Promise<IpcResult<SubmissionView>>;
  saveSubmissionFile(request: FilingSaveRequest): Promise<IpcResult<FileSaveResponse>>;
  amendDraft(request: DraftAmendRequest): Promise<IpcResult<Draft>>;
}

export const filingBridgeChannels = {
  getFilingSettings: 'filing.settings.get',
  saveFilingSettings: 'filing.settings.save',
  gatewayCredentialsStatus: 'gateway.credentials.status',
  saveGatewayCredentials: 'gateway.credentials.save',
  clearGatewayCredentials: 'gateway.credentials.clear',
  previewFiling: 'filing.preview',
  submitFiling: 'filing.submit',
  getSubmission: 'filing.get',
  listSubmissions: 'filing.list',
  resumeSubmission: 'filing.resume',
  saveSubmissionFile: 'filing.save',
  amendDraft: 'drafts.amend',
} as const satisfies { [M in keyof FilingBridge]: keyof FilingChannels };
