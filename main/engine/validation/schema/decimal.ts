/**
 * Exact decimal comparison for schema facets (minInclusive, maxInclusive...).
 * Values are compared as scaled BigInts so "99999999999.99" never meets
 * floating-point rounding.
 */
const DECIMAL = /^([+-]?)(\d*)(?:\.(\d*))?$/;

export interface ScaledDecimal {
  units: bigint;
  scale: number;
}

/** Parses an xsd:decimal lexical form; undefined when it is not one. */
export function parseDecimal(text: string): ScaledDecimal | undefined {
  const m = DECIMAL.exec(text);
  if (!m) return undefined;
  const [, sign = '', whole = '', frac = ''] = m;
  if (whole === '' && frac === '') return undefined;
  const digits = `${whole}${frac}`.replace(/^0+(?=\d)/, '') || '0';
  const units = BigInt(digits) * (sign === '-' ? -1n : 1n);
  return { units, scale: frac.length };
}

/** -1, 0 or 1 as a < b, a = b, a > b. */
export function compareDecimal(a: ScaledDecimal, b: ScaledDecimal): number {
  const scale = Math.max(a.scale, b.scale);
  const av = a.units * 10n ** BigInt(scale - a.scale);
  const bv = b.units * 10n ** BigInt(scale - b.scale);
  return av < bv ? -1 : av > bv ? 1 : 0;
}
