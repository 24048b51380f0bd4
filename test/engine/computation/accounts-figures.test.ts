/**
 * The computation's starting figures read from the accounts' Inline XBRL:
 * the accounts' own period and no dimensions, the FRC's core concepts and
 * their signs, each figure saying where it came from; a typed figure stays.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readAccountsFigures, startingFigures } from '../../../main/engine/computation/accounts-figures.js';
import { repoRoot } from '../../helpers/shared.js';

const example = (name: string) => readFileSync(join(repoRoot, 'examples', 'ct600', 'attachments', name));

const CORE = 'http://xbrl.frc.org.uk/fr/2024-01-01/core';
const BUS = 'http://xbrl.frc.org.uk/cd/2024-01-01/business';
function accounts(facts: string): string {
  const ctx = (id: string, from: string, to: string, dim = '') =>
    `<xbrli:context id="${id}"><xbrli:entity><xbrli:identifier scheme="http://www.companieshouse.gov.uk/">12345678</xbrli:identifier>${dim ? `<xbrli:segment>${dim}</xbrli:segment>` : ''}</xbrli:entity><xbrli:period><xbrli:startDate>${from}</xbrli:startDate><xbrli:endDate>${to}</xbrli:endDate></xbrli:period></xbrli:context>`;
  return `<?xml version="1.0" encoding="UTF-8"?>
<html xmlns="http://www.w3.org/1999/xhtml" xmlns:ix="http://www.xbrl.org/2013/inlineXBRL" xmlns:ixt="http://www.xbrl.org/inlineXBRL/transformation/2020-02-12" xmlns:xbrli="http://www.xbrl.org/2003/instance" xmlns:xbrldi="http://xbrl.org/2006/xbrldi" xmlns:link="http://www.xbrl.org/2003/linkbase" xmlns:xlink="http://www.w3.org/1999/xlink" xmlns:iso4217="http://www.xbrl.org/2003/iso4217" xmlns:core="${CORE}" xmlns:bus="${BUS}"><head><title>a</title></head><body>
<div style="display:none"><ix:header><ix:references><link:schemaRef xlink:type="simple" xlink:href="https://xbrl.frc.org.uk/FRS-102/2024-01-01/FRS-102-2024-01-01.xsd"/></ix:references><ix:resources>
${ctx('cy', '2024-04-01', '2025-03-31')}${ctx('py', '2023-04-01', '2024-03-31')}${ctx('seg', '2024-04-01', '2025-03-31', '<xbrldi:explicitMember dimension="core:SegmentsDimension">core:Segment1</xbrldi:explicitMember>')}
<xbrli:unit id="GBP"><xbrli:measure>iso4217:GBP</xbrli:measure></xbrli:unit></ix:resources></ix:header></div>
${facts}</body></html>`;
}
const n = (name: string, ctx: string, value: string, sign = '') => `<ix:nonFraction name="core:${name}" contextRef="${ctx}" unitRef="GBP" decimals="0" format="ixt:num-dot-decimal"${sign ? ' sign="-"' : ''}>${value}</ix:nonFraction>`;

describe('the accounts’ figures as the computation’s starting figures', () => {
  it('reads turnover and profit before tax from full accounts, saying where each came from', () => {
    const f = readAccountsFigures(example('small-bakery-accounts-2025.xhtml'));
    expect(f.period).toEqual({ from: '2024-04-01', to: '2025-03-31' });
    expect(f.turnover).toMatchObject({ value: 85000, concepts: ['TurnoverRevenue'] });
    expect(f.turnover!.source).toBe('turnover (core:TurnoverRevenue) for 1 April 2024 to 31 March 2025 in the accounts');
    expect(f.profitBeforeTax).toMatchObject({ value: 17200, concepts: ['ProfitLossOnOrdinaryActivitiesBeforeTax'] });
    expect(f.principalActivity).toBe('Manufacture of bread and fresh pastry goods');
    // Not tagged: not guessed, and said.
    expect(f.depreciation).toBeUndefined();
    expect(f.notes.join(' ')).toContain('no depreciation');
  });

  it('takes this period’s undimensioned facts, not the comparative or a segment’s', () => {
    const f = readAccountsFigures(
      accounts(
        n('TurnoverRevenue', 'py', '99,000') + n('TurnoverRevenue', 'seg', '10,000') + n('TurnoverRevenue', 'cy', '120,000') + n('ProfitLossOnOrdinaryActivitiesBeforeTax', 'cy', '38,500') + n('DepreciationAmortisationExpense', 'cy', '2,000'),
      ),
    );
    expect(f.period).toEqual({ from: '2024-04-01', to: '2025-03-31' });
    expect(f.turnover!.value).toBe(120000);
    expect(f.profitBeforeTax!.value).toBe(38500);
    expect(f.depreciation).toMatchObject({ value: 2000, concepts: ['DepreciationAmortisationExpense'] });
  });

  it('micro-entity accounts: profit before tax is the profit after tax plus the tax charge', () => {
    const f = readAccountsFigures(accounts(n('ProfitLoss', 'cy', '30,900') + n('TaxTaxCreditOnProfitOrLossOnOrdinaryActivities', 'cy', '7,600')));
    expect(f.profitBeforeTax!.value).toBe(38500);
    expect(f.profitBeforeTax!.source).toContain('core:ProfitLoss');
    expect(f.profitBeforeTax!.source).toContain('core:TaxTaxCreditOnProfitOrLossOnOrdinaryActivities');
    // A loss after a tax credit: both signs as the taxonomy has them.
    const loss = readAccountsFigures(accounts(n('ProfitLoss', 'cy', '4,000', '-') + n('TaxTaxCreditOnProfitOrLossOnOrdinaryActivities', 'cy', '900', '-')));
    expect(loss.profitBeforeTax!.value).toBe(-4900);
  });

  it('depreciation from its parts when the accounts tag no total', () => {
    const f = readAccountsFigures(accounts(n('DepreciationExpensePropertyPlantEquipment', 'cy', '3,000') + n('AmortisationExpenseIntangibleAssets', 'cy', '500')));
    expect(f.depreciation).toMatchObject({ value: 3500, concepts: ['DepreciationExpensePropertyPlantEquipment', 'AmortisationExpenseIntangibleAssets'] });
  });

  it('two different values for one figure are not offered, and the reason is said', () => {
    const f = readAccountsFigures(accounts(n('TurnoverRevenue', 'cy', '120,000') + n('TurnoverRevenue', 'cy', '121,000')));
    expect(f.turnover).toBeUndefined();
    expect(f.notes.join(' ')).toContain('more than once with different values');
  });

  it('"33.461,00" under ixt:num-dot-decimal (TR4) is no figure, with the reason, never £33.461', () => {
    const f = readAccountsFigures(accounts(n('TurnoverRevenue', 'cy', '33.461,00') + n('ProfitLossOnOrdinaryActivitiesBeforeTax', 'cy', '12,000')));
    expect(f.turnover).toBeUndefined();
    const note = f.notes.find((x) => x.includes('TurnoverRevenue'))!;
    expect(note).toContain('"33.461,00"');
    expect(note).toContain('ixt:num-dot-decimal');
    expect(note).toContain('num-dot-decimal reads');
    // The reason replaces "not tagged": the accounts do tag it.
    expect(f.notes.join(' ')).not.toContain('no turnover');
    expect(f.profitBeforeTax).toMatchObject({ value: 12000 });
  });

  it('a malformed part of depreciation gives no depreciation rather than the other part alone', () => {
    const f = readAccountsFigures(accounts(n('DepreciationExpensePropertyPlantEquipment', 'cy', '3.000,50') + n('AmortisationExpenseIntangibleAssets', 'cy', '500')));
    expect(f.depreciation).toBeUndefined();
    expect(f.notes.join(' ')).toContain('DepreciationExpensePropertyPlantEquipment');
  });

  it('a file that is not Inline XBRL gives no figures and says why', () => {
    const f = readAccountsFigures(new TextEncoder().encode('<html><body>not tagged</body></html>'));
    expect(f.turnover).toBeUndefined();
    expect(f.notes.length).toBeGreaterThan(0);
  });

  it('a figure the user typed stays typed; the others come from the accounts with their source', () => {
    const figures = readAccountsFigures(example('small-bakery-accounts-2025.xhtml'));
    const { values, sources } = startingFigures({ turnover: 90000, profitBeforeTax: 1, depreciation: 1500 }, new Set(['turnover', 'depreciation']), figures);
    expect(values).toEqual({ turnover: 90000, profitBeforeTax: 17200, depreciation: 1500 });
    expect(sources.turnover).toBe('typed');
    expect(sources.profitBeforeTax).toContain('core:ProfitLossOnOrdinaryActivitiesBeforeTax');
  });
});
