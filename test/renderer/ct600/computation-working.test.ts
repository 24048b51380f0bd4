/**
 * The Computation step's working as shown: its sections with one money
 * format each, every rule cited once, an asset's row saying where its
 * allowance went, and the accounts' figures in plain words.
 */
import { describe, expect, it } from 'vitest';
import { computeComputation } from '../../../main/engine/computation/index.js';
import { assetAllowanceWords } from '../../../renderer/src/features/ct600/computation/asset-allowance.js';
import { plainSource } from '../../../renderer/src/features/ct600/computation/accounts-source.js';
import { amountText, kindOf, shownLines, workingSections } from '../../../renderer/src/features/ct600/computation/working-sections.js';

/** Fennel Stationery's year to 31 March 2025: a second-hand laptop and a new printer (the AIA) and a car over 50 g/km (the special rate pool). */
const fennel = {
  company: { name: 'Fennel Stationery Limited', utr: '8596148860', registrationNumber: '07654321' },
  period: { from: '2024-04-01', to: '2025-03-31' },
  associatedCompanies: 0,
  profitAndLoss: { turnover: 120000, profitBeforeTax: 38750, depreciation: 2000, disallowable: [{ description: 'Client entertaining', amount: 500 }], nonTaxableIncome: [], interestReceived: 250, propertyIncome: 0 },
  capitalAllowances: {
    mainPoolBroughtForward: 0,
    specialRatePoolBroughtForward: 0,
    additions: [
      { description: 'Laptop', date: '2024-06-03', cost: 250, pool: 'main', newAndUnused: false, car: null, claim: null },
      { description: 'Printer', date: '2025-02-12', cost: 150, pool: 'main', newAndUnused: true, car: null, claim: null },
      { description: 'Sales car', date: '2024-04-01', cost: 10000, pool: 'special', newAndUnused: false, car: { co2: 120 }, claim: null },
    ],
    disposals: [],
  },
  losses: { tradingBroughtForward: 0 },
  chargeableGains: 0,
  qualifyingDonations: 0,
};

describe('the computation’s working as the step shows it', () => {
  it('splits the working into a printed computation’s sections, each column in one money format', () => {
    const out = computeComputation(fennel);
    const sections = workingSections(out.working);
    expect(sections.map((s) => s.key)).toEqual(['trading', 'allowances', 'losses', 'profits', 'tax']);
    // Every line shown once, the asset lines (in the register) left out.
    expect(sections.flatMap((s) => s.lines).length).toBe(shownLines(out.working).length);
    expect(out.working.filter((l) => l.id.startsWith('capitalAllowances.assets')).length).toBe(3);
    const of = (key: string) => sections.find((s) => s.key === key)!;
    // The trading profit's figures are whole pounds: the column shows none with pence.
    expect(of('trading').kind).toBe('whole-pounds');
    const shown = (key: string, id: string) => amountText(of(key).lines.find((l) => l.id === id)!, of(key).kind);
    expect(['box145', 'adjustedProfit', 'box155'].map((id) => shown('trading', id))).toEqual(['£120,000', '£41,000', '£40,000']);
    // The tax is in pence (box 345), so its whole column is: the profits charged too.
    expect(of('tax').kind).toBe('pence');
    expect(['tax.FinancialYearOne.profit', 'tax.FinancialYearOne.rate', 'tax.FinancialYearOne.tax', 'tax.netCorporationTaxChargeable'].map((id) => shown('tax', id))).toEqual(['£40,250.00', '19%', '£7,647.50', '£7,647.50']);
    // The associated companies are a count, never money.
    expect(amountText({ id: 'tax.associatedCompanies', box: '326', label: 'Associated companies', amount: 1, how: '' }, 'pence')).toBe('1');
  });

  it('shows pence in a column as soon as one figure in it has them, never a column of mixed formats', () => {
    const lines = [
      { id: 'box145', box: '145', label: 'Turnover', amount: 900, how: '' },
      { id: 'adjustedProfit', label: 'Trading profit before capital allowances', amount: 4100.5, how: '' },
    ];
    expect(kindOf(lines)).toBe('pence');
    expect(lines.map((l) => amountText(l, kindOf(lines)))).toEqual(['£900.00', '£4,100.50']);
    expect(kindOf(lines.slice(0, 1))).toBe('whole-pounds');
  });

  it('cites each rule once in the whole working, in the section that first follows it', () => {
    const out = computeComputation(fennel);
    const sections = workingSections(out.working);
    const cited = sections.flatMap((s) => s.rules);
    const distinct = new Set(shownLines(out.working).flatMap((l) => (l.rule ? [l.rule] : [])));
    expect(cited.map((r) => r.rule).sort()).toEqual([...distinct].sort());
    expect(cited.map((r) => r.n)).toEqual(cited.map((_, i) => i + 1));
    // Both pools' carried-forward lines follow CAA 2001 s59: one citation between them.
    const allowances = sections.find((s) => s.key === 'allowances')!;
    expect(allowances.lines.filter((l) => l.rule === 'CAA 2001 s59').length).toBeGreaterThan(0);
    expect(cited.filter((r) => r.rule === 'CAA 2001 s59').length).toBe(1);
  });

  it('says where each asset’s allowance went: its own allowance, or its pool and the allowance the pool gives', () => {
    const out = computeComputation(fennel);
    const words = out.capitalAllowances.assets.map((a) => assetAllowanceWords(a, out));
    expect(words).toEqual(['£250.00 annual investment allowance', '£150.00 annual investment allowance', 'Into the special rate pool: £600.00 writing-down allowance on the pool (6%)']);
    // A 40% first-year allowance: the rest joins the main pool after the period's writing-down allowance (CAA 2001 s58).
    const digger = computeComputation({
      ...fennel,
      period: { from: '2026-01-01', to: '2026-12-31' },
      capitalAllowances: { ...fennel.capitalAllowances, additions: [{ description: 'Digger', date: '2026-02-01', cost: 50000, pool: 'main', newAndUnused: true, car: null, claim: 'fya40' }] },
    });
    expect(assetAllowanceWords(digger.capitalAllowances.assets[0]!, digger)).toBe('£20,000.00 40% first-year allowance; £30,000.00 into the main pool after this period’s writing-down allowance');
    // Disposed of in the period it was bought: the rest joins the pool for this period (CAA 2001 s58(6)), and the pool's allowance is what follows.
    const sold = computeComputation({
      ...fennel,
      period: { from: '2026-01-01', to: '2026-12-31' },
      capitalAllowances: {
        ...fennel.capitalAllowances,
        mainPoolBroughtForward: 10000,
        additions: [{ description: 'Digger', date: '2026-02-01', cost: 50000, pool: 'main', newAndUnused: true, car: null, claim: 'fya40' }],
        disposals: [{ description: 'Digger', date: '2026-09-01', proceeds: 30000, pool: 'main', fullExpensed: false, addition: 0 }],
      },
    });
    expect(assetAllowanceWords(sold.capitalAllowances.assets[0]!, sold)).toMatch(/^£20,000\.00 40% first-year allowance; £30,000\.00 into the main pool: £[\d,.]+ writing-down allowance on the pool \(\d+(\.\d+)?%\)$/);
    // A short-life asset goes to a pool of its own.
    const tool = computeComputation({ ...fennel, capitalAllowances: { ...fennel.capitalAllowances, additions: [{ description: 'Lathe', date: '2024-05-05', cost: 5000, pool: 'main', newAndUnused: false, car: null, claim: 'pool', shortLife: true }] } });
    expect(assetAllowanceWords(tool.capitalAllowances.assets[0]!, tool)).toBe('Into a pool of its own (short-life asset): £900.00 writing-down allowance');
    // A small main pool is written off in full.
    const chair = computeComputation({ ...fennel, capitalAllowances: { ...fennel.capitalAllowances, additions: [{ description: 'Chair', date: '2024-05-05', cost: 90, pool: 'main', newAndUnused: true, car: null, claim: 'pool' }] } });
    expect(assetAllowanceWords(chair.capitalAllowances.assets[0]!, chair)).toBe('Into the main pool: £90.00 on the pool, written off in full as a small pool');
  });

  it('words the accounts’ figures without the taxonomy’s names, and keeps the names apart', () => {
    expect(plainSource('turnover (core:TurnoverRevenue) for 1 April 2024 to 31 March 2025 in the accounts')).toEqual({ words: 'Turnover for 1 April 2024 to 31 March 2025, from the accounts', names: ['core:TurnoverRevenue'] });
    expect(plainSource('profit after tax £30,900 (core:ProfitLoss) plus the tax charge £7,600 (core:TaxTaxCreditOnProfitOrLossOnOrdinaryActivities) for 1 April 2024 to 31 March 2025 in the accounts')).toEqual({
      words: 'Profit after tax £30,900 plus the tax charge £7,600 for 1 April 2024 to 31 March 2025, from the accounts',
      names: ['core:ProfitLoss', 'core:TaxTaxCreditOnProfitOrLossOnOrdinaryActivities'],
    });
    expect(plainSource('depreciation and amortisation (core:DepreciationAmortisationImpairmentExpense, which includes impairment) for 2024 in the accounts').words).toBe('Depreciation and amortisation (which includes impairment) for 2024, from the accounts');
  });
});
