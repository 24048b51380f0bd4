/**
 * Drafts: one file per draft under the app data folder, written atomically;
 * their attachments, exports (.fdesk) and the builds recorded with them.
 */
import type { DroppedFile, IpcResult, ValidationJobResult } from './contract-ipc.js';
import type { FileSaveResponse } from './contract-files.js';
import type { FilingEnvironment } from './contract-filing-environment.js';

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

export interface DraftChannels {
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
}

export const draftChannels = [
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
] as const satisfies ReadonlyArray<keyof DraftChannels>;

export interface DraftBridge {
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
}

export const draftBridgeChannels = {
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
} as const satisfies { [M in keyof DraftBridge]: keyof DraftChannels };
