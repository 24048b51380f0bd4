/**
 * Money as a UK bookkeeper reads it: "£250,000" in a whole-pound box,
 * "£7,600.00" in a pence box, "-£1,234" when negative (a hyphen, so a figure
 * copied into a spreadsheet stays a number). Every figure is worked from
 * integer pence or from the text as typed, never by float arithmetic: the
 * schema allows 99,999,999,999.99, where a float would show artefacts.
 */

/** Whether a box holds whole pounds (CT600 boxes 145–335) or pounds and pence. */
export type MoneyKind = 'whole-pounds' | 'pence';

const groupThousands = (digits: string) => digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/** Splits integer pence into a sign, grouped pounds and two pence digits. */
function parts(pence: number | bigint): { negative: boolean; pounds: string; pence: string } {
  const whole = BigInt(pence);
  const negative = whole < 0n;
  const digits = (negative ? -whole : whole).toString().padStart(3, '0');
  return { negative, pounds: groupThousands(digits.slice(0, -2)), pence: digits.slice(-2) };
}

/**
 * The figure without the £ sign, as a money input shows it once the field
 * loses focus: "250,000", "7,600.00", "-1,234". A whole-pound box with pence
 * shows them, so a figure HMRC would refuse is never rounded out of sight.
 */
export function formatAmount(pence: number | bigint, kind: MoneyKind): string {
  const p = parts(pence);
  const figure = kind === 'whole-pounds' && p.pence === '00' ? p.pounds : `${p.pounds}.${p.pence}`;
  return `${p.negative ? '-' : ''}${figure}`;
}

/** "£250,000", "£7,600.00", "-£1,234", "£0". */
export function formatMoney(pence: number | bigint, kind: MoneyKind): string {
  const amount = formatAmount(pence, kind);
  return amount.startsWith('-') ? `-£${amount.slice(1)}` : `£${amount}`;
}

/** Whole pounds as a penalty or a limit is stated: "£100", "£1,500". */
export const formatWholePounds = (pounds: number) => formatMoney(BigInt(Math.round(pounds)) * 100n, 'whole-pounds');

export type MoneyParse = { ok: true; pence: bigint | undefined } | { ok: false };

const AMOUNT = /^(-?)(\d+)(?:\.(\d*))?$/;

/**
 * What a bookkeeper types, read back leniently: commas, spaces and a £ sign
 * anywhere a person puts them ("£250,000", "250 000", "-£1,234.5", "£-12").
 * Pence beyond two places round half up ("0.005" → 1p), from the digits, not
 * through a float. '' is no figure; anything else is not an amount.
 */
export function parseAmount(text: string): MoneyParse {
  const t = text.replace(/[\s,£]/g, '').replace(/^\u2212/, '-');
  if (t === '') return { ok: true, pence: undefined };
  const m = AMOUNT.exec(t);
  if (!m) return { ok: false };
  const [, sign, pounds = '0', fraction = ''] = m;
  const padded = fraction.padEnd(3, '0');
  let pence = BigInt(pounds) * 100n + BigInt(padded.slice(0, 2));
  if (Number(padded[2]) >= 5) pence += 1n;
  return { ok: true, pence: sign === '-' ? -pence : pence };
}

/** Integer pence in the request's machine form: "250000.00", "-1234.50". */
export function machineAmount(pence: number | bigint): string {
  const p = parts(pence);
  return `${p.negative ? '-' : ''}${p.pounds.replaceAll(',', '')}.${p.pence}`;
}

/**
 * The text a money input keeps once it loses focus: the machine form of what
 * was typed ("£250,000" → "250000", "7600.5" → "7600.50"), so the draft holds
 * a figure and not its decoration. Text that is not an amount stays as typed,
 * for the field's error to name.
 */
export function normaliseAmountText(text: string, kind: MoneyKind): string {
  const parsed = parseAmount(text);
  if (!parsed.ok || parsed.pence === undefined) return text;
  const machine = machineAmount(parsed.pence);
  return kind === 'whole-pounds' && machine.endsWith('.00') ? machine.slice(0, -3) : machine;
}

/** What a money input shows when it is not being edited: "250,000", or the text as typed when it is not an amount. */
export function displayAmountText(text: string, kind: MoneyKind): string {
  const parsed = parseAmount(text);
  return parsed.ok && parsed.pence !== undefined ? formatAmount(parsed.pence, kind) : text;
}
