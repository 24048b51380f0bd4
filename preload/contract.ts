/**
 * The one contract between renderer, preload and main: every operation's
 * channel, request and response. Types only (plus the channel names and the
 * size limits, plain constants), so the sandboxed preload bundle pulls in
 * nothing from main.
 *
 * Errors cross IPC as data, because Electron forwards only the message of a
 * thrown error: every call resolves to an IpcResult.
 */
import type { FieldError } from '../main/engine/errors.js';
import type { ValidationJobResult, ValidationMessage } from '../main/engine/validation-result.js';
import type { PackagePlan, PackagePlanEntry, PackagePlanProblem, PackagePlanReference } from '../main/engine/package/draft-package.js';
import type { ServiceValidationJobResult } from '../main/engine/validation-result-schema.js';
import type { DeadlineRow } from '../main/engine/deadlines/deadline-list.js';
import { computationBridgeChannels, computationChannels, type ComputationBridge, type ComputationChannels } from './contract-computation.js';
export * from './contract-computation.js';

import { taxonomyBridgeChannels, taxonomyChannels, type TaxonomyChannels, type TaxonomyInstallRequest, type TaxonomyInstallResponse, type TaxonomyRemoveRequest, type TaxonomySummary, type InlineXbrlCheckRequest } from './contract-taxonomies.js';
export * from './contract-taxonomies.js';
export type { FieldError, ValidationJobResult, ValidationMessage, PackagePlan, PackagePlanEntry, PackagePlanProblem, PackagePlanReference, ServiceValidationJobResult };

export type IpcErrorCode =
  /** The payload broke a rule; `errors` names each field. */
  | 'invalid-request'
  /** The call did not come from our own page. */
  | 'untrusted-sender'
  /** A failure the user can act on (file could not be written, …); the message says what. */
  | 'failed'
  /** A bug or an unexpected failure; details stay in the main-process log. */
  | 'internal';

export interface IpcError {
  code: IpcErrorCode;
  message: string;
  /** The first offending field, when there is one. */
  field?: string;
  errors?: FieldError[];
}

export type IpcResult<T> = { ok: true; value: T } | { ok: false; error: IpcError };

/** A file the user dropped or chose, read as bytes in the renderer. */
export interface DroppedFile {
  fileName: string;
  bytes: Uint8Array;
}

/**
 * The build-ct600 request of the service interface. The engine owns its exact
 * shape and rules; IPC passes it through and the engine reports field errors.
 */
export type Ct600BuildRequest = Record<string, unknown>;

export interface Ct600BuildResponse {
  /** base64 of the UTF-8 message with the IRmark filled in. */
  xmlDoc: string;
  /** base64 of the same message before marking. */
  originalXmlDoc: string;
  /** 28-character base64 IRmark. */
  irMark: string;
  /** 32-character base32 form, as HMRC quotes it on the receipt. */
  irMarkBase32: string;
  suggestedFileName: string;
}

export interface Ct600VerifyResponse {
  /** IRmark computed from the document's content (base64). */
  expected: string;
  expectedBase32: string;
  /** IRmark written in the document, or null when it has none. */
  found: string | null;
  matches: boolean;
}

/** The report package request of the service interface. */
export type ReportPackageRequest = Record<string, unknown>;

export interface PackageBuildRequest {
  request: ReportPackageRequest;
  includeHash: boolean;
}

export interface PackageBuildResponse {
  zipContentBase64: string;
  hashResult?: { Hash_Result: string };
  suggestedFileName: string;
}

/** What is being saved: main owns the file type, its extension and the dialog's filter for each. */
export type SaveKind = 'ct600-xml' | 'report-package' | 'validation-csv';
export type PackageExtension = 'xbri' | 'xbr' | 'zip';

/**
 * file.save: contents and a suggested base name. The renderer never names a
 * path, a filter or an extension: main picks those from the kind, cleans the
 * name and asks the user where to save.
 */
export type FileSaveRequest =
  | { kind: 'ct600-xml'; suggestedName: string; contents: Uint8Array | string }
  | {
      kind: 'report-package';
      extension: PackageExtension;
      suggestedName: string;
      contents: Uint8Array;
      /**
       * Also write "<file>.sha256" beside it, the line `sha256sum -c` checks
       * ("<64 hex>  <file name>\n"). Off when left out; the wizard's Save turns it on by default.
       */
      writeHashFile?: boolean;
    }
  /** Validation messages exported as CSV (UTF-8 text, one message a row). */
  | { kind: 'validation-csv'; suggestedName: string; contents: string }
  /** The Deadlines list exported as CSV (UTF-8 text, one accounting period a row). */
  | { kind: 'deadlines-csv'; suggestedName: string; contents: string }
  /** The due dates of the Deadlines list as an iCalendar file (RFC 5545) for Outlook and Apple Calendar. */
  | { kind: 'deadlines-ics'; suggestedName: string; contents: string };

export interface FileSaveResponse {
  saved: boolean;
  /** The saved file's name (not its folder: the full path holds the user's name). */
  fileName?: string;
  /** The checksum file written beside it ("ACME-2024.xbri.sha256"), when one was asked for and written. */
  hashFileName?: string;
  /** Why the checksum file could not be written, in words, when the package itself was saved. */
  hashFileProblem?: string;
}

export interface AppInfo {
  version: string;
  platform: string;
}

// ---------------------------------------------------------------------------
// The client book: the firm's clients, kept by main in the app data folder.

export interface ClientDetails {
  companyName: string;
  /** Companies House registration number (box 2); '' when not known. */
  registrationNumber: string;
  /** Unique Taxpayer Reference, 10 digits (box 3); '' when not known. */
  utr: string;
  /** Usual accounting period end as month and day, "MM-DD"; '' when not known. */
  periodEnd: string;
  /** The filing service's ClientName identification header for this client; '' when not set. */
  serviceClientName: string;
  /** The filing service's ClientID identification header for this client; '' when not set. */
  serviceClientId: string;
  /**
   * Companies associated with this one (CT600 box 326), remembered for its
   * next return, where it divides the small profits limits. Left out, a new
   * client has 0 and a saved client keeps the number it had.
   */
  associatedCompanies?: number;
  /**
   * The client's periods of account (the periods its accounts cover), oldest
   * first; after the last, the usual period end generates the next ones. Left
   * out when saving: the periods already in the book are kept.
   */
  periods?: ClientPeriod[];
  /** Pays corporation tax by quarterly instalments as a large or very large company; null or absent: does not. */
  instalments?: 'large' | 'very-large' | null;
  /** The two returns before the first period in the book were delivered late, so a third late one pays the larger penalties (£1,000, or £500 when due before 1 April 2026). */
  lateTwiceBefore?: boolean;
}

/**
 * A period of account, as ISO dates. One longer than 12 months is two (or
 * more) accounting periods, each with its own return; the filing record
 * applies to them all.
 */
export interface ClientPeriod {
  start: string;
  end: string;
  /** The day the return(s) were delivered to HMRC, as an ISO date; null while not filed. */
  filedOn: string | null;
  /** HMRC accepted them. */
  accepted: boolean;
  /**
   * The day HMRC served its notice to deliver the return, when it was served
   * late: the filing date is then three months on if that is later (FA 1998
   * Sch 18 para 14(1)(c)). Null or absent: not served late.
   */
  noticeServedOn?: string | null;
  /** Corporation tax paid for the period, oldest first; absent from books saved before payments were recorded. */
  payments?: ClientPayment[];
}

/** A payment of corporation tax: the day HMRC received it and the amount in pounds and pence ("12000.00"). */
export interface ClientPayment {
  date: string;
  amount: string;
}

export interface Client extends ClientDetails {
  /** 0 for a client saved before Filing Desk remembered it. */
  associatedCompanies: number;
  id: string;
  archived: boolean;
  createdAt: string;
  changedAt: string;
}

/**
 * Why the client book on disk could not be used as it is. An unreadable book
 * is moved aside (keptAs names where) and a new one started; a book made by
 * a newer Filing Desk is left in place (keptAs is its own name) and the book
 * is read-only until Filing Desk is updated.
 */
export interface ClientBookNotice {
  /** The book's file name in the data folder ("clients.json"). */
  fileName: string;
  /** The name the file has now, in the same folder. */
  keptAs: string;
  /** Why, in words. */
  reason: string;
  /** Saving and archiving are refused while this is true. */
  readOnly: boolean;
}

export interface ClientListRequest {
  /** Matches company name, UTR or registration number (case and spaces ignored); '' lists all. */
  query: string;
  includeArchived: boolean;
}

/** Adds a client (no id) or replaces the details of one (id). */
export interface ClientSaveRequest {
  id?: string;
  details: ClientDetails;
}

export interface ClientArchiveRequest {
  id: string;
  archived: boolean;
}

// ---------------------------------------------------------------------------
// Deadlines: every client's accounting periods, computed by main from the
// client book and the drafts (main/engine/deadlines).

export type { DeadlineRow };

export interface DeadlineList {
  /** The day the list was computed for, on this computer's calendar (ISO). */
  today: string;
  /** Overdue first, then due in the next 90 days, then later, then filed; overdue returns whatever their date. */
  rows: DeadlineRow[];
}

// ---------------------------------------------------------------------------
// Drafts: one file per draft under the app data folder, written atomically.

export type DraftKind = 'ct600' | 'report-package';
export type DraftState = 'in-progress' | 'built' | 'validated';
/** The extension of a draft exported to pass to a colleague ("ACME 2024.fdesk"). */
export const DRAFT_FILE_EXTENSION = 'fdesk';

/**
 * What the wizard holds, as the user typed it (text, not yet valid figures),
 * so a reload gives back exactly what was on screen. The renderer owns its
 * shape; main stores it as JSON within size and depth limits.
 */
export type DraftForm = Record<string, unknown>;

export type AttachmentRole = 'accounts' | 'computations' | 'report' | 'taxonomy';

/** A file attached to a draft; its bytes stay in main, beside the draft. */
export interface DraftAttachment {
  id: string;
  role: AttachmentRole;
  /** The file's name; for taxonomy files, its path inside the package ("acme/acme-2024.xsd"). */
  fileName: string;
  size: number;
  /** Lowercase hex SHA-256 of the bytes. */
  sha256: string;
  /** Whether the file is inline XBRL with an ix:header (meaningful for .xhtml/.html files). */
  hasInlineXbrlHeader: boolean;
  addedAt: string;
}

export type AnsweredBy = 'engine' | 'service';

export interface DraftBuildRecord {
  builtAt: string;
  answeredBy: AnsweredBy;
  /** SHA-256 over the form and attachments the build was made from. */
  fingerprint: string;
  /** The suggested file name of what was built ("ACME-2024-ct600.xml", "ACME-2024.xbri"). */
  fileName: string;
  /** Bytes of the built document or package. */
  size: number;
  /** Lowercase hex SHA-256 of the built bytes. */
  sha256: string;
  /** CT600 only. */
  irMark?: string;
  irMarkBase32?: string;
}

export interface DraftValidationRecord {
  validatedAt: string;
  answeredBy: AnsweredBy;
  result: ValidationJobResult;
}

export interface Draft {
  id: string;
  kind: DraftKind;
  schemaVersion: number;
  createdAt: string;
  changedAt: string;
  clientId: string | null;
  title: string;
  /** ISO dates (YYYY-MM-DD) of the period, for the draft list; null until known. */
  periodFrom: string | null;
  periodTo: string | null;
  form: DraftForm;
  attachments: DraftAttachment[];
  lastBuild: DraftBuildRecord | null;
  lastValidation: DraftValidationRecord | null;
  /** Whether the form or attachments changed since lastBuild. */
  changedSinceBuild: boolean;
  /** in-progress, or built / validated while nothing changed since that build. */
  state: DraftState;
  /**
   * HMRC accepted a submission of this draft: it is read-only (drafts.save is
   * refused) until drafts.amend starts an amendment. Main always sets it; a
   * Draft made by an older Filing Desk reads as null.
   */
  filed?: DraftFiled | null;
}

/** The accepted submission that made a draft Filed. */
export interface DraftFiled {
  transactionId: string;
  acceptedAt: string;
  environment: FilingEnvironment;
}

export interface DraftSummary {
  id: string;
  kind: DraftKind;
  title: string;
  clientId: string | null;
  clientName: string | null;
  periodFrom: string | null;
  periodTo: string | null;
  state: DraftState;
  changedAt: string;
  /** Set once HMRC accepted the return (in any environment); absent from older lists. */
  filed?: DraftFiled | null;
}

/** A draft file that could not be read: moved aside as "<name>.unreadable-<time>", never dropped. */
export interface UnreadableDraftFile {
  /** The file name it had ("3f2c….json"). */
  fileName: string;
  /** The name it was moved to, in the same folder. */
  movedTo: string;
  /** Why it could not be read, in words. */
  reason: string;
}

export interface DraftList {
  /** Most recently changed first. */
  drafts: DraftSummary[];
  unreadable: UnreadableDraftFile[];
  /** Deleted drafts that can still be restored, most recently deleted first. */
  trash: DraftSummary[];
}

export interface DraftCreateRequest {
  kind: DraftKind;
  clientId: string | null;
  title: string;
  form: DraftForm;
}

export interface DraftSaveRequest {
  id: string;
  clientId: string | null;
  title: string;
  periodFrom: string | null;
  periodTo: string | null;
  form: DraftForm;
}

export interface DraftSaveResponse {
  changedAt: string;
  changedSinceBuild: boolean;
  state: DraftState;
}

export interface DraftIdRequest {
  id: string;
}

export interface DraftAttachRequest {
  draftId: string;
  role: AttachmentRole;
  fileName: string;
  bytes: Uint8Array;
}

export interface DraftDetachRequest {
  draftId: string;
  attachmentId: string;
}

/** drafts.openFile: main shows the open dialog for .fdesk files; null when the user cancelled. */
export interface DraftOpenFileResponse {
  draft: Draft | null;
}

// ---------------------------------------------------------------------------
// CT600 returns from a draft.

/**
 * A build-ct600 request made from the wizard, without attachedFiles: main adds
 * the draft's attachments (accounts and computations) itself.
 */
export interface Ct600DraftRequest {
  draftId: string;
  /** The form as it is now; saved with the build so the record matches it. */
  form: DraftForm;
  request: Ct600BuildRequest;
}

export interface Ct600DraftBuildResponse {
  build: Ct600BuildResponse;
  /** The full local validation job on the built document: schema, business rules, IRmark. */
  validation: ValidationJobResult;
  draft: Draft;
}

/** The boxes of the return a draft's attachments must agree with, as far as the form gives them. */
export interface Ct600AttachmentBoxes {
  /** Box 2. */
  registrationNumber?: string;
  /** Box 3, the UTR. */
  utr?: string;
  /** Box 30, YYYY-MM-DD. */
  periodFrom?: string;
  /** Box 35, YYYY-MM-DD. */
  periodTo?: string;
  /** Box 80A: the accounts are for this period (false for box 85A, a different period). */
  accountsForThisPeriod?: boolean;
  /** Box 80B: the computations are for this period. */
  computationsForThisPeriod?: boolean;
}

/** ct600.checkAttachments: each attached accounts and computations file, checked as HMRC checks it. */
export interface Ct600AttachmentCheckRequest {
  draftId: string;
  boxes: Ct600AttachmentBoxes;
}

/** What HMRC would find wrong with one attached file (no messages: nothing found). */
export interface Ct600AttachmentFindings {
  attachmentId: string;
  fileName: string;
  role: 'accounts' | 'computations';
  messages: ValidationMessage[];
}

/** ct600.checkDraft: the draft's request and attachments, built and checked, nothing recorded. */
export interface Ct600DraftCheckRequest {
  draftId: string;
  request: Ct600BuildRequest;
}

// ---------------------------------------------------------------------------
// Report packages from a draft.

/**
 * The wizard's About and Entry points pages as a report package request
 * (name, identifier, version, description, publisher, publisherUrl,
 * publisherCountry, publicationDate as YYYY-MM-DD, reportPackageLanguage,
 * reportPackageName, entrypoints). Without reportName, reportBase64Content and
 * base64ZipFiles: main adds the draft's report and taxonomy attachments.
 */
export type PackageDraftMetadata = Record<string, unknown>;

/** package.planDraft: the package as it will be written, and what the engine would refuse. Nothing is recorded. */
export interface PackagePlanRequest {
  draftId: string;
  request: PackageDraftMetadata;
}

export interface PackageDraftBuildRequest {
  draftId: string;
  /** The form as it is now; saved with the build so the record matches it. */
  form: DraftForm;
  request: PackageDraftMetadata;
  /** Ask for the service's Hash_Result too (the SHA-256 is always in the response). */
  includeHash: boolean;
}

export interface PackageDraftBuild {
  /** The package's bytes, exactly as recorded; pass them to file.save. */
  bytes: Uint8Array;
  suggestedFileName: string;
  hashResult?: { Hash_Result: string };
}

export interface PackageDraftBuildResponse {
  build: PackageDraftBuild;
  extension: PackageExtension;
  /** "ACME-2024.xbri". */
  fileName: string;
  /** Lowercase hex SHA-256 of build.bytes. */
  sha256: string;
  size: number;
  /** The package validator's result on the built bytes (rpe:/tpe: messages, each naming its entry). */
  validation: ValidationJobResult;
  /** Reports the validator found (1 for a package built here). */
  reportCount: number;
  draft: Draft;
}

/** drafts.findBuild: which drafts built exactly these bytes. */
export interface DraftFindBuildRequest {
  /** Lowercase hex SHA-256. */
  sha256: string;
}

export interface DraftBuildMatch {
  draftId: string;
  kind: DraftKind;
  title: string;
  /** The name it was built as ("ACME-2024.xbri"). */
  fileName: string;
  size: number;
  sha256: string;
  builtAt: string;
  answeredBy: AnsweredBy;
  /** The draft was changed after this build (the match is still the bytes that build made). */
  changedSinceBuild: boolean;
}

export interface DraftFindBuildResponse {
  /** Most recently built first; empty when no draft built these bytes. */
  matches: DraftBuildMatch[];
}

// ---------------------------------------------------------------------------
// Events main sends to the page (the application menu acts on drafts).

export type MenuCommand = 'new-return' | 'new-package' | 'open' | 'save' | 'save-as';
export const menuCommands = ['new-return', 'new-package', 'open', 'save', 'save-as'] as const satisfies ReadonlyArray<MenuCommand>;
/** The one channel main sends on; the preload passes only a known MenuCommand through. */
export const MENU_COMMAND_CHANNEL = 'menu.command';

/** Channel → request and response (GitHub Desktop's RequestResponseChannels); each domain's own contract file adds its channels. */
export interface RequestResponseChannels extends ComputationChannels, TaxonomyChannels {
  'ct600.build': { request: Ct600BuildRequest; response: Ct600BuildResponse };
  'ct600.verify': { request: DroppedFile; response: Ct600VerifyResponse };
  'ct600.validate': { request: DroppedFile; response: ValidationJobResult };
  'ct600.buildDraft': { request: Ct600DraftRequest; response: Ct600DraftBuildResponse };
  'ct600.checkDraft': { request: Ct600DraftCheckRequest; response: ValidationJobResult };
  'ct600.checkAttachments': { request: Ct600AttachmentCheckRequest; response: Ct600AttachmentFindings[] };
  'package.build': { request: PackageBuildRequest; response: PackageBuildResponse };
  'package.validate': { request: DroppedFile; response: ValidationJobResult };
  'package.planDraft': { request: PackagePlanRequest; response: PackagePlan };
  'package.buildDraft': { request: PackageDraftBuildRequest; response: PackageDraftBuildResponse };
  'clients.list': { request: ClientListRequest; response: Client[] };
  'clients.save': { request: ClientSaveRequest; response: Client };
  'clients.archive': { request: ClientArchiveRequest; response: Client };
  'clients.notice': { request: void; response: ClientBookNotice | null };
  'deadlines.list': { request: void; response: DeadlineList };
  'drafts.list': { request: void; response: DraftList };
  'drafts.create': { request: DraftCreateRequest; response: Draft };
  'drafts.open': { request: DraftIdRequest; response: Draft };
  'drafts.save': { request: DraftSaveRequest; response: DraftSaveResponse };
  'drafts.delete': { request: DraftIdRequest; response: DraftList };
  'drafts.restore': { request: DraftIdRequest; response: DraftList };
  'drafts.attach': { request: DraftAttachRequest; response: Draft };
  'drafts.detach': { request: DraftDetachRequest; response: Draft };
  'drafts.export': { request: DraftIdRequest; response: FileSaveResponse };
  'drafts.import': { request: DroppedFile; response: Draft };
  'drafts.openFile': { request: void; response: DraftOpenFileResponse };
  'drafts.findBuild': { request: DraftFindBuildRequest; response: DraftFindBuildResponse };
  'file.save': { request: FileSaveRequest; response: FileSaveResponse };
  'app.info': { request: void; response: AppInfo };
  // Online (settings, session, outbox, service builds, validation jobs)
  'settings.get': { request: void; response: OnlineSettings };
  'settings.save': { request: OnlineSettings; response: OnlineSettings };
  'settings.testConnection': { request: OnlineSettings; response: ConnectionTestResult };
  'session.status': { request: void; response: SessionStatus };
  'session.signIn': { request: SignInRequest; response: SessionStatus };
  'session.signOut': { request: void; response: SessionStatus };
  'online.status': { request: void; response: OnlineStatus };
  'outbox.list': { request: void; response: OutboxItemView[] };
  /** Files in the outbox folder that could not be used when it was opened, each in a sentence naming the file and the reason. */
  'outbox.problems': { request: void; response: string[] };
  'outbox.retry': { request: OutboxIdRequest; response: OutboxItemView };
  'outbox.cancel': { request: OutboxIdRequest; response: OutboxItemView };
  'ct600.sendDraft': { request: SendDraftRequest; response: SendDraftResponse };
  'package.sendDraft': { request: SendDraftRequest; response: SendDraftResponse };
  'drafts.serviceResults': { request: DraftIdRequest; response: DraftServiceResults };
  'jobs.follow': { request: JobFollowRequest; response: FollowedJob };
  'jobs.get': { request: JobIdRequest; response: FollowedJob };
  'jobs.send': { request: JobSendRequest; response: SendDraftResponse };
  // Filing with HMRC (Transaction Engine)
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
] as const satisfies ReadonlyArray<keyof RequestResponseChannels>;

export const channels = [
  'ct600.build',
  'ct600.verify',
  'ct600.validate',
  'ct600.buildDraft',
  'ct600.checkDraft',
  'ct600.checkAttachments',
  'package.build',
  'package.validate',
  'package.planDraft',
  'package.buildDraft',
  'clients.list',
  'clients.save',
  'clients.archive',
  'clients.notice',
  'deadlines.list',
  'drafts.list',
  'drafts.create',
  'drafts.open',
  'drafts.save',
  'drafts.delete',
  'drafts.restore',
  'drafts.attach',
  'drafts.detach',
  'drafts.export',
  'drafts.import',
  'drafts.openFile',
  'drafts.findBuild',
  'file.save',
  'app.info',
  // Online
  'settings.get',
  'settings.save',
  'settings.testConnection',
  'session.status',
  'session.signIn',
  'session.signOut',
  'online.status',
  'outbox.list',
  'outbox.problems',
  'outbox.retry',
  'outbox.cancel',
  'ct600.sendDraft',
  'package.sendDraft',
  'drafts.serviceResults',
  'jobs.follow',
  'jobs.get',
  'jobs.send',
  // Filing with HMRC
  ...filingChannels,
  // The tax computation
  ...computationChannels,
  // Taxonomy packages (contract-taxonomies.ts)
  ...taxonomyChannels,
] as const satisfies ReadonlyArray<keyof RequestResponseChannels>;

export type Channel = (typeof channels)[number];
export type RequestOf<C extends Channel> = RequestResponseChannels[C]['request'];
export type ResponseOf<C extends Channel> = RequestResponseChannels[C]['response'];

/** window.filingDesk: one method per operation. */
export interface FilingDeskBridge extends ComputationBridge {
  buildCt600(request: Ct600BuildRequest): Promise<IpcResult<Ct600BuildResponse>>;
  verifyCt600(file: DroppedFile): Promise<IpcResult<Ct600VerifyResponse>>;
  validateCt600(file: DroppedFile): Promise<IpcResult<ValidationJobResult>>;
  buildCt600Draft(request: Ct600DraftRequest): Promise<IpcResult<Ct600DraftBuildResponse>>;
  checkCt600Draft(request: Ct600DraftCheckRequest): Promise<IpcResult<ValidationJobResult>>;
  checkCt600Attachments(request: Ct600AttachmentCheckRequest): Promise<IpcResult<Ct600AttachmentFindings[]>>;
  buildPackage(request: PackageBuildRequest): Promise<IpcResult<PackageBuildResponse>>;
  validatePackage(file: DroppedFile): Promise<IpcResult<ValidationJobResult>>;
  planPackageDraft(request: PackagePlanRequest): Promise<IpcResult<PackagePlan>>;
  buildPackageDraft(request: PackageDraftBuildRequest): Promise<IpcResult<PackageDraftBuildResponse>>;
  listClients(request: ClientListRequest): Promise<IpcResult<Client[]>>;
  saveClient(request: ClientSaveRequest): Promise<IpcResult<Client>>;
  archiveClient(request: ClientArchiveRequest): Promise<IpcResult<Client>>;
  /** Why the client book on disk could not be used as it is, or null. */
  clientBookNotice(): Promise<IpcResult<ClientBookNotice | null>>;
  listDeadlines(): Promise<IpcResult<DeadlineList>>;
  listDrafts(): Promise<IpcResult<DraftList>>;
  createDraft(request: DraftCreateRequest): Promise<IpcResult<Draft>>;
  openDraft(request: DraftIdRequest): Promise<IpcResult<Draft>>;
  saveDraft(request: DraftSaveRequest): Promise<IpcResult<DraftSaveResponse>>;
  deleteDraft(request: DraftIdRequest): Promise<IpcResult<DraftList>>;
  restoreDraft(request: DraftIdRequest): Promise<IpcResult<DraftList>>;
  attachToDraft(request: DraftAttachRequest): Promise<IpcResult<Draft>>;
  detachFromDraft(request: DraftDetachRequest): Promise<IpcResult<Draft>>;
  exportDraft(request: DraftIdRequest): Promise<IpcResult<FileSaveResponse>>;
  importDraft(file: DroppedFile): Promise<IpcResult<Draft>>;
  openDraftFile(): Promise<IpcResult<DraftOpenFileResponse>>;
  findDraftBuild(request: DraftFindBuildRequest): Promise<IpcResult<DraftFindBuildResponse>>;
  saveFile(request: FileSaveRequest): Promise<IpcResult<FileSaveResponse>>;
  appInfo(): Promise<IpcResult<AppInfo>>;
  /** Calls the listener for each application menu command; returns the function that stops it. */
  onMenuCommand(listener: (command: MenuCommand) => void): () => void;
  // Online
  getOnlineSettings(): Promise<IpcResult<OnlineSettings>>;
  saveOnlineSettings(settings: OnlineSettings): Promise<IpcResult<OnlineSettings>>;
  testConnection(settings: OnlineSettings): Promise<IpcResult<ConnectionTestResult>>;
  sessionStatus(): Promise<IpcResult<SessionStatus>>;
  signIn(request: SignInRequest): Promise<IpcResult<SessionStatus>>;
  signOut(): Promise<IpcResult<SessionStatus>>;
  onlineStatus(): Promise<IpcResult<OnlineStatus>>;
  listOutbox(): Promise<IpcResult<OutboxItemView[]>>;
  listOutboxProblems(): Promise<IpcResult<string[]>>;
  retryOutboxItem(request: OutboxIdRequest): Promise<IpcResult<OutboxItemView>>;
  cancelOutboxItem(request: OutboxIdRequest): Promise<IpcResult<OutboxItemView>>;
  sendCt600Draft(request: SendDraftRequest): Promise<IpcResult<SendDraftResponse>>;
  sendPackageDraft(request: SendDraftRequest): Promise<IpcResult<SendDraftResponse>>;
  draftServiceResults(request: DraftIdRequest): Promise<IpcResult<DraftServiceResults>>;
  followJob(request: JobFollowRequest): Promise<IpcResult<FollowedJob>>;
  getJob(request: JobIdRequest): Promise<IpcResult<FollowedJob>>;
  sendFileForValidation(request: JobSendRequest): Promise<IpcResult<SendDraftResponse>>;
  /** Calls the listener with each online status main pushes; returns the function that stops it. */
  onOnlineStatus(listener: (status: OnlineStatus) => void): () => void;
  // Filing with HMRC
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
  /** Taxonomy packages installed in the data folder (contract-taxonomies.ts). */
  listTaxonomies(): Promise<IpcResult<TaxonomySummary[]>>;
  installTaxonomy(request: TaxonomyInstallRequest): Promise<IpcResult<TaxonomyInstallResponse>>;
  removeTaxonomy(request: TaxonomyRemoveRequest): Promise<IpcResult<TaxonomySummary[]>>;
  checkInlineXbrl(request: InlineXbrlCheckRequest): Promise<IpcResult<ValidationJobResult>>;
}

/** The subscriptions to events main pushes; every other method invokes a channel. */
type InvokeMethod = Exclude<keyof FilingDeskBridge, 'onMenuCommand' | 'onOnlineStatus' | 'onFileOpened'>;

/** Which channel each bridge method calls; the preload and the browser shim both follow it. */
export const bridgeChannels = {
  buildCt600: 'ct600.build',
  verifyCt600: 'ct600.verify',
  validateCt600: 'ct600.validate',
  buildCt600Draft: 'ct600.buildDraft',
  checkCt600Draft: 'ct600.checkDraft',
  checkCt600Attachments: 'ct600.checkAttachments',
  buildPackage: 'package.build',
  validatePackage: 'package.validate',
  planPackageDraft: 'package.planDraft',
  buildPackageDraft: 'package.buildDraft',
  listClients: 'clients.list',
  saveClient: 'clients.save',
  archiveClient: 'clients.archive',
  clientBookNotice: 'clients.notice',
  listDeadlines: 'deadlines.list',
  listDrafts: 'drafts.list',
  createDraft: 'drafts.create',
  openDraft: 'drafts.open',
  saveDraft: 'drafts.save',
  deleteDraft: 'drafts.delete',
  restoreDraft: 'drafts.restore',
  attachToDraft: 'drafts.attach',
  detachFromDraft: 'drafts.detach',
  exportDraft: 'drafts.export',
  importDraft: 'drafts.import',
  openDraftFile: 'drafts.openFile',
  findDraftBuild: 'drafts.findBuild',
  saveFile: 'file.save',
  appInfo: 'app.info',
  // Online
  getOnlineSettings: 'settings.get',
  saveOnlineSettings: 'settings.save',
  testConnection: 'settings.testConnection',
  sessionStatus: 'session.status',
  signIn: 'session.signIn',
  signOut: 'session.signOut',
  onlineStatus: 'online.status',
  listOutbox: 'outbox.list',
  listOutboxProblems: 'outbox.problems',
  retryOutboxItem: 'outbox.retry',
  cancelOutboxItem: 'outbox.cancel',
  sendCt600Draft: 'ct600.sendDraft',
  sendPackageDraft: 'package.sendDraft',
  draftServiceResults: 'drafts.serviceResults',
  followJob: 'jobs.follow',
  getJob: 'jobs.get',
  sendFileForValidation: 'jobs.send',
  // Filing with HMRC
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
  // The tax computation
  ...computationBridgeChannels,
  ...taxonomyBridgeChannels,
} as const satisfies { [M in InvokeMethod]: Channel };

const MiB = 1024 * 1024;

/**
 * Size limits, shared by the renderer (to refuse a file before reading it)
 * and main (which refuses for real, whatever the renderer did).
 *
 * A CT600 return: HMRC refuses a submission over 25 MB, so a bigger file
 * cannot be a return HMRC would take; 30 MiB leaves room for a file saved
 * with extra whitespace or a BOM without letting a huge XML document tie up
 * the engine.
 */
export const MAX_CT600_XML_BYTES = 30 * MiB;
/** A report package: what the package validator accepts (main/engine/package DEFAULT_ZIP_LIMITS, 256 MiB). */
export const MAX_REPORT_PACKAGE_BYTES = 256 * MiB;
/** file.save of a CT600 return: the same ceiling as a dropped one. */
export const MAX_SAVED_XML_BYTES = 30 * MiB;
/** file.save of a built package: 256 MiB of content plus zip headers and the generated metadata. */
export const MAX_SAVED_PACKAGE_BYTES = 300 * MiB;

/** "30 MB": limits are whole MiB; shown as MB, as the file-size text is. */
export function describeLimit(bytes: number): string {
  return `${Math.round(bytes / MiB)} MB`;
}

/**
 * Attachments of one CT600 return: HMRC caps the message at 25 MB, and the
 * engine accepts at most 25 MiB of base64 in all (MAX_ATTACHMENTS_BASE64_BYTES
 * in main/engine/ct600/request-schema.ts, kept equal by a test). The page shows
 * this as a meter and refuses a file that would pass it before reading it.
 */
export const MAX_CT600_ATTACHMENTS_BASE64_BYTES = 25 * MiB;
/** The base64 length of n bytes, as the engine counts attachments. */
export function base64SizeOf(bytes: number): number {
  return 4 * Math.ceil(bytes / 3);
}
/** The wizard's form as JSON: generous for any return or package description. */
export const MAX_DRAFT_FORM_BYTES = 1 * MiB;
/** One file attached to a draft: a package's report or taxonomy file may be as large as a package. */
export const MAX_DRAFT_ATTACHMENT_BYTES = MAX_REPORT_PACKAGE_BYTES;
/** An exported draft (.fdesk): its form plus its attachments in base64. */
export const MAX_DRAFT_FILE_BYTES = 400 * MiB;

// ---------------------------------------------------------------------------
// Online: settings of the filing service, the signed-in session, the outbox of
// remote requests and validation jobs followed on the service. Secrets go to
// main in session.signIn and never come back: no response carries them.

/** The identification headers sent with every operation (ClientName/ClientID come from each draft's client). */
export interface IdentificationHeaders {
  applicationName: string;
  partnerName: string;
  partnerId: string;
  customerName: string;
  customerId: string;
}

/** GovTalk header values the CT600 message carries. */
export interface GovTalkSettings {
  /** HMRC's 4-digit vendor id for this software. */
  vendorId: string;
  productVersion: string;
  /** GatewayTest: the message is a test submission. */
  gatewayTest: boolean;
  /** Test in live: a test submission sent to the live gateway. */
  testInLive: boolean;
}

export interface OnlineSettings {
  /** {base_url}: https, or http to this computer only; '' while the service is not set up. */
  baseUrl: string;
  /** {auth_url}: the token endpoint is `${authUrl}/connect/token`; '' while not set up. */
  authUrl: string;
  /** Sent as x-api-version. */
  apiVersion: string;
  identification: IdentificationHeaders;
  govTalk: GovTalkSettings;
  /** Whether report packages ask the service for the file hash. */
  includeHash: boolean;
  /** Never contact the service: the outbox keeps everything until this is switched off. */
  workOffline: boolean;
}

/** settings.testConnection: what happened at the token endpoint, in words. */
export type ConnectionProblem =
  | 'not-configured'
  | 'bad-url'
  | 'not-found'
  | 'certificate'
  | 'unreachable'
  | 'timeout'
  | 'wrong-client'
  | 'wrong-user'
  | 'rate-limited'
  | 'service-down'
  | 'unexpected';

export interface ConnectionTestResult {
  ok: boolean;
  /** Absent when ok. */
  problem?: ConnectionProblem;
  /** One plain sentence for the Settings screen: what worked, or what went wrong and what to do. */
  message: string;
}

export interface KeychainInfo {
  kind: 'os-keychain' | 'memory-only';
  /** Plain words: where secrets are kept and for how long. */
  description: string;
}

export interface SessionStatus {
  signedIn: boolean;
  /** The user name last used (filled into the sign-in form); '' when none. */
  username: string;
  /** The client id last used; '' when none. */
  clientId: string;
  /** The service's address ("https://api.example.com"); '' when not set up. */
  service: string;
  /** Why not signed in (the session ended, wrong password, …); null when signed in or never signed in. */
  reason: string | null;
  keychain: KeychainInfo;
}

/** session.signIn: the secrets go to main and into the keychain, never back. */
export interface SignInRequest {
  clientId: string;
  clientSecret: string;
  username: string;
  password: string;
}

export type OutboxItemKind = 'ct600-build' | 'package-build' | 'validation-create';
export type OutboxItemState = 'queued' | 'sending' | 'done' | 'failed' | 'cancelled';

export interface OutboxItemView {
  /** Also the Idempotency-Key sent with every attempt. */
  id: string;
  kind: OutboxItemKind;
  draftId: string | null;
  /** The draft's title, or the file name for a validation. */
  title: string;
  state: OutboxItemState;
  attempts: number;
  createdAt: string;
  /** When it will be tried next (queued only); null when it waits for nothing but its turn, sign-in or the network. */
  nextTryAt: string | null;
  /** Why it is waiting or failed, in words; null when there is nothing to say. */
  reason: string | null;
  /** A validation sent: the job id the service gave. */
  jobId?: string;
  /** Its request file is missing or not the one queued: it can never be sent, so Retry is not offered (Cancel is). */
  cannotBeSent?: true;
}

export interface OutboxCounts {
  queued: number;
  sending: number;
  done: number;
  failed: number;
}

export interface OutboxIdRequest {
  id: string;
}

export type OnlineState = 'online' | 'offline' | 'signed-out' | 'paused';

/** Pushed by main on ONLINE_STATUS_CHANNEL whenever any of it changes; also answered by online.status. */
export interface OnlineStatus {
  state: OnlineState;
  /** Plain words for the window's status bar. */
  message: string;
  workOffline: boolean;
  signedInAs: string | null;
  outbox: OutboxCounts;
}

/** ct600.sendDraft / package.sendDraft: queue a build of the draft on the service. */
export interface SendDraftRequest {
  draftId: string;
  /** The request as the wizard would build it locally (CT600 without attachedFiles: main adds the draft's). */
  request: Record<string, unknown>;
}

export interface SendDraftResponse {
  item: OutboxItemView;
}

/** Whether the service and the engine gave the same result for the same figures. */
export interface BuildAgreement {
  fingerprint: string;
  comparedAt: string;
  agrees: boolean;
  /** Each part compared: the document or package bytes, and the IRmark or hash. */
  parts: { part: 'document' | 'irmark' | 'package' | 'hash'; agrees: boolean; engine: string; service: string }[];
  /** Where the bytes first differ, with a little text either side; null when they agree. */
  firstDifference: { offset: number; line: number; engine: string; service: string } | null;
}

/** A build the service answered for a draft. */
export interface ServiceBuildRecord {
  outboxId: string;
  builtAt: string;
  answeredBy: 'service';
  service: string;
  /** x-api-version sent. */
  apiVersion: string;
  fingerprint: string;
  size: number;
  sha256: string;
  irMark?: string;
  hash?: string;
}

/** What the service has answered for one draft, kept beside it by main. */
export interface DraftServiceResults {
  draftId: string;
  lastServiceBuild: ServiceBuildRecord | null;
  agreement: BuildAgreement | null;
  jobs: FollowedJob[];
}

export type FollowedJobState = 'following' | 'finished' | 'failed';

export interface FollowedJob {
  id: string;
  draftId: string | null;
  state: FollowedJobState;
  startedAt: string;
  polls: number;
  nextPollAt: string | null;
  reason: string | null;
  /**
   * The full result; shown with the same component as a local validation. The
   * service may use words of its own for status, result and category (the
   * interface does not list them), so they are plain strings here.
   */
  result: ServiceValidationJobResult | null;
  /** The filtered view (errors and warnings, repeated messages collapsed). */
  filtered: ServiceValidationJobResult | null;
}

export interface JobFollowRequest {
  /** The job id (UUID), typed in or returned by the service. */
  id: string;
  draftId: string | null;
}

export interface JobIdRequest {
  id: string;
}

/** jobs.send: only when the service is this computer's own server (POST /validation is our extension). */
export interface JobSendRequest {
  draftId: string | null;
  file: DroppedFile;
}

/** The channel main pushes OnlineStatus on; the preload passes only a well-formed status through. */
export const ONLINE_STATUS_CHANNEL = 'online.status-changed';

/** Limits of the online payloads (main refuses above them). */
export const MAX_SETTING_TEXT = 200;
export const MAX_URL_LENGTH = 2000;
export const MAX_SECRET_LENGTH = 4096;

// ---------------------------------------------------------------------------
// Filing with HMRC: a built CT600 return sent through HMRC's Transaction Engine
// (main/filing). The Government Gateway password goes to main in
// gateway.credentials.save and never comes back: no response carries it.

/** til: Test in Live (HMRC checks it, nothing is filed); ets: HMRC's external test service; live: filed for real. */
export type FilingEnvironment = 'til' | 'ets' | 'live';

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
  log: { at: string; direction: 'sent' | 'received'; kind: string }[];
}

// ---------------------------------------------------------------------------
// Files the operating system asks the app to open (a double-clicked .xbri,
// .xbr or .fdesk). Main checks the path (a regular file, its size, its
// extension and its first bytes) and sends the page the name and bytes only.

/** A file opened from outside the app: its name (no folder) and contents. */
export interface OpenedFile {
  fileName: string;
  bytes: Uint8Array;
}
/** main → page: one OpenedFile per file. */
export const FILE_OPENED_CHANNEL = 'file.opened';
/** page → main (send, no answer): the page listens now, so files main kept waiting can be sent. */
export const FILE_OPENED_SUBSCRIBE_CHANNEL = 'file.opened.subscribe';
/** The extensions main lets through, in lower case. */
export const openedFileExtensions = ['xbri', 'xbr', 'fdesk'] as const;

/** The preload's check of what arrives on FILE_OPENED_CHANNEL: only a plain name with a known extension, and bytes. */
export function isOpenedFile(value: unknown): value is OpenedFile {
  if (typeof value !== 'object' || value === null) return false;
  const { fileName, bytes } = value as Partial<OpenedFile>;
  if (typeof fileName !== 'string' || fileName.length === 0 || fileName.length > 255 || /[\\/\0]/.test(fileName)) return false;
  const extension = fileName.slice(fileName.lastIndexOf('.') + 1).toLowerCase();
  return (openedFileExtensions as readonly string[]).includes(extension) && bytes instanceof Uint8Array;
}

export interface FilingDeskBridge {
  /** Calls the listener for each file the operating system opened with the app; returns the function that stops it. */
  onFileOpened(listener: (file: OpenedFile) => void): () => void;
}
