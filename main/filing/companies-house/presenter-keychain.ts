/**
 * The Companies House secrets a filing needs, kept in the OS keychain with
 * the other secrets (never in a file): the presenter ID and presenter
 * authentication code of the firm's software-filing presenter account, one
 * pair per environment (Companies House issues test credentials apart from
 * live ones, and refuses either with the other's test flag), and each
 * company's authentication code, by registered number. They are read only
 * at the moment of filing and never leave main: the status says only what
 * is saved. Pass a store that tells the log redactor every secret
 * (watchCredentialStore), so none appears in a log line.
 */
import type { CredentialStore } from '../../credentials/credential-store.js';
import type { CompaniesHouseEnvironment } from './gateway-rules.js';
import { secretsProblem, typedSecret, type FilingSecrets } from './presenter-secrets.js';

/** The keychain accounts these secrets are filed under. */
export const CompaniesHouseAccount = {
  presenterId: (environment: CompaniesHouseEnvironment) => `companies-house-presenter-id:${environment}`,
  presenterCode: (environment: CompaniesHouseEnvironment) => `companies-house-presenter-code:${environment}`,
  companyAuthCode: (companyNumber: string) => `companies-house-auth-code:${companyNumber}`,
} as const;

export interface CompaniesHouseCredentialsStatus {
  /** Whether a presenter ID and code are saved for each environment (never the values). */
  presenter: Record<CompaniesHouseEnvironment, boolean>;
  /** Where the secrets are kept, in the store's own words. */
  where: string;
}

/** Why filing cannot get a secret; field is the Settings field to fill in. */
export class CompaniesHouseCredentialsMissing extends Error {
  constructor(
    readonly field: keyof FilingSecrets,
    message: string,
  ) {
    super(message);
    this.name = 'CompaniesHouseCredentialsMissing';
  }
}

const ENVIRONMENTS: CompaniesHouseEnvironment[] = ['test', 'live'];

export class CompaniesHouseCredentialStore {
  constructor(private readonly store: CredentialStore) {}

  async status(): Promise<CompaniesHouseCredentialsStatus> {
    const presenter = { test: false, live: false };
    for (const e of ENVIRONMENTS) presenter[e] = (await this.store.get(CompaniesHouseAccount.presenterId(e))) !== undefined && (await this.store.get(CompaniesHouseAccount.presenterCode(e))) !== undefined;
    return { presenter, where: this.store.description };
  }

  /** Saves the presenter's pair for an environment, both or neither: refused by field when one is not of Companies House's form. */
  async savePresenter(environment: CompaniesHouseEnvironment, presenterId: string, presenterCode: string): Promise<CompaniesHouseCredentialsStatus> {
    const problem = secretsProblem({ presenterId, presenterCode });
    if (problem) throw new CompaniesHouseCredentialsMissing(problem.field, problem.message);
    await this.store.set(CompaniesHouseAccount.presenterCode(environment), typedSecret(presenterCode));
    await this.store.set(CompaniesHouseAccount.presenterId(environment), typedSecret(presenterId));
    return this.status();
  }

  async clearPresenter(environment: CompaniesHouseEnvironment): Promise<CompaniesHouseCredentialsStatus> {
    await this.store.delete(CompaniesHouseAccount.presenterCode(environment));
    await this.store.delete(CompaniesHouseAccount.presenterId(environment));
    return this.status();
  }

  /** Whether the company's authentication code is saved (never the code). */
  async hasCompanyAuthCode(companyNumber: string): Promise<boolean> {
    return (await this.store.get(CompaniesHouseAccount.companyAuthCode(companyNumber.trim().toUpperCase()))) !== undefined;
  }

  async saveCompanyAuthCode(companyNumber: string, code: string): Promise<void> {
    const problem = secretsProblem({ presenterId: 'X', presenterCode: 'X', companyAuthCode: code });
    if (problem) throw new CompaniesHouseCredentialsMissing(problem.field, problem.message);
    await this.store.set(CompaniesHouseAccount.companyAuthCode(companyNumber.trim().toUpperCase()), typedSecret(code));
  }

  async clearCompanyAuthCode(companyNumber: string): Promise<boolean> {
    return this.store.delete(CompaniesHouseAccount.companyAuthCode(companyNumber.trim().toUpperCase()));
  }

  /** For the moment of filing: the three secrets, or a refusal naming the one to enter. */
  async secrets(environment: CompaniesHouseEnvironment, companyNumber: string): Promise<FilingSecrets> {
    const where = environment === 'test' ? 'test presenter' : 'presenter';
    const presenterId = await this.store.get(CompaniesHouseAccount.presenterId(environment));
    if (presenterId === undefined) throw new CompaniesHouseCredentialsMissing('presenterId', `Enter the ${where} ID in Settings › Companies House; Companies House needs it with every filing.`);
    const presenterCode = await this.store.get(CompaniesHouseAccount.presenterCode(environment));
    if (presenterCode === undefined) throw new CompaniesHouseCredentialsMissing('presenterCode', `Enter the ${where} authentication code in Settings › Companies House.`);
    const companyAuthCode = await this.store.get(CompaniesHouseAccount.companyAuthCode(companyNumber.trim().toUpperCase()));
    if (companyAuthCode === undefined) throw new CompaniesHouseCredentialsMissing('companyAuthCode', `Enter company ${companyNumber}'s authentication code (6 letters and digits, from the company) before filing its accounts.`);
    return { presenterId, presenterCode, companyAuthCode };
  }
}
