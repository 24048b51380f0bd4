/**
 * The default mapping: Sage's standard UK nominal ledger and Xero's default
 * UK chart placed on the statutory lines with why; a director's loan account
 * and a bank account by their balance; corporation tax always within one
 * year; the firm's answers first; a code no rule places left unplaced.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { placeTrialBalance, readFirmMapping } from '../../../main/engine/accounts/mapping/index.js';
import { importTrialBalance } from '../../../main/engine/accounts/trial-balance/index.js';
import { RequestValidationError } from '../../../main/engine/errors.js';
import { repoRoot } from '../../helpers/shared.js';

const exported = (name: string) => importTrialBalance(readFileSync(join(repoRoot, 'test', 'fixtures', 'accounts', 'exports', name), 'utf8'));
const line = (code: string, name: string, pence: number, type?: string) => ({ code, name, debit: pence > 0 ? pence : 0, credit: pence < 0 ? -pence : 0, ...(type ? { type } : {}) });

describe("Sage's standard UK nominal ledger", () => {
  it('places every account of a Sage 50 export, corporation tax within one year', () => {
    const tb = exported('sage-50-trial-balance.csv');
    const result = placeTrialBalance(tb.lines, { standard: 'FRS 105', format: tb.source.format });
    expect(result.chart).toEqual({ id: 'sage-uk', name: "Sage's standard UK nominal ledger", why: 'the trial balance is a Sage export' });
    expect(result.unplaced).toEqual([]);
    expect(result.mapping).toEqual({
      '0050': 'PropertyPlantEquipment',
      '0051': 'PropertyPlantEquipment',
      '1100': 'Debtors',
      '1200': 'CashBankOnHand',
      '2100': 'Creditors',
      '2110': 'CorporationTaxPayable',
      '2202': 'Creditors',
      '2300': 'Creditors[AfterOneYear]',
      '3000': 'CalledUpShareCapital',
      '3200': 'RetainedEarningsAccumulatedLosses',
      '4000': 'TurnoverRevenue',
      '5000': 'RawMaterialsConsumablesUsed',
      '7000': 'StaffCostsEmployeeBenefitsExpense',
      '8003': 'DepreciationAmortisationImpairmentExpense',
      '8200': 'OtherOperatingExpensesFormat2',
      '9001': 'TaxTaxCreditOnProfitOrLossOnOrdinaryActivities',
      '1104': 'Debtors',
    });
    const why = Object.fromEntries(result.placed.map((p) => [p.code, p.why]));
    expect(why['2110']).toBe("Sage's standard UK nominal ledger: 2110 corporation tax liability (the code Sage's guidance adds): due within one year");
    expect(why['1104']).toBe(`"Directors loan account", a director's loan account: a debit balance, owed by the director to the company, is a debtor`);
    expect(result.placed.find((p) => p.code === '1104')!.by).toBe('name');
  });

  it("2320 corporation tax is a creditor within one year although Sage's layout lists 2300–2399 as long-term; 2310 hire purchase is after one year", () => {
    const result = placeTrialBalance([line('2320', 'Corporation Tax', -500000), line('2310', 'Hire Purchase', -120000), line('2330', 'Mortgages', -1)], { standard: 'FRS 102 1A' });
    expect(result.mapping).toEqual({ '2320': 'CorporationTaxPayable', '2310': 'Creditors[AfterOneYear]', '2330': 'Creditors[AfterOneYear]' });
    expect(result.placed[0]!.why).toMatch(/due within one year \(TMA 1970 s59D\), whatever Sage's layout/);
  });

  it('a director owed money by the company and a bank overdraft are creditors within one year', () => {
    const result = placeTrialBalance([line('1205', 'Bank current account', -25000), line('2190', "Director's current account", -80000), line('1200', 'Bank', 10000)], { standard: 'FRS 105' });
    expect(result.mapping).toEqual({ '1205': 'Creditors', '2190': 'Creditors', '1200': 'CashBankOnHand' });
    expect(result.placed[0]!.why).toMatch(/a credit balance is owed to the bank or card issuer \(an overdraft, a card balance\), a creditor within one year/);
    expect(result.placed[1]!.why).toMatch(/owed by the company to the director \(repayable on demand\), is a creditor within one year/);
  });

  it('interest paid is its own line in small company accounts and among other charges in micro-entity accounts', () => {
    const lines = [line('7903', 'Loan interest paid', 12000)];
    expect(placeTrialBalance(lines, { standard: 'FRS 102 1A' }).mapping['7903']).toBe('InterestPayableSimilarChargesFinanceCosts');
    expect(placeTrialBalance(lines, { standard: 'FRS 105' }).mapping['7903']).toBe('OtherOperatingExpensesFormat2');
  });

  it('leaves suspense, mispostings and the general reserves code unplaced, naming why', () => {
    const result = placeTrialBalance([line('9998', 'Suspense Account', 100), line('3100', 'Reserves', -100), line('4000', 'Sales', 0)], { standard: 'FRS 105' });
    expect(result.unplaced).toEqual([
      { code: '9998', name: 'Suspense Account', balance: 100, why: "9998 is not a code Sage's standard UK nominal ledger places" },
      { code: '3100', name: 'Reserves', balance: -100, why: "3100 is not a code Sage's standard UK nominal ledger places" },
    ]);
    expect(result.mapping).toEqual({ '4000': 'TurnoverRevenue' });
  });
});

describe("Xero's default UK chart", () => {
  it('places a Xero export: the bank account by its type, 830 within one year, 835 by its balance', () => {
    const tb = exported('xero-trial-balance.csv');
    const result = placeTrialBalance(tb.lines, { standard: 'FRS 105', format: tb.source.format });
    expect(result.chart.id).toBe('xero-uk');
    expect(result.unplaced).toEqual([]);
    expect(result.mapping).toEqual({
      '200': 'TurnoverRevenue',
      '310': 'RawMaterialsConsumablesUsed',
      '416': 'DepreciationAmortisationImpairmentExpense',
      '429': 'OtherOperatingExpensesFormat2',
      '477': 'StaffCostsEmployeeBenefitsExpense',
      '500': 'TaxTaxCreditOnProfitOrLossOnOrdinaryActivities',
      'Business Account': 'CashBankOnHand',
      '610': 'Debtors',
      '760': 'PropertyPlantEquipment',
      '761': 'PropertyPlantEquipment',
      '800': 'Creditors',
      '820': 'Creditors',
      '830': 'CorporationTaxPayable',
      '835': 'Debtors',
      '960': 'RetainedEarningsAccumulatedLosses',
      '970': 'CalledUpShareCapital',
    });
    expect(result.placed.find((p) => p.code === 'Business Account')!.by).toBe('type');
  });

  it("835 Directors' Loan Account in credit is a creditor; 900 Loan after one year; 850 Suspense unplaced", () => {
    const result = placeTrialBalance([line('835', 'Loan from director', -150000), line('900', 'Loan', -900000), line('850', 'Suspense', 5)], { standard: 'FRS 102 1A', format: 'xero' });
    expect(result.mapping).toEqual({ '835': 'Creditors', '900': 'Creditors[AfterOneYear]' });
    expect(result.unplaced.map((u) => u.code)).toEqual(['850']);
  });
});

describe('which chart, and the firm first', () => {
  it("a plain CSV of four-digit codes is read against Sage's ledger, three-digit against Xero's, mixed against neither", () => {
    expect(placeTrialBalance([line('4000', 'Sales', -1), line('1200', 'Bank', 1)], { standard: 'FRS 105', format: 'filing-desk-csv' }).chart).toMatchObject({ id: 'sage-uk', why: "every code has four digits, as Sage's nominal codes" });
    expect(placeTrialBalance([line('200', 'Sales', -1), line('610', 'Debtors', 1)], { standard: 'FRS 105', format: 'filing-desk-csv' }).chart).toMatchObject({ id: 'xero-uk' });
    const mixed = placeTrialBalance([line('200', 'Sales', -1), line('1200', 'Bank', 1)], { standard: 'FRS 105', format: 'filing-desk-csv' });
    expect(mixed.chart.id).toBeNull();
    expect(mixed.unplaced.map((u) => u.code)).toEqual(['200', '1200']);
    expect(mixed.unplaced[0]!.why).toMatch(/^no mapping places it: the codes are neither all four digits/);
  });

  it("QuickBooks Online has no default chart: only the firm's mapping places its accounts", () => {
    const tb = exported('quickbooks-online-trial-balance.csv');
    const none = placeTrialBalance(tb.lines, { standard: 'FRS 105', format: tb.source.format });
    expect(none.placed).toEqual([]);
    expect(none.unplaced).toHaveLength(11);
    const firm = placeTrialBalance(tb.lines, { standard: 'FRS 105', format: tb.source.format, firm: { 'Current account': 'CashBankOnHand' } });
    expect(firm.placed).toEqual([{ code: 'Current account', name: 'Current account', line: 'CashBankOnHand', why: "the firm's mapping", by: 'firm' }]);
  });

  it("the firm's answer overrides the default, and a code it names keeps a four-digit CSV on Sage's chart", () => {
    const result = placeTrialBalance([line('2300', 'Loans', -500000), line('BANKLOAN', 'Bank loan due within a year', -100000)], {
      standard: 'FRS 102 1A',
      format: 'filing-desk-csv',
      firm: { '2300': 'Creditors', BANKLOAN: 'Creditors' },
    });
    expect(result.mapping).toEqual({ '2300': 'Creditors', BANKLOAN: 'Creditors' });
    expect(result.placed.every((p) => p.by === 'firm')).toBe(true);
  });

  it('refuses a firm mapping to a line the accounts do not place, naming the code', () => {
    expect(readFirmMapping({ '4000': 'TurnoverRevenue' })).toEqual({ '4000': 'TurnoverRevenue' });
    try {
      readFirmMapping({ '4000': 'Turnover', '2320': 'Creditors[WithinOneYear]' });
      throw new Error('accepted');
    } catch (err) {
      expect(err).toBeInstanceOf(RequestValidationError);
      const errors = (err as RequestValidationError).errors;
      expect(errors).toHaveLength(1);
      expect(errors[0]!.field).toBe('mapping.4000');
      expect(errors[0]!.message).toMatch(/^"Turnover" is not a line the accounts place; use one of TurnoverRevenue, CostSales/);
    }
    expect(() => readFirmMapping(['4000'])).toThrow(RequestValidationError);
  });
});
