/**
 * A submission record kept within what the submissions folder reads back:
 * each log entry's text and reply cut to the protocol's limits, the log's
 * length bounded, the outcome's errors and reply fitted, and, if the whole
 * is still too large, the oldest replies let go. Pure, so the filing desk
 * calls it on every save and nothing a server sends can make a record that
 * cannot be written or read again.
 */
import { clip, MAX_BUSINESS_ERRORS, MAX_ERRORS, MAX_KEPT_REPLY_CHARS, MAX_LOG_XML_CHARS, MAX_PROBLEM_CHARS } from './protocol-rules.js';
import { fitErrors } from './record-steps.js';
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

/** A log entry's text and reply cut to their limits. */
function fittedEntry<E extends Omit<SubmissionLogEntry, 'at'>>(entry: E): E {
  return { ...entry, what: clip(entry.what, MAX_LOG_WHAT_CHARS), ...(entry.xml !== undefined ? { xml: clip(entry.xml, MAX_LOG_XML_CHARS) } : {}) };
}

/** The record with one more log entry, its text cut; the first entries (the submission and HMRC's first answer) are kept, the oldest polls go first. */
export function withLogEntry(record: SubmissionRecord, entry: Omit<SubmissionLogEntry, 'at'>, at: string): SubmissionRecord {
  const log = [...record.log, { at, ...fittedEntry(entry) }];
  if (log.length > MAX_LOG_ENTRIES) log.splice(2, log.length - MAX_LOG_ENTRIES);
  return { ...record, log };
}

/** Every text that came from a reply cut to its limit, then the whole record within the folder's. */
export function fittedToLimits(record: SubmissionRecord): SubmissionRecord {
  const o = record.outcome;
  const fitted: SubmissionRecord = {
    ...record,
    log: record.log.map(fittedEntry),
    ...(o ? { outcome: o.kind === 'accepted' ? { ...o, responseXml: clip(o.responseXml, MAX_KEPT_REPLY_CHARS) } : { ...o, errors: fitErrors(o.errors, MAX_ERRORS), businessErrors: fitErrors(o.businessErrors, MAX_BUSINESS_ERRORS), responseXml: clip(o.responseXml, MAX_KEPT_REPLY_CHARS) } } : {}),
    ...(record.lastProblem !== undefined ? { lastProblem: clip(record.lastProblem, MAX_PROBLEM_CHARS) } : {}),
    ...(record.mismatchedAnswer !== undefined ? { mismatchedAnswer: clip(record.mismatchedAnswer, MAX_PROBLEM_CHARS) } : {}),
  };
  return withinRecordLimit(fitted);
}
