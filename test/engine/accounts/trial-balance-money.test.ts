/** Money to whole pence exactly, and each broken rule of a trial balance named by row, column and rule. */
import { describe, expect, it } from 'vitest';
import { RequestValidationError } from '../../../main/engine/errors.js';
import { importTrialBalance, readPence } from '../../../main/engine/accounts/trial-balance/index.js';

function errorsOf(text: string) {
  try {
    importTrialBalance(text);
  } catch (err) {
    if (err instanceof RequestValidationError) return err.errors;
    throw err;
  }
  throw new Error('no error');
}

describe('money in pence', () => {
  it.each([
    ['0.29', 29],
    ['1,234.57', 123457],
    ['£1,234,567.89', 123456789],
    ['(1,234.00)', -123400],
    ['-£12.5', -1250],
    ['£-12.50', -1250],
    ['1.1', 110],
    ['  7 ', 700],
    ['-', 0],
    ['', 0],
    ['(0.00)', 0],
    ['90071992547409.91', 9007199254740991],
  ])('%s is %i pence', (cell, pence) => expect(readPence(cell)).toEqual({ ok: true, pence }));

  it('never goes through a float: 0.29 + 0.58 + 1.13 as pence add to exactly 200', () => {
    const sum = ['0.29', '0.58', '1.13'].map((c) => (readPence(c) as { pence: number }).pence).reduce((a, b) => a + b, 0);
    expect(sum).toBe(200);
  });

  it.each([
    ['12.345', /more than two decimal places/],
    ['1,23.00', /not an amount of money/],
    ['12,3456', /not an amount of money/],
    ['twelve', /not an amount of money/],
    ['1.2.3', /not an amount of money/],
    ['(-5.00)', /both brackets and a minus/],
    ['90071992547409.92', /too large/],
    ['1e3', /not an amount of money/],
  ])('%s is refused', (cell, rule) => {
    const read = readPence(cell);
    expect(read.ok).toBe(false);
    expect((read as { rule: string }).rule).toMatch(rule);
  });
});

describe('trial balance errors name the row, the column and the rule', () => {
  it('a debit that is not money', () => {
    expect(errorsOf('code,name,debit,credit\n1200,Bank,12.3.4,\n4000,Sales,,1.00\n')).toEqual([
      { field: 'trialBalance: row 2, column "debit"', message: '"12.3.4" is not an amount of money (digits, an optional £, thousands separators in groups of three, up to two decimal places, brackets or a minus for a negative)' },
    ]);
  });

  it('a row with both a debit and a credit', () => {
    expect(errorsOf('code,name,debit,credit\n1200,Bank,10.00,5.00\n')).toEqual([
      { field: 'trialBalance: row 2', message: 'account 1200 has both a debit (10.00 in "debit") and a credit (5.00 in "credit"): a trial balance gives each account one balance' },
    ]);
  });

  it('a duplicate code', () => {
    expect(errorsOf('code,name,debit,credit\n1200,Bank,10.00,\n4000,Sales,,10.00\n1200,Bank again,1.00,\n')).toEqual([
      { field: 'trialBalance: row 4, column "code"', message: 'account code 1200 is given twice (rows 2 and 4): each account has one row' },
    ]);
  });

  it('an empty file, or a header with no accounts', () => {
    expect(errorsOf('')).toEqual([{ field: 'trialBalance', message: 'the file is empty: a trial balance needs a header row and a row for each account' }]);
    expect(errorsOf('\uFEFF\r\n\r\n')[0]!.message).toMatch(/the file is empty/);
    expect(errorsOf('code,name,debit,credit\r\n')).toEqual([{ field: 'trialBalance', message: 'has a header row (row 1) but no account rows' }]);
  });

  it('an unrecognised header lists the headers it knows', () => {
    const [e] = errorsOf('Ledger,Amount\nSales,100\n');
    expect(e!.field).toBe('trialBalance');
    expect(e!.message).toMatch(/^no header row this app recognises in the first 20 rows \(the first row reads "Ledger,Amount"\)/);
    for (const known of ['code, name, debit, credit', 'N/C, Name, Debit, Credit', 'Account Code, Account', 'Nominal Code', 'Category', 'QuickBooks Online']) expect(e!.message).toContain(known);
  });

  it('an account row with amounts but no code', () => {
    expect(errorsOf('N/C,Name,Debit,Credit\n,Bank,10.00,\n4000,Sales,,10.00\n')).toEqual([{ field: 'trialBalance: row 2, column "N/C"', message: 'has amounts but no account code (account "Bank")' }]);
  });

  it('a totals row the accounts do not add up to (an export cut short or edited by hand)', () => {
    expect(errorsOf('N/C,Name,Debit,Credit\n1200,Bank,10.00,\n4000,Sales,,10.00\n,Totals:,11.00,11.00\n')).toEqual([
      { field: 'trialBalance: row 4', message: 'the totals row says debits £11.00 and credits £11.00, but the account rows add up to debits £10.00 and credits £10.00' },
    ]);
  });

  it('every problem at once, each with its row', () => {
    expect(errorsOf('code,name,debit,credit\n1,A,x,\n2,B,,y\n3,C,1.001,\n').map((e) => e.field)).toEqual(['trialBalance: row 2, column "debit"', 'trialBalance: row 3, column "credit"', 'trialBalance: row 4, column "debit"']);
  });

  it('a negative debit is a credit balance; zero rows are kept', () => {
    const tb = importTrialBalance('code,name,debit,credit\n1200,Bank,(25.00),\n4000,Sales,25.00,\n2300,Loan,-,-\n');
    expect(tb.lines.map((l) => [l.code, l.debit, l.credit])).toEqual([
      ['1200', 0, 2500],
      ['4000', 2500, 0],
      ['2300', 0, 0],
    ]);
  });
});
