/**
 * Money in whole pence (integers: exact up to the schema's 99,999,999,999.99,
 * well inside Number.MAX_SAFE_INTEGER), written with exactly two decimals.
 */
export type Pence = number;

export const MAX_PENCE: Pence = 9_999_999_999_999;

/** Pence of a JSON number with at most two decimals, or undefined when it has more. */
export function penceOf(value: number): Pence | undefined {
  if (!Number.isFinite(value)) return undefined;
  // Whole pounds (most figures) are exact in pence: no rounding to check.
  if (Number.isInteger(value) && Number.isSafeInteger(value * 100)) return value * 100;
  const pence = Math.round(value * 100);
  // toFixed(2) rounds the binary value to the nearest hundredth; a number that
  // really has two decimals round-trips exactly (19.99, 0.1, 1234567.89 …).
  if (Number((pence / 100).toFixed(2)) !== value) return undefined;
  return pence;
}

/** "-?(0|[1-9][0-9]*)\.[0-9]{2}": the schema's monetary pattern. */
export function formatPence(pence: Pence): string {
  const sign = pence < 0 ? '-' : '';
  const abs = Math.abs(pence);
  const pounds = Math.floor(abs / 100);
  const rest = abs % 100;
  return `${sign}${pounds}.${rest.toString().padStart(2, '0')}`;
}

/** Box 345: profit × rate / 100, rounded half-up to the penny. Rate is in hundredths of a percent. */
export function taxOnProfit(profitPence: Pence, rateHundredths: number): Pence {
  // profit (pence) × rate (hundredths of %) / 10,000 → pence; integer maths, then half-up.
  const numerator = BigInt(profitPence) * BigInt(rateHundredths);
  const quotient = numerator / 10_000n;
  const remainder = numerator % 10_000n;
  return Number(remainder * 2n >= 10_000n ? quotient + 1n : quotient);
}
