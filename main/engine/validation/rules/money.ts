/**
 * Amounts as integer pence (BigInt): every sum and product in the business
 * rules is exact. A value that is not a schema-valid amount reads as
 * undefined; the structure check already reports it, and the rules that
 * need it are skipped rather than guessed.
 */
const AMOUNT = /^-?(0|[1-9][0-9]*)\.[0-9]{2}$/;

export function parsePence(text: string | undefined): bigint | undefined {
  if (text === undefined) return undefined;
  const t = text.trim();
  if (!AMOUNT.test(t)) return undefined;
  const negative = t.startsWith('-');
  const [pounds = '0', pence = '00'] = t.replace('-', '').split('.');
  const value = BigInt(pounds) * 100n + BigInt(pence);
  return negative ? -value : value;
}

/** A percentage with two decimals (box 340) as hundredths of a percent: "19.00" → 1900n. */
export const parseRateHundredths = parsePence;

export function formatPence(pence: bigint): string {
  const negative = pence < 0n;
  const abs = negative ? -pence : pence;
  const pounds = abs / 100n;
  const rest = (abs % 100n).toString().padStart(2, '0');
  return `${negative ? '-' : ''}${pounds}.${rest}`;
}

export const formatRate = formatPence;

/** profit × rate% rounded half-up to the penny (box 345 from boxes 335 and 340). */
export function taxOn(profitPence: bigint, rateHundredths: bigint): bigint {
  const numerator = profitPence * rateHundredths; // pence × hundredths of a percent
  const divisor = 10_000n;
  const sign = numerator < 0n ? -1n : 1n;
  const abs = numerator * sign;
  return sign * ((abs + divisor / 2n) / divisor);
}

export function sum(values: (bigint | undefined)[]): bigint {
  return values.reduce<bigint>((acc, v) => acc + (v ?? 0n), 0n);
}
