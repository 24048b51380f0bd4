/**
 * XPath 1.0's string-to-number rule, as libxml2 (the XPath engine of the
 * libxslt processor HMRC runs its Schematron with) applies it, put into the
 * `xpath` package in place of its own.
 *
 * The recommendation, §4.4 (number function): "a string that consists of
 * optional whitespace followed by an optional minus sign followed by a Number
 * followed by whitespace is converted to the IEEE 754 number that is nearest
 * (according to the IEEE 754 round-to-nearest rule) to the mathematical value
 * represented by the string; any other string is converted to NaN", where
 * (§3.7) Number ::= Digits ('.' Digits?)? | '.' Digits and whitespace is
 * XML's S: #x20, #x9, #xD, #xA only.
 *
 * The `xpath` package departs from it: a node-set's number goes through
 * JavaScript's Number(), so "+19.00", "0x13" and values padded with U+00A0,
 * U+3000 or a byte-order mark become numbers; its own pattern allows
 * JavaScript's \s (all Unicode spaces) and refuses "19.".
 *
 * libxml2 (xmlXPathStringEvalNumber, and xmlXPathCompNumber for literals in
 * an expression) departs from it too, and it is libxml2 a return is judged
 * by: it also reads an exponent ("19e0", "1.9E1", even "19e" and "19e+" are
 * 19), reads "-" alone as -0, and builds the value digit by digit (integer
 * part, then at most 20 fraction digits divided by a power of ten, then the
 * exponent) rather than rounding once, so "1.14" is 1 + 14/100, a different
 * double from the nearest one. The same arithmetic here gives the same bits.
 */
import xpath from 'xpath';

const isXmlSpace = (c: number) => c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d;
const isDigit = (c: number) => c >= 0x30 && c <= 0x39;
/** libxml2's MAX_FRAC: fraction digits read after any leading zeros; later ones are skipped. */
const MAX_FRAC = 20;

/** The number libxml2's XPath gives a string (number(), arithmetic, comparisons, sum()). */
export function xpathNumber(text: string): number {
  let i = 0;
  const n = text.length;
  const at = (k: number) => (k < n ? text.charCodeAt(k) : 0);
  while (isXmlSpace(at(i))) i++;
  if (at(i) !== 0x2e && !isDigit(at(i)) && at(i) !== 0x2d) return Number.NaN;
  let negative = false;
  if (at(i) === 0x2d) {
    negative = true;
    i++;
  }
  let value = 0;
  let digits = false;
  while (isDigit(at(i))) {
    value = value * 10 + (at(i) - 0x30);
    digits = true;
    i++;
  }
  if (at(i) === 0x2e) {
    i++;
    if (!isDigit(at(i)) && !digits) return Number.NaN;
    let frac = 0;
    let fraction = 0;
    while (at(i) === 0x30) {
      frac++;
      i++;
    }
    const max = frac + MAX_FRAC;
    while (isDigit(at(i)) && frac < max) {
      fraction = fraction * 10 + (at(i) - 0x30);
      frac++;
      i++;
    }
    value += fraction / 10 ** frac;
    while (isDigit(at(i))) i++;
  }
  let exponent = 0;
  if (at(i) === 0x65 || at(i) === 0x45) {
    i++;
    let negativeExponent = false;
    if (at(i) === 0x2d) {
      negativeExponent = true;
      i++;
    } else if (at(i) === 0x2b) i++;
    while (isDigit(at(i))) {
      if (exponent < 1_000_000) exponent = exponent * 10 + (at(i) - 0x30);
      i++;
    }
    if (negativeExponent) exponent = -exponent;
  }
  while (isXmlSpace(at(i))) i++;
  if (i < n) return Number.NaN;
  if (negative) value = -value;
  return value * 10 ** exponent;
}

interface XPathClasses {
  XNumber: { prototype: { init(n: unknown): void; parse(s: string): number; num: number } };
  XString: new (s: string) => { stringValue(): string };
  XNodeSet: { prototype: { numberValue(): number; stringValue(): string } };
}

let installed = false;

/** Puts libxml2's rule into the `xpath` package (once; every later parse and evaluation uses it). */
export function installXPathNumbers(): void {
  if (installed) return;
  installed = true;
  const classes = xpath as unknown as XPathClasses;
  const XString = classes.XString;
  classes.XNumber.prototype.parse = xpathNumber;
  // A node-set's number() hands its string over as an XString object, which the package's init reads with Number().
  classes.XNumber.prototype.init = function init(this: { num: number }, n: unknown) {
    this.num = typeof n === 'string' ? xpathNumber(n) : n instanceof XString ? xpathNumber(n.stringValue()) : Number(n);
  };
  classes.XNodeSet.prototype.numberValue = function numberValue(this: { stringValue(): string }) {
    return xpathNumber(this.stringValue());
  };
}
