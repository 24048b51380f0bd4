/**
 * Money as bookkeeping exports write it, read to whole pence exactly: the
 * digits are taken as text, never through a floating-point number, so
 * "1,234.57" is 123457 pence and never 123456.99999. Accepted: a £ sign,
 * thousands separators in groups of three, at most two decimal places, a
 * leading minus or brackets for a negative (QuickBooks and Sage print
 * "(1,234.00)"), and "-" or an empty cell for nil. Anything else is refused
 * with the reason, never rounded or guessed.
 */

export type MoneyReading = { ok: true; pence: number } | { ok: false; rule: string };

const PLAIN = /^\d+(?:\.\d{1,2})?$/;
const GROUPED = /^\d{1,3}(?:,\d{3})+(?:\.\d{1,2})?$/;

export function readPence(cell: string): MoneyReading {
  let text = cell.trim();
  if (text === '' || text === '-') return { ok: true, pence: 0 };
  let negative = false;
  if (text.startsWith('(') && text.endsWith(')')) {
    negative = true;
    text = text.slice(1, -1).trim();
  }
  if (text.startsWith('-')) {
    if (negative) return { ok: false, rule: 'has both brackets and a minus sign' };
    negative = true;
    text = text.slice(1).trim();
  }
  if (text.startsWith('£')) text = text.slice(1).trim();
  // "-£12.00" and "£-12.00" are both seen in spreadsheets' currency formats.
  if (!negative && text.startsWith('-')) {
    negative = true;
    text = text.slice(1).trim();
  }
  if (/\.\d{3,}$/.test(text) && (PLAIN.test(text.replace(/\.\d+$/, '')) || GROUPED.test(text.replace(/\.\d+$/, '')))) {
    return { ok: false, rule: 'has more than two decimal places (pence): it is not rounded' };
  }
  if (!PLAIN.test(text) && !GROUPED.test(text)) {
    return { ok: false, rule: 'is not an amount of money (digits, an optional £, thousands separators in groups of three, up to two decimal places, brackets or a minus for a negative)' };
  }
  const [whole, fraction = ''] = text.replace(/,/g, '').split('.');
  const pence = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  if (!Number.isSafeInteger(pence)) return { ok: false, rule: 'is too large an amount to hold exactly' };
  return { ok: true, pence: negative && pence !== 0 ? -pence : pence };
}

