/**
 * Filing accounts with Companies House from the window: the last look at
 * what will be filed, the filing itself (run by main in the background,
 * followed by its progress), the filings kept per client, and the
 * credentials in Settings › Companies House. The secrets go into main and
 * never come back: the window only learns whether each is saved.
 */
import type { IpcResult } from './contract-ipc.js';

export type CompaniesHouseEnvironmentName = 'test' | 'live';

/** One thing that stops the filing, named by where it is put right. */
export interface CompaniesHouseMissing {
  /** presenterId, presenterCode, companyAuthCode, build, companyNumber, approvalDate, signingDirector */
  field: string;
  message: string;
}

/** What will be filed, for the person to check before anything is sent. */
export interface CompaniesHouseLastLook {
  accountsDraftId: string;
  clientId: string;
  companyNumber: string;
  companyName: string;
  periodFrom: string;
  periodTo: string;
  /** The day the board approved the accounts (ISO), or null when not given. */
  approvalDate: string | null;
  signingDirector: string;
  environment: CompaniesHouseEnvironmentName;
  /** The built accounts' file name and size. */
  fileName: string | null;
  size: number | null;
  /** Where the accounts will go, in words. */
  willSendTo: string;
  /** Empty when the accounts can be filed. */
  missing: CompaniesHouseMissing[];
}

/** One of Companies House's reasons, its own words beside plain English where Filing Desk knows the cause. */
export interface CompaniesHouseReason {
  code: string;
  /** Companies House's words, verbatim. */
  text: string;
  /** What it means and what to do, in plain English; null when Filing Desk does not recognise it. */
  plain: string | null;
}

export interface CompaniesHouseOutcomeView {
  outcome: 'accepted' | 'rejected' | 'not-finished';
  submissionNumber: string;
  companyNumber: string;
  /** The last status Companies House gave (PENDING, PARKED, INTERNAL_FAILURE, ACCEPT, REJECT). */
  status: string | null;
  message: string;
  reasons: CompaniesHouseReason[];
}

/** A filing running in main, as the window follows it. */
export interface CompaniesHouseJob {
  jobId: string;
  /** Where it stands, in words ("Sending the accounts", "Waiting for Companies House: next check in 40 seconds"). */
  step: string;
  submissionNumber: string | null;
  /** Set once it has finished: the outcome, or why nothing was sent. */
  outcome: CompaniesHouseOutcomeView | null;
  refused: { field: string; message: string } | null;
}

/** A filing kept in the data folder, for the client's history. */
export interface CompaniesHouseFilingView {
  submissionNumber: string;
  companyNumber: string;
  companyName: string;
  environment: CompaniesHouseEnvironmentName;
  periodStart: string | null;
  madeUpDate: string;
  createdAt: string;
  outcome: CompaniesHouseOutcomeView;
}

/** A client's accounts at Companies House: the built accounts drafts ready to file and the filings kept. */
export interface CompaniesHouseClientView {
  ready: { accountsDraftId: string; periodFrom: string; periodTo: string; companyName: string }[];
  filings: CompaniesHouseFilingView[];
  /** Whether the company's authentication code is saved (never the code). */
  authCodeSaved: boolean;
}

export interface CompaniesHouseCredentialsView {
  /** Whether a presenter ID and code are saved for each environment (never the values). */
  presenter: Record<CompaniesHouseEnvironmentName, boolean>;
  /** Where the secrets are kept, in words. */
  where: string;
}

export interface CompaniesHouseChannels {
  'companiesHouse.lastLook': { request: { accountsDraftId: string; environment: CompaniesHouseEnvironmentName }; response: CompaniesHouseLastLook };
  'companiesHouse.file': { request: { accountsDraftId: string; environment: CompaniesHouseEnvironmentName; takeOver?: boolean }; response: CompaniesHouseJob };
  'companiesHouse.job': { request: { jobId: string }; response: CompaniesHouseJob };
  'companiesHouse.checkAgain': { request: { submissionNumber: string }; response: CompaniesHouseJob };
  'companiesHouse.client': { request: { clientId: string }; response: CompaniesHouseClientView };
  'companiesHouse.credentials': { request: void; response: CompaniesHouseCredentialsView };
  'companiesHouse.savePresenter': { request: { environment: CompaniesHouseEnvironmentName; presenterId: string; presenterCode: string }; response: CompaniesHouseCredentialsView };
  'companiesHouse.saveAuthCode': { request: { clientId: string; code: string }; response: { saved: true } };
}

export const companiesHouseChannels = [
  'companiesHouse.lastLook',
  'companiesHouse.file',
  'companiesHouse.job',
  'companiesHouse.checkAgain',
  'companiesHouse.client',
  'companiesHouse.credentials',
  'companiesHouse.savePresenter',
  'companiesHouse.saveAuthCode',
] as const satisfies ReadonlyArray<keyof CompaniesHouseChannels>;

type Req<C extends keyof CompaniesHouseChannels> = CompaniesHouseChannels[C]['request'];
type Res<C extends keyof CompaniesHouseChannels> = Promise<IpcResult<CompaniesHouseChannels[C]['response']>>;

export interface CompaniesHouseBridge {
  companiesHouseLastLook(request: Req<'companiesHouse.lastLook'>): Res<'companiesHouse.lastLook'>;
  fileWithCompaniesHouse(request: Req<'companiesHouse.file'>): Res<'companiesHouse.file'>;
  companiesHouseJob(request: Req<'companiesHouse.job'>): Res<'companiesHouse.job'>;
  checkCompaniesHouseAgain(request: Req<'companiesHouse.checkAgain'>): Res<'companiesHouse.checkAgain'>;
  companiesHouseClient(request: Req<'companiesHouse.client'>): Res<'companiesHouse.client'>;
  companiesHouseCredentials(): Res<'companiesHouse.credentials'>;
  saveCompaniesHousePresenter(request: Req<'companiesHouse.savePresenter'>): Res<'companiesHouse.savePresenter'>;
  saveCompanyAuthCode(request: Req<'companiesHouse.saveAuthCode'>): Res<'companiesHouse.saveAuthCode'>;
}

export const companiesHouseBridgeChannels = {
  companiesHouseLastLook: 'companiesHouse.lastLook',
  fileWithCompaniesHouse: 'companiesHouse.file',
  companiesHouseJob: 'companiesHouse.job',
  checkCompaniesHouseAgain: 'companiesHouse.checkAgain',
  companiesHouseClient: 'companiesHouse.client',
  companiesHouseCredentials: 'companiesHouse.credentials',
  saveCompaniesHousePresenter: 'companiesHouse.savePresenter',
  saveCompanyAuthCode: 'companiesHouse.saveAuthCode',
} as const satisfies { [M in keyof CompaniesHouseBridge]: keyof CompaniesHouseChannels };
