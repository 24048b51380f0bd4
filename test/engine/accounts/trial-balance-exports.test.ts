/**
 * Each bookkeeping product's trial balance export, as it comes (title rows,
 * totals rows, BOM, CRLF, £ signs, thousands separators), recognised by its
 * header, with the columns read and every balance to the penny.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importTrialBalance } from '../../../main/engine/accounts/trial-balance/index.js';
import { repoRoot } from '../../helpers/shared.js';

const exportText = (name: string) => readFileSync(join(repoRoot, 'test', 'fixtures', 'accounts', 'exports', name), 'utf8');
const balances = (lines: { code: string; debit: number; credit: number }[]) => Object.fromEntries(lines.map((l) => [l.code, l.debit - l.credit]));

describe('trial balance exports', () => {
  it('reads Xero (BOM, CRLF, title rows, year-to-date columns, a bank account without a code, a Total row)', () => {
    const tb = importTrialBalance(exportText('xero-trial-balance.csv'));
    expect(tb.source).toEqual({
      format: 'xero',
      product: 'Xero',
      headerRow: 5,
      columns: { code: 'Account Code', name: 'Account', debit: 'Debit - Year to date', credit: 'Credit - Year to date', type: 'Account Type' },
      titleRows: ['Trial Balance', 'Brightwater Vans Ltd', 'As at 31 March 2026'],
    });
    expect(tb.lines).toHaveLength(16);
    expect(balances(tb.lines)).toMatchObject({ '200': -4825000, '310': 1240050, 'Business Account': 1530427, '761': -250000, '800': -146017, '835': 125000, '970': -10000 });
    expect(tb.lines.find((l) => l.code === 'Business Account')).toEqual({ code: 'Business Account', name: 'Business Account', debit: 1530427, credit: 0, type: 'Bank', row: 12 });
    expect(tb.totals).toEqual({ debit: 6328517, credit: 6328517 });
  });

  it('reads the older Xero report with the code in brackets after the name, taking the YTD columns over the month', () => {
    const text = ['Trial Balance', 'Account,Debit,Credit,YTD Debit,YTD Credit', 'Sales (200),,100.00,,"1,200.00"', 'Business Account,50.00,,"1,200.00",'].join('\n');
    const tb = importTrialBalance(text);
    expect(tb.source.format).toBe('xero');
    expect(tb.source.columns).toEqual({ name: 'Account', debit: 'YTD Debit', credit: 'YTD Credit' });
    expect(tb.source.codeFrom).toBe('brackets-after-name');
    expect(balances(tb.lines)).toEqual({ '200': -120000, 'Business Account': 120000 });
  });

  it('reads a Xero report grouped by account type: group headings and their subtotals skipped, the grand total checked', () => {
    const text = [
      'Trial Balance',
      'Account Code,Account,Account Type,YTD Debit,YTD Credit',
      'Revenue,,,,',
      '200,Sales,Revenue,,"1,500.00"',
      'Total Revenue,,,,"1,500.00"',
      'Assets,,,,',
      ',Business Account,Bank,"1,500.00",',
      'Total Assets,,,"1,500.00",',
      'Total,,,"1,500.00","1,500.00"',
    ].join('\r\n');
    const tb = importTrialBalance(text);
    expect(tb.lines.map((l) => [l.code, l.debit, l.credit, l.type])).toEqual([
      ['200', 0, 150000, 'Revenue'],
      ['Business Account', 150000, 0, 'Bank'],
    ]);
    expect(() => importTrialBalance(text.replace('Total,,,"1,500.00","1,500.00"', 'Total,,,"1,600.00","1,600.00"'))).toThrow(/the totals row says debits £1,600.00/);
  });

  it('reads QuickBooks Online (unnamed account column, £ signs, TOTAL row, the basis footer): the name stands as the code', () => {
    const tb = importTrialBalance(exportText('quickbooks-online-trial-balance.csv'));
    expect(tb.source).toMatchObject({ format: 'quickbooks-online', headerRow: 5, columns: { name: '', debit: 'Debit', credit: 'Credit' }, codeFrom: 'name' });
    expect(tb.source.titleRows).toEqual(['Trial Balance', 'Harbour Lights Ltd', 'As of 31 March 2026']);
    expect(tb.lines.map((l) => l.code)).toEqual(['Current account', 'Debtors', 'Creditors', 'VAT Control', 'Share capital', 'Retained Earnings', 'Sales', 'Cost of sales', 'Rent or lease payments', 'Bank charges', 'Office expenses']);
    expect(balances(tb.lines)).toMatchObject({ 'Current account': 841290, 'Share capital': -100, 'Bank charges': 8450 });
    expect(tb.totals).toEqual({ debit: 3357140, credit: 3357140 });
  });

  it('reads Sage 50 (N/C column, leading zeros kept, "Totals:" row, a bracketed nil)', () => {
    const tb = importTrialBalance(exportText('sage-50-trial-balance.csv'));
    expect(tb.source).toMatchObject({ format: 'sage-50', product: 'Sage 50 Accounts', headerRow: 4, columns: { code: 'N/C', name: 'Name', debit: 'Debit', credit: 'Credit' } });
    expect(tb.lines[0]).toEqual({ code: '0050', name: 'Motor Vehicles', debit: 1200000, credit: 0, row: 5 });
    expect(balances(tb.lines)).toMatchObject({ '2110': -401200, '2300': 0, '9001': 401200 });
    expect(tb.totals).toEqual({ debit: 6328517, credit: 6328517 });
  });

  it('reads Sage Accounting (Business Cloud) by its Nominal Code column', () => {
    const tb = importTrialBalance(exportText('sage-business-cloud-trial-balance.csv'));
    expect(tb.source).toMatchObject({ format: 'sage-business-cloud', columns: { code: 'Nominal Code', name: 'Name', debit: 'Debit', credit: 'Credit' } });
    expect(tb.source.titleRows).toEqual(['Trial Balance', 'Kestrel Design Ltd', '01/04/2025 - 31/03/2026']);
    expect(balances(tb.lines)).toMatchObject({ '1200': 621045, '3000': -100, '7600': 124055 });
  });

  it('reads FreeAgent with one signed balance column: debits positive, credits negative', () => {
    const tb = importTrialBalance(exportText('freeagent-trial-balance.csv'));
    expect(tb.source).toMatchObject({ format: 'freeagent', product: 'FreeAgent', columns: { code: 'Nominal Code', name: 'Category', balance: 'Balance' } });
    expect(tb.lines.find((l) => l.code === '001')).toEqual({ code: '001', name: 'Sales', debit: 0, credit: 1840000, row: 3 });
    expect(tb.lines.find((l) => l.code === '750')).toMatchObject({ debit: 981230, credit: 0 });
    expect(tb.totals.debit).toBe(tb.totals.credit);
  });

  it("reads Filing Desk's own CSV (code,name,debit,credit) in any column order", () => {
    const tb = importTrialBalance('name,code,credit,debit\nSales,4000,100.10,\nBank,1200,,100.10\n');
    expect(tb.source).toMatchObject({ format: 'filing-desk-csv', headerRow: 1, columns: { code: 'code', name: 'name', debit: 'debit', credit: 'credit' }, titleRows: [] });
    expect(tb.lines).toEqual([
      { code: '4000', name: 'Sales', debit: 0, credit: 10010, row: 2 },
      { code: '1200', name: 'Bank', debit: 10010, credit: 0, row: 3 },
    ]);
  });
});
