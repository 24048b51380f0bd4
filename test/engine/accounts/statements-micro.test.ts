/**
 * Micro-entity accounts (FRS 105, SI 2008/409 Sch 1 Section C) from worked
 * trial balances; every figure below is worked by hand from
 * test/fixtures/accounts/*.csv.
 *
 * Rounding (statements/rounding.ts): each code to the nearest pound, then the
 * codes nearest to rounding the other way moved a pound until the codes net
 * to nil again.
 */
import { describe, expect, it } from 'vitest';
import { buildAccounts } from '../../../main/engine/accounts/statements/index.js';
import { built, lossMaking, shown, vanYear1, vanYear2 } from './statements-fixtures.js';

describe('micro-entity accounts: sole director, a van, a director’s loan account and corporation tax payable (year to 31 March 2026)', () => {
  // Net debits in pence; the codes with pence round: 1100 3,240.50 → 3,241 (residual −0.50), 1200 7,588.85 → 7,589 (−0.15),
  // 2100 −1,180.40 → −1,180 (−0.40), 2320 −6,106.40 → −6,106 (−0.40), 5000 8,910.60 → 8,911 (−0.40),
  // 7300 5,230.45 → 5,230 (+0.45), 9001 6,106.40 → 6,106 (+0.40). Residuals sum to −1.00, so the rounded codes net to +£1:
  // the code rounded furthest up, 1100 (−0.50), moves down a pound to 3,240.
  const accounts = built(buildAccounts(vanYear1()));

  it('lays out the balance sheet A–K with the net assets total, nil lines left out', () => {
    expect(shown(accounts.balanceSheet)).toEqual([
      ['B', 'Fixed assets', 13_500, undefined], // 0050 18,000 − 0051 4,500
      ['C', 'Current assets', 10_829, undefined], // 1100 3,240 + 1200 7,589
      ['E', 'Creditors: amounts falling due within one year', 15_696, undefined], // 2100 1,180 + 2105 6,000 + 2202 2,410 + 2320 6,106
      ['F', 'Net current assets (liabilities)', -4_867, undefined], // 10,829 − 15,696
      ['G', 'Total assets less current liabilities', 8_633, undefined], // 13,500 − 4,867
      ['', 'Net assets (liabilities)', 8_633, undefined],
      ['K', 'Capital and reserves', 8_633, undefined], // 3000 100 + 3200 2,500 + profit 26,033 − 3260 dividends 20,000
    ]);
  });

  it('lays out the micro profit and loss account A–H', () => {
    expect(shown(accounts.profitAndLoss)).toEqual([
      ['A', 'Turnover', 62_400, undefined],
      ['C', 'Cost of raw materials and consumables', 8_911, undefined],
      ['D', 'Staff costs', 9_100, undefined],
      ['E', 'Depreciation and other amounts written off assets', 4_500, undefined],
      ['F', 'Other charges', 7_750, undefined], // 7300 5,230 + 7303 1,450 + 7601 950 + 7901 120
      ['G', 'Tax', 6_106, undefined],
      ['H', 'Profit (loss)', 26_033, undefined], // 62,400 − 8,911 − 9,100 − 4,500 − 7,750 − 6,106
    ]);
  });

  it('closes the profit to reserves and gives the totals', () => {
    expect(accounts.reserves).toEqual({
      broughtForward: { current: 2_500 },
      profitLoss: { current: 26_033 },
      dividends: { current: 20_000 },
      carriedForward: { current: 8_533 }, // 2,500 + 26,033 − 20,000 (exactly 8,532.55)
    });
    expect(accounts.totals).toMatchObject({
      netAssets: { current: 8_633 },
      capitalAndReserves: { current: 8_633 },
      profitLossBeforeTax: { current: 32_139 }, // 26,033 + 6,106
      balanceSheetTotal: { current: 24_329 }, // gross assets 13,500 + 10,829
      turnover: { current: 62_400 },
    });
  });

  it('keeps each figure’s working back to the trial balance codes, in pence and pounds', () => {
    const creditors = accounts.balanceSheet.find((l) => l.id === 'Creditors')!;
    expect(creditors.concept).toBe('Creditors');
    expect(creditors.member).toBe('WithinOneYear');
    expect(creditors.working).toEqual([
      { code: '2100', name: 'Creditors Control Account', pence: 118_040, pounds: 1_180 },
      { code: '2105', name: 'Directors Loan Account', pence: 600_000, pounds: 6_000 },
      { code: '2202', name: 'VAT Liability', pence: 241_000, pounds: 2_410 },
      { code: '2320', name: 'Corporation Tax', pence: 610_640, pounds: 6_106 },
    ]);
    const current = accounts.balanceSheet.find((l) => l.id === 'CurrentAssets')!;
    expect(current.working.map((w) => [w.code, w.pence, w.pounds])).toEqual([['1100', 324_050, 3_240], ['1200', 758_885, 7_589]]);
    for (const line of [...accounts.balanceSheet, ...accounts.profitAndLoss]) {
      expect(line.working.reduce((sum, w) => sum + w.pounds, 0), line.label).toBe(line.current);
    }
  });

  it('makes the micro-entity statements and the employees note, and facts for the writer', () => {
    expect(accounts.statements.map((s) => s.id)).toEqual(['section477', 'section476', 'directorsResponsibilities', 'microEntityProvisions', 'deliveredSmallCompaniesRegime']);
    expect(accounts.statements[2]!.text).toMatch(/^The director acknowledges their responsibilities/);
    expect(accounts.notes.map((n) => n.id)).toEqual(['averageEmployees']);
    expect(accounts.facts).toContainEqual({ schema: 'core', concept: 'Creditors', dimension: 'MaturitiesOrExpirationPeriodsDimension', member: 'WithinOneYear', period: 'current', periodType: 'instant', unit: 'GBP', value: 15_696 });
    // Profit before tax is no micro-entity line, so no fact: every profit and loss fact is a line's (a filleted copy drops them all).
    expect(accounts.facts.filter((f) => f.periodType === 'duration' && f.unit === 'GBP').map((f) => f.concept)).toEqual(accounts.profitAndLoss.map((l) => l.concept));
    expect(accounts.facts).toContainEqual({ schema: 'core', concept: 'AverageNumberEmployeesDuringPeriod', period: 'current', periodType: 'duration', unit: 'pure', value: 1 });
    expect(accounts.facts.some((f) => f.period === 'previous')).toBe(false);
    expect(accounts.formats).toEqual({ balanceSheet: 'Format 1', profitAndLoss: 'micro' });
  });
});

describe('micro-entity accounts: the van company’s next year, with last year as comparatives (year to 31 March 2027)', () => {
  const lastYear = built(buildAccounts(vanYear1()));
  // 3200 brings forward 8,532.55, last year's closing reserve in pence; it is pinned to last year's £8,533.
  // Residuals: 1100 +0.20, 1200 +0.10, 2202 −0.30, 2320 +0.41, 3200 +0.45 (pinned), 5000 +0.25, 7300 −0.10, 7901 +0.40,
  // 9001 −0.41: they sum to +1.00, so the rounded codes net to −£1 and the unpinned code furthest rounded down,
  // 2320 (+0.41), moves up a pound: corporation tax payable shows 6,640 while the charge shows 6,641.
  const accounts = built(buildAccounts(vanYear2(lastYear)));

  it('shows last year beside this year on every line', () => {
    expect(shown(accounts.balanceSheet)).toEqual([
      ['B', 'Fixed assets', 10_125, 13_500], // 18,000 − 7,875
      ['C', 'Current assets', 13_093, 10_829], // 1100 4,105 + 1200 7,738 + 2105 1,250 (the overdrawn loan account is a debtor)
      ['E', 'Creditors: amounts falling due within one year', 10_275, 15_696], // 2100 980 + 2202 2,655 + 2320 6,640
      ['F', 'Net current assets (liabilities)', 2_818, -4_867],
      ['G', 'Total assets less current liabilities', 12_943, 8_633],
      ['', 'Net assets (liabilities)', 12_943, 8_633],
      ['K', 'Capital and reserves', 12_943, 8_633], // 100 + 8,533 + 28,310 − 24,000
    ]);
    expect(shown(accounts.profitAndLoss)).toEqual([
      ['A', 'Turnover', 68_750, 62_400],
      ['B', 'Other income', 300, 0],
      ['C', 'Cost of raw materials and consumables', 9_870, 8_911],
      ['D', 'Staff costs', 12_570, 9_100],
      ['E', 'Depreciation and other amounts written off assets', 3_375, 4_500],
      ['F', 'Other charges', 8_284, 7_750], // 5,612 + 1,520 + 1,020 + 132
      ['G', 'Tax', 6_641, 6_106],
      ['H', 'Profit (loss)', 28_310, 26_033], // 69,050 − 9,870 − 12,570 − 3,375 − 8,284 − 6,641
    ]);
  });

  it('carries last year’s reserve forward to the pound and closes this year’s profit to it', () => {
    expect(accounts.previousPeriod).toEqual({ from: '2025-04-01', to: '2026-03-31' });
    expect(accounts.reserves).toEqual({
      broughtForward: { current: 8_533, previous: 2_500 },
      profitLoss: { current: 28_310, previous: 26_033 },
      dividends: { current: 24_000, previous: 20_000 },
      carriedForward: { current: 12_843, previous: 8_533 },
    });
    expect(accounts.checks.map((c) => c.rule)).toContain('reserves-brought-forward');
  });

  it('gives the director’s advance note and comparative facts', () => {
    const note = accounts.notes.find((n) => n.id === 'advancesToDirectors')!;
    expect(note.paragraphs[0]).toBe('Sam Harbour: owed to the company at the start of the year £0, advanced £1,250, repaid £0, owed at the end of the year £1,250. The advance is interest-free and repayable on demand.');
    expect(accounts.notes.find((n) => n.id === 'averageEmployees')!.paragraphs[0]).toContain('was 1 (previous year: 1)');
    expect(accounts.facts).toContainEqual({ schema: 'direp', concept: 'AdvancesCreditsDirectors', period: 'current', periodType: 'instant', unit: 'GBP', value: 1_250 });
    expect(accounts.facts).toContainEqual({ schema: 'core', concept: 'NetAssetsLiabilities', period: 'previous', periodType: 'instant', unit: 'GBP', value: 8_633 });
    expect(accounts.facts).toContainEqual({ schema: 'core', concept: 'OtherOperatingIncomeFormat2', period: 'previous', periodType: 'duration', unit: 'GBP', value: 0 });
  });
});

describe('micro-entity accounts: a loss-making company with net liabilities (year to 30 June 2026)', () => {
  // Residuals: 1200 312.47 → 312 (+0.47), 2100 −4,215.90 → −4,216 (+0.10), 3200 12,907.90 → 12,908 (−0.10),
  // 5000 3,120.35 → 3,120 (+0.35), 7502 640.18 → 640 (+0.18): sum +1.00, so 1200 (+0.47) moves up to 313.
  const accounts = built(buildAccounts(lossMaking()));

  it('shows net liabilities and the loss, with accumulated losses in capital and reserves', () => {
    expect(shown(accounts.balanceSheet)).toEqual([
      ['B', 'Fixed assets', 1_200, undefined], // 2,400 − 1,200
      ['C', 'Current assets', 1_163, undefined], // 850 + 313
      ['E', 'Creditors: amounts falling due within one year', 13_716, undefined], // 4,216 + 9,500
      ['F', 'Net current assets (liabilities)', -12_553, undefined],
      ['G', 'Total assets less current liabilities', -11_353, undefined], // 1,200 − 12,553
      ['H', 'Creditors: amounts falling due after more than one year', 5_000, undefined],
      ['', 'Net assets (liabilities)', -16_353, undefined], // −11,353 − 5,000
      ['K', 'Capital and reserves', -16_353, undefined], // 100 − 12,908 − 3,545
    ]);
    expect(shown(accounts.profitAndLoss)).toEqual([
      ['A', 'Turnover', 18_640, undefined],
      ['C', 'Cost of raw materials and consumables', 3_120, undefined],
      ['E', 'Depreciation and other amounts written off assets', 600, undefined],
      ['F', 'Other charges', 18_465, undefined], // 7100 16,800 + 7502 640 + 7601 900 + 7903 interest 125
      ['H', 'Profit (loss)', -3_545, undefined], // 18,640 − 3,120 − 600 − 18,465
    ]);
    expect(accounts.reserves.carriedForward).toEqual({ current: -16_453 }); // −12,908 − 3,545
  });

  it('warns about going concern and tags the negative figures as negatives', () => {
    expect(accounts.checks.find((c) => c.rule === 'net-liabilities')).toMatchObject({ level: 'warning', message: expect.stringContaining('net liabilities of £16,353') });
    expect(accounts.facts).toContainEqual({ schema: 'core', concept: 'NetAssetsLiabilities', period: 'current', periodType: 'instant', unit: 'GBP', value: -16_353 });
    expect(accounts.facts).toContainEqual({ schema: 'core', concept: 'ProfitLoss', period: 'current', periodType: 'duration', unit: 'GBP', value: -3_545 });
  });
});
