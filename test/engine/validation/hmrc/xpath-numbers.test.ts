/**
 * XPath 1.0 §4.4, number(): "a string that consists of optional whitespace
 * followed by an optional minus sign followed by a Number followed by
 * whitespace is converted to the IEEE 754 number that is nearest […] to the
 * mathematical value represented by the string; any other string is
 * converted to NaN". §3.7: Number ::= Digits ('.' Digits?)? | '.' Digits;
 * whitespace is XML's S (#x20 | #x9 | #xD | #xA).
 * libxml2, whose XPath HMRC's processor uses, also reads an exponent and
 * builds the value digit by digit: where it departs from the text, these
 * tests say so, and libxml2 wins (it is what a return is judged by).
 */
import { DOMParser } from '@xmldom/xmldom';
import xpath from 'xpath';
import { describe, expect, it } from 'vitest';
import '../../../../main/engine/validation/hmrc/evaluate-rules.js';
import { xpathNumber } from '../../../../main/engine/validation/hmrc/xpath-numbers.js';

const doc = (values: string[]) => new DOMParser().parseFromString(`<r>${values.map((v) => `<v>${v}</v>`).join('')}</r>`, 'text/xml');
const evaluate = (expression: string, values: string[]) => xpath.select(expression, doc(values) as never) as unknown;

describe('XPath 1.0 string-to-number, as libxml2 applies it', () => {
  it('reads optional XML whitespace, an optional minus sign, digits with an optional point', () => {
    expect(xpathNumber('19')).toBe(19);
    expect(xpathNumber('  19.00\t\n\r')).toBe(19);
    expect(xpathNumber('-19.5')).toBe(-19.5);
    expect(xpathNumber('.5')).toBe(0.5);
    // "Digits ('.' Digits?)?": a point with no digits after it is a Number.
    expect(xpathNumber('19.')).toBe(19);
  });

  it('is NaN for anything else: a plus sign, spaces XML does not count as whitespace, hexadecimal, a point alone', () => {
    for (const s of ['+19', '+19.00', '\u00a019', '19\u00a0', '\u300019', '\u200319', '\ufeff19', '0x13', '.', '-.', '', 'Infinity', '- 19', '1 9', '£19']) {
      expect(xpathNumber(s), JSON.stringify(s)).toBeNaN();
    }
  });

  it('reads an exponent as libxml2 does, although XPath 1.0 has none', () => {
    expect(xpathNumber('19e0')).toBe(19);
    expect(xpathNumber('1.9E1')).toBe(19);
    expect(xpathNumber('3420e0')).toBe(3420);
    expect(xpathNumber('19e')).toBe(19);
    // Multiplied by a power of ten, as libxml2 does: 19 × 0.1, one unit in the last place above 1.9.
    expect(xpathNumber('19e-1')).toBe(19 * 0.1);
    expect(xpathNumber('1e400')).toBe(Number.POSITIVE_INFINITY);
    expect(Object.is(xpathNumber('-'), -0)).toBe(true);
  });

  it('builds the value as libxml2 does: whole part, then the fraction divided by a power of ten', () => {
    // The nearest double to 1.14 is not 1 + 14/100; libxml2 gives the latter.
    expect(xpathNumber('1.14')).toBe(1 + 14 / 100);
    expect(xpathNumber('1.14')).not.toBe(1.14);
  });

  it('number(), arithmetic, comparisons and sum() of node values all use it', () => {
    expect(evaluate('number(/r/v)', ['+19.00'])).toBeNaN();
    expect(evaluate('number(/r/v)', ['\u00a019'])).toBeNaN();
    expect(evaluate('number(/r/v)', ['19.'])).toBe(19);
    expect(evaluate('/r/v + 1', ['19e0'])).toBe(20);
    expect(evaluate('/r/v + 1', ['0x13'])).toBeNaN();
    expect(evaluate('/r/v > 5', ['\u300019'])).toBe(false);
    expect(evaluate('/r/v = 19', ['19.'])).toBe(true);
    expect(evaluate('sum(/r/v)', ['1', '+2'])).toBeNaN();
    expect(evaluate('sum(/r/v)', ['1', ' 2 '])).toBe(3);
    expect(evaluate('round(/r/v)', ['+19.4'])).toBeNaN();
    expect(evaluate('/r/v * 1 = 1.14', ['1.14'])).toBe(true);
  });
});
