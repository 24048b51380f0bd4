/**
 * Filing with Companies House, put together from what main (or a test
 * harness) already has: the data folder, the client book and the keychain.
 * The keychain is watched so the log redactor learns each code the moment it
 * is saved or read. One service per environment, each asking for its own
 * presenter credentials (Companies House refuses test credentials live and
 * live ones in test), sharing the filing records and submission numbers.
 * When the data folder has joined an office, each filing first takes the
 * office's claim (office-claims.ts).
 */
import type { CredentialStore } from '../credentials/credential-store.js';
import { CompaniesHouseCredentialStore } from '../filing/companies-house/presenter-keychain.js';
import { CompaniesHouseFiling, type CompaniesHouseFilingDeps } from '../filing/companies-house/companies-house-filing.js';
import { FilingStore } from '../filing/companies-house/filing-store.js';
import type { OfficeClaims } from '../office/office-claims.js';
import { officeClaimsFor } from '../office/office-claims-link.js';
import { officeSubmissionNumbersFor } from '../office/office-submission-numbers.js';
import { SubmissionNumbers } from '../filing/companies-house/submission-numbers.js';
import { httpTransport } from '../filing/transport.js';
import { watchCredentialStore } from '../log/secret-watch.js';
import { AccountsDrafts } from '../store/accounts-drafts.js';
import type { ClientBook } from '../store/client-book.js';
import { createCompaniesHouseHandlers, type CompaniesHouseHandlers } from './companies-house-handlers.js';
import type { AccountsWork } from '../deadlines/accounts-progress.js';
import { accountsWorkOf } from '../deadlines/accounts-work.js';

export interface CompaniesHouseWiringOptions {
  dataDir: string;
  clients: Pick<ClientBook, 'list'>;
  credentials: CredentialStore;
  /** Tells the log redactor a secret (AppLog.registerSecret). */
  registerSecret?: (value: string) => void;
  /** A test gateway's address (loopback) instead of Companies House's. */
  endpoint?: string;
  /** Transport, clock, sleep and retry of the service; HTTPS with its defaults when left out. */
  service?: Partial<Pick<CompaniesHouseFilingDeps, 'transport' | 'clock' | 'sleep' | 'retry' | 'random'>>;
  /** The accounts drafts the window and the office sync share (one store, one save queue per draft); the data folder's own when left out. */
  accounts?: AccountsDrafts;
}

export function createCompaniesHouseWiring(options: CompaniesHouseWiringOptions): {
  handlers: CompaniesHouseHandlers;
  store: FilingStore;
  credentials: CompaniesHouseCredentialStore;
  /** The office's claims on accounts filings: the office sync tells the office what it is still owed (tellOffice). */
  officeClaims: OfficeClaims;
  /** The accounts drafts and live acceptances, for the Deadlines' accounts rows. */
  accountsWork: () => Promise<AccountsWork[]>;
} {
  const keychain = options.registerSecret ? watchCredentialStore(options.credentials, options.registerSecret) : options.credentials;
  const credentials = new CompaniesHouseCredentialStore(keychain);
  const takeOver = 'If that Filing Desk has stopped, file again and choose to take the filing over.';
  const officeClaims = officeClaimsFor(options.dataDir, { keychain: async () => keychain, howToTakeOver: takeOver });
  const store = new FilingStore({ dataDir: options.dataDir, acrossDesks: officeClaims });
  // In an office, submission numbers come from the office so two desks under one presenter never send the same one.
  const numbers = new SubmissionNumbers({ dataDir: options.dataDir, acrossDesks: officeSubmissionNumbersFor(options.dataDir, { keychain: async () => keychain }) });
  const service = (environment: 'test' | 'live') =>
    new CompaniesHouseFiling({
      transport: httpTransport(),
      ...options.service,
      store,
      numbers,
      secrets: (companyNumber) => credentials.secrets(environment, companyNumber),
      howToTakeOver: takeOver,
    });
  const accounts = options.accounts ?? new AccountsDrafts({ dataDir: options.dataDir });
  const handlers = createCompaniesHouseHandlers({
    services: { test: service('test'), live: service('live') },
    credentials,
    accounts,
    clients: options.clients,
    ...(options.endpoint ? { endpoint: options.endpoint } : {}),
  });
  const accountsWork = async () => {
    const [clients, drafts, filings] = await Promise.all([options.clients.list({ query: '', includeArchived: true }), accounts.list(), store.list()]);
    return accountsWorkOf(clients, drafts.drafts, filings.records);
  };
  return { handlers, store, credentials, officeClaims, accountsWork };
}
