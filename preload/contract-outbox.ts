/**
 * The outbox of requests for the filing service (kept until they are sent),
 * the builds and validation jobs the service answered, and how its builds
 * compare with the engine's.
 */
import type { ServiceValidationJobResult } from '../main/engine/validation-result-schema.js';
import type { DroppedFile, IpcResult } from './contract-ipc.js';
import type { DraftIdRequest } from './contract-drafts.js';

export type { ServiceValidationJobResult };

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

export interface OutboxChannels {
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
}

export const outboxChannels = [
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
] as const satisfies ReadonlyArray<keyof OutboxChannels>;

export interface OutboxBridge {
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
}

export const outboxBridgeChannels = {
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
} as const satisfies { [M in keyof OutboxBridge]: keyof OutboxChannels };
