/**
 * The accounts checked as Companies House checks them before anything is
 * sent: an accepted set passes; each change Companies House would refuse is
 * found and says what to fix.
 */
import { describe, expect, it } from 'vitest';
import { checkAccountsForCompaniesHouse } from '../../../main/filing/companies-house/accounts-checks.js';
import { accounts, COMPANY } from './gateway-support.js';

const text = () => accounts().toString('utf8');
const codes = (xhtml: string, filing: { companyNumber: string; companyName?: string } = { companyNumber: COMPANY.number }) =>
  checkAccountsForCompaniesHouse(Buffer.from(xhtml), filing).problems.map((p) => p.code);

describe('accounts checked for Companies House', () => {
  it('an accepted set passes, and its made-up date, approval date and name are read from it', () => {
    const check = checkAccountsForCompaniesHouse(accounts(), { companyNumber: COMPANY.number, companyName: 'ASHDAY (1986)  LIMITED' });
    expect(check.problems).toEqual([]);
    expect(check.facts).toMatchObject({ companyNumber: COMPANY.number, companyName: COMPANY.name, periodStart: '2025-04-01', balanceSheetDate: '2026-03-31', dateApproved: '2026-08-18' });
  });

  it('another company\'s number, or a name not the register\'s', () => {
    expect(codes(text(), { companyNumber: '01234567' })).toContain('CH.companyNumber');
    expect(codes(text(), { companyNumber: COMPANY.number, companyName: 'ASHDAY HOLDINGS LIMITED' })).toEqual(['CH.companyName']);
  });

  it('a script, a linked style sheet or an @import: not one self-contained document', () => {
    expect(codes(text().replace('</head>', '<link rel="stylesheet" href="https://example.com/a.css"/></head>'))).toContain('CH.externalResource');
    expect(codes(text().replace('</head>', '<style>@import url(a.css);</style></head>'))).toContain('CH.externalResource');
  });

  it('the balance sheet date left untagged', () => {
    const untagged = text().replace(/<ix:nonNumeric[^>]*name="[a-z-]+:BalanceSheetDate"[^>]*>([^<]*)<\/ix:nonNumeric>/, '$1');
    expect(untagged).not.toBe(text());
    expect(codes(untagged)).toContain('CH.balanceSheetDate');
  });

  it('not UTF-8, or not Inline XBRL', () => {
    expect(checkAccountsForCompaniesHouse(Buffer.from([0xff, 0xfe, 0x00]), { companyNumber: COMPANY.number }).problems[0]!.code).toBe('CH.encoding');
    expect(codes('<html xmlns="http://www.w3.org/1999/xhtml"><body>accounts</body></html>').length).toBeGreaterThan(0);
  });
});
