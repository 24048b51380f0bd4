/**
 * Money in the computation: whole pence (integers), as the CT600 engine keeps
 * it. A box of whole pounds drops the pence (profits are never rounded up).
 */
export type Pence = number;

/** "£12,345" or "£12,345.67": the working's words, without Intl (cheap enough to run for every line of a thousand computations). */
export function poundsWords(pence: Pence): string {
  const sign = pence < 0 ? '-' : '';
  const abs = Math.abs(pence);
  const whole = Math.floor(abs / 100).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const rest = abs % 100;
  return `${sign}£${whole}${rest === 0 ? '' : `.${rest.toString().padStart(2, '0')}`}`;
}

/** Whole pounds of a figure, pence dropped (towards zero). */
export const wholePounds = (pence: Pence): Pence => Math.trunc(pence / 100) * 100;

/** Pence as the output's pounds (a JSON number with at most two decimals). */
export const asPounds = (pence: Pence): number => pence / 100;

/** amount × numerator / denominator, rounded down to the penny (an allowance is never more than the law gives). */
export function fractionDown(pence: Pence, numerator: number, denominator: number): Pence {
  const product = pence * numerator;
  if (Number.isSafeInteger(product)) return Math.floor(product / denominator);
  // Exact for the largest figures the schema allows (£99,999,999,999.99 × a rate in hundredths).
  const n = BigInt(pence) * BigInt(numerator);
  const d = BigInt(denominator);
  const q = n / d;
  return Number(n % d !== 0n && n < 0n ? q - 1n : q);
}
