/**
 * `cli accounts file <accounts.xhtml> --company-number <n> [--environment
 * test|live] [--endpoint <url>] [--secrets-file <file>] [--data <folder>]
 * [--tries <n>]`: files Inline XBRL accounts with Companies House's XML
 * Gateway and prints { outcome, submissionNumber, companyNumber, reasons }
 * as JSON. Run again after an interruption, the same command resumes the
 * filing under way from its record, asking Companies House its status by
 * submission number first: the accounts are never submitted twice.
 * Exit: 0 accepted, 1 rejected (or refused by the gateway), 2 unusable
 * input or refused before anything was sent (an endpoint the secrets may
 * not go to included), 4 not finished: run the same command again.
 */
import { resolve } from 'node:path';
import { RequestValidationError } from '../engine/errors.js';
import { CompaniesHouseFiling, CompaniesHouseRefusal, type CompaniesHouseOutcome, type CompaniesHouseProgress } from '../filing/companies-house/companies-house-filing.js';
import { FilingStore, FilingStoreError } from '../filing/companies-house/filing-store.js';
import { openCredentialStore } from '../credentials/open-credential-store.js';
import { officeClaimsFor } from '../office/office-claims-link.js';
import { officeSubmissionNumbersFor } from '../office/office-submission-numbers.js';
import { gatewayDestinationProblem, isCompaniesHouseEnvironment } from '../filing/companies-house/gateway-rules.js';
import { SubmissionNumbers } from '../filing/companies-house/submission-numbers.js';
import { DEFAULT_RETRY } from '../filing/filing-steps.js';
import { httpTransport } from '../filing/transport.js';
import { companiesHouseSecrets } from './accounts-file-secrets.js';
import { appDataFolder } from './app-data-folder.js';
import { CliUsageError, readInput, type CliIo, type ParsedArgs } from './io.js';
import { jsonText, terminalText } from './safe-text.js';

const EXIT_NOT_FINISHED = 4;
/** Companies House takes accounts of a few megabytes; 32 MiB is beyond any with its images embedded. */
const ACCOUNTS_INPUT = { maxBytes: 32 * 1024 * 1024, kind: 'Inline XBRL accounts' };

function progressLine(io: CliIo) {
  let last = '';
  return (p: CompaniesHouseProgress) => {
    const n = p.submissionNumber ? ` ${p.submissionNumber}` : '';
    const line =
      p.step === 'checking-accounts' ? 'checking the accounts as Companies House checks them'
      : p.step === 'checking-company' ? "checking the company's authentication code with Companies House"
      : p.step === 'sending' ? `sending submission${n} to Companies House`
      : p.step === 'asking-status' ? `asking Companies House the status of submission${n}`
      : p.step === 'waiting' ? `${p.status ?? 'no outcome yet'}; next check in ${p.nextCheckInSeconds ?? 0} s`
      : p.step === 'retrying' ? `no usable answer yet (${(p.problem ?? 'trying again').slice(0, 300)})`
      : '';
    // A problem may quote the server's words: never raw to the terminal.
    if (line && line !== last) io.err(`${terminalText(line)}\n`);
    last = line;
  };
}

export async function fileAccountsCommand({ positional, values }: ParsedArgs, io: CliIo): Promise<number> {
  if (positional.length !== 1) throw new CliUsageError('accounts file takes exactly one set of accounts (an Inline XBRL .xhtml or .html file)', { area: 'accounts', name: 'file' });
  const environment = values.environment ?? 'live';
  if (!isCompaniesHouseEnvironment(environment)) throw new CliUsageError('--environment must be test (Companies House\'s test gateway, test presenter credentials) or live', { area: 'accounts', name: 'file' });
  if (!values['company-number']) throw new RequestValidationError([{ field: 'company-number', message: '--company-number is needed: the registered number the accounts are filed under; nothing was sent' }]);
  // Refused before anything is read or asked: the secrets go nowhere else.
  const destination = values.endpoint === undefined ? undefined : gatewayDestinationProblem(values.endpoint);
  if (destination) throw new RequestValidationError([{ field: 'endpoint', message: `${destination}; nothing was sent` }]);
  const tries = values.tries === undefined ? DEFAULT_RETRY.maxAttempts : Number(values.tries);
  if (!/^\d+$/.test(values.tries ?? '8') || tries < 1 || tries > 100) throw new RequestValidationError([{ field: 'tries', message: '--tries must be a whole number from 1 to 100' }]);
  const file = positional[0]!;
  const accounts = await readInput(file, ACCOUNTS_INPUT, 'file');
  const secrets = await companiesHouseSecrets(values['secrets-file']);
  const dataDir = resolve(values.data ?? appDataFolder(process.platform, process.env));
  const filing = new CompaniesHouseFiling({
    store: new FilingStore({
      dataDir,
      claimedBy: 'the command line',
      // A data folder that joined an office files only under the office's claim (office-claims.ts).
      acrossDesks: officeClaimsFor(dataDir, { keychain: () => openCredentialStore(), howToTakeOver: 'Wait for it to finish, then run the same command again.' }),
    }),
    // In an office, submission numbers come from the office so two desks under one presenter never send the same one.
    numbers: new SubmissionNumbers({ dataDir, acrossDesks: officeSubmissionNumbersFor(dataDir, { keychain: () => openCredentialStore() }) }),
    transport: httpTransport(),
    secrets: async () => secrets,
    retry: { ...DEFAULT_RETRY, maxAttempts: tries },
    howToTakeOver: 'Wait for it to finish, then run the same command again.',
  });
  let outcome: CompaniesHouseOutcome;
  try {
    outcome = await filing.file(accounts, { companyNumber: values['company-number'], environment, ...(values.endpoint ? { endpoint: values.endpoint } : {}), filename: file }, progressLine(io));
  } catch (err) {
    if (err instanceof CompaniesHouseRefusal) {
      const problems = err.problems.length > 0 ? err.problems.map((p) => ({ field: 'accounts', message: `${p.code}: ${p.message}` })) : [];
      throw new RequestValidationError([{ field: err.field, message: err.message }, ...problems]);
    }
    if (err instanceof FilingStoreError) throw new RequestValidationError([{ field: 'data', message: `${err.message}; nothing was sent that is not recorded` }]);
    throw err;
  }
  io.err(`${terminalText(outcome.message)}\n`);
  io.out(`${jsonText({ outcome: outcome.outcome, submissionNumber: outcome.submissionNumber, companyNumber: outcome.companyNumber, reasons: outcome.reasons }, 2)}\n`);
  return outcome.outcome === 'accepted' ? 0 : outcome.outcome === 'rejected' ? 1 : EXIT_NOT_FINISHED;
}
