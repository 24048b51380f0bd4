/**
 * What the Accounts wizard's screens show, read from a draft: the trial
 * balance as read (the format recognised, the columns read, totals, and a
 * trial balance that does not balance said plainly), the codes the default
 * mapping cannot place with the lines to choose from, and the statements as
 * the engine builds them with each figure's working.
 */
import type { AccountsMappingView, AccountsStatementLine, AccountsTrialBalanceView } from '../../preload/contract-accounts-views.js';
import type { Accounts, StatementLine } from '../engine/accounts/types.js';
import type { ImportedTrialBalance } from '../engine/accounts/trial-balance/index.js';
import { nilCodesLeftOut } from '../engine/accounts/mapping/index.js';
import { formatPence } from '../engine/accounts/statements/rounding.js';
import { lineChoicesFor } from '../../common/accounts/line-choices.js';
import type { AccountsRecord } from '../store/accounts-record.js';

const pounds = (pence: number) => pence / 100;

export function trialBalanceView(record: AccountsRecord, read: ImportedTrialBalance): AccountsTrialBalanceView {
  const file = record.trialBalance!;
  const columns = Object.entries(read.source.columns)
    .filter((entry): entry is [string, string] => typeof entry[1] === 'string')
    .map(([readAs, header]) => ({ header, readAs }));
  const difference = read.totals.debit - read.totals.credit;
  return {
    fileName: file.fileName,
    sha256: file.sha256,
    format: read.source.product,
    columns,
    lines: read.lines.map((l) => ({ code: l.code, name: l.name, debit: pounds(l.debit), credit: pounds(l.credit) })),
    totals: { debit: pounds(read.totals.debit), credit: pounds(read.totals.credit) },
    difference: pounds(difference),
    notBalancing:
      difference === 0
        ? null
        : `This trial balance does not balance: the debits (${formatPence(read.totals.debit)}) are ${formatPence(Math.abs(difference))} ${difference > 0 ? 'more' : 'less'} than the credits (${formatPence(read.totals.credit)}). Correct it in the bookkeeping and export it again; accounts cannot be built from it.`,
  };
}

export interface PlacedCodes {
  /** code → line key, for every code that has one: the draft's answer, else the client's kept answer, else the default mapping. */
  mapping: Record<string, string>;
  view: AccountsMappingView;
  /** Nil accounts no mapping places: they need no line, so they are left out rather than asked about (as `cli accounts build` does). */
  leftOut: Set<string>;
}

export function placeCodes(record: AccountsRecord, read: ImportedTrialBalance, byDefault: Record<string, string>, clientAnswers: Record<string, string>): PlacedCodes {
  const mapping: Record<string, string> = {};
  const view: AccountsMappingView = { placedByDefault: 0, placedByClientAnswers: 0, unplaced: [], choices: lineChoicesFor(record.standard) };
  const seen = new Set<string>();
  const leftOut = nilCodesLeftOut(read.lines, (code) => (record.mapping[code] ?? clientAnswers[code] ?? byDefault[code]) !== undefined);
  for (const line of read.lines) {
    if (seen.has(line.code) || leftOut.has(line.code)) continue;
    seen.add(line.code);
    const own = record.mapping[line.code];
    const kept = clientAnswers[line.code];
    const fallback = byDefault[line.code];
    if (!fallback) {
      // Asked once: a code the default mapping cannot place is the firm's question, answered here or in an earlier period.
      view.unplaced.push({ code: line.code, name: line.name, balance: pounds(line.debit - line.credit), answer: own ?? kept ?? '', rememberedForClient: own === undefined && kept !== undefined });
      if (own === undefined && kept !== undefined) view.placedByClientAnswers++;
    } else if (own === undefined) view.placedByDefault++;
    const line_ = own ?? kept ?? fallback;
    if (line_) mapping[line.code] = line_;
  }
  return { mapping, view, leftOut };
}

function lineOf(line: StatementLine): AccountsStatementLine {
  const total = line.role === 'subtotal' || line.role === 'total';
  return {
    key: line.id,
    label: line.format ? `${line.format}. ${line.label}` : line.label,
    current: line.current,
    previous: line.previous ?? null,
    total,
    working: line.working.map((w) => ({ code: w.code, name: w.name, amount: w.pence / 100 })),
  };
}

export function statementLines(accounts: Accounts): { balanceSheet: AccountsStatementLine[]; profitAndLoss: AccountsStatementLine[] } {
  return { balanceSheet: accounts.balanceSheet.map(lineOf), profitAndLoss: accounts.profitAndLoss.map(lineOf) };
}
