/**
 * CT600 returns: built from a request or a draft, verified (the IRmark) and
 * validated as HMRC would, and a draft's attachments checked against the
 * boxes of the return.
 */
import type { DroppedFile, IpcResult, ValidationJobResult, ValidationMessage } from './contract-ipc.js';
import type { Draft, DraftForm } from './contract-drafts.js';

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

export interface Ct600Channels {
  'ct600.build': { request: Ct600BuildRequest; response: Ct600BuildResponse };
  'ct600.verify': { request: DroppedFile; response: Ct600VerifyResponse };
  'ct600.validate': { request: DroppedFile; response: ValidationJobResult };
  'ct600.buildDraft': { request: Ct600DraftRequest; response: Ct600DraftBuildResponse };
  'ct600.checkDraft': { request: Ct600DraftCheckRequest; response: ValidationJobResult };
  'ct600.checkAttachments': { request: Ct600AttachmentCheckRequest; response: Ct600AttachmentFindings[] };
}

export const ct600Channels = [
  'ct600.build',
  'ct600.verify',
  'ct600.validate',
  'ct600.buildDraft',
  'ct600.checkDraft',
  'ct600.checkAttachments',
] as const satisfies ReadonlyArray<keyof Ct600Channels>;

export interface Ct600Bridge {
  buildCt600(request: Ct600BuildRequest): Promise<IpcResult<Ct600BuildResponse>>;
  verifyCt600(file: DroppedFile): Promise<IpcResult<Ct600VerifyResponse>>;
  validateCt600(file: DroppedFile): Promise<IpcResult<ValidationJobResult>>;
  buildCt600Draft(request: Ct600DraftRequest): Promise<IpcResult<Ct600DraftBuildResponse>>;
  checkCt600Draft(request: Ct600DraftCheckRequest): Promise<IpcResult<ValidationJobResult>>;
  checkCt600Attachments(request: Ct600AttachmentCheckRequest): Promise<IpcResult<Ct600AttachmentFindings[]>>;
}

export const ct600BridgeChannels = {
  buildCt600: 'ct600.build',
  verifyCt600: 'ct600.verify',
  validateCt600: 'ct600.validate',
  buildCt600Draft: 'ct600.buildDraft',
  checkCt600Draft: 'ct600.checkDraft',
  checkCt600Attachments: 'ct600.checkAttachments',
} as const satisfies { [M in keyof Ct600Bridge]: keyof Ct600Channels };
