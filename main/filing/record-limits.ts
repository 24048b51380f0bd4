/**
 * A submission record kept within what the submissions folder reads back,
 * and holding no secret: every string of it masked (the Government Gateway
 * credentials in every form main.log masks them: log/secret-mask.ts), each
 * log entry's text and reply cut to the protocol's limits, the log's length
 * bounded, the outcome's errors and reply fitted, and, if the whole is still
 * too large, the oldest replies let go. Pure, so the filing desk calls it on
 * every save and on every log entry added, and nothing a server sends can
 * make a record that keeps a secret or cannot be written or read again.
 */
import { secretMask, type SecretMask } from '../log/secret-mask.js';
import { clip, MAX_BUSINESS_ERRORS, MAX_ERRORS, MAX_KEPT_REPLY_CHARS, MAX_LOG_XML_CHARS, MAX_PROBLEM_CHARS } from './protocol-rules.js';
import { fitErrors } from './record-steps.js';
import { credentialSecrets, type GatewayCredentials } from './submission-message.js';
import type { SubmissionLogEntry, SubmissionRecord } from './submission-record.js';
import { MAX_SUBMISSION_RECORD_BYTES } from './submission-store.js';

/** Log entries a record keeps: the first two (the submission, HMRC's first answer) and the newest. */
const MAX_LOG_ENTRIES = 1900;
/** The most a log entry's "what" keeps. */
const MAX_LOG_WHAT_CHARS = 200;
/** What a record may take on disk, with room for the store's newline: beyond the reader's limit it could never be read back. */
const RECORD_BUDGET_BYTES = MAX_SUBMISSION_RECORD_BYTES - 64 * 1024;

/**
 * The record within what the submissions folder reads back. Each reply in
 * the log is short, but polls add up (and a hostile server may answer each
 * at length): the oldest replies' text goes first, the entries themselves
 * stay, as do the submission's and HMRC's first answer; only if that is not
 * enough is the reply kept as the outcome cut too.
 */
function withinRecordLimit(record: SubmissionRecord): SubmissionRecord {
  let size = Buffer.byteLength(JSON.stringify(record));
  if (size <= RECORD_BUDGET_BYTES) return record;
  const log = [...record.log];
  for (let i = 2; i < log.length && size > RECORD_BUDGET_BYTES; i++) {
    const entry = log[i]!;
    if (entry.xml === undefined) continue;
    const { xml: _letGo, ...rest } = entry;
    const lighter = { ...rest, what: clip(`${rest.what} (reply let go: the record's size limit)`, MAX_LOG_WHAT_CHARS) };
    size -= Buffer.byteLength(JSON.stringify(entry)) - Buffer.byteLength(JSON.stringify(lighter));
    log[i] = lighter;
  }
  const o = record.outcome;
  if (size <= RECORD_BUDGET_BYTES || !o) return { ...record, log };
  // Every character is at least a byte in JSON: cutting as many characters as bytes are over (and the marker's room) fits.
  const keep = Math.max(0, o.responseXml.length - (size - RECORD_BUDGET_BYTES) - 100);
  return { ...record, log, outcome: { ...o, responseXml: clip(o.responseXml, keep) } };
}

interface RecordMask extends SecretMask {
  /** Which secrets it masks: an entry fitted by a mask with the same key needs nothing more. */
  key: string;
}

/** What masks a record's strings for these credentials; "[masked]" stands where a secret stood. */
function maskFor(credentials: readonly GatewayCredentials[]): RecordMask {
  const secrets = [...new Set(credentialSecrets(credentials))].sort();
  return { ...secretMask(secrets, '[masked]'), key: JSON.stringify(secrets) };
}

/**
 * Log entries already fitted, with the key of the mask that fitted them. A
 * record carries its entries from save to save as the same objects, so a
 * long log is searched once per entry, not once per save.
 */
const fittedWith = new WeakMap<object, string>();

/** A log entry masked, then its text and reply cut to their limits (after masking: "[masked]" may be longer than what it replaced). */
function fittedEntry<E extends Omit<SubmissionLogEntry, 'at'>>(entry: E, mask: RecordMask): E {
  if (fittedWith.get(entry) === mask.key) return entry;
  const masked = mask.value(entry);
  const fitted = { ...masked, what: clip(masked.what, MAX_LOG_WHAT_CHARS), ...(masked.xml !== undefined ? { xml: clip(masked.xml, MAX_LOG_XML_CHARS) } : {}) };
  fittedWith.set(fitted, mask.key);
  return fitted;
}

/**
 * The record with one more log entry, masked and its text cut; the first
 * entries (the submission and HMRC's first answer) are kept, the oldest polls
 * go first.
 */
export function withLogEntry(record: SubmissionRecord, entry: Omit<SubmissionLogEntry, 'at'>, at: string, credentials: readonly GatewayCredentials[] = []): SubmissionRecord {
  const mask = maskFor(credentials);
  const added = { at, ...fittedEntry(entry, mask) };
  fittedWith.set(added, mask.key);
  const log = [...record.log, added];
  if (log.length > MAX_LOG_ENTRIES) log.splice(2, log.length - MAX_LOG_ENTRIES);
  return { ...record, log };
}

/**
 * Every string of the record masked, every text that came from a reply cut
 * to its limit, then the whole record within the folder's. Every field is
 * masked, not only those a reply fills: a URL followed from a reply
 * (responseEndPoint) or a problem quoting one may carry a secret as much as
 * the reply's text. The one exception is `message`, the base64 of the exact
 * bytes sent less SenderDetails: it never holds the credentials (they are
 * added in memory at the moment of sending), and a change to it would break
 * its IRmark and the check of what was sent.
 */
export function fittedToLimits(record: SubmissionRecord, credentials: readonly GatewayCredentials[] = []): SubmissionRecord {
  const mask = maskFor(credentials);
  const { message, log, ...rest } = record;
  const masked: SubmissionRecord = { ...mask.value(rest), message, log: log.map((entry) => fittedEntry(entry, mask)) };
  const o = masked.outcome;
  const fitted: SubmissionRecord = {
    ...masked,
    ...(o ? { outcome: o.kind === 'accepted' ? { ...o, responseXml: clip(o.responseXml, MAX_KEPT_REPLY_CHARS) } : { ...o, errors: fitErrors(o.errors, MAX_ERRORS), businessErrors: fitErrors(o.businessErrors, MAX_BUSINESS_ERRORS), responseXml: clip(o.responseXml, MAX_KEPT_REPLY_CHARS) } } : {}),
    ...(masked.lastProblem !== undefined ? { lastProblem: clip(masked.lastProblem, MAX_PROBLEM_CHARS) } : {}),
    ...(masked.mismatchedAnswer !== undefined ? { mismatchedAnswer: clip(masked.mismatchedAnswer, MAX_PROBLEM_CHARS) } : {}),
  };
  return withinRecordLimit(fitted);
}
