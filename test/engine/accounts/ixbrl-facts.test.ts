/**
 * The written accounts read back by a fact reader of these tests' own
 * (ixbrl-fact-reader.ts, independent of the project's Inline XBRL reader):
 * every figure of the accounts is a fact in the right context and unit,
 * nothing else is tagged as a figure, every context names the company by
 * its Companies House number, the describing facts carry the members of the
 * kind of accounts, and the balance sheet balances in the tagged figures.
 */
import { describe, expect, it } from 'vitest';
import { accountsDocument } from '../../../main/engine/accounts/ixbrl/index.js';
import type { Accounts, AccountsFact } from '../../../main/engine/accounts/types.js';
import { factsOf, readInlineXbrl, xmllintWellFormed, type ReadDocument } from './ixbrl-fact-reader.js';
import { CASES } from './ixbrl-cases.js';
import { microWithComparatives, netLiabilitiesSmall } from './ixbrl-hand-accounts.js';

/** The FRC suite's namespaces, as accounts.md §3 gives them for 2026 ("for another suite replace the date"). */
function suite(date: string) {
  const CORE = `http://xbrl.frc.org.uk/fr/${date}/core`;
  const BUS = `http://xbrl.frc.org.uk/cd/${date}/business`;
  const DIREP = `http://xbrl.frc.org.uk/reports/${date}/direp`;
  const core = (l: string) => `{${CORE}}${l}`;
  return { NS_OF: { core: CORE, bus: BUS, direp: DIREP }, core, bus: (l: string) => `{${BUS}}${l}`, MATURITY: core('MaturitiesOrExpirationPeriodsDimension'), EQUITY: core('EquityClassesDimension') };
}
/** The suite a period end is written in: FRC 2026 from 1 January 2026, FRC 2025 for a period ending in 2025 (HMRC's windows, accepted-taxonomies.json). */
const suiteDate = (end: string) => (end >= '2026-01-01' ? '2026-01-01' : '2025-01-01');

function write(accounts: Accounts, copy?: 'full' | 'filing'): { xml: string; doc: ReadDocument } {
  const { xhtml } = accountsDocument(accounts, { software: 'Filing Desk', version: '9.9.9', ...(copy ? { copy } : {}) });
  return { xml: xhtml, doc: readInlineXbrl(xhtml) };
}

function whereOf(accounts: Accounts, f: AccountsFact) {
  const { core } = suite(suiteDate(accounts.period.to));
  const p = f.period === 'current' ? accounts.period : accounts.previousPeriod!;
  const at = f.periodType === 'instant' ? { instant: p.to } : { start: p.from, end: p.to };
  return { ...at, dims: f.member ? { [core(f.dimension!)]: core(f.member) } : {} };
}

/** One figure's single tagged value. */
function one(doc: ReadDocument, local: string, where: Parameters<typeof factsOf>[2]): number {
  const found = factsOf(doc, local, where);
  expect(found, `${local} ${JSON.stringify(where)}`).toHaveLength(1);
  return found[0]!.value as number;
}


describe.each(CASES)('the written accounts, read back independently: %s', (_, make) => {
  const accounts = make();
  const { xml, doc } = write(accounts);
  const date = suiteDate(accounts.period.to);
  const { NS_OF, core, bus, MATURITY, EQUITY } = suite(date);

  it('is well-formed XML (libxml2 agrees) with an XHTML root and the FRS-102 entry point of the suite HMRC takes for the period end', () => {
    expect(xmllintWellFormed(xml)).toMatchObject({ ok: true });
    expect(doc.rootName).toBe('{http://www.w3.org/1999/xhtml}html');
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    expect(doc.schemaRefs).toEqual([`https://xbrl.frc.org.uk/FRS-102/${date}/FRS-102-${date}.xsd`]);
  });

  it('every figure of the accounts is tagged once, in its period, member and unit, with its value', () => {
    for (const f of accounts.facts) {
      const found = factsOf(doc, f.concept, whereOf(accounts, f)).filter((x) => x.name === `{${NS_OF[f.schema]}}${f.concept}`);
      expect(found, `${f.concept}[${f.member ?? ''}] ${f.period}`).toHaveLength(1);
      expect(found[0]!.value).toBe(f.value);
      expect(doc.units.get(found[0]!.unitRef!)).toEqual([f.unit === 'GBP' ? '{http://www.xbrl.org/2003/iso4217}GBP' : '{http://www.xbrl.org/2003/instance}pure']);
      expect(found[0]!.decimals).toBe('0');
    }
  });

  it('tags no figure the accounts do not have', () => {
    const numbers = doc.facts.filter((f) => f.kind === 'nonFraction');
    expect(numbers).toHaveLength(accounts.facts.length);
  });

  it('names the company by its Companies House number in every context, with four periods at most and no scenario', () => {
    const periods = new Set<string>();
    for (const c of doc.contexts.values()) {
      expect(c).toMatchObject({ scheme: 'http://www.companieshouse.gov.uk/', identifier: accounts.company.number, hasScenario: false });
      periods.add(c.instant ?? `${c.start}/${c.end}`);
    }
    const expected = [accounts.period.to, `${accounts.period.from}/${accounts.period.to}`];
    if (accounts.previousPeriod) expected.push(accounts.previousPeriod.to, `${accounts.previousPeriod.from}/${accounts.previousPeriod.to}`);
    expect([...periods].sort()).toEqual(expected.sort());
    const used = new Set(doc.facts.map((f) => f.contextRef));
    expect([...doc.contexts.keys()].filter((id) => !used.has(id))).toEqual([]);
  });

  it('gives the report period in the end-date instant context, the start date beside it', () => {
    const end = { instant: accounts.period.to };
    expect(factsOf(doc, 'EndDateForPeriodCoveredByReport', end).map((f) => f.value)).toEqual([accounts.period.to]);
    expect(factsOf(doc, 'StartDateForPeriodCoveredByReport', end).map((f) => f.value)).toEqual([accounts.period.from]);
    expect(factsOf(doc, 'BalanceSheetDate', end).map((f) => f.value)).toEqual([accounts.period.to]);
    expect(factsOf(doc, 'DateAuthorisationFinancialStatementsForIssue', end).map((f) => f.value)).toEqual([accounts.approval.date]);
    const year = { start: accounts.period.from, end: accounts.period.to };
    expect(factsOf(doc, 'UKCompaniesHouseRegisteredNumber', year).map((f) => f.value)).toEqual([accounts.company.number]);
    expect(factsOf(doc, 'EntityCurrentLegalOrRegisteredName', year).map((f) => f.value)).toEqual([accounts.company.name]);
    expect(factsOf(doc, 'EntityDormantTruefalse', year).map((f) => f.value)).toEqual([String(accounts.dormant)]);
    expect(factsOf(doc, 'NameProductionSoftware', year).map((f) => f.value)).toEqual(['Filing Desk']);
    expect(factsOf(doc, 'VersionProductionSoftware', year).map((f) => f.value)).toEqual(['9.9.9']);
  });

  it('says what kind of accounts these are by the members of empty facts', () => {
    const year = { start: accounts.period.from, end: accounts.period.to };
    const memberOf = (local: string, dim: string) =>
      doc.facts
        .filter((f) => f.localName === local)
        .map((f) => {
          const c = doc.contexts.get(f.contextRef)!;
          return [f.value, c.dims.get(bus(dim)), c.start, c.end];
        });
    expect(memberOf('AccountingStandardsApplied', 'AccountingStandardsDimension')).toEqual([['', bus(accounts.standard === 'FRS 105' ? 'Micro-entities' : 'SmallEntities'), year.start, year.end]]);
    expect(memberOf('AccountsStatusAuditedOrUnaudited', 'AccountsStatusDimension')).toEqual([['', bus('AuditExempt-NoAccountantsReport'), year.start, year.end]]);
    expect(memberOf('AccountsType', 'AccountsTypeDimension')).toEqual([['', bus('FullAccounts'), year.start, year.end]]);
    expect(memberOf('LegalFormEntity', 'LegalFormEntityDimension')).toEqual([['', bus('PrivateLimitedCompanyLtd'), year.start, year.end]]);
    expect(memberOf('ApplicableLegislation', 'ApplicableLegislationDimension')).toEqual([['', bus('SmallCompaniesRegimeForAccounts'), year.start, year.end]]);
    const trading = doc.facts.filter((f) => f.localName === 'EntityTradingStatus').map((f) => [...doc.contexts.get(f.contextRef)!.dims.values()]);
    expect(trading).toEqual([accounts.dormant ? [bus('EntityHasNeverTraded')] : []]);
  });

  it('names every director in the context of their member, and the signing director by theirs', () => {
    const names = doc.facts.filter((f) => f.localName === 'NameEntityOfficer').map((f) => [f.value, doc.contexts.get(f.contextRef)!.dims.get(bus('EntityOfficersDimension'))]);
    expect(names).toEqual(accounts.directors.map((d, i) => [d, bus(`Director${i + 1}`)]));
    const signing = doc.facts.filter((f) => f.localName === 'DirectorSigningFinancialStatements');
    expect(signing).toHaveLength(1);
    expect(signing[0]!.value).toBe('');
    const signer = accounts.directors.indexOf(accounts.approval.director) + 1;
    expect(doc.contexts.get(signing[0]!.contextRef)!.dims.get(bus('EntityOfficersDimension'))).toBe(bus(`Director${signer}`));
  });

  it('balances in the tagged figures: net assets = capital and reserves (= its components where shown), this year and last', () => {
    const years = [accounts.period.to, ...(accounts.previousPeriod ? [accounts.previousPeriod.to] : [])];
    for (const instant of years) {
      const get = (local: string, dims: Record<string, string> = {}) => (factsOf(doc, local, { instant, dims })[0]?.value as number | undefined) ?? 0;
      const netAssets = one(doc, 'NetAssetsLiabilities', { instant });
      const equity = one(doc, 'Equity', { instant });
      expect(netAssets).toBe(equity);
      const components = doc.facts.filter((f) => f.localName === 'Equity' && doc.contexts.get(f.contextRef)!.instant === instant && doc.contexts.get(f.contextRef)!.dims.has(EQUITY));
      // A micro-entity shows line K alone; where the components are shown they add up to it.
      if (accounts.standard === 'FRS 102 1A') expect(components.length).toBeGreaterThan(0);
      if (components.length) expect(components.reduce((s, f) => s + (f.value as number), 0)).toBe(equity);
      // Format 1: F = C + D − E; G = A + B + F; net assets = G − H − I − J.
      const netCurrent = get('CurrentAssets') + get('PrepaymentsAccruedIncomeNotExpressedWithinCurrentAssetSubtotal') - get('Creditors', { [MATURITY]: core('WithinOneYear') });
      if (factsOf(doc, 'NetCurrentAssetsLiabilities', { instant }).length) expect(get('NetCurrentAssetsLiabilities')).toBe(netCurrent);
      const total = get('CalledUpShareCapitalNotPaidNotExpressedAsCurrentAsset') + get('FixedAssets') + netCurrent;
      if (factsOf(doc, 'TotalAssetsLessCurrentLiabilities', { instant }).length) expect(get('TotalAssetsLessCurrentLiabilities')).toBe(total);
      const after = get('Creditors', { [MATURITY]: core('AfterOneYear') }) + get('ProvisionsForLiabilitiesBalanceSheetSubtotal') + get('AccruedLiabilitiesNotExpressedWithinCreditorsSubtotal');
      expect(total - after).toBe(netAssets);
    }
  });

  it('reads as the accounts: the cover, the statements above the signature, the figures in UK money', () => {
    const text = doc.visibleText;
    expect(text).toContain(`${accounts.company.name} Unaudited financial statements for the`);
    for (const s of accounts.statements) expect(text).toContain(s.text);
    const signature = text.indexOf('signed on behalf of the board by:');
    expect(signature).toBeGreaterThan(Math.max(...accounts.statements.map((s) => text.indexOf(s.text))));
    expect(text).toContain(`${accounts.approval.director} Director`);
    for (const line of accounts.balanceSheet) {
      const shown = line.current < 0 ? `(${Math.abs(line.current).toLocaleString('en-GB')})` : line.current.toLocaleString('en-GB');
      expect(text).toContain(`${line.label} ${shown}`);
    }
  });
});

describe('negative figures and comparatives', () => {
  const { core, MATURITY } = suite('2025-01-01');
  it('a net liability is its size tagged with sign="-" inside brackets, read back negative', () => {
    const { xml, doc } = write(netLiabilitiesSmall());
    expect(xml).toMatch(/\(<ix:nonFraction name="core:NetAssetsLiabilities"[^>]*sign="-"[^>]*>12,500<\/ix:nonFraction>\)/);
    expect(one(doc, 'NetAssetsLiabilities', { instant: '2025-12-31' })).toBe(-12_500);
    expect(one(doc, 'Creditors', { instant: '2025-12-31', dims: { [MATURITY]: core('AfterOneYear') } })).toBe(5_000);
  });

  it("last year's figures sit in last year's contexts: the previous balance sheet date and the previous period", () => {
    const { doc } = write(microWithComparatives());
    expect(one(doc, 'NetCurrentAssetsLiabilities', { instant: '2025-03-31' })).toBe(-2_900);
    expect(one(doc, 'TurnoverRevenue', { start: '2024-04-01', end: '2025-03-31' })).toBe(52_000);
    expect(one(doc, 'AverageNumberEmployeesDuringPeriod', { start: '2024-04-01', end: '2025-03-31' })).toBe(2);
  });
});

describe('a figure whose concept accounts.md does not trace', () => {
  it('is shown in the notes but not tagged (a name that cannot be traced is not used), and the rest is still written', () => {
    const accounts = microWithComparatives();
    accounts.facts.push({ schema: 'direp', concept: 'MaximumLiabilityUnderGuaranteesDirectors', period: 'current', periodType: 'instant', unit: 'GBP', value: 25_000 });
    const { doc } = write(accounts);
    expect(doc.facts.some((f) => f.localName === 'MaximumLiabilityUnderGuaranteesDirectors')).toBe(false);
    expect(doc.visibleText).toContain('Maximum Liability Under Guarantees Directors 25,000');
    expect(doc.facts.filter((f) => f.kind === 'nonFraction')).toHaveLength(accounts.facts.length - 1);
  });
});

describe('the Companies House filing copy', () => {
  const { bus } = suite('2026-01-01');
  it('without the profit and loss account when the directors do not deliver it: filleted, with the s444(5A) statement, no profit and loss figure', () => {
    const accounts = microWithComparatives();
    accounts.deliverProfitAndLossToCompaniesHouse = false;
    accounts.statements.push({ id: 'profitAndLossNotDelivered', law: 'CA 2006 s444(5A)', copy: 'filing', concept: 'StatementThatDirectorsHaveElectedNotToDeliverProfitLossAccountUnderSection4445ACompaniesAct2006', text: 'The directors have elected not to deliver the profit and loss account in accordance with section 444(1) of the Companies Act 2006.' });
    const full = write(accounts).doc;
    const filing = write(accounts, 'filing').doc;
    expect(factsOf(full, 'TurnoverRevenue', { start: '2025-04-01', end: '2026-03-31' })).toHaveLength(1);
    expect(full.facts.some((f) => f.localName.startsWith('StatementThatDirectorsHaveElectedNotToDeliver'))).toBe(false);
    expect(filing.facts.filter((f) => ['TurnoverRevenue', 'ProfitLoss', 'StaffCostsEmployeeBenefitsExpense'].includes(f.localName))).toEqual([]);
    expect(filing.facts.some((f) => f.localName.startsWith('StatementThatDirectorsHaveElectedNotToDeliver'))).toBe(true);
    const type = filing.facts.find((f) => f.localName === 'AccountsType')!;
    expect(filing.contexts.get(type.contextRef)!.dims.get(bus('AccountsTypeDimension'))).toBe(bus('FilletedAccounts'));
    const filingXml = accountsDocument(accounts, { software: 'Filing Desk', version: '9.9.9', copy: 'filing' }).xhtml;
    expect(filingXml).not.toContain('<h2>Profit and loss account');
    expect(write(accounts).xml).toContain('<h2>Profit and loss account');
  });
});
