/**
 * Inline XBRL structure and formats, each fault one change to HMRC's own
 * CT2015 sample computation (read from the package in ../shared, never
 * copied), each asserting the reference processor's (Arelle's) code for it.
 *
 * The sample is Inline XBRL 1.0. The 1.1 rules (continuations above all,
 * which 1.0 does not have) are tried on the sample re-declared as 1.1 (its
 * ix prefix bound to the 1.1 namespace, nothing else changed), which is as
 * clean as the original; the 1.0 differences on the sample as published.
 */
import { describe, expect, it } from 'vitest';
import { ct2015Sample } from '../taxonomy/ct2015.js';
import { readXbrlReport } from '../../../main/engine/validation/attachments/xbrl-report.js';
import { checkAttachment } from '../../../main/engine/validation/attachments/check-attachment.js';

const sample10 = ct2015Sample();
const sample11 = sample10.replace('xmlns:ix="http://www.xbrl.org/2008/inlineXBRL"', 'xmlns:ix="http://www.xbrl.org/2013/inlineXBRL"');

/** One change: `from` (a regular expression, which must match exactly once) replaced by `to`. */
function mutate(doc: string, from: RegExp, to: string): string {
  const hits = doc.match(new RegExp(from.source, 'g'))?.length ?? 0;
  if (hits !== 1) throw new Error(`the mutation's anchor ${from} matches ${hits} times`);
  return doc.replace(from, to);
}

function problems(doc: string) {
  const read = readXbrlReport(doc);
  if (!read.ok) throw new Error(read.problem.message);
  return read.report.problems;
}
const codes = (doc: string) => problems(doc).map((p) => p.code);

const COMPANY_NAME = /(name="ct-comp:CompanyName"\s+contextRef="context")>string2<\/ix:nonNumeric>/;
const TAX_REFERENCE = /(name="ct-comp:TaxReference"\s+contextRef="context")>0123456789<\/ix:nonNumeric>/;
const START_DATE = /(name="ct-comp:PeriodOfAccountStartDate"\s+contextRef="context")>2015-01-01<\/ix:nonNumeric>/;
const TRADING_PROFIT = /(name="ct-comp:AdjustedTradingProfitOfThisPeriod"\s+unitRef="unit"\s+contextRef="context_2"\s+decimals="INF")>1<\/ix:nonFraction>/;
const BODY = /<body xml:lang="en">/;
const continued = (at: string, tail = '') => `$1 continuedAt="${at}">string2</ix:nonNumeric>${tail}`;

describe("HMRC's CT2015 sample computation: the clean bases", () => {
  it('as published (Inline XBRL 1.0) and re-declared as 1.1, no structure or format finding', () => {
    expect(problems(sample10)).toEqual([]);
    expect(problems(sample11)).toEqual([]);
  });
});

describe('continuations (Inline XBRL 1.1 §4.1.2), one change each to the sample as 1.1', () => {
  it('broken: continuedAt names no ix:continuation → ix11.11.1.2:continuationMissing', () => {
    expect(codes(mutate(sample11, COMPANY_NAME, continued('nowhere')))).toEqual(['ix11.11.1.2:continuationMissing']);
  });

  it('continuedAt naming an element that is not a continuation → ix11.11.1.2:continuationTarget', () => {
    const doc = mutate(sample11, COMPANY_NAME, continued('para', '<span id="para">x</span>'));
    expect(codes(doc)).toEqual(['ix11.11.1.2:continuationTarget']);
  });

  it('orphaned: an ix:continuation nothing names → ix11.4.1.2:continuationNotReferenced', () => {
    const doc = mutate(sample11, BODY, '<body xml:lang="en"><p><ix:continuation id="orphan">more text</ix:continuation></p>');
    expect(codes(doc)).toEqual(['ix11.4.1.2:continuationNotReferenced']);
  });

  it('circular: two continuations naming each other → ix11.4.1.2:continuationCycle', () => {
    const doc = mutate(sample11, COMPANY_NAME, continued('c1', '<ix:continuation id="c1" continuedAt="c2">a</ix:continuation><ix:continuation id="c2" continuedAt="c1">b</ix:continuation>'));
    expect(codes(doc)).toContain('ix11.4.1.2:continuationCycle');
    // c1 is then named twice (by the fact and by c2): shared as well, as Arelle also reports.
    expect(codes(doc)).toContain('ix11.4.1.2:continuationReferences');
  });

  it('shared: one continuation named by two facts → ix11.4.1.2:continuationReferences', () => {
    const doc = mutate(
      mutate(sample11, COMPANY_NAME, continued('c1', '<ix:continuation id="c1">shared</ix:continuation>')),
      TAX_REFERENCE,
      '$1 continuedAt="c1">0123456789</ix:nonNumeric>',
    );
    expect(codes(doc)).toEqual(['ix11.4.1.2:continuationReferences']);
  });

  it('a continuation inside ix:hidden → ix11.4.1.1:ancestorNodeDisallowed', () => {
    const doc = mutate(mutate(sample11, COMPANY_NAME, continued('c1')), /<\/ix:resources>/, '</ix:resources><ix:hidden><ix:continuation id="c1">hidden</ix:continuation></ix:hidden>');
    expect(codes(doc)).toEqual(['ix11.4.1.1:ancestorNodeDisallowed']);
  });

  it('a well-formed chain is clean, and its text is the fact’s value', () => {
    const doc = mutate(sample11, COMPANY_NAME, continued('c1', '<p><ix:continuation id="c1"> Limited</ix:continuation></p>'));
    const read = readXbrlReport(doc);
    expect(read.ok && read.report.problems).toEqual([]);
    expect(read.ok && read.report.facts.find((f) => f.localName === 'CompanyName')!.value).toBe('string2 Limited');
  });
});

describe('ix:exclude, ix:nonFraction and ids, one change each', () => {
  it('ix:exclude outside any fact → ix11.5.1.1:excludeMisplaced (Inline XBRL 1.0: ix10:excludeMisplaced)', () => {
    expect(codes(mutate(sample11, BODY, '<body xml:lang="en"><p><ix:exclude>page 1</ix:exclude></p>'))).toEqual(['ix11.5.1.1:excludeMisplaced']);
    expect(codes(mutate(sample10, BODY, '<body xml:lang="en"><p><ix:exclude>page 1</ix:exclude></p>'))).toEqual(['ix10:excludeMisplaced']);
  });

  it('ix:exclude inside a nonNumeric is clean and its text is left out of the value', () => {
    const doc = mutate(sample11, COMPANY_NAME, '$1>string2<ix:exclude> (see note 3)</ix:exclude></ix:nonNumeric>');
    const read = readXbrlReport(doc);
    expect(read.ok && read.report.problems).toEqual([]);
    expect(read.ok && read.report.facts.find((f) => f.localName === 'CompanyName')!.value).toBe('string2');
  });

  it('an ix:nonFraction nested in another with a different scale → ix11.10.1.2:nestedNonFractionProperties', () => {
    const doc = mutate(sample11, TRADING_PROFIT, '$1><ix:nonFraction name="ct-comp:AdjustedTradingProfitOfThisPeriod" unitRef="unit" contextRef="context_2" decimals="INF" scale="3">1</ix:nonFraction></ix:nonFraction>');
    expect(codes(doc)).toEqual(['ix11.10.1.2:nestedNonFractionProperties']);
  });

  it('a nil ix:nonFraction nested in another → ix11.10.1.2:nestedNonFractionIsNil', () => {
    const doc = mutate(sample11, TRADING_PROFIT, '$1><ix:nonFraction name="ct-comp:AdjustedTradingProfitOfThisPeriod" unitRef="unit" contextRef="context_2" xsi:nil="true"/></ix:nonFraction>');
    expect(codes(doc)).toContain('ix11.10.1.2:nestedNonFractionIsNil');
  });

  it('an ix:nonFraction holding an XHTML element → ix11.10.1.2:nonFractionChildren; with text beside it also ix11.10.1.1', () => {
    expect(codes(mutate(sample11, TRADING_PROFIT, '$1><span>1</span></ix:nonFraction>'))).toEqual(['ix11.10.1.2:nonFractionChildren']);
    expect(codes(mutate(sample11, TRADING_PROFIT, '$1>1<b>0</b></ix:nonFraction>'))).toEqual(['ix11.10.1.1:nonFractionChildren', 'ix11.10.1.2:nonFractionChildren']);
  });

  it('two facts with one id → xml.3.3.1:idMustBeUnique (XML’s ID rule, as the reference processor reports it)', () => {
    const doc = mutate(mutate(sample11, COMPANY_NAME, '$1 id="f1">string2</ix:nonNumeric>'), TAX_REFERENCE, '$1 id="f1">0123456789</ix:nonNumeric>');
    expect(codes(doc)).toEqual(['xml.3.3.1:idMustBeUnique']);
  });

  it('a fact for a target document no ix:references names → ix11.12.1.2:missingReferenceTargets; with its own ix:references it is clean', () => {
    const targeted = mutate(sample11, COMPANY_NAME, '$1 target="other">string2</ix:nonNumeric>');
    expect(codes(targeted)).toEqual(['ix11.12.1.2:missingReferenceTargets']);
    expect(problems(targeted)[0]!.message).toMatch(/ix:nonNumeric ct-comp:CompanyName is for the target document "other", which no ix:references names/);
    const withReferences = mutate(targeted, /(<ix:references>[\s\S]*?<\/ix:references>)/, '$1<ix:references target="other"><link:schemaRef xlink:type="simple" xlink:href="http://www.hmrc.gov.uk/schemas/ct/comp/2015-02-01/ct-2015-02-01.xsd"/></ix:references>');
    expect(codes(withReferences)).not.toContain('ix11.12.1.2:missingReferenceTargets');
  });

  it('ix:header not in a display:none div → ix11.8.1.2:headerDisplayNone, a warning', () => {
    const found = problems(mutate(sample11, /<div style="display:none">(\s*<ix:header>)/, '<div>$1'));
    expect(found).toEqual([expect.objectContaining({ code: 'ix11.8.1.2:headerDisplayNone', category: 'warning' })]);
  });

  it('ix:references outside ix:header → lxml.SCHEMAV_ELEMENT_CONTENT (beside HMRC’s references-absent)', () => {
    const doc = mutate(sample11, /<ix:references>([\s\S]*?)<\/ix:references>/, '<ix:hidden><ix:references>$1</ix:references></ix:hidden>');
    expect(codes(doc)).toEqual(['xbrl.ixbrl.ReferencesAbsent', 'lxml.SCHEMAV_ELEMENT_CONTENT']);
  });
});

describe('the Inline XBRL vocabulary and ix:resources content, one change each', () => {
  it('an element the Inline XBRL namespace does not have → lxml.SCHEMAV_ELEMENT_CONTENT', () => {
    expect(codes(mutate(sample10, BODY, '<body xml:lang="en"><p><ix:nonFractionX>1</ix:nonFractionX></p>'))).toEqual(['lxml.SCHEMAV_ELEMENT_CONTENT']);
    expect(codes(mutate(sample11, BODY, '<body xml:lang="en"><p><ix:continuations>1</ix:continuations></p>'))).toEqual(['lxml.SCHEMAV_ELEMENT_CONTENT']);
  });

  it('a fact placed directly in ix:resources → lxml.SCHEMAV_ELEMENT_CONTENT', () => {
    const doc = mutate(sample10, /<\/ix:resources>/, '<ix:nonNumeric xmlns:ct-comp="http://www.govtalk.gov.uk/uk/fr/tax/uk-hmrc-ct-comp/2015-02-01" name="ct-comp:TextNote" contextRef="context_2">x</ix:nonNumeric></ix:resources>');
    expect(codes(doc)).toEqual(['lxml.SCHEMAV_ELEMENT_CONTENT']);
  });
});

describe('Inline XBRL 1.0 has no continuations: the sample as published', () => {
  it('an ix:continuation and a continuedAt in a 1.0 document → lxml schema errors for each', () => {
    const doc = mutate(sample10, COMPANY_NAME, continued('c1', '<ix:continuation id="c1"> Limited</ix:continuation>'));
    expect(codes(doc).sort()).toEqual(['lxml.SCHEMAV_CVC_COMPLEX_TYPE_3_2_1', 'lxml.SCHEMAV_ELEMENT_CONTENT']);
  });

  it('a target attribute (Inline XBRL 1.1 §3.5) in a 1.0 document → lxml.SCHEMAV_CVC_COMPLEX_TYPE_3_2_1', () => {
    expect(codes(mutate(sample10, COMPANY_NAME, '$1 target="other">string2</ix:nonNumeric>'))).toEqual(['lxml.SCHEMAV_CVC_COMPLEX_TYPE_3_2_1']);
  });
});

describe('formats on the sample (one change each: a format, with its registry declared)', () => {
  const TR1 = 'xmlns:ixt="http://www.xbrl.org/inlineXBRL/transformation/2010-04-20"';
  const TR3 = 'xmlns:ixt="http://www.xbrl.org/inlineXBRL/transformation/2015-02-26"';
  const number = (ns: string, format: string, text: string) => (doc: string) => mutate(doc, TRADING_PROFIT, `$1 ${ns} format="${format}">${text}</ix:nonFraction>`);

  it('"12.345,67" under ixt:numdotdecimal → transformValueError, the fact unread (never 12.34567)', () => {
    const doc = number(TR3, 'ixt:numdotdecimal', '12.345,67')(sample11);
    expect(codes(doc)).toEqual(['ix11.10.1.1:transformValueError']);
    const read = readXbrlReport(doc);
    const fact = read.ok ? read.report.facts.find((f) => f.localName === 'AdjustedTradingProfitOfThisPeriod') : undefined;
    expect(fact).toMatchObject({ readable: false, format: 'ixt:numdotdecimal' });
    expect(fact!.unreadableReason).toContain('12.345,67');
    // Inline XBRL 1.0's section for the same fault.
    expect(codes(number(TR3, 'ixt:numdotdecimal', '12.345,67')(sample10))).toEqual(['ix10.9.1.1:transformValueError']);
  });

  it('"7 Janvember 2015" under TR1 ixt:datelonguk and TR4 ixt:date-day-monthname-year-en → transformValueError', () => {
    const doc = mutate(sample11, START_DATE, `$1 ${TR1} format="ixt:datelonguk">7 Janvember 2015</ix:nonNumeric>`);
    expect(codes(doc)).toEqual(['ix11.11.1.1:transformValueError']);
    const tr4 = mutate(sample10, START_DATE, `$1 xmlns:ixt="http://www.xbrl.org/inlineXBRL/transformation/2020-02-12" format="ixt:date-day-monthname-year-en">7 Janvember 2015</ix:nonNumeric>`);
    expect(codes(tr4)).toEqual(['ix10.10.1.1:transformValueError']);
  });

  it('a TR4 name under the TR3 namespace, an unknown name, an undeclared prefix → invalidTransformation', () => {
    expect(codes(number(TR3, 'ixt:num-dot-decimal', '1')(sample11))).toEqual(['ix11.10.1.2:invalidTransformation']);
    expect(codes(number(TR3, 'ixt:numberwithdots', '1')(sample11))).toEqual(['ix11.10.1.2:invalidTransformation']);
    expect(codes(number('', 'ixt:numdotdecimal', '1')(sample11))).toEqual(['ix11.10.1.2:invalidTransformation']);
  });

  it('the finding reaches the attachment check with its specification section', () => {
    const doc = number(TR3, 'ixt:numdotdecimal', '12.345,67')(sample11);
    const finding = checkAttachment(new TextEncoder().encode(doc), 'computations').find((f) => f.code === 'ix11.10.1.1:transformValueError');
    expect(finding).toMatchObject({ category: 'error', spec: expect.stringContaining('Inline XBRL 1.1 §10.1.1') });
    expect(finding!.message).toContain('AdjustedTradingProfitOfThisPeriod');
  });
});
