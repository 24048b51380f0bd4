/**
 * Filing a company's Inline XBRL accounts with Companies House's XML
 * Gateway, exactly once: the service the window and the command line share.
 * Dependencies come in through the constructor (the store, the submission
 * numbers, the transport, the secrets asked at the moment of sending, the
 * clock), so nothing here knows of Electron.
 *
 * file(): nothing is sent until the accounts pass Companies House's checks
 * (accounts-checks.ts), the address is one the secrets may go to, the
 * company's accounts for that made-up date are claimed by this process
 * (return-claim.ts), and Companies House has confirmed that the company
 * number takes this authentication code (CompanyDataRequest). Then a
 * submission number is taken for good and the record saved, and the steps
 * run (submission-steps.ts). Filing the same accounts again resumes the
 * submission under way, or reports the outcome already known: the accounts
 * are never sent twice.
 */
import { createHash } from 'node:crypto';
import { basename } from 'node:path';
import { DEFAULT_RETRY, type RetryPolicy } from '../filing-steps.js';
import type { GatewayTransport } from '../transport.js';
import { describeHolder } from '../return-claim.js';
import { checkAccountsForCompaniesHouse, type AccountsProblem } from './accounts-checks.js';
import { checkCompany } from './company-check.js';
import { outcomeOfRecord, summaryOf, type CompaniesHouseOutcome, type CompaniesHouseProgress, type FilingSummary } from './filing-outcome.js';
import { FINAL_FILING_STATES, sameAccountsKey, type FilingRecord } from './filing-record.js';
import type { FilingStore } from './filing-store.js';
import { GatewayExchange } from './gateway-exchange.js';
import { companyTypeOf } from './gateway-messages.js';
import { COMPANIES_HOUSE_GATEWAY_URL, DEFAULT_PACKAGE_REFERENCE, gatewayDestinationProblem, type CompaniesHouseEnvironment } from './gateway-rules.js';
import { secretsProblem, type FilingSecrets } from './presenter-secrets.js';
import { fileRecord } from './submission-steps.js';
import { endingOfAccountsFiling } from './filing-ending.js';
import type { FilingEnding } from '../return-claim.js';
import { SubmissionNumbersError, type SubmissionNumbers } from './submission-numbers.js';

export type { CompaniesHouseOutcome, CompaniesHouseProgress, FilingSummary } from './filing-outcome.js';

/** Nothing was sent: the field to fix and why (and, for the accounts, every problem found). */
export class CompaniesHouseRefusal extends Error {
  constructor(
    readonly field: 'endpoint' | 'companyNumber' | 'accounts' | 'credentials' | 'companyAuthCode' | 'claim' | 'alreadyFiled' | 'data',
    message: string,
    readonly problems: AccountsProblem[] = [],
  ) {
    super(message);
    this.name = 'CompaniesHouseRefusal';
  }
}

export interface AccountsFilingRequest {
  companyNumber: string;
  environment: CompaniesHouseEnvironment;
  /** A test gateway's address instead of Companies House's (https to Companies House, or http(s) to this computer). */
  endpoint?: string;
  /** Who Companies House may call about the filing. */
  contactName?: string;
  contactNumber?: string;
  /** The presenter's registered email address. */
  email?: string;
  packageReference?: string;
  /** The client the accounts belong to, for the history view. */
  clientId?: string;
  /** The accounts' file name as shown (a bare name is sent, cut to 32 characters). */
  filename?: string;
  /** Take the claim from another Filing Desk that is not provably gone (the user's deliberate choice). */
  takeOver?: boolean;
}

export interface CompaniesHouseFilingDeps {
  store: FilingStore;
  numbers: SubmissionNumbers;
  transport: GatewayTransport;
  /** The presenter ID and code and the company's authentication code, asked at the moment of sending; never kept. */
  secrets: (companyNumber: string) => Promise<FilingSecrets>;
  clock?: () => Date;
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
  /** Tries of one exchange, and questions about the status, before the filing is left not finished for a later run. */
  retry?: RetryPolicy;
  /** How the user takes over a claim another Filing Desk holds (the command line's flag, the window's button). */
  howToTakeOver?: string;
}

/** Registered numbers are 8 characters: two letters and six digits, or eight digits (a shorter all-digit one gains its leading zeros). */
export function normaliseCompanyNumber(input: string): string | undefined {
  const n = input.trim().toUpperCase();
  if (/^\d{1,8}$/.test(n)) return n.padStart(8, '0');
  return /^[A-Z]{2}\d{6}$/.test(n) || /^R\d{7}$/.test(n) ? n : undefined;
}

/** Document/Filename: a bare name of 32 characters at most (a full path broke the schema), its extension kept. */
export function documentFilename(shown: string | undefined): string {
  const name = basename(shown ?? '').replace(/[^\w.-]/g, '_');
  const ext = /\.[A-Za-z]{1,5}$/.exec(name)?.[0] ?? '.html';
  const stem = name.slice(0, name.length - (name.endsWith(ext) ? ext.length : 0)).replace(/^\.+/, '');
  return stem ? `${stem.slice(0, 32 - ext.length)}${ext}` : 'accounts.html';
}

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

export class CompaniesHouseFiling {
  private readonly clock: () => Date;
  private readonly sleep: (ms: number) => Promise<void>;
  private readonly random: () => number;
  private readonly retry: RetryPolicy;

  constructor(private readonly deps: CompaniesHouseFilingDeps) {
    this.clock = deps.clock ?? (() => new Date());
    this.sleep = deps.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms)));
    this.random = deps.random ?? Math.random;
    this.retry = deps.retry ?? DEFAULT_RETRY;
  }

  /** Files the accounts, or resumes their filing; the outcome, or a CompaniesHouseRefusal when nothing was sent. */
  async file(accounts: Uint8Array, request: AccountsFilingRequest, onProgress: (p: CompaniesHouseProgress) => void = () => undefined): Promise<CompaniesHouseOutcome> {
    const gatewayUrl = request.endpoint ?? COMPANIES_HOUSE_GATEWAY_URL;
    const destination = gatewayDestinationProblem(gatewayUrl);
    if (destination) throw new CompaniesHouseRefusal('endpoint', `${destination}; nothing was sent`);
    const companyNumber = normaliseCompanyNumber(request.companyNumber);
    if (!companyNumber) throw new CompaniesHouseRefusal('companyNumber', `"${request.companyNumber.slice(0, 40)}" is not a Companies House registered number (8 digits, or 2 letters and 6 digits)`);
    const exchange = new GatewayExchange(this.deps.transport);
    const progress = (p: CompaniesHouseProgress) => onProgress(p.problem === undefined ? p : { ...p, problem: exchange.masked(p.problem) });
    progress({ step: 'checking-accounts' });
    const local = checkAccountsForCompaniesHouse(accounts, { companyNumber });
    if (local.problems.length > 0) throw new CompaniesHouseRefusal('accounts', `the accounts would be refused by Companies House: ${local.problems.map((p) => p.message).join('; ')}; nothing was sent`, local.problems);
    const madeUpDate = local.facts.balanceSheetDate!;
    const key = sameAccountsKey({ companyNumber, madeUpDate, environment: request.environment });
    const claimed = await this.deps.store.claim(key, request.takeOver ? { takeOver: true } : {});
    if (!('release' in claimed)) {
      throw new CompaniesHouseRefusal('claim', claimed.refused.message ?? `${describeHolder(claimed.refused.holder)} is filing the accounts of company ${companyNumber} made up to ${madeUpDate} right now; nothing was sent. ${this.deps.howToTakeOver ?? ''}`.trim());
    }
    // The submission this run is about, once there is one: its record, read back, says how the filing ended.
    let filing: string | undefined;
    try {
      const secrets = await this.deps.secrets(companyNumber);
      const bad = secretsProblem(secrets);
      if (bad) throw new CompaniesHouseRefusal('credentials', `${bad.message}; nothing was sent`);
      exchange.learn(secrets);
      const documentSha256 = sha256(accounts);
      const { records } = await this.deps.store.list();
      const mine = records.filter((r) => sameAccountsKey(r) === key);
      const under = mine.find((r) => !FINAL_FILING_STATES.has(r.state));
      const accepted = mine.find((r) => r.state === 'accepted');
      filing = (under ?? accepted)?.submissionNumber;
      let record: FilingRecord;
      if (under) {
        if (under.documentSha256 !== documentSha256) throw new CompaniesHouseRefusal('alreadyFiled', `an earlier version of these accounts is still being filed as submission ${under.submissionNumber}; it must finish before changed accounts are sent; nothing was sent`);
        record = under;
      } else if (accepted) {
        if (accepted.documentSha256 === documentSha256) return outcomeOfRecord(accepted);
        throw new CompaniesHouseRefusal('alreadyFiled', `Companies House already accepted accounts of company ${companyNumber} made up to ${madeUpDate} (submission ${accepted.submissionNumber}); amended accounts are a different filing, which Filing Desk does not send; nothing was sent`);
      } else {
        progress({ step: 'checking-company' });
        const company = await checkCompany({ exchange, gatewayUrl, environment: request.environment, secrets, companyNumber, madeUpDate, email: request.email });
        if (company.refused) throw new CompaniesHouseRefusal('companyAuthCode', `${company.refused}; nothing was sent`);
        // Unanswered, the question is optional (companies-house.md §1, step 1): the submission carries the same code and
        // name, which the gateway checks itself (502), and goes exactly once whatever happens to it.
        if (company.unanswered) progress({ step: 'retrying', problem: `the company's data could not be had (${company.unanswered}); the accounts are checked by Companies House itself` });
        const named = company.companyName ? checkAccountsForCompaniesHouse(accounts, { companyNumber, companyName: company.companyName }) : local;
        if (named.problems.length > 0) throw new CompaniesHouseRefusal('accounts', `${named.problems.map((p) => p.message).join('; ')}; nothing was sent`, named.problems);
        record = await this.newRecord(accounts, request, { companyNumber, gatewayUrl, documentSha256, companyName: company.companyName ?? local.facts.companyName!, facts: local.facts, presenterId: secrets.presenterId });
        filing = record.submissionNumber;
      }
      // Read back from disk, the record is held to the rule a fresh address is: one edited to point elsewhere sends nothing there.
      const kept = gatewayDestinationProblem(record.gatewayUrl);
      if (kept) throw new CompaniesHouseRefusal('endpoint', `the filing record of submission ${record.submissionNumber} names an address the secrets may not go to: ${kept}; nothing was sent`);
      const filed = await fileRecord(
        { exchange, save: (r) => this.save(exchange, r), secrets, clock: this.clock, sleep: this.sleep, random: this.random, retry: this.retry, progress, ...(request.email ? { email: request.email } : {}) },
        record,
      );
      progress({ step: 'done', submissionNumber: filed.submissionNumber });
      return outcomeOfRecord(filed);
    } finally {
      await claimed.release(await this.endingOf(filing));
    }
  }

  /** How the filing ended, from its record as saved (none: nothing was sent); one that cannot be read back may have been sent. */
  private async endingOf(submissionNumber: string | undefined): Promise<FilingEnding> {
    if (submissionNumber === undefined) return endingOfAccountsFiling(undefined);
    try {
      const { records } = await this.deps.store.list();
      const record = records.find((r) => r.submissionNumber === submissionNumber);
      return record ? endingOfAccountsFiling(record) : { outcome: 'not-finished', reference: submissionNumber };
    } catch {
      return { outcome: 'not-finished', reference: submissionNumber };
    }
  }

  private async newRecord(
    accounts: Uint8Array,
    request: AccountsFilingRequest,
    f: { companyNumber: string; gatewayUrl: string; documentSha256: string; companyName: string; facts: ReturnType<typeof checkAccountsForCompaniesHouse>['facts']; presenterId: string },
  ): Promise<FilingRecord> {
    const madeUpDate = f.facts.balanceSheetDate!;
    // Taken for good and written before the record: a number is never handed out twice, even if this run dies here.
    const submissionNumber = await this.deps.numbers.allocate(f.presenterId, `accounts of ${f.companyNumber} made up to ${madeUpDate}`).catch((error: unknown) => {
      // No number (the office could not be reached, or every number is used): refused in words like any refusal before sending.
      if (error instanceof SubmissionNumbersError) throw new CompaniesHouseRefusal('claim', error.message);
      throw error;
    });
    const presenterKey = (await this.deps.numbers.folderOf(f.presenterId)).split('/').pop()!;
    const record: FilingRecord = {
      version: 1,
      submissionNumber,
      presenterKey,
      environment: request.environment,
      gatewayUrl: new URL(f.gatewayUrl).href,
      companyNumber: f.companyNumber,
      companyType: companyTypeOf(f.companyNumber),
      companyName: f.companyName,
      ...(f.facts.periodStart ? { periodStart: f.facts.periodStart } : {}),
      madeUpDate,
      dateSigned: f.facts.dateApproved!,
      contactName: (request.contactName ?? '').slice(0, 160),
      contactNumber: (request.contactNumber ?? '').slice(0, 40),
      packageReference: request.packageReference ?? DEFAULT_PACKAGE_REFERENCE,
      filename: documentFilename(request.filename),
      ...(request.clientId ? { clientId: request.clientId } : {}),
      documentSha256: f.documentSha256,
      document: Buffer.from(accounts).toString('base64'),
      createdAt: this.clock().toISOString(),
      state: 'prepared',
      log: [],
    };
    await this.deps.store.save(record);
    return record;
  }

  private async save(exchange: GatewayExchange, record: FilingRecord): Promise<FilingRecord> {
    const kept = exchange.fitted(record);
    await this.deps.store.save(kept);
    return kept;
  }

  /** Every filing kept, newest first, for the history view; of one client or one company when asked. */
  async history(filter: { clientId?: string; companyNumber?: string } = {}): Promise<FilingSummary[]> {
    const { records } = await this.deps.store.list();
    return records
      .filter((r) => (filter.clientId === undefined || r.clientId === filter.clientId) && (filter.companyNumber === undefined || r.companyNumber === normaliseCompanyNumber(filter.companyNumber)))
      .sort((a, b) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : a.submissionNumber.localeCompare(b.submissionNumber)))
      .map(summaryOf);
  }

  /**
   * Takes a kept filing on from where it stands (the window's "check again"):
   * the same accounts, from its record, under the same submission number.
   */
  async resume(submissionNumber: string, onProgress?: (p: CompaniesHouseProgress) => void): Promise<CompaniesHouseOutcome> {
    const { records } = await this.deps.store.list();
    const record = records.find((r) => r.submissionNumber === submissionNumber && !FINAL_FILING_STATES.has(r.state)) ?? records.find((r) => r.submissionNumber === submissionNumber);
    if (!record) throw new CompaniesHouseRefusal('data', `there is no filing with submission number ${submissionNumber.slice(0, 20)} in this data folder`);
    if (FINAL_FILING_STATES.has(record.state)) return outcomeOfRecord(record);
    const endpoint = record.gatewayUrl === COMPANIES_HOUSE_GATEWAY_URL ? {} : { endpoint: record.gatewayUrl };
    return this.file(Buffer.from(record.document, 'base64'), { companyNumber: record.companyNumber, environment: record.environment, ...endpoint, ...(record.clientId ? { clientId: record.clientId } : {}) }, onProgress);
  }

  /** Filings sent whose outcome is not known yet: the window resumes them by filing the same accounts again. */
  async unfinished(): Promise<FilingSummary[]> {
    return (await this.history()).filter((s) => s.outcome.outcome === 'not-finished');
  }
}
