/**
 * The Accounts wizard's channels: an accounts draft for a client and period,
 * its trial balance read, the codes the default mapping cannot place asked
 * once (and kept for the client's next period), the statements as the engine
 * builds them, Check and build (the XHTML kept with the draft, a failed
 * build never replacing the last good one), the preview, Save, and the built
 * accounts attached to the CT600 draft for the period as its accounts (box 80A).
 */
import type {
  AccountsAttachRequest,
  AccountsAttachResponse,
  AccountsBuildResponse,
  AccountsCreateRequest,
  AccountsIdRequest,
  AccountsMappingRequest,
  AccountsSaveRequest,
  AccountsSaveResponse,
  AccountsTrialBalanceRequest,
} from '../../preload/contract-accounts-channels.js';
import type { AccountsComparativesSource, AccountsFinding, AccountsPreview, AccountsStatementsView, AccountsView } from '../../preload/contract-accounts-views.js';
import type { FileSaveResponse } from '../../preload/contract-files.js';
import { isLineKey, type Accounts, type IsoDate, type Mapping } from '../engine/accounts/types.js';
import { localToday } from '../deadlines/deadline-inputs.js';
import { ukDate } from '../engine/computation/dates.js';
import { toTrialBalance, type ImportedTrialBalance } from '../engine/accounts/trial-balance/index.js';
import { RequestValidationError, type FieldError } from '../engine/errors.js';
import { AccountsDrafts } from '../store/accounts-drafts.js';
import { ClientMappingAnswers } from '../store/accounts-mapping-answers.js';
import type { AccountsRecord } from '../store/accounts-record.js';
import type { ClientBook } from '../store/client-book.js';
import { StoreError } from '../store/store-error.js';
import type { AccountsEngine } from './accounts-engine.js';
import { previewNodes } from './accounts-preview.js';
import { accountsRequest, readAnswers, wizardFieldOf } from './accounts-request.js';
import { attachToReturn, type ReturnDrafts } from './accounts-return.js';
import { placeCodes, statementLines, trialBalanceView } from './accounts-views.js';
import { saveThroughDialog, type FileSaverDeps } from './file-save-handler.js';
import { IpcFailure } from './ipc-errors.js';
import type { SaveTarget } from './save-kinds.js';

export const ACCOUNTS_TARGET: SaveTarget = {
  extension: 'xhtml',
  filter: { name: 'Accounts (Inline XBRL .xhtml)', extensions: ['xhtml'] },
  description: 'The accounts',
  fallbackBase: 'accounts',
};

export interface AccountsDeskDeps {
  accounts: AccountsDrafts;
  mappingAnswers: ClientMappingAnswers;
  clients: Pick<ClientBook, 'list'>;
  drafts: ReturnDrafts;
  engine: AccountsEngine;
  fileSaver: FileSaverDeps;
  /** The software named in the accounts (bus:NameProductionSoftware, VersionProductionSoftware); asked when they are written, since the app's version is known only once it has started. */
  software: () => { name: string; version: string };
  clock?: () => Date;
  /** Today on the firm's calendar: the last date the board can have approved the accounts on. By default the clock's date in this computer's time zone. */
  today?: () => IsoDate;
}

type TrialBalanceRead = { ok: true; read: ImportedTrialBalance } | { ok: false; problem: string };

/** The file name the accounts are built as: the company and the balance sheet date, so two years are told apart. */
export const accountsFileName = (companyName: string, periodTo: string) =>
  `${companyName.replace(/[^A-Za-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 80) || 'accounts'}-accounts-${periodTo}.xhtml`;

/** The day a number of days after an ISO date. */
function daysAfter(iso: string, days: number): string {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}
const dayAfter = (iso: string) => daysAfter(iso, 1);

type Made = { accounts: Accounts | null; statements: AccountsStatementsView };

export class AccountsDesk {
  private readonly clock: () => Date;
  private readonly today: () => IsoDate;

  constructor(private readonly deps: AccountsDeskDeps) {
    const clock = deps.clock ?? (() => new Date());
    this.clock = clock;
    this.today = deps.today ?? (() => localToday(clock()));
  }

  handlers() {
    return {
      'accounts.list': () => this.deps.accounts.list(),
      'accounts.create': (r: AccountsCreateRequest) => this.create(r),
      'accounts.open': (r: AccountsIdRequest) => this.open(r.id),
      'accounts.save': (r: AccountsSaveRequest) => this.save(r),
      'accounts.setTrialBalance': (r: AccountsTrialBalanceRequest) => this.setTrialBalance(r),
      'accounts.answerMapping': (r: AccountsMappingRequest) => this.answerMapping(r),
      'accounts.statements': (r: AccountsIdRequest) => this.statements(r.id),
      'accounts.build': (r: AccountsIdRequest) => this.build(r.id),
      'accounts.preview': (r: AccountsIdRequest) => this.preview(r.id),
      'accounts.attachToReturn': (r: AccountsAttachRequest) => this.attach(r),
      'accounts.saveFile': (r: AccountsIdRequest) => this.saveFile(r.id),
    };
  }

  async create({ clientId, periodFrom, periodTo, standard }: AccountsCreateRequest): Promise<AccountsView> {
    if (periodFrom > periodTo) throw new IpcFailure('invalid-request', 'The period must not end before it starts.', [{ field: 'periodTo', message: 'must not be before the start of the period' }]);
    const client = (await this.deps.clients.list({ query: '', includeArchived: true })).find((c) => c.id === clientId);
    if (!client) throw new IpcFailure('invalid-request', 'That client is not in the client book.', [{ field: 'clientId', message: 'names no client in the client book' }]);
    if (!/^(\d{8}|[A-Z]{2}\d{6})$/.test(client.registrationNumber.trim().toUpperCase())) {
      throw new IpcFailure('invalid-request', `${client.companyName} has no Companies House number in the client book; add it there first (8 characters, like 01234567 or SC123456).`, [{ field: 'clientId', message: 'the client has no company registration number' }]);
    }
    const draft = await this.deps.accounts.create({ clientId, companyName: client.companyName, companyNumber: client.registrationNumber.trim().toUpperCase(), periodFrom, periodTo, standard });
    return this.view(await this.deps.accounts.record(draft.id));
  }

  async open(id: string): Promise<AccountsView> {
    return this.view(await this.deps.accounts.record(id));
  }

  async save({ id, standard, answers }: AccountsSaveRequest): Promise<AccountsSaveResponse> {
    const draft = await this.deps.accounts.save(id, { standard, answers });
    return { changedAt: draft.changedAt, changedSinceBuild: draft.changedSinceBuild };
  }

  /** A file that cannot be read as a trial balance is refused, and the one kept before stays. */
  async setTrialBalance({ id, fileName, bytes }: AccountsTrialBalanceRequest): Promise<AccountsView> {
    await this.deps.accounts.record(id);
    const read = this.read(bytes);
    if (!read.ok) throw new IpcFailure('invalid-request', `${fileName} could not be read as a trial balance: ${read.problem}`, [{ field: 'trialBalance', message: read.problem }]);
    await this.deps.accounts.setTrialBalance(id, { fileName, bytes });
    return this.view(await this.deps.accounts.record(id));
  }

  async answerMapping({ id, answers }: AccountsMappingRequest): Promise<AccountsView> {
    const errors: FieldError[] = Object.entries(answers)
      .filter(([, line]) => line !== '' && !isLineKey(line))
      .map(([code]) => ({ field: `mapping.${code}`, message: `is not a line of the accounts` }));
    if (errors.length) throw new RequestValidationError(errors);
    const record = await this.deps.accounts.record(id);
    const mapping = { ...record.mapping };
    for (const [code, line] of Object.entries(answers)) {
      if (line === '') delete mapping[code];
      else mapping[code] = line;
    }
    await this.deps.accounts.setMapping(id, mapping);
    // Kept for the client's next period: asked once. The draft holds them whatever happens to that file.
    try {
      await this.deps.mappingAnswers.remember(record.clientId, answers);
    } catch (error) {
      // A store's message is written for the user; anything else may hold a path, so it is not passed on.
      const reason = error instanceof StoreError ? error.message : 'the client’s mapping answers could not be written.';
      throw new IpcFailure('failed', `The answer is kept with these accounts, but not for the client’s next year: ${reason}`);
    }
    return this.view(await this.deps.accounts.record(id));
  }

  async statements(id: string): Promise<AccountsStatementsView> {
    const record = await this.deps.accounts.record(id);
    const made = await this.make(record);
    return made.statements;
  }

  async build(id: string): Promise<AccountsBuildResponse> {
    const record = await this.deps.accounts.record(id);
    const made = await this.make(record);
    if (!made.accounts || made.statements.checks.some((c) => c.severity === 'error')) {
      const errors = made.statements.checks.filter((c) => c.severity === 'error').map((c) => ({ field: c.field ?? 'build', message: c.message }));
      throw new IpcFailure('invalid-request', 'The accounts were not built: put right what the checks list. The accounts built before are kept.', errors);
    }
    const xhtml = new TextEncoder().encode(this.deps.engine.write(made.accounts, this.deps.software()));
    await this.deps.accounts.recordBuild(id, record, {
      xhtml,
      fileName: accountsFileName(record.companyName, record.periodTo),
      profitBeforeTax: made.accounts.totals.profitLossBeforeTax.current,
      profitLoss: made.accounts.totals.profitLoss.current,
      balanceSheetTotal: made.accounts.totals.balanceSheetTotal.current,
    });
    return { view: await this.view(await this.deps.accounts.record(id)), statements: made.statements };
  }

  async preview(id: string): Promise<AccountsPreview> {
    const draft = await this.deps.accounts.get(id);
    const bytes = await this.deps.accounts.builtBytes(draft);
    return { fileName: draft.lastBuild!.fileName, sha256: draft.lastBuild!.sha256, nodes: previewNodes(bytes) };
  }

  async attach(request: AccountsAttachRequest): Promise<AccountsAttachResponse> {
    const draft = await this.deps.accounts.get(request.id);
    if (!draft.lastBuild) throw new IpcFailure('invalid-request', 'Build the accounts first (Check and build), then attach them to the return.', [{ field: 'build', message: 'the accounts have not been built' }]);
    if (draft.changedSinceBuild) throw new IpcFailure('invalid-request', 'The accounts changed since they were built: build them again before attaching them to the return.', [{ field: 'build', message: 'the accounts changed since they were built' }]);
    const bytes = await this.deps.accounts.builtBytes(draft);
    const outcome = await attachToReturn(this.deps.drafts, draft, bytes, request.ct600DraftId, request.replaceOtherAccounts);
    if (outcome.outcome !== 'attached') return outcome;
    await this.deps.accounts.recordAttachment(draft.id, { ct600DraftId: outcome.draft.id, attachmentId: outcome.attachmentId, sha256: draft.lastBuild.sha256, attachedAt: this.clock().toISOString() });
    return { ...outcome, view: await this.view(await this.deps.accounts.record(draft.id)) };
  }

  async saveFile(id: string): Promise<FileSaveResponse> {
    const draft = await this.deps.accounts.get(id);
    const bytes = await this.deps.accounts.builtBytes(draft);
    return saveThroughDialog(this.deps.fileSaver, ACCOUNTS_TARGET, draft.lastBuild!.fileName.replace(/\.xhtml$/i, ''), bytes);
  }

  // -------------------------------------------------------------------------

  private read(bytes: Uint8Array): TrialBalanceRead {
    try {
      return { ok: true, read: this.deps.engine.readTrialBalance(bytes) };
    } catch (error) {
      if (error instanceof RequestValidationError) return { ok: false, problem: error.errors.map((e) => e.message).join('; ') };
      throw error;
    }
  }

  private async readStored(record: AccountsRecord): Promise<TrialBalanceRead | null> {
    if (!record.trialBalance) return null;
    return this.read(await this.deps.accounts.trialBalanceBytes(record));
  }

  private async clientAnswers(record: AccountsRecord): Promise<Record<string, string>> {
    const kept = await this.deps.mappingAnswers.read(record.clientId);
    return kept.ok ? kept.answers : {};
  }

  private async view(record: AccountsRecord): Promise<AccountsView> {
    const draft = this.deps.accounts.draftOf(record);
    const tb = await this.readStored(record);
    if (!tb) return { draft, trialBalance: null, trialBalanceProblem: null, mapping: null };
    if (!tb.ok) return { draft, trialBalance: null, trialBalanceProblem: tb.problem, mapping: null };
    const placed = placeCodes(record, tb.read, this.deps.engine.placeByDefault(tb.read.lines, { standard: record.standard, format: tb.read.source.format }), await this.clientAnswers(record));
    return { draft, trialBalance: trialBalanceView(record, tb.read), trialBalanceProblem: null, mapping: placed.view };
  }

  /** The accounts as the engine builds them from the draft, with every check it and the answers make. */
  private async make(record: AccountsRecord, withComparatives = true): Promise<Made> {
    const last = withComparatives ? await this.lastYear(record) : { source: null, accounts: null };
    const none = (checks: AccountsFinding[]): Made => ({ accounts: null, statements: { balanceSheet: [], profitAndLoss: [], checks, comparatives: last.source } });
    const tb = await this.readStored(record);
    if (!tb) return none([{ severity: 'error', field: 'trialBalance', message: 'Drop or choose the trial balance export first' }]);
    if (!tb.ok) return none([{ severity: 'error', field: 'trialBalance', message: `The trial balance kept with these accounts could not be read: ${tb.problem}` }]);
    const placed = placeCodes(record, tb.read, this.deps.engine.placeByDefault(tb.read.lines, { standard: record.standard, format: tb.read.source.format }), await this.clientAnswers(record));
    const checks: AccountsFinding[] = [];
    if (last.source?.problem) checks.push({ severity: 'warning', field: 'comparatives', message: `Built without comparatives: ${last.source.problem}` });
    const unanswered = placed.view.unplaced.filter((u) => u.answer === '');
    for (const u of unanswered) checks.push({ severity: 'error', field: `mapping.${u.code}`, message: `Choose the line for code ${u.code} (${u.name}): the default mapping cannot place it` });
    const mapping: Mapping = {};
    for (const [code, line] of Object.entries(placed.mapping)) if (isLineKey(line)) mapping[code] = line;
    const answers = readAnswers(record.answers, { from: record.periodFrom, to: record.periodTo });
    checks.push(...answers.errors.map((e) => ({ severity: 'error' as const, field: e.field, message: e.message })));
    // The balance sheet and profit and loss lines do not depend on the directors, the approval or the employees.
    // Until those answers read, the figures are drawn up with stand-ins the engine accepts (only the two statements'
    // lines are shown from such a build), and the build itself stays refused by the answers' own checks above.
    const complete = answers.errors.length === 0 && answers.approval && answers.averageEmployees !== null && answers.dormant !== null;
    const directors = answers.directors.length ? answers.directors : ['(a director)'];
    const request = accountsRequest(record, toTrialBalance({ ...tb.read, lines: tb.read.lines.filter((l) => !placed.leftOut.has(l.code)) }), mapping, {
      ...answers,
      directors,
      approval: answers.approval ?? { date: dayAfter(record.periodTo), director: directors[0]! },
      averageEmployees: answers.averageEmployees ?? 0,
      dormant: answers.dormant ?? false,
    });
    const result = this.deps.engine.build(last.accounts ? { ...request, comparatives: last.accounts } : request, { today: this.today() });
    if (!result.ok) {
      const known = new Set(checks.map((c) => c.field));
      for (const p of result.problems) {
        const field = wizardFieldOf(p.field);
        // An answer the wizard already names is said once, in its own words.
        if (!(known.has(field) && (['approvalDate', 'signingDirector', 'directors.0', 'averageEmployees'].includes(field) || field.startsWith('mapping.')))) checks.push({ severity: 'error', field, message: p.message });
      }
      return none(checks);
    }
    for (const c of result.accounts.checks) if (c.level === 'warning') checks.push({ severity: 'warning', message: c.message });
    return { accounts: complete ? result.accounts : null, statements: { ...statementLines(result.accounts), checks, comparatives: last.source } };
  }

  /**
   * Last year's accounts for the comparatives: the client's accounts draft for
   * the period ending the day before this one starts that was built (the most
   * recently changed, if there are two), built again from its kept trial
   * balance and answers by the same path as this year's (without comparatives
   * of its own: only its own figures are shown). When they cannot be built the
   * reason is given and this year's are built without.
   */
  private async lastYear(record: AccountsRecord): Promise<{ source: AccountsComparativesSource | null; accounts: Accounts | null }> {
    const periodTo = daysAfter(record.periodFrom, -1);
    const candidates = (await this.deps.accounts.list()).drafts.filter((d) => d.clientId === record.clientId && d.periodTo === periodTo && d.id !== record.id);
    for (const candidate of candidates) {
      const previous = await this.deps.accounts.record(candidate.id);
      if (!previous.lastBuild) continue;
      const source = { draftId: previous.id, periodFrom: previous.periodFrom, periodTo: previous.periodTo };
      const made = await this.make(previous, false);
      if (made.accounts) return { source: { ...source, problem: null }, accounts: made.accounts };
      const errors = made.statements.checks.filter((c) => c.severity === 'error').map((c) => c.message);
      const why = errors.length ? errors.join('; ') : 'they could not be built';
      return { source: { ...source, problem: `last year’s accounts (${ukDate(previous.periodFrom)} to ${ukDate(previous.periodTo)}) cannot be built from their draft as it stands: ${why}.` }, accounts: null };
    }
    return { source: null, accounts: null };
  }
}

/** The Accounts channels as main wires them: the accounts drafts and the kept mapping answers in the drafts' data folder. */
export function createAccountsHandlers(deps: { drafts: ReturnDrafts; clients: Pick<ClientBook, 'list'>; fileSaver: FileSaverDeps; engine: AccountsEngine; software: () => { name: string; version: string }; clock?: () => Date; today?: () => IsoDate; accounts?: AccountsDrafts }) {
  const dataDir = deps.drafts.dataDir;
  return new AccountsDesk({
    ...deps,
    // The store the office sync writes through too, when main gives one: a draft's saves then queue in one place.
    accounts: deps.accounts ?? new AccountsDrafts({ dataDir, ...(deps.clock ? { clock: deps.clock } : {}) }),
    mappingAnswers: new ClientMappingAnswers({ dataDir, ...(deps.clock ? { clock: deps.clock } : {}) }),
  }).handlers();
}
