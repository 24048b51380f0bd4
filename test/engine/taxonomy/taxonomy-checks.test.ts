/**
 * Inline XBRL checked against the real taxonomy: HMRC's own sample
 * computation from inside the CT2015 package is clean against that package
 * installed (in the older format and converted to Taxonomy Packages 1.0),
 * and each kind of fault, made in a copy of the sample, is reported naming
 * the fact, its concept and the rule.
 *
 * Arelle (the XBRL reference processor, run offline as an oracle while this
 * was written: `arelleCmdLine.py --file <sample> --packages CT2015-tp10.zip
 * --internetConnectivity=offline --plugins inlineXbrlDocumentSet --validate
 * --calc c10`; the suite does not need it) gave the same verdicts on the same
 * files: nothing on the sample, and the code noted beside each case.
 */
import { describe, expect, it } from 'vitest';
import { TaxonomyLibrary } from '../../../main/engine/taxonomy/library.js';
import { checkAgainstTaxonomy, TAXONOMY_CODES } from '../../../main/engine/taxonomy/taxonomy-checks.js';
import { readXbrlReport } from '../../../main/engine/validation/attachments/xbrl-report.js';
import { ct2015Sample } from './ct2015.js';
import { ct2015Library } from './ct2015-library.js';

function check(text: string, library: TaxonomyLibrary = ct2015Library()) {
  const read = readXbrlReport(text);
  if (!read.ok) throw new Error(read.problem.message);
  expect(read.report.problems).toEqual([]);
  return checkAgainstTaxonomy(read.report, library);
}

/** The sample with one change, which must apply exactly once. */
function sampleWith(pattern: RegExp, replacement: string): string {
  const sample = ct2015Sample();
  expect(sample.match(new RegExp(pattern.source, 'g')) ?? []).toHaveLength(1);
  return sample.replace(pattern, replacement);
}

const codes = (r: ReturnType<typeof check>) => r.findings.map((f) => f.code);

describe("HMRC's CT2015 sample computation against the CT2015 taxonomy", () => {
  it.each(['older', 'tp10'] as const)('is clean with the package installed (%s format): 696 facts, nothing wrong', (format) => {
    const result = check(ct2015Sample(), ct2015Library(format));
    expect(result.checked).toBe(true);
    expect(result.findings).toEqual([]);
    expect(result.dts!.concepts.size).toBeGreaterThan(900);
  });

  it('without the package installed: a warning naming the package to install, never clean', () => {
    const result = check(ct2015Sample(), TaxonomyLibrary.empty());
    expect(result.checked).toBe(false);
    expect(result.findings).toEqual([
      {
        code: TAXONOMY_CODES.notInstalled,
        category: 'warning',
        install: [expect.stringMatching(/^HMRC's CT computational taxonomy package \(the 2015 taxonomy's\)/)],
        message: expect.stringMatching(/^concepts not checked: install HMRC's CT computational taxonomy package \(the 2015 taxonomy's\) .*"http:\/\/www\.hmrc\.gov\.uk\/schemas\/ct\/comp\/2015-02-01\/ct-2015-02-01\.xsd"/),
      },
    ]);
  });

  it('a renamed concept is reported naming it (Arelle: ix10.11.1.2:missingReferences, instance fact missing schema definition)', () => {
    const result = check(sampleWith(/name="ct-comp:CompanyIsAPartnerInAFirm"/, 'name="ct-comp:CompanyIsPartnerInAFirm"'));
    const notFound = result.findings.filter((f) => f.code === TAXONOMY_CODES.conceptNotFound);
    expect(notFound).toEqual([
      {
        code: TAXONOMY_CODES.conceptNotFound,
        category: 'error',
        message: expect.stringMatching(/^the fact CompanyIsPartnerInAFirm \(context "context_2"\): the concept CompanyIsPartnerInAFirm in http:\/\/www\.govtalk\.gov\.uk\/uk\/fr\/tax\/uk-hmrc-ct-comp\/2015-02-01 is not in the taxonomy/),
      },
    ]);
    // And the real concept is now missing, which HMRC's mandatory items require.
    expect(result.findings.filter((f) => f.code === TAXONOMY_CODES.mandatory).map((f) => f.message)).toEqual([expect.stringMatching(/^CompanyIsAPartnerInAFirm is missing/)]);
  });

  it('wrong period type: an instant concept in a duration context (Arelle: xbrl.4.7.2:contextPeriodType)', () => {
    const result = check(sampleWith(/name="ct-comp:CompanyName"(\s+)contextRef="context"/, 'name="ct-comp:CompanyName"$1contextRef="context_2"'));
    expect(codes(result)).toEqual([TAXONOMY_CODES.periodType]);
    expect(result.findings[0]!.message).toBe('the fact CompanyName (context "context_2"): CompanyName has period type instant, but context "context_2" is a duration (2014-01-01 to 2014-12-31)');
  });

  it('a numeric fact on a text concept (Arelle: xbrl.4.6.3:extraneousPrecisionDecimals and xmlSchema:attributesExtraneous)', () => {
    const result = check(sampleWith(/<ix:nonNumeric(\s[^>]*?)name="ct-comp:CompanyName"(\s+)contextRef="context">string2<\/ix:nonNumeric>/, '<ix:nonFraction$1name="ct-comp:CompanyName"$2contextRef="context" unitRef="unit" decimals="0">2</ix:nonFraction>'));
    expect(codes(result)).toEqual([TAXONOMY_CODES.numericOnText]);
    expect(result.findings[0]!.message).toMatch(/^the fact CompanyName \(context "context"\): a number is tagged \(ix:nonFraction\) on CompanyName, whose type nonEmptyStringItemType is not numeric/);
  });

  it('an explicit member outside its dimension’s domain, on each of the 8 facts in that context (Arelle: xbrldie:PrimaryItemDimensionallyInvalidError on the same 8)', () => {
    const sample = ct2015Sample();
    const changed = sample.replace(/BusinessTypeDimension">ct-comp:PropertyBusiness</, 'BusinessTypeDimension">ct-comp:Animation<');
    expect(changed).not.toBe(sample);
    const result = check(changed);
    expect(codes(result)).toEqual(Array(8).fill('xbrldie:PrimaryItemDimensionallyInvalidError'));
    expect(result.findings.every((f) => f.message.includes('context "context_5"'))).toBe(true);
    expect(result.findings[0]!.message).toMatch(/BusinessTypeDimension's member ct-comp:Animation is not a usable member of its domain for the closed hypercube UKPropertyHypercube \(Dimension-BusinessType-PropertyBusiness\)$/);
  });

  it("a missing mandatory item: HMRC's error 3312 naming it (Arelle: xbrl.5.2.6.2.4:requiresElementInconsistency)", () => {
    const result = check(sampleWith(/<ix:nonNumeric[^>]*?name="ct-comp:TaxReference"[^>]*>0123456789<\/ix:nonNumeric>/, '0123456789'));
    expect(result.findings).toEqual([
      { code: 'JFCVC.3312', category: 'error', message: 'TaxReference is missing: the taxonomy makes it mandatory once CompanyName is reported (HMRC error 3312, mandatory items)' },
    ]);
  });

  it('a monetary amount whose unit is not a currency, and a date that is not one', () => {
    const sample = ct2015Sample();
    const pure = sample.replace(/<xbrli:measure>iso4217:GBP<\/xbrli:measure>/, '<xbrli:measure>xbrli:pure</xbrli:measure>');
    expect(codes(check(pure))).toContain(TAXONOMY_CODES.monetaryUnit);
    const badDate = sampleWith(/(name="ct-comp:PeriodOfAccountStartDate"[^>]*>)([^<]+)</, '$1not-a-date<');
    const found = check(badDate).findings.filter((f) => f.code === TAXONOMY_CODES.value);
    expect(found.map((f) => f.message)).toEqual([expect.stringMatching(/^the fact PeriodOfAccountStartDate .*"not-a-date" is not a date \(YYYY-MM-DD\); expected a value of dateItemType/)]);
  });
});
