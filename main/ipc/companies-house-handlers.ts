/**
 * The window's Companies House channels: the last look at an accounts draft
 * before filing, the filing run in the background (the window follows it by
 * job), the client's filings and accounts ready to file, and the presenter
 * and company codes saved to the keychain. The filing itself is ch-gateway's
 * service (main/filing/companies-house/), the same the command line uses, so
 * the accounts are never sent twice whichever started them.
 */
import { randomUUID } from 'node:crypto';
import type { CompaniesHouseCredentialStore } from '../filing/companies-house/presenter-keychain.js';
import { CompaniesHouseCredentialsMissing } from '../filing/companies-house/presenter-keychain.js';
import { CompaniesHouseRefusal, type CompaniesHouseFiling, type CompaniesHouseProgress } from '../filing/companies-house/companies-house-filing.js';
import { COMPANIES_HOUSE_GATEWAY_URL } from '../filing/companies-house/gateway-rules.js';
import { isIsoDate } from '../engine/deadlines/calendar.js';
import type { AccountsDrafts } from '../store/accounts-drafts.js';
import type { ClientBook } from '../store/client-book.js';
import type { AccountsDraft } from '../../preload/contract-accounts.js';
import type { CompaniesHouseChannels, CompaniesHouseEnvironmentName, CompaniesHouseJob, CompaniesHouseLastLook, CompaniesHouseMissing } from '../../preload/contract-companies-house.js';
import { IpcFailure } from './ipc-errors.js';
import { outcomeView, progressWords } from './companies-house-words.js';

type Service = Pick<CompaniesHouseFiling, 'file' | 'resume' | 'history'>;

export interface CompaniesHouseHandlerDeps {
  /** The filing service for each environment (each asks for that environment's presenter credentials). */
  services: Record<CompaniesHouseEnvironmentName, Service>;
  credentials: Pick<CompaniesHouseCredentialStore, 'status' | 'savePresenter' | 'hasCompanyAuthCode' | 'saveCompanyAuthCode'>;
  accounts: Pick<AccountsDrafts, 'get' | 'list' | 'builtBytes'>;
  clients: Pick<ClientBook, 'list'>;
  /** A test gateway instead of Companies House's (loopback in tests); Companies House's own when left out. */
  endpoint?: string;
  newJobId?: () => string;
}

/** A window opened without Companies House wired (some tests) refuses every call in words: nothing is read, sent or saved. */
export function companiesHouseNotWired(): CompaniesHouseHandlers {
  const refuse = async (): Promise<never> => {
    throw new IpcFailure('failed', 'Filing with Companies House is not available in this window: Filing Desk started without its filing service. Nothing was sent.');
  };
  return {
    'companiesHouse.lastLook': refuse,
    'companiesHouse.file': refuse,
    'companiesHouse.job': refuse,
    'companiesHouse.checkAgain': refuse,
    'companiesHouse.client': refuse,
    'companiesHouse.credentials': refuse,
    'companiesHouse.savePresenter': refuse,
    'companiesHouse.saveAuthCode': refuse,
  };
}

export type CompaniesHouseHandlers = { [C in keyof CompaniesHouseChannels]: (request: CompaniesHouseChannels[C]['request']) => Promise<CompaniesHouseChannels[C]['response']> };

/** "1", "4", "2026" → "2026-04-01", or null when not a real date. */
function isoOfText(d: { day: string; month: string; year: string }): string | null {
  const iso = `${d.year.trim().padStart(4, '0')}-${d.month.trim().padStart(2, '0')}-${d.day.trim().padStart(2, '0')}`;
  return /^\d{4}-\d{2}-\d{2}$/.test(iso) && isIsoDate(iso) ? iso : null;
}

export function createCompaniesHouseHandlers(deps: CompaniesHouseHandlerDeps): CompaniesHouseHandlers {
  const jobs = new Map<string, CompaniesHouseJob>();
  const newJobId = deps.newJobId ?? randomUUID;
  const willSendTo = (environment: CompaniesHouseEnvironmentName) => {
    const where = deps.endpoint ?? COMPANIES_HOUSE_GATEWAY_URL;
    return `${environment === 'test' ? 'Companies House’s test service (a test submission: nothing is filed on the register)' : 'Companies House, to be filed on the public register'} at ${new URL(where).host}`;
  };

  const lastLook = async (accountsDraftId: string, environment: CompaniesHouseEnvironmentName): Promise<{ look: CompaniesHouseLastLook; draft: AccountsDraft }> => {
    const draft = await deps.accounts.get(accountsDraftId);
    const missing: CompaniesHouseMissing[] = [];
    const approvalDate = isoOfText(draft.answers.approvalDate);
    if (!draft.lastBuild) missing.push({ field: 'build', message: 'Build the accounts first (Check and build): there is nothing to file yet.' });
    else if (draft.changedSinceBuild) missing.push({ field: 'build', message: 'The accounts changed since they were built: build them again so what is filed is what you see.' });
    if (!draft.companyNumber) missing.push({ field: 'companyNumber', message: 'Enter the client’s Companies House number in Clients: the accounts are filed under it.' });
    if (!approvalDate) missing.push({ field: 'approvalDate', message: 'Enter the day the board approved the accounts (Directors and approval).' });
    if (!draft.answers.signingDirector.trim()) missing.push({ field: 'signingDirector', message: 'Choose the director who signs the balance sheet (Directors and approval).' });
    const presenter = (await deps.credentials.status()).presenter[environment];
    if (!presenter) missing.push({ field: 'presenterId', message: `Enter the ${environment === 'test' ? 'test ' : ''}presenter ID and authentication code in Settings › Companies House.` });
    if (draft.companyNumber && !(await deps.credentials.hasCompanyAuthCode(draft.companyNumber))) {
      missing.push({ field: 'companyAuthCode', message: `Enter company ${draft.companyNumber}’s authentication code (6 letters and digits, from the company) on the client’s page.` });
    }
    const look: CompaniesHouseLastLook = {
      accountsDraftId: draft.id,
      clientId: draft.clientId,
      companyNumber: draft.companyNumber,
      companyName: draft.companyName,
      periodFrom: draft.periodFrom,
      periodTo: draft.periodTo,
      approvalDate,
      signingDirector: draft.answers.signingDirector.trim(),
      environment,
      fileName: draft.lastBuild?.fileName ?? null,
      size: draft.lastBuild?.size ?? null,
      willSendTo: willSendTo(environment),
      missing,
    };
    return { look, draft };
  };

  /** Runs a filing in the background; the window follows it by its job. */
  const start = (run: (onProgress: (p: CompaniesHouseProgress) => void) => Promise<Parameters<typeof outcomeView>[0]>): CompaniesHouseJob => {
    const job: CompaniesHouseJob = { jobId: newJobId(), step: 'Starting', submissionNumber: null, outcome: null, refused: null };
    jobs.set(job.jobId, job);
    const update = (change: Partial<CompaniesHouseJob>) => jobs.set(job.jobId, { ...jobs.get(job.jobId)!, ...change });
    void run((p) => update({ step: progressWords(p), ...(p.submissionNumber ? { submissionNumber: p.submissionNumber } : {}) }))
      .then((outcome) => update({ step: 'Finished', submissionNumber: outcome.submissionNumber, outcome: outcomeView(outcome) }))
      .catch((error: unknown) => {
        if (error instanceof CompaniesHouseRefusal || error instanceof CompaniesHouseCredentialsMissing) update({ step: 'Nothing was sent', refused: { field: error.field, message: error.message } });
        else update({ step: 'Stopped', refused: { field: 'data', message: `The filing stopped: ${error instanceof Error ? error.message : String(error)}. Check again from the client’s filings: nothing is sent twice.` } });
      });
    return job;
  };

  return {
    'companiesHouse.lastLook': async ({ accountsDraftId, environment }) => (await lastLook(accountsDraftId, environment)).look,
    'companiesHouse.file': async ({ accountsDraftId, environment, takeOver }) => {
      const { look, draft } = await lastLook(accountsDraftId, environment);
      if (look.missing.length > 0) throw new IpcFailure('invalid-request', 'The accounts cannot be filed yet; nothing was sent.', look.missing);
      const bytes = await deps.accounts.builtBytes(draft);
      return start((onProgress) =>
        deps.services[environment].file(
          bytes,
          {
            companyNumber: draft.companyNumber,
            environment,
            clientId: draft.clientId,
            filename: draft.lastBuild!.fileName,
            ...(deps.endpoint ? { endpoint: deps.endpoint } : {}),
            ...(takeOver ? { takeOver: true } : {}),
          },
          onProgress,
        ),
      );
    },
    'companiesHouse.job': async ({ jobId }) => {
      const job = jobs.get(jobId);
      if (!job) throw new IpcFailure('failed', 'That filing is not running in this window (Filing Desk was restarted?). Its outcome is in the client’s filings.');
      return job;
    },
    'companiesHouse.checkAgain': async ({ submissionNumber }) => {
      // The record knows its own environment and gateway; either service resumes it with that environment's credentials.
      const history = await deps.services.live.history();
      const environment = history.find((f) => f.submissionNumber === submissionNumber)?.environment ?? 'live';
      return start((onProgress) => deps.services[environment].resume(submissionNumber, onProgress));
    },
    'companiesHouse.client': async ({ clientId }) => {
      const client = (await deps.clients.list({ query: '', includeArchived: true })).find((c) => c.id === clientId);
      if (!client) throw new IpcFailure('failed', 'That client is not in the client book.');
      const [{ drafts }, filings] = await Promise.all([deps.accounts.list(), deps.services.live.history({ clientId })]);
      const ready = drafts.filter((d) => d.clientId === clientId && d.state !== 'in-progress').map((d) => ({ accountsDraftId: d.id, periodFrom: d.periodFrom, periodTo: d.periodTo, companyName: d.companyName }));
      return {
        ready,
        filings: filings.map((f) => ({
          submissionNumber: f.submissionNumber,
          companyNumber: f.companyNumber,
          companyName: f.companyName,
          environment: f.environment,
          periodStart: f.periodStart ?? null,
          madeUpDate: f.madeUpDate,
          createdAt: f.createdAt,
          outcome: outcomeView(f.outcome),
        })),
        authCodeSaved: client.registrationNumber ? await deps.credentials.hasCompanyAuthCode(client.registrationNumber) : false,
      };
    },
    'companiesHouse.credentials': async () => deps.credentials.status(),
    'companiesHouse.savePresenter': async ({ environment, presenterId, presenterCode }) => {
      try {
        return await deps.credentials.savePresenter(environment, presenterId, presenterCode);
      } catch (error) {
        if (error instanceof CompaniesHouseCredentialsMissing) throw new IpcFailure('invalid-request', 'Nothing was saved.', [{ field: error.field, message: error.message }]);
        throw error;
      }
    },
    'companiesHouse.saveAuthCode': async ({ clientId, code }) => {
      const client = (await deps.clients.list({ query: '', includeArchived: true })).find((c) => c.id === clientId);
      if (!client) throw new IpcFailure('failed', 'That client is not in the client book.');
      if (!client.registrationNumber) throw new IpcFailure('invalid-request', 'Nothing was saved.', [{ field: 'companyAuthCode', message: 'Enter the client’s Companies House number first: the code belongs to it.' }]);
      try {
        await deps.credentials.saveCompanyAuthCode(client.registrationNumber, code);
      } catch (error) {
        if (error instanceof CompaniesHouseCredentialsMissing) throw new IpcFailure('invalid-request', 'Nothing was saved.', [{ field: error.field, message: error.message }]);
        throw error;
      }
      return { saved: true };
    },
  };
}
