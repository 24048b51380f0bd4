/**
 * The rules of Companies House's XML Gateway that this client relies on,
 * each with its source, in one place so the messages, the answers, the
 * filing record and the filing loop cannot disagree. Summarised with their
 * sources in shared/docs/companies-house.md (§1 the gateway, §3 the
 * submission, §4 statuses, §6 exactly once).
 */
import { secretDestinationProblem } from '../secret-destination.js';

/** One entry point for live and test; the request's Class routes it (Companies House's XML Gateway interface page). */
export const COMPANIES_HOUSE_GATEWAY_URL = 'https://xmlgw.companieshouse.gov.uk/v1-0/xmlgw/Gateway';
export const COMPANIES_HOUSE_GATEWAY_HOST = new URL(COMPANIES_HOUSE_GATEWAY_URL).hostname;

export const ENVELOPE_NS = 'http://www.govtalk.gov.uk/CM/envelope';
/** FormSubmission's namespace (FormSubmission-v2-11.xsd, as the accounts client sends it). */
export const FORM_SUBMISSION_NS = 'http://xmlgw.companieshouse.gov.uk/Header';
/** GetSubmissionStatus, StatusAck and CompanyData share this namespace. */
export const GATEWAY_NS = 'http://xmlgw.companieshouse.gov.uk';

export type CompaniesHouseEnvironment = 'test' | 'live';
export const isCompaniesHouseEnvironment = (v: string): v is CompaniesHouseEnvironment => v === 'test' || v === 'live';

/** MessageDetails/GatewayTest: an xsd:integer, 1 for a test submission with test presenter credentials (§1). */
export const gatewayTestFlag = (environment: CompaniesHouseEnvironment) => (environment === 'test' ? '1' : '0');

/**
 * SubmissionNumber: exactly 6 letters and digits, never used twice by the
 * presenter (§3, §6). Filing Desk writes "FD" and four base-36 digits, so
 * its numbers stay apart from another product's all-digit ones under the same
 * presenter account (the usual cause of 9999 "Invalid Envelope Number").
 */
export const SUBMISSION_NUMBER = /^[0-9A-Za-z]{6}$/;
export const SUBMISSION_NUMBER_PREFIX = 'FD';
export const MAX_SUBMISSION_COUNT = 36 ** 4 - 1;
export const submissionNumberOf = (count: number): string => {
  if (!Number.isSafeInteger(count) || count < 1 || count > MAX_SUBMISSION_COUNT) throw new RangeError(`submission count ${count} is outside 1 to ${MAX_SUBMISSION_COUNT}`);
  return `${SUBMISSION_NUMBER_PREFIX}${count.toString(36).toUpperCase().padStart(4, '0')}`;
};
export const countOfSubmissionNumber = (n: string): number | undefined =>
  /^FD[0-9A-Z]{4}$/.test(n) ? parseInt(n.slice(2), 36) : undefined;

/** TransactionID: [0-9A-F]{0,32} in Egov_ch-v2-0.xsd; a fresh one per request, echoed, never an idempotency key (§2). */
export const TRANSACTION_ID = /^[0-9A-F]{1,32}$/;

/** The statuses GetSubmissionStatus reports (§4): only ACCEPT and REJECT are outcomes. */
export const STATUS_CODES = ['PENDING', 'PARKED', 'ACCEPT', 'REJECT', 'INTERNAL_FAILURE'] as const;
export type StatusCode = (typeof STATUS_CODES)[number];

/**
 * A synchronous error 9999 whose text names the envelope or submission
 * number means "this presenter has used that number" (IRIS KB kba-02989,
 * Absolute Tax KB): for a resend of our own stored submission that is
 * "already received", never a rejection of the accounts (§6 step 5). A 9999
 * with another text is the automatic validation refusing the document.
 */
export const isDuplicateNumberError = (e: { number: string; text: string }) =>
  e.number === '9999' && /envelope\s*number|submission\s*number|already\s+(been\s+)?(used|received|submitted)/i.test(e.text);

/** Software package reference (§3): public examples send 0012 or 0000; Companies House allocates one to tested software. */
export const DEFAULT_PACKAGE_REFERENCE = '0000';

/** Polls: gently, starting soon and backing off to a few minutes (§4: most outcomes within 15 minutes; at most 2 replies a second). */
export const FIRST_POLL_DELAY_MS = 5_000;
export const MAX_POLL_DELAY_MS = 5 * 60_000;

/**
 * Where the presenter's credentials and the company authentication code may
 * go: the code travels as typed inside FormHeader, protected only by TLS
 * (§7), so only over https to Companies House's gateway host, or to this
 * computer (a test gateway on a loopback address). Undefined when allowed;
 * else the reason, said before any request.
 */
export function gatewayDestinationProblem(address: string): string | undefined {
  return secretDestinationProblem(
    address,
    [COMPANIES_HOUSE_GATEWAY_HOST],
    (url) => `the presenter's credentials and the company authentication code are only sent over https to Companies House's XML Gateway (${COMPANIES_HOUSE_GATEWAY_HOST}) or to a test gateway on this computer (127.0.0.1, localhost, [::1]); ${url.protocol}//${url.host} is neither`,
  );
}
