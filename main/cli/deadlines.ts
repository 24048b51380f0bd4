/**
 * `cli deadlines`: every client's accounting periods with their filing and
 * payment dates, the state of the work and the days left, from the client
 * book of the app's data folder or from a CSV the firm keeps elsewhere.
 * Reads only: nothing in the data folder is changed.
 */
import { RequestValidationError } from '../engine/errors.js';
import { addDays, allDeadlineRows, basisPointsAsPercent, DEADLINE_KIND_LABELS, isIsoDate, type AccountsDeadlineRow, type AccountsProgress, penceAsPounds, type DeadlineClientInput, type DeadlineRow, type DraftProgress } from '../engine/deadlines/index.js';
import { localToday } from '../deadlines/deadline-inputs.js';
import { firmDeadlineInputs } from '../deadlines/firm-deadlines.js';
import { SubmissionStore } from '../filing/submission-store.js';
import { FilingStore } from '../filing/companies-house/filing-store.js';
import { accountsWorkOf } from '../deadlines/accounts-work.js';
import { readDataFolder } from '../deadlines/read-data-folder.js';
import { decodeStrictUtf8 } from '../store/regular-file.js';
import { appDataFolder } from './app-data-folder.js';
import { batchFormat } from './batch.js';
import { findCommand } from './commands.js';
import { deadlineClientsFromCsv as deadlineClientsFromCsvText } from './deadline-csv.js';
import { DEADLINE_CSV_INPUT } from './input-limits.js';
import { CliUsageError, parseArgs, readInput, reportRequestErrors, type CliIo } from './io.js';
import { jsonText, terminalText } from './safe-text.js';

export interface DeadlinesEnvironment {
  now: () => Date;
  platform: NodeJS.Platform;
  env: NodeJS.ProcessEnv;
}

const processEnvironment: DeadlinesEnvironment = { now: () => new Date(), platform: process.platform, env: process.env };

/** The machine-readable line of one accounting period (or one set of accounts): ISO dates throughout. */
export function deadlineJson(row: DeadlineRow): Record<string, unknown> {
  if (row.kind === 'accounts') return accountsJson(row);
  return {
    kind: row.kind,
    name: row.name,
    utr: row.utr,
    periodStart: row.periodStart,
    periodEnd: row.periodEnd,
    filingDue: row.filingDue,
    paymentDue: row.paymentDue,
    state: row.state,
    daysLeft: row.daysLeft,
    group: row.group,
    ...(row.instalments.length > 0 && { instalments: row.instalments }),
    filedOn: row.filedOn,
    penalty: { flatPounds: row.penalty.flat, percentOfUnpaidTax: row.penalty.percentOfUnpaidTax },
    noticeServedOn: row.noticeServedOn,
    // Pounds and pence as numbers (2 decimal places); null when the return's tax (box 525) is not known.
    taxPayable: row.taxPayablePence === null ? null : row.taxPayablePence / 100,
    paidOn: row.paidOn,
    interestSoFar: row.interest ? row.interest.pence / 100 : null,
    // Per cent a year, in force on the last day counted; null before interest starts or when no tax is known.
    interestRate: row.interest?.rateBasisPoints != null ? row.interest.rateBasisPoints / 100 : null,
    // Box 480, part of taxPayable: the s455 tax on loans to participators, due the same day, with its share of the interest.
    ...(row.s455 && { s455: { tax: row.s455.pence / 100, paymentDue: row.s455.paymentDue, interestSoFar: row.s455.interestPence === null ? null : row.s455.interestPence / 100 } }),
  };
}

/** Accounts due at Companies House: the filing date, the rule that set it and the late filing penalty (s442, s453). */
function accountsJson(row: AccountsDeadlineRow): Record<string, unknown> {
  return {
    kind: row.kind,
    name: row.name,
    utr: row.utr,
    companyNumber: row.companyNumber,
    periodStart: row.periodStart,
    periodEnd: row.periodEnd,
    filingDue: row.filingDue,
    rule: row.rule,
    state: row.state,
    daysLeft: row.daysLeft,
    group: row.group,
    filedOn: row.filedOn,
    shortenedByNoticeOn: row.shortenedByNoticeOn,
    penalty: { flatPounds: row.penalty.flat, doubled: row.penaltyDoubled },
  };
}

function dateOption(values: Record<string, string>, name: string): string | undefined {
  const value = values[name];
  if (value === undefined) return undefined;
  if (!isIsoDate(value)) throw new CliUsageError(`--${name} must be a real date written as YYYY-MM-DD; got ${value}`, { area: 'deadlines', name: '' });
  return value;
}

export async function runDeadlinesCommand(args: string[], io: CliIo, environment: DeadlinesEnvironment = processEnvironment): Promise<number> {
  const spec = findCommand('deadlines', '')!;
  const { positional, values, flags } = parseArgs(spec, args);
  const usage = { area: 'deadlines', name: '' };
  if (positional.length > 0) throw new CliUsageError(`deadlines takes no arguments; got ${positional[0]}`, usage);
  if (values.csv !== undefined && values['data-folder'] !== undefined) throw new CliUsageError('choose one of --csv and --data-folder', usage);
  const today = dateOption(values, 'today') ?? localToday(environment.now());
  const from = dateOption(values, 'from') ?? today;
  const to = dateOption(values, 'to') ?? addDays(from, 365);
  if (to < from) throw new CliUsageError(`--to (${to}) is before --from (${from})`, usage);

  let clients: DeadlineClientInput[];
  let progress: DraftProgress = () => undefined;
  let accountsProgress: AccountsProgress = () => undefined;
  try {
    if (values.csv !== undefined) {
      const text = decodeStrictUtf8(await readInput(values.csv, DEADLINE_CSV_INPUT, 'csv'));
      if (text === null) throw new RequestValidationError([{ field: 'csv', message: `cannot read ${values.csv}: it is not valid UTF-8 text` }]);
      clients = deadlineClientsFromCsvText(text);
    } else {
      const folder = values['data-folder'] ?? appDataFolder(environment.platform, environment.env);
      const records = await readDataFolder(folder, undefined, today);
      for (const problem of records.problems) io.err(`note: ${terminalText(problem)}\n`);
      // Returns HMRC accepted live show as filed, as on the Deadlines screen; an unreadable record is only noted.
      const submissions = await new SubmissionStore({ dataDir: folder }).list().catch((error: unknown) => {
        io.err(`note: ${terminalText(`the submission records cannot be read: ${error instanceof Error ? error.message : String(error)}`)}\n`);
        return { records: [], problems: [] };
      });
      for (const problem of submissions.problems) io.err(`note: ${terminalText(problem.reason)}\n`);
      // Accounts Companies House accepted live are delivered, as on the Deadlines screen; the filings folder is only read.
      const filings = await new FilingStore({ dataDir: folder }).list().catch((error: unknown) => {
        io.err(`note: ${terminalText(`the Companies House filing records cannot be read: ${error instanceof Error ? error.message : String(error)}`)}\n`);
        return { records: [], problems: [] };
      });
      for (const problem of filings.problems) io.err(`note: ${terminalText(`companies-house/filings/${problem.file} cannot be used: ${problem.reason}`)}\n`);
      // Every period with a draft, a build or a submission is listed until HMRC accepts it, as on the Deadlines screen.
      const firm = firmDeadlineInputs(records.clients, records.drafts, submissions.records, accountsWorkOf(records.clients, [], filings.records));
      clients = firm.clients;
      progress = firm.progress(await firm.taxPayable(records.built, records.buildBytes));
      accountsProgress = firm.accountsProgress;
    }
  } catch (err) {
    if (err instanceof RequestValidationError) return reportRequestErrors(io, err);
    throw err;
  }

  // Without --from, the list starts today and, like the Deadlines screen, keeps every return already overdue.
  const rows = allDeadlineRows(clients, { returns: progress, accounts: accountsProgress }, { today, from, to, alwaysOverdue: values.from === undefined });
  if (batchFormat(flags, io) === 'json') {
    for (const row of rows) io.out(`${jsonText(deadlineJson(row))}\n`);
  } else {
    io.out(deadlineTable(rows));
  }
  return 0;
}

const STATE_WORDS: Record<DeadlineRow['state'], string> = {
  'not-started': 'not started',
  draft: 'draft',
  built: 'built',
  filed: 'filed',
  accepted: 'accepted',
};

function daysWords(row: DeadlineRow): string {
  if (row.state === 'filed' || row.state === 'accepted') return `filed ${row.filedOn}`;
  if (row.daysLeft < 0) return `${-row.daysLeft} late`;
  return row.daysLeft === 0 ? 'due today' : `${row.daysLeft} left`;
}

function penaltyWords(row: DeadlineRow): string {
  const parts: string[] = [];
  if (row.penalty.flat > 0) parts.push(`£${row.penalty.flat.toLocaleString('en-GB')}${row.kind === 'accounts' && row.penaltyDoubled ? ' (doubled)' : ''}`);
  if (row.penalty.percentOfUnpaidTax > 0) parts.push(`${row.penalty.percentOfUnpaidTax}% of tax unpaid`);
  return parts.join(' + ');
}

function interestWords(row: DeadlineRow): string {
  if (row.kind === 'accounts') return '';
  const paid = row.paidOn ? `paid ${row.paidOn}` : '';
  if (!row.interest || row.interest.rateBasisPoints === null) return paid;
  const amount = `£${penceAsPounds(row.interest.pence)} at ${basisPointsAsPercent(row.interest.rateBasisPoints)}%`;
  return paid ? `${amount}, ${paid}` : amount;
}

/** A readable table; a client's name is whatever the book or CSV held, so it is shown escaped. */
export function deadlineTable(rows: DeadlineRow[]): string {
  const table = [
    ['CLIENT', 'UTR', 'DEADLINE', 'PERIOD', 'FILING DUE', 'PAYMENT DUE', 'STATE', 'DAYS', 'PENALTY', 'INTEREST'],
    ...rows.map((r) => [
      terminalText(r.name).slice(0, 40),
      r.utr,
      DEADLINE_KIND_LABELS[r.kind],
      `${r.periodStart}..${r.periodEnd}`,
      r.filingDue,
      r.kind === 'ct600' ? r.paymentDue : '',
      STATE_WORDS[r.state],
      daysWords(r),
      penaltyWords(r),
      interestWords(r),
    ]),
  ];
  const widths = table[0]!.map((_, i) => Math.max(...table.map((row) => row[i]!.length)));
  const lines = table.map((row) => row.map((cell, i) => (i === row.length - 1 ? cell : cell.padEnd(widths[i]!))).join('  ').trimEnd());
  const overdue = rows.filter((r) => r.group === 'overdue').length;
  const accounts = rows.filter((r) => r.kind === 'accounts').length;
  const returns = rows.length - accounts;
  const accountsWords = accounts > 0 ? `, ${accounts} set${accounts === 1 ? '' : 's'} of accounts` : '';
  lines.push(`${returns} accounting period${returns === 1 ? '' : 's'}${accountsWords}, ${overdue} overdue`);
  return `${lines.join('\n')}\n`;
}
