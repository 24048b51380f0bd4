/**
 * Where a CT600 goes and how its header must say so. One table, each row
 * with the source it comes from, so a changed address is changed once.
 * Sources: HMRC, "Transaction Engine: Document Submission Protocol" v2.0
 * (gov.uk publication transaction-engine-document-submission-protocol) and
 * HMRC's "Basic guide for XML software developers"; summarised in
 * shared/docs/transaction-engine.md, "Environments".
 */
import { secretDestinationProblem } from './secret-destination.js';

export type FilingEnvironmentName = 'til' | 'ets' | 'live';

export interface FilingEnvironment {
  name: FilingEnvironmentName;
  /** In the user's words. */
  label: string;
  /** MessageDetails/Class. */
  messageClass: 'HMRC-CT-CT600' | 'HMRC-CT-CT600-TIL';
  /** MessageDetails/GatewayTest: 1 only for HMRC's external test service. */
  gatewayTest: boolean;
  /** Where submissions, data requests and deletes are posted. */
  submissionUrl: string;
  /** Whether HMRC files the return for real. */
  files: boolean;
  source: string;
}

const PROTOCOL = 'HMRC, Transaction Engine: Document Submission Protocol v2.0 (2018), and shared/docs/transaction-engine.md';

export const FILING_ENVIRONMENTS: Readonly<Record<FilingEnvironmentName, FilingEnvironment>> = {
  til: {
    name: 'til',
    label: 'Test in Live (fully checked by HMRC, never filed)',
    messageClass: 'HMRC-CT-CT600-TIL',
    gatewayTest: false,
    submissionUrl: 'https://transaction-engine.tax.service.gov.uk/submission',
    files: false,
    source: PROTOCOL,
  },
  ets: {
    name: 'ets',
    label: "HMRC's external test service (synthetic data only)",
    messageClass: 'HMRC-CT-CT600',
    gatewayTest: true,
    submissionUrl: 'https://test-transaction-engine.tax.service.gov.uk/submission',
    files: false,
    source: PROTOCOL,
  },
  live: {
    name: 'live',
    label: 'Live (the return is filed with HMRC)',
    messageClass: 'HMRC-CT-CT600',
    gatewayTest: false,
    submissionUrl: 'https://transaction-engine.tax.service.gov.uk/submission',
    files: true,
    source: PROTOCOL,
  },
};

/** The hosts HMRC's Transaction Engine answers on, from the table above. */
export const hmrcHosts = (): string[] => [...new Set(Object.values(FILING_ENVIRONMENTS).map((e) => new URL(e.submissionUrl).hostname))];

export { isLoopbackHost } from './secret-destination.js';

/**
 * Where the Government Gateway password may be sent: it travels in clear
 * inside the message (the protocol's Method "clear"), so only over https to
 * one of HMRC's Transaction Engine hosts, or to this computer (a test
 * engine on a loopback address). Undefined when allowed; else the reason.
 */
export function credentialDestinationProblem(address: string): string | undefined {
  return secretDestinationProblem(
    address,
    hmrcHosts(),
    (url) => `the Government Gateway password is only sent over https to HMRC's Transaction Engine (${hmrcHosts().join(', ')}) or to a test engine on this computer (127.0.0.1, localhost, [::1]); ${url.protocol}//${url.host} is neither`,
  );
}

export function isFilingEnvironmentName(value: string): value is FilingEnvironmentName {
  return Object.hasOwn(FILING_ENVIRONMENTS, value);
}

/**
 * The environment with its address replaced by a test engine's, when one is
 * given. The Government Gateway password travels in the message, so the
 * address must be one it may go to (credentialDestinationProblem): https to
 * HMRC's Transaction Engine, or a test engine on this computer; anything
 * else is refused by name before any request.
 */
export function resolveEnvironment(name: FilingEnvironmentName, endpoint?: string): FilingEnvironment {
  const base = FILING_ENVIRONMENTS[name];
  if (endpoint === undefined) return base;
  const problem = credentialDestinationProblem(endpoint);
  if (problem) throw new RangeError(problem);
  return { ...base, submissionUrl: new URL(endpoint).href };
}
