/**
 * The rules for what a client's period records about Companies House: the
 * day its accounts were delivered, and the notice (AA01) that shortened it.
 * Each error names its field as details.periods.<n>.<field>.
 */
import { compareIso, isIsoDate } from '../engine/deadlines/calendar.js';
import type { ClientPeriod, FieldError } from '../../preload/contract.js';

export function companiesHousePeriodErrors(p: ClientPeriod, index: number, incorporatedOn: string | null): FieldError[] {
  const errors: FieldError[] = [];
  const add = (field: keyof ClientPeriod, message: string) => errors.push({ field: `details.periods.${index}.${field}`, message });
  const startOk = isIsoDate(p.start);
  const endOk = isIsoDate(p.end);
  // A company's first accounting reference period begins on the day it is incorporated (CA 2006 s391(5)).
  if (incorporatedOn !== null && startOk && compareIso(p.start, incorporatedOn) < 0) {
    add('start', `must not be before the company was incorporated (${incorporatedOn}): its first period starts that day`);
  }
  if (p.accountsDeliveredOn != null) {
    if (!isIsoDate(p.accountsDeliveredOn)) add('accountsDeliveredOn', 'must be a real date written as YYYY-MM-DD, or left empty while the accounts are not delivered');
    else if (endOk && compareIso(p.accountsDeliveredOn, p.end) <= 0) add('accountsDeliveredOn', `must be after the end of the period (${p.end}): accounts are delivered once their period has ended`);
  }
  if (p.shortenedByNoticeOn != null) {
    if (!isIsoDate(p.shortenedByNoticeOn)) add('shortenedByNoticeOn', 'must be a real date written as YYYY-MM-DD, or left empty when the period was not shortened by notice');
    // s392(1): the notice alters the current or the previous accounting reference period, so it is given once the period has begun.
    else if (startOk && compareIso(p.shortenedByNoticeOn, p.start) < 0) add('shortenedByNoticeOn', `must not be before the start of the period (${p.start}): notice (AA01) shortens the current or the previous period (CA 2006 s392)`);
  }
  return errors;
}
