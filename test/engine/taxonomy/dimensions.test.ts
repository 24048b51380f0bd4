/**
 * XBRL Dimensions 1.0 against HMRC's CT2015 taxonomy, installed into a data
 * folder as a firm installs it: HMRC's own sample computation is
 * dimensionally clean, and each fault, made as one change to one context of
 * a copy of the sample, is reported with the code the reference processor
 * (Arelle, arelle/ValidateXbrlDimensions.py) gives the same fault.
 *
 * The CT2015 definition linkbase puts each kind of figure in its own closed
 * hypercube on the segment (Company, UK trade, UK property, management
 * expenses, chargeable gains…), each taking the BusinessType dimension's
 * domain from its own role (Company in Dimension-BusinessType-Company, Trade
 * in Dimension-BusinessType-Trade…), DetailedAnalysis with the default
 * TotalDefault, and three typed dimensions (BusinessName, Disposal,
 * Participator) whose values are elements of type nonEmptyString.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TaxonomyLibrary } from '../../../main/engine/taxonomy/library.js';
import { checkAgainstTaxonomy } from '../../../main/engine/taxonomy/taxonomy-checks.js';
import { readXbrlReport } from '../../../main/engine/validation/attachments/xbrl-report.js';
import { TaxonomyStore } from '../../../main/taxonomies/taxonomy-store.js';
import { CT2015_ZIP, ct2015Sample } from './ct2015.js';

let dataFolder: string;
let library: TaxonomyLibrary;

beforeAll(async () => {
  dataFolder = mkdtempSync(join(tmpdir(), 'fd-dimensions-'));
  const store = TaxonomyStore.inDataFolder(dataFolder);
  const outcome = await store.install('CT2015-v1.3.0.zip', new Uint8Array(readFileSync(CT2015_ZIP)));
  if (!outcome.ok) throw new Error(JSON.stringify(outcome.problems));
  library = await store.library();
});

afterAll(() => rmSync(dataFolder, { recursive: true, force: true }));

function read(text: string) {
  const read = readXbrlReport(text);
  if (!read.ok) throw new Error(read.problem.message);
  return read.report;
}

/** The dimensional findings on a document (the taxonomy's other rules are tested elsewhere). */
function dimensionFindings(text: string) {
  return checkAgainstTaxonomy(read(text), library).findings.filter((f) => f.code.startsWith('xbrldie:'));
}

/** The sample with one change inside one context, which must apply exactly once there. */
function withContext(id: string, find: string, replace: string): string {
  const sample = ct2015Sample();
  const context = new RegExp(`<xbrli:context[^>]*\\sid="${id}"[\\s\\S]*?</xbrli:context>`).exec(sample)![0];
  expect(context.split(find)).toHaveLength(2);
  return sample.replace(context, context.replace(find, replace));
}

const factsIn = (id: string) => read(ct2015Sample()).facts.filter((f) => f.contextRef === id).length;
const member = (dimension: string, value: string) => `<xbrldi:explicitMember dimension="ct-comp:${dimension}">ct-comp:${value}</xbrldi:explicitMember>`;
const INVALID = 'xbrldie:PrimaryItemDimensionallyInvalidError';
type Found = ReturnType<typeof dimensionFindings>;

/** Facts reported dimensionally invalid: those listed, and those summed up past the list's limit ("and 168 more facts…"). */
function invalidFacts(found: Found): number {
  const invalid = found.filter((f) => f.code === INVALID);
  const more = invalid.find((f) => f.message.startsWith('and '));
  return invalid.length - (more ? 1 : 0) + (more ? Number(/^and (\d+) more/.exec(more.message)![1]) : 0);
}

/** Every finding is one of these codes, and every fact of the context is reported invalid. */
function expectInvalidFacts(found: Found, context: string, codes: string[] = [INVALID]) {
  expect([...new Set(found.map((f) => f.code))].sort()).toEqual([...codes].sort());
  expect(invalidFacts(found)).toBe(factsIn(context));
}

describe("XBRL Dimensions 1.0 on HMRC's CT2015 sample computation", () => {
  it('the sample as published: every context and every fact dimensionally valid', () => {
    expect(dimensionFindings(ct2015Sample())).toEqual([]);
  });

  it('a Company context set to BusinessType=Trade: every fact in it invalid, Trade is not in the Company hypercube’s BusinessType domain (Arelle: xbrldie:PrimaryItemDimensionallyInvalidError)', () => {
    const found = dimensionFindings(withContext('context', member('BusinessTypeDimension', 'Company'), member('BusinessTypeDimension', 'Trade')));
    expect(factsIn('context')).toBeGreaterThan(5);
    expectInvalidFacts(found, 'context');
    expect(found[0]).toMatchObject({ spec: 'XBRL Dimensions 1.0 §3.1.4', category: 'error' });
    expect(found[0]!.message).toMatch(/context "context" fits none of \w+'s hypercubes .*: in Hypercube-Company, BusinessTypeDimension's member ct-comp:Trade is not a usable member of its domain for the closed hypercube CompanyHypercube \(Dimension-BusinessType-Company\)$/);
  });

  it('the default member written out: the context is wrong, its facts still valid (Arelle: xbrldie:DefaultValueUsedInInstanceError)', () => {
    const found = dimensionFindings(withContext('context_2', member('DetailedAnalysisDimension', 'Item1'), member('DetailedAnalysisDimension', 'TotalDefault')));
    expect(found).toEqual([
      {
        code: 'xbrldie:DefaultValueUsedInInstanceError',
        spec: 'XBRL Dimensions 1.0 §2.7.1',
        category: 'error',
        message: `context "context_2" writes DetailedAnalysisDimension's default member TotalDefault; a default is never written: leave the dimension out and it takes the default`,
      },
    ]);
  });

  it('the default left out instead: valid, the dimension takes TotalDefault', () => {
    expect(dimensionFindings(withContext('context_2', member('DetailedAnalysisDimension', 'Item1'), ''))).toEqual([]);
  });

  it('a dimension given twice in one segment (Arelle: xbrldie:RepeatedDimensionInInstanceError)', () => {
    const found = dimensionFindings(withContext('context_2', member('DetailedAnalysisDimension', 'Item1'), member('DetailedAnalysisDimension', 'Item1') + member('DetailedAnalysisDimension', 'Item2')));
    expect(found.map((f) => [f.code, f.message])).toEqual([['xbrldie:RepeatedDimensionInInstanceError', 'context "context_2" gives DetailedAnalysisDimension more than one value in its segment']]);
  });

  it('an extra dimension on a closed hypercube: Territory=UK on a Company context makes its facts invalid (Arelle: xbrldie:PrimaryItemDimensionallyInvalidError)', () => {
    const found = dimensionFindings(withContext('context_2', member('DetailedAnalysisDimension', 'Item1'), member('DetailedAnalysisDimension', 'Item1') + member('TerritoryDimension', 'UK')));
    expectInvalidFacts(found, 'context_2');
    expect(found[0]!.message).toMatch(/the closed hypercube CompanyHypercube admits no other dimension in the segment, but the context gives TerritoryDimension$/);
  });

  it('a dimension missing that has no default: BusinessType left out (Arelle: xbrldie:PrimaryItemDimensionallyInvalidError)', () => {
    const found = dimensionFindings(withContext('context_2', member('BusinessTypeDimension', 'Company'), ''));
    expectInvalidFacts(found, 'context_2');
    expect(found[0]!.message).toMatch(/the closed hypercube CompanyHypercube needs a value for BusinessTypeDimension in the segment, and BusinessTypeDimension has no default$/);
  });

  it("the dimensions in the scenario where the hypercubes say segment (Arelle: xbrldie:PrimaryItemDimensionallyInvalidError)", () => {
    const moved = withContext(
      'context_2',
      `<xbrli:segment>
                        ${member('BusinessTypeDimension', 'Company')}
                        ${member('DetailedAnalysisDimension', 'Item1')}
                     </xbrli:segment>
                  </xbrli:entity>
                  <xbrli:period>
                     <xbrli:startDate>2014-01-01</xbrli:startDate>
                     <xbrli:endDate>2014-12-31</xbrli:endDate>
                  </xbrli:period>`,
      `</xbrli:entity>
                  <xbrli:period>
                     <xbrli:startDate>2014-01-01</xbrli:startDate>
                     <xbrli:endDate>2014-12-31</xbrli:endDate>
                  </xbrli:period>
                  <xbrli:scenario>${member('BusinessTypeDimension', 'Company')}${member('DetailedAnalysisDimension', 'Item1')}</xbrli:scenario>`,
    );
    const found = dimensionFindings(moved);
    expectInvalidFacts(found, 'context_2');
    expect(found[0]!.message).toMatch(/needs a value for BusinessTypeDimension in the segment \(the context has it in the scenario\), and BusinessTypeDimension has no default$/);
  });

  it('a member that is no element of the taxonomy (Arelle: xbrldie:ExplicitMemberUndefinedQNameError, and its facts invalid)', () => {
    const found = dimensionFindings(withContext('context_2', member('BusinessTypeDimension', 'Company'), member('BusinessTypeDimension', 'NoSuchMember')));
    expect(found[0]).toMatchObject({ code: 'xbrldie:ExplicitMemberUndefinedQNameError', message: 'context "context_2" gives ct-comp:BusinessTypeDimension the member ct-comp:NoSuchMember, which is not an element the taxonomy declares' });
    expectInvalidFacts(found, 'context_2', [INVALID, 'xbrldie:ExplicitMemberUndefinedQNameError']);
  });

  it('a member whose prefix is not declared: not a QName, and no member (Arelle: xmlSchema:valueError, xbrldie:ExplicitMemberUndefinedQNameError, its facts invalid)', () => {
    const found = checkAgainstTaxonomy(read(withContext('context_2', member('BusinessTypeDimension', 'Company'), '<xbrldi:explicitMember dimension="ct-comp:BusinessTypeDimension">xx:Company</xbrldi:explicitMember>')), library).findings;
    expect(found.slice(0, 2).map((f) => [f.code, f.message])).toEqual([
      ['xmlSchema:valueError', 'context "context_2" gives ct-comp:BusinessTypeDimension the member xx:Company, whose prefix is not declared'],
      ['xbrldie:ExplicitMemberUndefinedQNameError', 'context "context_2" gives ct-comp:BusinessTypeDimension the member xx:Company, which is not an element the taxonomy declares'],
    ]);
    expect(invalidFacts(found)).toBe(factsIn('context_2'));
  });

  it('a dimension the taxonomy does not have, and a primary item named as a dimension (Arelle: xbrldie:ExplicitMemberNotExplicitDimensionError)', () => {
    const unknown = dimensionFindings(withContext('context_2', member('BusinessTypeDimension', 'Company'), member('NoSuchDimension', 'Company')));
    // The unknown dimension is not one of the context's dimensions, so BusinessType is simply missing.
    expect(unknown[0]).toMatchObject({ code: 'xbrldie:ExplicitMemberNotExplicitDimensionError', message: 'context "context_2" has xbrldi:explicitMember for ct-comp:NoSuchDimension, which is not in the taxonomy' });
    const item = dimensionFindings(withContext('context_2', member('BusinessTypeDimension', 'Company'), member('CompanyName', 'Company')));
    expect(item[0]).toMatchObject({ code: 'xbrldie:ExplicitMemberNotExplicitDimensionError', message: 'context "context_2" has xbrldi:explicitMember for ct-comp:CompanyName, which is not a dimension' });
  });

  it('an unusable member (CounterpartyType’s domain head, usable="false") makes the chargeable gains facts invalid', () => {
    const found = dimensionFindings(withContext('context_8', member('CounterpartyTypeDimension', 'ConnectedParty'), member('CounterpartyTypeDimension', 'ConnectedPartyOrThirdPartyHeading')));
    expectInvalidFacts(found, 'context_8');
    expect(found[0]!.message).toMatch(/CounterpartyTypeDimension's member ct-comp:ConnectedPartyOrThirdPartyHeading is not a usable member/);
  });

  it('a UK trade context with Territory=Overseas: its facts are UK trade figures only, whose Territory domain is UK (Arelle, run on this change: 101 × xbrldie:PrimaryItemDimensionallyInvalidError)', () => {
    const found = dimensionFindings(withContext('context_3', member('TerritoryDimension', 'UK'), member('TerritoryDimension', 'Overseas')));
    // The context's other facts are also figures of the overseas trade hypercube, where Overseas is the member.
    expect(new Set(found.map((f) => f.code))).toEqual(new Set([INVALID]));
    expect(invalidFacts(found)).toBe(101);
    expect(found[0]!.message).toMatch(/in Hypercube-UKTrade, TerritoryDimension's member ct-comp:Overseas is not a usable member of its domain for the closed hypercube UKTradeHypercube \(Dimension-Territory-UK\)$/);
  });

  it('another member of the same domain is valid: AssetType=QuotedShares instead of Chattels', () => {
    expect(dimensionFindings(withContext('context_8', member('AssetTypeDimension', 'Chattels'), member('AssetTypeDimension', 'QuotedShares')))).toEqual([]);
  });
});

describe('typed dimensions (BusinessName, Disposal, Participator: elements of type nonEmptyString)', () => {
  const typedName = (element: string, value: string) => `<xbrldi:typedMember dimension="ct-comp:BusinessNameDimension">
                           <ct-comp:${element}>${value}</ct-comp:${element}>
                        </xbrldi:typedMember>`;

  it('another business name is valid', () => {
    expect(dimensionFindings(withContext('context_3', typedName('BusinessNameDomain', 'string1'), typedName('BusinessNameDomain', 'Widget trade')))).toEqual([]);
  });

  it('an empty business name, which its type nonEmptyString (minLength 1) refuses (Arelle: xmlSchema:valueError, validating the context’s content)', () => {
    const found = checkAgainstTaxonomy(read(withContext('context_3', typedName('BusinessNameDomain', 'string1'), typedName('BusinessNameDomain', ''))), library).findings;
    expect(found).toEqual([
      {
        code: 'xmlSchema:valueError',
        spec: 'XML Schema 1.0 Part 2 (type nonEmptyString); XBRL Dimensions 1.0 §3.1.4.3',
        category: 'error',
        message: 'context "context_3" gives the typed dimension BusinessNameDimension the value "": "" is too short (0 characters); at least 1 are required',
      },
    ]);
  });

  it('the value written as another typed domain’s element (Arelle: xbrldie:IllegalTypedDimensionContentError)', () => {
    const found = dimensionFindings(withContext('context_3', typedName('BusinessNameDomain', 'string1'), typedName('DisposalDomain', 'string1')));
    expect(found).toEqual([
      { code: 'xbrldie:IllegalTypedDimensionContentError', spec: 'XBRL Dimensions 1.0 §3.1.4.3', category: 'error', message: 'context "context_3" gives the typed dimension BusinessNameDimension the element DisposalDomain, where its typed domain is BusinessNameDomain' },
    ]);
  });

  it('a typed dimension written as an explicit member (Arelle: xbrldie:ExplicitMemberNotExplicitDimensionError)', () => {
    const found = dimensionFindings(withContext('context_3', typedName('BusinessNameDomain', 'string1'), member('BusinessNameDimension', 'Trade')));
    expect(found.map((f) => [f.code, f.message])).toEqual([['xbrldie:ExplicitMemberNotExplicitDimensionError', 'context "context_3" has xbrldi:explicitMember for ct-comp:BusinessNameDimension, which is a typed dimension']]);
  });

  it('an explicit dimension written as a typed member: the context is wrong and its facts invalid (Arelle: xbrldie:TypedMemberNotTypedDimensionError, xbrldie:PrimaryItemDimensionallyInvalidError)', () => {
    const found = dimensionFindings(
      withContext('context_2', member('BusinessTypeDimension', 'Company'), '<xbrldi:typedMember dimension="ct-comp:BusinessTypeDimension"><ct-comp:BusinessNameDomain>x</ct-comp:BusinessNameDomain></xbrldi:typedMember>'),
    );
    expect(found[0]).toMatchObject({ code: 'xbrldie:TypedMemberNotTypedDimensionError', message: 'context "context_2" has xbrldi:typedMember for ct-comp:BusinessTypeDimension, which is an explicit dimension' });
    expectInvalidFacts(found, 'context_2', [INVALID, 'xbrldie:TypedMemberNotTypedDimensionError']);
  });

  it('a typed member with no element in it (Arelle: xbrldie:IllegalTypedDimensionContentError)', () => {
    const found = dimensionFindings(withContext('context_3', typedName('BusinessNameDomain', 'string1'), '<xbrldi:typedMember dimension="ct-comp:BusinessNameDimension">string1</xbrldi:typedMember>'));
    expect(found.map((f) => f.code)).toEqual(['xbrldie:IllegalTypedDimensionContentError']);
  });
});
