/**
 * A trial balance read from a bookkeeping export: each account's code, name
 * and balance in whole pence, with which product's layout was recognised and
 * which columns were read. Every problem is reported with its row (the line
 * of the file), its column and the rule it breaks; nothing is guessed.
 */
import { RequestValidationError, type FieldError } from '../../errors.js';
import { csvRecords } from '../../csv-records.js';
import { headerKey, LAYOUTS, type ColumnChoice, type TrialBalanceFormat } from './layouts.js';
import { readPence } from './money.js';
import { formatPence } from '../statements/rounding.js';
import type { TrialBalance } from '../types.js';

export interface ImportedLine {
  code: string;
  name: string;
  /** Pence; one of debit and credit is 0, neither is negative. */
  debit: number;
  credit: number;
  /** The account's type when the export gives it (Xero's "Account Type": a bank account has no code, only this). */
  type?: string;
  /** The line of the file the account is on. */
  row: number;
}

export interface TrialBalanceSource {
  format: TrialBalanceFormat;
  product: string;
  /** The line of the header row. */
  headerRow: number;
  /** The header captions of the columns read, as the export spells them. */
  columns: { code?: string; name: string; debit?: string; credit?: string; balance?: string; type?: string };
  /** How the code was found when the export has no code column. */
  codeFrom?: ColumnChoice['codeFrom'];
  /** The export's title rows above the header (report name, company, date), as they read. */
  titleRows: string[];
}

export interface ImportedTrialBalance {
  source: TrialBalanceSource;
  lines: ImportedLine[];
  totals: { debit: number; credit: number };
}

/** How far down a title block may go before the header row: the exports seen have three to six title rows. */
const HEADER_SEARCH_ROWS = 20;

/** A totals row: Sage's "Totals:", QuickBooks' "TOTAL", Xero's "Total". */
const GRAND_TOTAL = /^totals?:?$/i;
/** A subtotal of a group (Xero's "Total Revenue" when grouped by account type): skipped. */
const SUBTOTAL = /^total\b/i;

export function importTrialBalance(text: string, field = 'trialBalance'): ImportedTrialBalance {
  const at = (row: number, column?: string) => `${field}: row ${row}${column === undefined ? '' : `, column "${column}"`}`;
  const records = csvRecords(text, field).filter((r) => r.fields.some((f) => f.trim() !== ''));
  if (records.length === 0) throw new RequestValidationError([{ field, message: 'the file is empty: a trial balance needs a header row and a row for each account' }]);

  let found: { index: number; choice: ColumnChoice; layout: (typeof LAYOUTS)[number] } | undefined;
  for (let i = 0; i < Math.min(records.length, HEADER_SEARCH_ROWS) && !found; i++) {
    const headers = records[i]!.fields.map(headerKey);
    for (const layout of LAYOUTS) {
      const choice = layout.recognise(headers);
      if (choice) {
        found = { index: i, choice, layout };
        break;
      }
    }
  }
  if (!found) {
    const known = LAYOUTS.map((l) => `${l.product}: ${l.known}`).join('; ');
    throw new RequestValidationError([{ field, message: `no header row this app recognises in the first ${HEADER_SEARCH_ROWS} rows (the first row reads "${records[0]!.fields.join(',')}"). Headers read: ${known}` }]);
  }

  const { choice, layout } = found;
  const header = records[found.index]!;
  const caption = (i: number | undefined) => (i === undefined ? undefined : header.fields[i]!.replace(/^\uFEFF/, '').trim());
  const source: TrialBalanceSource = {
    format: layout.format,
    product: layout.product,
    headerRow: header.line,
    columns: Object.fromEntries(
      Object.entries({ code: caption(choice.code), name: caption(choice.name)!, debit: caption(choice.debit), credit: caption(choice.credit), balance: caption(choice.balance), type: caption(choice.type) }).filter(([, v]) => v !== undefined),
    ) as TrialBalanceSource['columns'],
    ...(choice.codeFrom ? { codeFrom: choice.codeFrom } : {}),
    titleRows: records.slice(0, found.index).map((r) => r.fields.map((f) => f.trim()).filter(Boolean).join(' ')),
  };

  const errors: FieldError[] = [];
  const lines: ImportedLine[] = [];
  const rowOfCode = new Map<string, number>();
  let statedTotals: { row: number; debit: number; credit: number } | undefined;

  for (const record of records.slice(found.index + 1)) {
    const cell = (i: number | undefined) => (i === undefined ? '' : (record.fields[i] ?? '').trim());
    const name = cell(choice.name);
    let code = cell(choice.code);
    const first = record.fields.map((f) => f.trim()).find((f) => f !== '') ?? '';
    const money = (i: number | undefined) => {
      if (i === undefined) return 0;
      const read = readPence(cell(i));
      if (!read.ok) {
        errors.push({ field: at(record.line, caption(i)), message: `"${cell(i)}" ${read.rule}` });
        return undefined;
      }
      return read.pence;
    };
    const amountCells = [choice.debit, choice.credit, choice.balance].filter((i) => i !== undefined).map((i) => cell(i));
    const hasAmounts = amountCells.some((c) => c !== '' && c !== '-');

    // The word may sit in the code column (Xero, Sage Accounting) or the name column (Sage 50's "Totals:").
    const labelOnly = !code || code === first;
    if (GRAND_TOTAL.test(first) && labelOnly) {
      const debit = money(choice.debit);
      const credit = money(choice.credit);
      if (debit !== undefined && credit !== undefined && choice.debit !== undefined && hasAmounts) statedTotals = { row: record.line, debit, credit };
      continue;
    }
    if (SUBTOTAL.test(first) && labelOnly) continue;
    // A group heading ("Revenue", "Current Assets", in whichever column) or a footer ("Accrual basis …"):
    // no amounts, and not both a code and a name. Where the name is the code, a row without amounts is never an account worth keeping.
    if (!hasAmounts && (!code || !name || choice.codeFrom !== undefined)) continue;

    if (choice.codeFrom === 'brackets-after-name') code = /\(([^()]+)\)\s*$/.exec(name)?.[1]?.trim() ?? '';
    if (choice.codeFrom === 'name' || (!code && layout.format === 'xero')) code = name;
    if (!code) {
      errors.push({ field: at(record.line, caption(choice.code) ?? caption(choice.name)), message: `has amounts but no account code${name ? ` (account "${name}")` : ''}` });
      continue;
    }

    let net: number | undefined;
    if (choice.balance !== undefined) net = money(choice.balance);
    else {
      const debit = money(choice.debit);
      const credit = money(choice.credit);
      if (debit === undefined || credit === undefined) continue;
      if (debit !== 0 && credit !== 0) {
        errors.push({ field: at(record.line), message: `account ${code} has both a debit (${cell(choice.debit)} in "${caption(choice.debit)}") and a credit (${cell(choice.credit)} in "${caption(choice.credit)}"): a trial balance gives each account one balance` });
        continue;
      }
      net = debit - credit;
    }
    if (net === undefined) continue;

    const earlier = rowOfCode.get(code);
    if (earlier !== undefined) {
      errors.push({ field: at(record.line, caption(choice.code) ?? caption(choice.name)), message: `account code ${code} is given twice (rows ${earlier} and ${record.line}): each account has one row` });
      continue;
    }
    rowOfCode.set(code, record.line);
    const type = cell(choice.type);
    lines.push({ code, name, debit: net > 0 ? net : 0, credit: net < 0 ? -net : 0, ...(type ? { type } : {}), row: record.line });
  }

  if (errors.length) throw new RequestValidationError(errors);
  if (lines.length === 0) throw new RequestValidationError([{ field, message: `has a header row (row ${header.line}) but no account rows` }]);

  const totals = { debit: lines.reduce((s, l) => s + l.debit, 0), credit: lines.reduce((s, l) => s + l.credit, 0) };
  // An export cut short, or edited by hand after it was made, no longer adds up to its own totals row.
  if (statedTotals && (statedTotals.debit !== totals.debit || statedTotals.credit !== totals.credit)) {
    throw new RequestValidationError([
      {
        field: at(statedTotals.row),
        message: `the totals row says debits ${formatPence(statedTotals.debit)} and credits ${formatPence(statedTotals.credit)}, but the account rows add up to debits ${formatPence(totals.debit)} and credits ${formatPence(totals.credit)}`,
      },
    ]);
  }
  return { source, lines, totals };
}

/** The trial balance as the accounts model holds it: lines in pence, and the format and columns it was read from. */
export function toTrialBalance(imported: ImportedTrialBalance): TrialBalance {
  const columns = Object.fromEntries(Object.entries(imported.source.columns).filter(([, v]) => v !== undefined)) as Record<string, string>;
  return {
    lines: imported.lines.map(({ code, name, debit, credit }) => ({ code, name, debit, credit })),
    source: { format: imported.source.format, columns },
  };
}
