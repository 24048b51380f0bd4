/**
 * The rules of HMRC's Document Submission Protocol that this client relies
 * on, each with its source, in one place so the reader of replies, the
 * submission record and the filing loop cannot disagree:
 * - where the Government Gateway password may go, and where polls and
 *   deletes may go (ResponseEndPoint is followed only to HMRC's own host);
 * - the CorrelationID's form and the PollInterval's bounds;
 * - the limits on what is kept of HMRC's text.
 *
 * Sources: HMRC, "Transaction Engine: Document Submission Protocol" v2.0
 * (2018, gov.uk publication transaction-engine-document-submission-protocol)
 * and the GovTalk envelope schema HMRC publishes with it
 * (shared/ct600/hmrc/envelope-v2-0-HMRC.xsd); summarised in
 * shared/docs/transaction-engine.md.
 */
import { FILING_ENVIRONMENTS, type FilingEnvironmentName } from './environments.js';

// Where the password may go is decided with the environments' table (environments.ts); named here too, with the protocol's other rules.
export { credentialDestinationProblem, hmrcHosts, isLoopbackHost } from './environments.js';

/**
 * The envelope schema types CorrelationID as up to 32 upper-case hex digits
 * (envelope-v2-0-HMRC.xsd, MessageDetails/CorrelationID: pattern
 * [0-9A-F]{0,32}); HMRC's own replies carry 32. An empty one is a
 * submission's, never an acknowledgement's.
 */
export const CORRELATION_ID = /^[0-9A-F]{1,32}$/;

/**
 * PollInterval: seconds before the next poll. The envelope schema's default
 * is 2 (ResponseEndPoint/@PollInterval, default="2"): never sooner, whatever
 * a reply says. The ceiling keeps a submission from waiting days on one
 * number; HMRC's replies say 10.
 */
export const MIN_POLL_INTERVAL_SECONDS = 2;
export const MAX_POLL_INTERVAL_SECONDS = 600;
/** When HMRC gives no PollInterval: the interval HMRC's own replies give. */
export const DEFAULT_POLL_INTERVAL_SECONDS = 10;

/** The one rule for a PollInterval, from a reply or from a record: digits, clamped to [2, 600]; anything else is the default. */
export function pollIntervalOf(value: string | number | null | undefined): number {
  const text = typeof value === 'number' ? (Number.isInteger(value) && value >= 0 ? String(value) : '') : (value ?? '').trim();
  if (!/^\d+$/.test(text)) return DEFAULT_POLL_INTERVAL_SECONDS;
  const n = Number(text.length > 9 ? '999999999' : text);
  return Math.min(MAX_POLL_INTERVAL_SECONDS, Math.max(MIN_POLL_INTERVAL_SECONDS, n));
}

/**
 * Polls go to "the URL held in the ResponseEndPoint element" of HMRC's
 * acknowledgement (Document Submission Protocol v2.0, "poll"), and a
 * delete_request goes to the same endpoint as the poll it follows; HMRC's
 * Transaction Engine answers both at /poll beside /submission. So without a
 * (usable) ResponseEndPoint, the default is /poll on the submission's own
 * origin: https://transaction-engine.tax.service.gov.uk/poll for live.
 */
export function defaultPollUrl(submissionUrl: string): string {
  return new URL('poll', submissionUrl).href;
}

/**
 * Whether a ResponseEndPoint HMRC's reply names may be followed: https on
 * the environment's own Transaction Engine host; or, when the user set a
 * test endpoint (the submission URL is not the environment's), its same
 * origin. Undefined when it may; else why not.
 */
export function responseEndPointProblem(endPoint: string, record: { environment: FilingEnvironmentName; submissionUrl: string }): string | undefined {
  let url: URL;
  try {
    url = new URL(endPoint);
  } catch {
    return 'it is not a web address';
  }
  if (url.username || url.password) return 'it carries a user name or password';
  const submission = new URL(record.submissionUrl);
  const standard = new URL(FILING_ENVIRONMENTS[record.environment].submissionUrl);
  if (submission.href === standard.href) {
    if (url.protocol !== 'https:' || url.host !== standard.host) return `it is not https on ${standard.host}`;
    return undefined;
  }
  if (url.origin !== submission.origin) return `it is not on the test endpoint's own origin ${submission.origin}`;
  return undefined;
}

/**
 * What is kept of HMRC's text: the reader and the record share these, so a
 * reply the reader takes can always be saved. Longer text is cut with a
 * marker saying how much was left out.
 */
export const MAX_REPLY_BYTES = 4 * 1024 * 1024;
/** A whole reply kept as HMRC's outcome (receipt or errors): as much as the reader takes. */
export const MAX_KEPT_REPLY_CHARS = MAX_REPLY_BYTES;
/** A reply kept in the exchange log: acknowledgements are a kilobyte, so longer is cut. */
export const MAX_LOG_XML_CHARS = 16 * 1024;
export const MAX_PROBLEM_CHARS = 2000;
export const MAX_ERROR_TEXT_CHARS = 4000;
export const MAX_ERROR_FIELD_CHARS = 200;
export const MAX_ERROR_LOCATION_CHARS = 2000;
export const MAX_ERRORS = 1000;
export const MAX_BUSINESS_ERRORS = 10_000;

/** `text` fitted into `max` characters: cut, with a marker naming how much was left out. */
export function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  const marker = (n: number) => ` […cut: ${n} more characters]`;
  let keep = max - marker(text.length).length;
  if (keep < 0) return text.slice(0, max);
  // Never split a surrogate pair.
  if (/[\uD800-\uDBFF]/.test(text[keep - 1] ?? '')) keep--;
  return text.slice(0, keep) + marker(text.length - keep);
}
