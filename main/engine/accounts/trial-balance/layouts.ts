/**
 * The trial balance layouts Filing Desk reads, each recognised by its header
 * row (the first row whose cells name the columns of a known layout; rows
 * above it are the export's title rows: report name, company, date).
 *
 * What each product's export looks like, and how sure we are:
 * - Filing Desk's own CSV: `code,name,debit,credit` (this app's format).
 * - Xero: the Trial Balance report shows each account's debit or credit for
 *   the month and year to date (YTD); balance sheet accounts' YTD includes
 *   earlier years (help.xero.com, "Trial Balance"), so the YTD columns are the
 *   ones read when present. Xero's default chart lists bank accounts without
 *   a code ("Business Account", tenpercentfinancial.co.uk's copy of the
 *   default chart). The newer report has "Account Code" and "Account"
 *   columns; the older one puts the code in brackets after the name
 *   ("Sales (200)"). The exact column captions ("YTD Debit" or "Debit - Year
 *   to date") were NOT confirmed from a real export: both are accepted.
 * - QuickBooks Online: Reports › Trial Balance exports to CSV or Excel with
 *   title rows and a TOTAL row, an unnamed account column and Debit and
 *   Credit columns (third-party guides; not confirmed from a real UK export).
 *   UK QuickBooks has account numbers switched off by default, so the
 *   account's name stands as its code and the default mapping places none:
 *   the firm's mapping names them.
 * - Sage 50 Accounts: the nominal code's caption is "N/C" (Sage's own
 *   knowledge base, "How do I record corporation tax?", gb-kb.sage.com
 *   200427112242675); the period trial balance exports to CSV with N/C, Name,
 *   Debit and Credit and a totals row. The title rows were not confirmed.
 * - Sage Accounting (Business Cloud): Reporting › Trial Balance exports to
 *   CSV (gb-kb.sage.com 222001000101138); its column captions were NOT
 *   confirmed: a "Nominal Code" (or "Ledger Account Code") column with a name
 *   and Debit and Credit is accepted.
 * - FreeAgent: Accounting › Reports › Trial Balance lists each category
 *   (FreeAgent's word for an account) with its nominal code
 *   (support.freeagent.com 115001222384); FreeAgent's CSV reports show
 *   debits positive and credits negative (115001826384). The trial balance
 *   export's captions were NOT confirmed: a "Category" column with a code and
 *   either Debit and Credit or one signed amount is accepted.
 */

export type TrialBalanceFormat = 'filing-desk-csv' | 'xero' | 'quickbooks-online' | 'sage-50' | 'sage-business-cloud' | 'freeagent';

/** Which column (by index) holds what; a signed `balance` instead of debit and credit. */
export interface ColumnChoice {
  code?: number;
  name: number;
  debit?: number;
  credit?: number;
  balance?: number;
  /** The account's type as the product names it (Xero's "Account Type": Bank, Fixed Asset …). */
  type?: number;
  /** Where the code is when there is no code column. */
  codeFrom?: 'brackets-after-name' | 'name';
}

export interface Layout {
  format: TrialBalanceFormat;
  product: string;
  /** The headers it is known by, for the error naming what the app reads. */
  known: string;
  recognise(headers: string[]): ColumnChoice | undefined;
}

/** A header cell as compared: lower case, single spaces, no BOM or trailing colon. */
export function headerKey(cell: string): string {
  return cell.replace(/^\uFEFF/, '').trim().replace(/:$/, '').replace(/\s+/g, ' ').toLowerCase();
}

function find(headers: string[], ...names: string[]): number | undefined {
  for (const n of names) {
    const i = headers.indexOf(n);
    if (i >= 0) return i;
  }
  return undefined;
}

/** Debit and credit columns, the year-to-date pair first when the report has both. */
function debitCredit(h: string[]): { debit: number; credit: number } | undefined {
  const pairs: [string, string][] = [
    ['ytd debit', 'ytd credit'],
    ['debit - year to date', 'credit - year to date'],
    ['debit', 'credit'],
    ['dr', 'cr'],
  ];
  for (const [d, c] of pairs) {
    const debit = find(h, d);
    const credit = find(h, c);
    if (debit !== undefined && credit !== undefined) return { debit, credit };
  }
  return undefined;
}

const SIGNED = ['balance', 'closing balance', 'total', 'amount', 'net'];

export const LAYOUTS: readonly Layout[] = [
  {
    format: 'filing-desk-csv',
    product: "Filing Desk's trial balance CSV",
    known: 'code, name, debit, credit',
    recognise(h) {
      const [code, name, debit, credit] = [find(h, 'code'), find(h, 'name'), find(h, 'debit'), find(h, 'credit')];
      return code !== undefined && name !== undefined && debit !== undefined && credit !== undefined ? { code, name, debit, credit } : undefined;
    },
  },
  {
    format: 'sage-50',
    product: 'Sage 50 Accounts',
    known: 'N/C, Name, Debit, Credit',
    recognise(h) {
      const code = find(h, 'n/c');
      const name = find(h, 'name');
      const dc = debitCredit(h);
      return code !== undefined && name !== undefined && dc ? { code, name, ...dc } : undefined;
    },
  },
  {
    format: 'xero',
    product: 'Xero',
    known: 'Account Code, Account, Debit, Credit (or YTD Debit, YTD Credit); or Account, Debit, Credit, YTD Debit, YTD Credit with the code in brackets after the name',
    recognise(h) {
      const name = find(h, 'account', 'account name');
      const dc = debitCredit(h);
      if (name === undefined || !dc) return undefined;
      const code = find(h, 'account code', 'code');
      const type = find(h, 'account type');
      if (code !== undefined) return { code, name, ...dc, ...(type !== undefined ? { type } : {}) };
      // The older report: no code column, but year-to-date columns only Xero's report has.
      return find(h, 'ytd debit', 'debit - year to date') !== undefined ? { name, ...dc, codeFrom: 'brackets-after-name' } : undefined;
    },
  },
  {
    format: 'sage-business-cloud',
    product: 'Sage Accounting (Business Cloud)',
    known: 'Nominal Code (or Ledger Account Code), Name (or Ledger Account), Debit, Credit',
    recognise(h) {
      const code = find(h, 'nominal code', 'ledger account code', 'nominal');
      const name = find(h, 'name', 'ledger account', 'ledger account name', 'account name');
      const dc = debitCredit(h);
      if (find(h, 'category', 'category name') !== undefined) return undefined;
      return code !== undefined && name !== undefined && dc ? { code, name, ...dc } : undefined;
    },
  },
  {
    format: 'freeagent',
    product: 'FreeAgent',
    known: 'Nominal Code (or Code), Category, Debit, Credit (or one signed Balance, Total or Amount: debits positive, credits negative)',
    recognise(h) {
      const name = find(h, 'category', 'category name');
      const code = find(h, 'nominal code', 'code', 'nominal');
      if (name === undefined || code === undefined) return undefined;
      const dc = debitCredit(h);
      if (dc) return { code, name, ...dc };
      const balance = find(h, ...SIGNED);
      return balance !== undefined ? { code, name, balance } : undefined;
    },
  },
  {
    format: 'quickbooks-online',
    product: 'QuickBooks Online',
    known: 'an unnamed (or "Account") first column, Debit, Credit',
    recognise(h) {
      const dc = debitCredit(h);
      if (!dc || h.length < 3) return undefined;
      const name = 0;
      if (h[name] !== '' && h[name] !== 'account') return undefined;
      if (dc.debit === name || dc.credit === name) return undefined;
      return { name, ...dc, codeFrom: 'name' };
    },
  },
];
