/**
 * Where a CT600 goes and how its header must say so. One table, each row
 * with the source it comes from, so a changed address is changed once.
 * Sources: HMRC, "Transaction Engine: Document Submission Protocol" v2.0
 * (gov.uk publication transaction-engine-document-submission-protocol) and
 * HMRC's "Basic guide for XML software developers"; summarised in
 * shared/docs/transaction-engine.md, "Environments".
 */
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

export function isFilingEnvironmentName(value: string): value is FilingEnvironmentName {
  return Object.hasOwn(FILING_ENVIRONMENTS, value);
}

/**
 * The environment with its address replaced by a test peer's, when one is
 * given. Only http(s) addresses: anything else is refused by name.
 */
export function resolveEnvironment(name: FilingEnvironmentName, endpoint?: string): FilingEnvironment {
  const base = FILING_ENVIRONMENTS[name];
  if (endpoint === undefined) return base;
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    throw new RangeError(`the endpoint "${endpoint}" is not a web address`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new RangeError(`the endpoint must be an http or https address, not ${url.protocol}`);
  if (url.username || url.password) throw new RangeError('the endpoint must not carry a user name or password; credentials go in the message');
  return { ...base, submissionUrl: url.href };
}
