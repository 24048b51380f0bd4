/**
 * How a submission reads to a bookkeeper: the environment's plain name, the
 * state in words, HMRC's times and the "next check" line. Pure: no bridge, no
 * React, so the words are tested once and the same everywhere.
 */
import { formatMoney, parseAmount, ukDateTime } from '../../format/index.js';
import type { FilingEnvironment, SubmissionState, SubmissionView } from './filing-types.js';

export const ENVIRONMENT_NAMES: Record<FilingEnvironment, string> = {
  til: 'Test in Live (a test: HMRC checks the return but does not file it)',
  ets: 'HMRC’s external test service',
  live: 'Live: the return is filed with HMRC',
};

/** Short names for tables, where the long explanation would crowd the row. */
export const ENVIRONMENT_SHORT: Record<FilingEnvironment, string> = {
  til: 'Test in Live',
  ets: 'HMRC test service',
  live: 'Live',
};

export const STATE_WORDS: Record<SubmissionState, string> = {
  prepared: 'Ready to send',
  sent: 'Sent to HMRC',
  waiting: 'Waiting for HMRC',
  accepted: 'Accepted by HMRC',
  rejected: 'Rejected by HMRC',
  failed: 'Not sent: a problem',
  unknown: 'Checking with HMRC whether it arrived',
};

/** Still in HMRC's hands or ours: the window keeps asking main about it. */
export function isUnderWay(state: SubmissionState): boolean {
  return state === 'prepared' || state === 'sent' || state === 'waiting' || state === 'unknown';
}

/**
 * HMRC's acceptance time as a receipt states it: "24 November 2026 at 20:42",
 * in the computer's own time zone (UK time for a UK firm).
 */
export function receiptTime(iso: string): string {
  return ukDateTime(iso);
}

/**
 * Seconds to the next check, rounded up, never below 0; null when no check is
 * planned. Rounded to whole seconds so a screen reader hears it change only
 * when the number does.
 */
export function secondsUntil(nextCheckAt: string | null, now: Date): number | null {
  if (!nextCheckAt) return null;
  const at = new Date(nextCheckAt).getTime();
  if (Number.isNaN(at)) return null;
  return Math.max(0, Math.ceil((at - now.getTime()) / 1000));
}

/**
 * The progress line a live region reads: it names the step, and the
 * countdown only in steps of the poll interval's size (the region is polite
 * and says the step once, not every second).
 */
export function progressLine(s: Pick<SubmissionView, 'state' | 'nextCheckAt'>, now: Date): string {
  switch (s.state) {
    case 'prepared':
      return 'Sending the return to HMRC…';
    case 'sent':
      return 'Sent. Waiting for HMRC to acknowledge it…';
    case 'unknown':
      return 'Asking HMRC whether the return arrived…';
    case 'waiting': {
      const n = secondsUntil(s.nextCheckAt, now);
      if (n === null) return 'HMRC has the return and is checking it.';
      return n === 0 ? 'HMRC has the return and is checking it. Checking for an answer now…' : `HMRC has the return and is checking it. Next check in ${n} s.`;
    }
    default:
      return STATE_WORDS[s.state];
  }
}

/**
 * Where the Government Gateway password is kept, as the end of a sentence:
 * "in the system keychain." A description that is a sentence of its own
 * (no keychain on this computer) follows as one.
 */
export function passwordKept(where: string): string {
  const text = where.trim().replace(/\.+$/, '');
  return /^(the|memory|your|this)\b/i.test(text) ? `in ${text}.` : `for now. ${text}.`;
}

/** HMRC's IRmark in base32 as printed on a receipt: groups of four, easy to read out and compare. */
export function groupedBase32(text: string): string {
  return text.replace(/\s+/g, '').replace(/(.{4})(?=.)/g, '$1 ');
}

/** "1234567890" → "12345 67890", as HMRC prints a UTR. */
export function spacedUtr(utr: string): string {
  return /^\d{10}$/.test(utr) ? `${utr.slice(0, 5)} ${utr.slice(5)}` : utr;
}

/** "7600.00" / "7600" → "£7,600.00" (through the wizard's one money format); anything else shown as given. */
export function pounds(amount: string | null): string {
  if (amount === null || amount === '') return 'None';
  const parsed = parseAmount(amount);
  return parsed.ok && parsed.pence !== undefined ? formatMoney(parsed.pence, 'pence') : amount;
}
