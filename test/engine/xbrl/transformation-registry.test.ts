/**
 * The Inline XBRL Transformation Registry, one test per transform per
 * registry version: a text in the transform's grammar and the value the
 * registry gives for it, and a text outside it (the registry's kind of
 * negative case: a separator of the wrong kind, a day the month does not
 * have, a month name misspelt, a name in the wrong case). Then the binding
 * of names to namespaces: a name from another version, an unknown name or
 * registry, an undeclared prefix.
 */
import { describe, expect, it } from 'vitest';
import { REGISTRY_VERSIONS } from '../../../main/engine/xbrl/transforms/registry.js';
import { applyFormat } from '../../../main/engine/xbrl/transforms/apply-format.js';

type Case = { good: [string, string][]; bad: string[] };
const any = (value: string): Case => ({ good: [['anything at all', value], ['', value]], bad: [] });

/** Cases by transform name; a name in several versions has the same grammar in each unless VERSION_CASES says otherwise. */
const CASES: Record<string, Case> = {
  // TR1
  dateslashus: { good: [['12/31/2015', '2015-12-31'], [' 1/2/15 ', '2015-01-02']], bad: ['12-31-2015', '12/31'] },
  dateslasheu: { good: [['31/12/2015', '2015-12-31'], ['2/1/15', '2015-01-02']], bad: ['31.12.2015', '31/12'] },
  datedotus: { good: [['12.31.2015', '2015-12-31']], bad: ['12/31/2015'] },
  datedoteu: { good: [['31.12.2015', '2015-12-31']], bad: ['31,12,2015'] },
  datelongus: { good: [['December 31, 2015', '2015-12-31']], bad: ['Dec 31, 2015', 'December 31 2015', 'February 30, 2015'] },
  dateshortus: { good: [['Dec 31, 2015', '2015-12-31']], bad: ['December 31, 2015', 'DEC 31, 2015'] },
  datelonguk: { good: [['31 December 2015', '2015-12-31'], ['7 January 15', '2015-01-07']], bad: ['7 Janvember 2015', '31 April 2015', '31 december 2015', '31  December 2015', '31 December 215'] },
  dateshortuk: { good: [['7 Jan 15', '2015-01-07']], bad: ['7 January 2015', '29 Feb 2015'] },
  numcommadot: { good: [['1,234,567.89', '1234567.89'], ['12', '12']], bad: ['12.345,67', '1,23,4.5', '1234,567'] },
  numdash: { good: [[' - ', '0']], bad: ['\u2013', '0'] },
  numspacedot: { good: [['1 234 567.5', '1234567.5'], ['1\u00A0234', '1234']], bad: ['1,234.5'] },
  numdotcomma: { good: [['1.234.567,5', '1234567.5']], bad: ['1,234.5', '1.23,5'] },
  numcomma: { good: [['1234,5', '1234.5']], bad: ['1.234,5'] },
  numspacecomma: { good: [['1 234,5', '1234.5']], bad: ['1.234,5'] },
  datelongdaymonthuk: { good: [['31 December', '--12-31']], bad: ['31 April', '31 Dec'] },
  dateshortdaymonthuk: { good: [['29 Feb', '--02-29']], bad: ['30 Feb', '29 February'] },
  datelongmonthdayus: { good: [['December 31', '--12-31']], bad: ['Dec 31'] },
  dateshortmonthdayus: { good: [['Dec 31st', '--12-31']], bad: ['Dec 32', 'December 31'] },
  dateslashdaymontheu: { good: [['31/12', '--12-31']], bad: ['31-12'] },
  dateslashmonthdayus: { good: [['12/31', '--12-31']], bad: ['12/31/2015'] },
  datelongyearmonth: { good: [['2015 December', '2015-12']], bad: ['2015 Dec'] },
  dateshortyearmonth: { good: [['15 Dec', '2015-12']], bad: ['2015 December'] },
  datelongmonthyear: { good: [['December 2015', '2015-12']], bad: ['December 215', 'Dec 2015'] },
  dateshortmonthyear: { good: [['Dec 2015', '2015-12']], bad: ['Dex 2015'] },
  // TR2 and TR3
  booleanfalse: any('false'),
  booleantrue: any('true'),
  nocontent: any(''),
  datedaymonth: { good: [['31.12', '--12-31'], ['29/2', '--02-29']], bad: ['31.13', '30/2'] },
  datedaymonthen: { good: [['31st December', '--12-31'], ['1 JAN', '--01-01']], bad: ['31 Decembre', '31 April'] },
  datedaymonthyear: { good: [['31/12/2015', '2015-12-31'], ['1.2.15', '2015-02-01']], bad: ['31/02/2015', '31/12'] },
  datedaymonthyearen: { good: [['7th January 2015', '2015-01-07'], ['31 DEC 15', '2015-12-31']], bad: ['7 january 2015', '31 April 2015', '7 2015', '7 Janvember 2015'] },
  dateerayearmonthdayjp: { good: [['平成27年12月31日', '2015-12-31'], ['令和元年５月１日', '2019-05-01']], bad: ['平成27年13月1日'] },
  dateerayearmonthjp: { good: [['令和元年5月', '2019-05']], bad: ['令和元年13月'] },
  datemonthday: { good: [['12/31', '--12-31']], bad: ['13/01'] },
  datemonthdayen: { good: [['December 31st', '--12-31']], bad: ['December 32', 'december 31'] },
  datemonthdayyear: { good: [['12/31/2015', '2015-12-31']], bad: ['31/12/2015'] },
  datemonthdayyearen: { good: [['December 31, 2015', '2015-12-31']], bad: ['February 30, 2015', 'December 31, 2015x'] },
  datemonthyearen: { good: [['December 2015', '2015-12'], ['Dec 15', '2015-12']], bad: ['2015 December'] },
  dateyearmonthdaycjk: { good: [['2015年12月31日', '2015-12-31']], bad: ['2015年2月30日'] },
  dateyearmonthen: { good: [['2015 December', '2015-12']], bad: ['December 2015'] },
  dateyearmonthcjk: { good: [['2015年12月', '2015-12']], bad: ['2015年13月'] },
  numcommadecimal: { good: [['1.234.567,89', '1234567.89'], ['1 234,5', '1234.5'], ['1234', '1234']], bad: ['1,234.5', '12,345.67'] },
  zerodash: { good: [['\u2013', '0'], [' - ', '0']], bad: ['0', '--'] },
  numdotdecimal: { good: [['1,234,567.89', '1234567.89'], ['1234567.89', '1234567.89']], bad: ['12.345,67', '33.461,00', '.5'] },
  numunitdecimal: { good: [['12 pounds 50', '12.50'], ['1,234 dollars 5 cents', '1234.05']], bad: ['12.5 pounds', 'pounds 50'] },
  datemonthyear: { good: [['12/2015', '2015-12']], bad: ['13/2015'] },
  dateyearmonthday: { good: [['2015-12-31', '2015-12-31'], ['２０１５年１２月３１日', '2015-12-31']], bad: ['2015-02-30'] },
  numdotdecimalin: { good: [['1,00,000.50', '100000.50'], ['1000', '1000']], bad: ['1,000,00.5'] },
  numunitdecimalin: { good: [['1,00,000 rupees 50 paise', '100000.50']], bad: ['rupees 50', '1,00,000 rupees'] },
  // TR4 and TR5
  'date-day-month': { good: [['31.12', '--12-31']], bad: ['31.13'] },
  'date-day-monthname-en': { good: [['31 December', '--12-31']], bad: ['31 Decembre'] },
  'date-day-month-year': { good: [['31/12/2015', '2015-12-31'], ['३१/१२/२०१५', '2015-12-31']], bad: ['31/02/2015'] },
  'date-day-monthname-year-en': { good: [['31 December 2015', '2015-12-31'], ['1 Sept 2015', '2015-09-01'], ['1 Dec. 2015', '2015-12-01']], bad: ['31 April 2015', '31 december 2015', '7 Janvember 2015'] },
  'date-jpn-era-year-month-day': { good: [['平成27年12月31日', '2015-12-31']], bad: ['平成27年2月30日'] },
  'date-jpn-era-year-month': { good: [['平成27年12月', '2015-12']], bad: ['平成27年0月'] },
  'date-monthname-day-en': { good: [['December 31', '--12-31']], bad: ['December 32'] },
  'date-monthname-day-year-en': { good: [['December 31, 2015', '2015-12-31']], bad: ['February 30, 2015'] },
  'date-month-day': { good: [['12/31', '--12-31']], bad: ['13/01'] },
  'date-month-day-year': { good: [['12/31/2015', '2015-12-31']], bad: ['31/12/2015'] },
  'date-month-year': { good: [['12/2015', '2015-12']], bad: ['13/2015'] },
  'date-monthname-year-en': { good: [['December 2015', '2015-12']], bad: ['2015 December'] },
  'date-year-month': { good: [['2015/12', '2015-12']], bad: ['2015/13'] },
  'date-year-month-day': { good: [['2015-12-31', '2015-12-31']], bad: ['2015-02-30'] },
  'date-year-monthname-en': { good: [['2015 December', '2015-12']], bad: ['December 2015'] },
  'fixed-empty': any(''),
  'fixed-false': any('false'),
  'fixed-true': any('true'),
  'fixed-zero': any('0'),
  'num-comma-decimal': { good: [['1.234.567,89', '1234567.89'], ['0,50', '0.5']], bad: ['1,234.5'] },
  'num-dot-decimal': { good: [['1,234,567.89', '1234567.89'], ['.5', '0.5'], ['1,2,3', '123'], ['007.10', '7.1']], bad: ['12.345,67', '33.461,00', 'abc', ' '] },
  'num-unit-decimal': { good: [['12 pounds 50', '12.5'], ['１２円５０銭', '12.5']], bad: ['12 pounds', 'pounds 50'] },
  // TR5 only
  'date-day-monthname-cy': { good: [['31 Rhagfyr', '--12-31'], ['1af Ionawr', '--01-01']], bad: ['31 December', '30 Chwefror'] },
  'date-day-monthname-year-cy': { good: [['31 Rhagfyr 2015', '2015-12-31'], ['1 Mawrth 2016', '2016-03-01']], bad: ['7 Janvember 2015', '31 Ebrill 2015'] },
  'date-monthname-year-cy': { good: [['Fawrth 2016', '2016-03'], ['Rhagfyr 2015', '2015-12']], bad: ['March 2016'] },
  'num-comma-decimal-apos': { good: [["1'234,5", '1234.5'], ["1'234.567", '1234567']], bad: ["1'234,5,6", '1,234.5'] },
  'num-dot-decimal-apos': { good: [["1'234'567.89", '1234567.89'], ['1\u2019234.5', '1234.5']], bad: ['12.345,67'] },
  'num-unit-decimal-apos': { good: [["1'234 Fr. 50", '1234.5']], bad: ['Fr. 50'] },
};

/** Where a name's grammar differs between versions: TR4's numdotdecimalin gives the canonical decimal. */
const VERSION_CASES: Record<string, Record<string, Case>> = {
  TR4: { numdotdecimalin: { good: [['1,00,000.50', '100000.5']], bad: ['1,000,00.5'] } },
  TR5: { numdotdecimalin: { good: [['1,00,000.50', '100000.5']], bad: ['1,000,00.5'] } },
};

const resolver = (ns: string) => (prefix: string | null) => (prefix === 'ixt' ? ns : null);

for (const version of REGISTRY_VERSIONS) {
  describe(`${version.name} (${version.namespace})`, () => {
    for (const [name, transform] of version.transforms) {
      if (transform === null) continue;
      const cases = VERSION_CASES[version.name]?.[name] ?? CASES[name];
      it(`${name}: its grammar's texts read to the registry's value, others are a transformValueError`, () => {
        expect(cases, `no cases for ${name}`).toBeDefined();
        for (const [text, value] of cases!.good) expect(transform(text), `${name} "${text}"`).toBe(value);
        for (const text of cases!.bad) expect(transform(text), `${name} "${text}"`).toBeUndefined();
        for (const text of cases!.bad) {
          const r = applyFormat(`ixt:${name}`, text, { element: 'nonFraction', ixVersion: '1.1', lookupNamespace: resolver(version.namespace) });
          expect(r.ok ? 'read' : r.fault.code, `${name} "${text}"`).toBe('ix11.10.1.1:transformValueError');
        }
      });
    }
  });
}

describe('transform names bound to their registry version', () => {
  const TR3 = 'http://www.xbrl.org/inlineXBRL/transformation/2015-02-26';
  const TR4 = 'http://www.xbrl.org/inlineXBRL/transformation/2020-02-12';
  const at = (ns: string | null, element: 'nonFraction' | 'nonNumeric' = 'nonFraction', ixVersion: '1.0' | '1.1' = '1.1') => ({ element, ixVersion, lookupNamespace: (p: string | null) => (p === 'ixt' ? ns : null) });

  it('a TR4 name under the TR3 namespace is invalidTransformation, naming where the name belongs', () => {
    const r = applyFormat('ixt:num-dot-decimal', '1,234', at(TR3));
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.fault.code).toBe('ix11.10.1.2:invalidTransformation');
      expect(r.fault.reason).toContain('TR4');
    }
  });

  it('a TR3 name under the TR4 namespace is invalidTransformation (nonNumeric: its own section)', () => {
    const r = applyFormat('ixt:datedaymonthyearen', '1 January 2015', at(TR4, 'nonNumeric'));
    expect(r.ok ? 'read' : r.fault.code).toBe('ix11.11.1.2:invalidTransformation');
  });

  it('an unknown name, an unknown namespace and an undeclared prefix are invalidTransformation; Inline XBRL 1.0 has its own sections', () => {
    expect(((r) => (r.ok ? 'read' : r.fault.code))(applyFormat('ixt:num-dot-decimals', '1', at(TR4)))).toBe('ix11.10.1.2:invalidTransformation');
    expect(((r) => (r.ok ? 'read' : r.fault.code))(applyFormat('ixt:num-dot-decimal', '1', at('http://example.com/transforms')))).toBe('ix11.10.1.2:invalidTransformation');
    const undeclared = applyFormat('ixq:num-dot-decimal', '1', at(TR4));
    expect(undeclared.ok ? 'read' : undeclared.fault.code).toBe('ix11.10.1.2:invalidTransformation');
    if (!undeclared.ok) expect(undeclared.fault.reason).toContain('"ixq"');
    expect(((r) => (r.ok ? 'read' : r.fault.code))(applyFormat('ixt:nosuchname', '1', at(TR3, 'nonFraction', '1.0')))).toBe('ix10.9.1.2:invalidTransformation');
    expect(((r) => (r.ok ? 'read' : r.fault.code))(applyFormat('ixt:numdotdecimal', '1,2', at(TR3, 'nonNumeric', '1.0')))).toBe('ix10.10.1.1:transformValueError');
  });

  it('TR5 reads exactly but warns that Companies House lists TR1 to TR4; a registry name this app does not read is a warning, not a guess', () => {
    const tr5 = applyFormat('ixt:num-dot-decimal', '1,234', at('http://www.xbrl.org/inlineXBRL/transformation/2022-02-16'));
    expect(tr5).toMatchObject({ ok: true, value: '1234', warning: { code: 'ixt.registryNotAccepted', category: 'warning' } });
    const other = applyFormat('ixt:date-day-monthname-year-de', '31. Dezember 2015', at(TR4));
    expect(other).toMatchObject({ ok: false, fault: { code: 'ixt.transformNotRead', category: 'warning' } });
  });

  it('every version lists the registry’s names: TR1 24, TR2 21, TR3 31, TR4 95, TR5 101', () => {
    const sizes = Object.fromEntries(REGISTRY_VERSIONS.filter((v) => !v.namespace.includes('/2008/')).map((v) => [v.name, v.transforms.size]));
    expect(sizes).toEqual({ TR1: 24, TR2: 21, TR3: 31, TR4: 95, TR5: 101 });
  });
});
