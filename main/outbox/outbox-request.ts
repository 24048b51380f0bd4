/**
 * An outbox request file and the rules it must meet before it is sent: the
 * bytes hash to the SHA-256 its item recorded when it was queued, and they
 * are a request of the item's kind, with the fields that kind's sender uses.
 * Anything else (a request swapped in from another item, edited, truncated,
 * or of another kind) is refused with its reason and never sent.
 */
import { createHash } from 'node:crypto';
import { MAX_CT600_XML_BYTES, MAX_REPORT_PACKAGE_BYTES, type OutboxItemKind } from '../../preload/contract.js';
import { ct600RequestSchema } from '../engine/ct600/index.js';
import { reportPackageRequestSchema } from '../engine/package/request-schema.js';
// A queued request came in over IPC: the outbox bounds it by the same limits the handlers applied.
import { base64Length, DEFAULT_PAYLOAD_LIMITS as LIMITS, limitText } from '../engine/payload-limits.js';
import { decodeStrictUtf8, type RegularFileRead } from '../store/regular-file.js';
import type { OutboxItem, QueuedRequest } from './outbox-item.js';

// Text fields are counted in characters where they are checked; in UTF-8 one can take three bytes.
const UTF8 = 3;
const ENVELOPE = 64 * 1024;

/**
 * The largest request file each kind can be, sized from the largest request
 * the app queues: a CT600 return with 25 MiB of attachments; a report package
 * whose report and taxonomy fit the package validator's content limit; a file
 * for validation as large as any file the service validates.
 */
export const MAX_OUTBOX_REQUEST_BYTES: Record<OutboxItemKind, number> = {
  'ct600-build': LIMITS.ct600AttachmentChars + UTF8 * LIMITS.ct600OtherChars + ENVELOPE,
  'package-build': base64Length(LIMITS.packageContentBytes) + LIMITS.packageJsonBase64Chars + UTF8 * LIMITS.packageOtherChars + ENVELOPE,
  'validation-create': base64Length(Math.max(MAX_CT600_XML_BYTES, MAX_REPORT_PACKAGE_BYTES)) + ENVELOPE,
};

export const KIND_WORDS: Record<OutboxItemKind, string> = {
  'ct600-build': 'a CT600 build',
  'package-build': 'a report package build',
  'validation-create': 'a file for validation',
};

export const REQUEST_REASONS = {
  missing: 'The request file is missing; this request cannot be sent. Cancel it and queue it again from the draft.',
  changed: 'The request file was changed after it was queued; it was not sent. Cancel it and queue it again from the draft.',
  unrecorded:
    'This request was queued by an earlier version of Filing Desk, which did not record what its request file held, so it cannot be told apart from another item’s; it was not sent. Cancel it and queue it again from the draft.',
  wrongKind: (kind: OutboxItemKind, recorded: OutboxItemKind) =>
    `The request file was queued as ${KIND_WORDS[recorded]}, but this item is ${KIND_WORDS[kind]}; it was not sent. Cancel it and queue it again from the draft.`,
  notOfKind: (kind: OutboxItemKind, why: string) =>
    `The request file is not ${KIND_WORDS[kind]} request (${why}); it was not sent. Cancel it and queue it again from the draft.`,
  unreadable: (why: string) => `The request file could not be read (${why}); it was not sent. Cancel it and queue it again from the draft.`,
};

/**
 * The SHA-256 an item records for its request: of the item's id and the
 * bytes together, so the record copied from another item's state file never
 * vouches for that item's request file copied in beside it.
 */
const requestDigest = (id: string, bytes: Uint8Array) => createHash('sha256').update(`${id}\n`).update(bytes).digest('hex');

/** The bytes written for item `id`'s new request, and what the item records about them. */
export function queuedRequestOf(id: string, kind: OutboxItemKind, request: unknown): { bytes: Buffer; record: QueuedRequest } {
  const bytes = Buffer.from(JSON.stringify(request), 'utf8');
  return { bytes, record: { kind, sha256: requestDigest(id, bytes), size: bytes.length } };
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const CT600_FIELDS = new Set(Object.keys(ct600RequestSchema.shape));
const PACKAGE_FIELDS = new Set(Object.keys(reportPackageRequestSchema.shape));
const unknownField = (value: Record<string, unknown>, known: Set<string>) => Object.keys(value).find((k) => !known.has(k));

/**
 * Why `request` is not of `kind`, or null. The service checks every figure
 * (a 400 names the field); here only what tells the kinds apart and what the
 * sender itself reads, so a request can never go to the wrong operation.
 */
function kindProblem(kind: OutboxItemKind, request: unknown): string | null {
  if (!isObject(request)) return 'it is not a JSON object';
  switch (kind) {
    case 'ct600-build': {
      const field = unknownField(request, CT600_FIELDS);
      return field === undefined ? null : `“${field}” is not a field of a CT600 return`;
    }
    case 'package-build': {
      const field = unknownField(request, new Set(['request', 'includeHash']));
      if (field !== undefined) return `“${field}” is not a field of a report package build`;
      if (typeof request.includeHash !== 'boolean') return 'includeHash must be true or false';
      if (!isObject(request.request)) return 'request must be the report package request';
      const inner = unknownField(request.request, PACKAGE_FIELDS);
      if (inner !== undefined) return `“${inner}” is not a field of a report package request`;
      return typeof request.request.reportName === 'string' && typeof request.request.reportBase64Content === 'string' ? null : 'it carries no report';
    }
    case 'validation-create': {
      const field = unknownField(request, new Set(['fileName', 'contentBase64']));
      if (field !== undefined) return `“${field}” is not a field of a file for validation`;
      if (typeof request.fileName !== 'string' || request.fileName.length === 0) return 'fileName must be the file’s name';
      return typeof request.contentBase64 === 'string' ? null : 'contentBase64 must be the file’s bytes in base64';
    }
  }
}

/** Why a new request of `kind` cannot be queued, or null. */
export function queueProblem(kind: OutboxItemKind, record: QueuedRequest, request: unknown): string | null {
  const max = MAX_OUTBOX_REQUEST_BYTES[kind];
  if (record.size > max) return `The request is larger than the ${limitText(max)} the outbox keeps for ${KIND_WORDS[kind]}.`;
  const problem = kindProblem(kind, request);
  return problem === null ? null : `The request is not ${KIND_WORDS[kind]} request: ${problem}.`;
}

/** A request that may be sent, with the record it was checked against (what its reply is sealed to). */
export type CheckedRequest = { ok: true; request: unknown; recorded: QueuedRequest } | { ok: false; reason: string };

/** What may be sent for `item`, read with `read`; never the request of another item. */
export async function checkRequest(item: OutboxItem, read: (queued: QueuedRequest) => Promise<RegularFileRead<Buffer>>): Promise<CheckedRequest> {
  const recorded = item.request;
  if (!recorded) return { ok: false, reason: REQUEST_REASONS.unrecorded };
  if (recorded.kind !== item.kind) return { ok: false, reason: REQUEST_REASONS.wrongKind(item.kind, recorded.kind) };
  return checkBytes(item, recorded, await read(recorded));
}

function checkBytes(item: OutboxItem, recorded: QueuedRequest, read: RegularFileRead<Buffer>): CheckedRequest {
  if (!read.ok) {
    if (read.problem === 'missing') return { ok: false, reason: REQUEST_REASONS.missing };
    // Larger than it was when queued: changed, whatever else it is.
    if (read.problem === 'too-large') return { ok: false, reason: REQUEST_REASONS.changed };
    return { ok: false, reason: REQUEST_REASONS.unreadable(read.reason) };
  }
  if (read.size !== recorded.size || requestDigest(item.id, read.value) !== recorded.sha256) return { ok: false, reason: REQUEST_REASONS.changed };
  const text = decodeStrictUtf8(read.value);
  let request: unknown;
  try {
    if (text === null) throw new Error('not UTF-8');
    request = JSON.parse(text);
  } catch {
    return { ok: false, reason: REQUEST_REASONS.notOfKind(item.kind, 'it is not valid JSON') };
  }
  const problem = kindProblem(item.kind, request);
  return problem === null ? { ok: true, request, recorded } : { ok: false, reason: REQUEST_REASONS.notOfKind(item.kind, problem) };
}
