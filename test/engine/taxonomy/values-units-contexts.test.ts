/**
 * Values, units, numeric attributes, contexts and references, each fault
 * made once in a copy of HMRC's own CT2015 sample computation (Inline XBRL
 * 1.0, read from the package in ../shared) and checked as `cli ixbrl
 * validate` checks a document against the installed package. Each case
 * asserts the code the reference processor (Arelle) gives the same fault, and
 * the specification section the finding names; the sample itself stays clean.
 */
import { describe, expect, it } from 'vitest';
import { checkDocument } from '../../../main/engine/taxonomy/check-document.js';
import { ct2015Sample } from './ct2015.js';
import { ct2015Library } from './ct2015-library.js';

function check(text: string) {
  return checkDocument(new TextEncoder().encode(text), ct2015Library());
}

/** The sample with one change, which must apply exactly once. */
function mutant(pattern: RegExp, replacement: string): string {
  const sample = ct2015Sample();
  expect(sample.match(new RegExp(pattern.source, 'g')) ?? [], `${pattern} must match once`).toHaveLength(1);
  return sample.replace(pattern, replacement);
}

const amount = /(name="ct-comp:RingFenceCorporationTaxIncluded"[^>]*)>74</;
const companyName = /(name="ct-comp:CompanyName"\s+contextRef="context")>string2</;

interface Case {
  fault: string;
  pattern: RegExp;
  replacement: string;
  code: string;
  spec: RegExp;
  message: RegExp;
}

const cases: Case[] = [
  // Values against their concept's type (XML Schema 1.0 Part 2, with the taxonomy's facets).
  { fault: 'a gYear written "05"', pattern: /(name="ct-comp:FinancialYear1CoveredByTheReturn"\s+contextRef="context_2")>2005</, replacement: '$1>05<', code: 'xmlSchema:valueError', spec: /^XML Schema 1\.0 Part 2 \(type gYearItemType\)$/, message: /"05" is not a year \(YYYY\)/ },
  { fault: '7.5 on an integer concept', pattern: /(name="ct-comp:NumberOf51PercentGroupCompanies"[^>]*)>7</, replacement: '$1>7.5<', code: 'xmlSchema:valueError', spec: /integerItemType/, message: /"7\.5" is not a whole number/ },
  { fault: "a tax reference breaking ct-types:taxReferenceItemType's pattern", pattern: /(name="ct-comp:TaxReference"\s+contextRef="context")>0123456789</, replacement: '$1>012345678X<', code: 'xmlSchema:valueError', spec: /taxReferenceItemType/, message: /"012345678X" is not a value of taxReferenceItemType \(pattern \[0-9\]\{10\}\)/ },
  { fault: 'an empty company name on ct-types:nonEmptyStringItemType (minLength 1)', pattern: companyName, replacement: '$1><', code: 'xmlSchema:valueError', spec: /nonEmptyStringItemType/, message: /"" is too short \(0 characters\); at least 1 are required/ },
  { fault: 'nil on a concept not declared nillable', pattern: companyName, replacement: '$1 xsi:nil="true"><', code: 'xmlSchema:nilNonNillableElement', spec: /§3\.3\.4/, message: /CompanyName is nil .* not declare it nillable/ },
  { fault: '"abc" as an amount', pattern: amount, replacement: '$1>abc<', code: 'xmlSchema:valueError', spec: /^Inline XBRL 1\.0 \(ix:nonFraction without format\)/, message: /written "abc", which is not a number .* its value is unknown/ },
  { fault: '"-5" written in the text, where the sign attribute belongs', pattern: amount, replacement: '$1>-5<', code: 'ix10.9.1.2:nonFractionNegative', spec: /^Inline XBRL 1\.0 §9\.1\.2$/, message: /written "-5": the text of ix:nonFraction is the figure without its sign; write the figure and sign="-"/ },
  // Numeric attributes (XBRL 2.1 §4.6.3–4.6.5, the Inline XBRL schema).
  { fault: 'no unitRef on a number', pattern: /(name="ct-comp:RingFenceCorporationTaxIncluded"\s+)unitRef="unit"/, replacement: '$1', code: 'ix10.9.1.2:unitReference', spec: /^Inline XBRL 1\.0 §9\.1\.2$/, message: /without a unitRef/ },
  { fault: 'no decimals on a number', pattern: /(name="ct-comp:RingFenceCorporationTaxIncluded"[^>]*?)\s+decimals="INF">74</, replacement: '$1>74<', code: 'xbrl.4.6.3:missingPrecisionDecimals', spec: /^XBRL 2\.1 §4\.6\.3$/, message: /without decimals/ },
  { fault: 'both decimals and precision', pattern: amount, replacement: '$1 precision="2">74<', code: 'xbrl.4.6.3:bothPrecisionAndDecimals', spec: /§4\.6\.3/, message: /both decimals and precision/ },
  { fault: 'decimals="two"', pattern: /(name="ct-comp:RingFenceCorporationTaxIncluded"[^>]*?)decimals="INF"/, replacement: '$1decimals="two"', code: 'xbrl.4.6.5:decimals', spec: /§4\.6\.5/, message: /decimals="two" is not an integer or INF/ },
  { fault: 'decimals on a text fact', pattern: companyName, replacement: '$1 decimals="0">string2<', code: 'lxml.SCHEMAV_CVC_COMPLEX_TYPE_3_2_2', spec: /ix:nonNumeric/, message: /is text \(ix:nonNumeric\) but carries decimals/ },
  { fault: 'sign and unitRef on a text fact', pattern: companyName, replacement: '$1 sign="-" unitRef="unit">string2<', code: 'lxml.SCHEMAV_CVC_COMPLEX_TYPE_3_2_2', spec: /ix:nonNumeric/, message: /carries unitRef, sign/ },
  { fault: 'scale="three"', pattern: amount, replacement: '$1 scale="three">74<', code: 'lxml.SCHEMAV_CVC_DATATYPE_VALID_1_2_1', spec: /scale/, message: /scale="three" is not a whole number/ },
  { fault: 'sign="+"', pattern: amount, replacement: '$1 sign="+">74<', code: 'lxml.SCHEMAV_CVC_PATTERN_VALID', spec: /sign/, message: /sign="\+" is not allowed/ },
  { fault: 'decimals on a nil number', pattern: amount, replacement: '$1 xsi:nil="true"><', code: 'xbrl.4.6.3:nilPrecisionDecimals', spec: /§4\.6\.3/, message: /is nil, so it may have neither decimals nor precision/ },
  // Units (XBRL 2.1 §4.8) and their ISO 4217 codes.
  { fault: 'iso4217:gbp in lower case', pattern: /<xbrli:measure>iso4217:GBP</, replacement: '<xbrli:measure>iso4217:gbp<', code: 'xbrl.4.8.2:monetaryFactUnit-notMonetaryMeasure', spec: /^XBRL 2\.1 §4\.8\.2$/, message: /"gbp" is not an ISO 4217 code: codes are written in capitals \("GBP"\)/ },
  { fault: 'GBX, which is not an ISO 4217 currency', pattern: /<xbrli:measure>iso4217:GBP</, replacement: '<xbrli:measure>iso4217:GBX<', code: 'xbrl.4.8.2:monetaryFactUnit-notMonetaryMeasure', spec: /§4\.8\.2/, message: /"GBX" is not an ISO 4217 currency code/ },
  { fault: 'an xbrli measure other than pure or shares', pattern: /<xbrli:measure>xbrli:pure</, replacement: '<xbrli:measure>xbrli:percent<', code: 'xbrl.4.8.2:measureElement', spec: /§4\.8\.2/, message: /xbrli:percent is not a measure/ },
  { fault: 'a unit id used twice', pattern: /id="unit_2"/, replacement: 'id="unit"', code: 'xml.3.3.1:idMustBeUnique', spec: /^Inline XBRL 1\.0 §3\.2/, message: /the id "unit" is used by 2 elements/ },
  // Contexts (XBRL 2.1 §4.7).
  { fault: 'an impossible instant date (2015-02-30)', pattern: /(id="context_4">[\s\S]*?<xbrli:instant>)2014-12-31/, replacement: '$12015-02-30', code: 'xmlSchema:valueError', spec: /^XBRL 2\.1 §4\.7\.2$/, message: /context "context_4": its instant "2015-02-30" is not a real calendar date/ },
  { fault: 'a period whose start is after its end', pattern: /(id="context_3">[\s\S]*?<xbrli:startDate>)2014-01-01/, replacement: '$12015-06-01', code: 'xbrl.4.7.2:periodStartBeforeEnd', spec: /§4\.7\.2/, message: /context "context_3": its period starts \(2015-06-01\) after it ends \(2014-12-31\)/ },
  { fault: 'an entity identifier without a scheme', pattern: /(id="context_5">\s*<xbrli:entity>\s*<xbrli:identifier) scheme="http:\/\/www\.example\.com\/"/, replacement: '$1', code: 'xmlSchema:attributesRequired', spec: /§4\.7\.3\.1/, message: /context "context_5": the entity identifier has no scheme attribute/ },
  // References (XBRL 2.1 §4.6.1; Inline XBRL 1.0 §10.1.2, 1.1 §11.1.2) and ids.
  { fault: 'a contextRef naming no context', pattern: /(name="ct-comp:CompanyName"\s+)contextRef="context"/, replacement: '$1contextRef="no-such-context"', code: 'ix10.10.1.2:contextReference', spec: /^Inline XBRL 1\.0 §10\.1\.2$/, message: /names the context "no-such-context", which the document does not define/ },
  { fault: 'a fact without a contextRef', pattern: /(name="ct-comp:CompanyName")\s+contextRef="context"/, replacement: '$1', code: 'ix10.10.1.2:contextReference', spec: /§10\.1\.2/, message: /has no contextRef/ },
  { fault: 'a fact id used twice', pattern: /(name="ct-comp:NumberOf51PercentGroupCompanies")/, replacement: '$1 id="fact-1"', code: 'xml.3.3.1:idMustBeUnique', spec: /^Inline XBRL 1\.0 §3\.2/, message: /the id "fact-1" is used by 2 elements/ },
  { fault: 'a unit id that is not an XML name', pattern: /id="unit_2"/, replacement: 'id="2unit"', code: 'xmlSchema:valueError', spec: /^XML Schema Part 2 §3\.3\.8 \(ID\)/, message: /the unit id "2unit" is not an XML name/ },
  { fault: 'a fact id that is not an XML name', pattern: /(name="ct-comp:NumberOf51PercentGroupCompanies")/, replacement: '$1 id="fact one"', code: 'xmlSchema:valueError', spec: /§3\.3\.8 \(ID\)/, message: /the fact id "fact one" is not an XML name/ },
];

describe("faults in values, units, contexts and references, each made once in HMRC's CT2015 sample", () => {
  it("the sample itself is clean: nothing found, and checked against the installed package", () => {
    const result = check(ct2015Sample());
    expect(result.findings).toEqual([]);
    expect(result.checked).toBe(true);
  });

  it.each(cases)('$fault: $code', ({ pattern, replacement, code, spec, message }) => {
    let text = mutant(pattern, replacement);
    // A second fact with the same id (the first given by the case).
    if (code === 'xml.3.3.1:idMustBeUnique') text = text.replace(/(name="ct-comp:RingFenceCorporationTaxIncluded")/, '$1 id="fact-1"');
    const found = check(text).findings.filter((f) => f.code === code);
    expect(found.length, `${code} among ${JSON.stringify(check(text).findings.map((f) => f.code))}`).toBeGreaterThan(0);
    expect(found[0]!.category).toBe('error');
    expect(found[0]!.spec).toMatch(spec);
    expect(found.map((f) => f.message).join('\n')).toMatch(message);
  });

  it('a context id defined twice is one finding naming the id, not a period complaint on every fact of the context', () => {
    const result = check(mutant(/id="context_4"/, 'id="context_2"'));
    const duplicate = result.findings.filter((f) => f.code === 'xml.3.3.1:idMustBeUnique');
    expect(duplicate.map((f) => f.message)).toEqual([expect.stringMatching(/^the id "context_2" is used by 2 elements/)]);
    expect(result.findings.filter((f) => f.code === 'xbrl.4.7.2:contextPeriodType')).toEqual([]);
  });

  it("a nil mandatory item counts as missing for HMRC's mandatory items (3312)", () => {
    const codes = check(mutant(companyName, '$1 xsi:nil="true"><')).findings.map((f) => f.code);
    expect(codes).toContain('xmlSchema:nilNonNillableElement');
    expect(codes).toContain('JFCVC.3312');
  });
});
