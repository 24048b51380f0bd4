/**
 * A firm's client list kept outside Filing Desk, as CSV (RFC 4180: commas,
 * double quotes around a field that holds a comma, quote or line break, a
 * doubled quote inside one). The header row names the columns; `name`, `utr`,
 * `periodStart` and `periodEnd` are required and any others are ignored, so
 * an export from a practice tool can be used as it is.
 */
import { RequestValidationError, type FieldError } from '../engine/errors.js';
import { compareIso, isIsoDate, type DeadlineClientInput } from '../engine/deadlines/index.js';
import { csvRecords } from '../engine/csv-records.js';

export { csvRecords };

const REQUIRED = ['name', 'utr', 'periodStart', 'periodEnd'] as const;

/** One client per name and UTR, with each row's period; every broken rule is reported with its line and column. */
export function deadlineClientsFromCsv(text: string): DeadlineClientInput[] {
  const [header, ...rows] = csvRecords(text);
  if (!header) throw new RequestValidationError([{ field: 'csv', message: 'is empty: it needs a header row naming the columns name, utr, periodStart and periodEnd' }]);
  const names = header.fields.map((f) => f.trim());
  const missing = REQUIRED.filter((c) => !names.includes(c));
  if (missing.length > 0) {
    throw new RequestValidationError([{ field: 'csv', message: `the header row has no ${missing.join(', ')} column${missing.length > 1 ? 's' : ''} (it needs name, utr, periodStart and periodEnd; other columns are ignored)` }]);
  }
  const column = Object.fromEntries(REQUIRED.map((c) => [c, names.indexOf(c)])) as Record<(typeof REQUIRED)[number], number>;
  const errors: FieldError[] = [];
  const clients = new Map<string, DeadlineClientInput & { periods: { start: string; end: string }[] }>();
  for (const row of rows) {
    const value = (c: (typeof REQUIRED)[number]) => (row.fields[column[c]] ?? '').trim();
    const at = (c: string) => `line ${row.line} ${c}`;
    const name = value('name');
    const utr = value('utr').replace(/\s+/g, '');
    const start = value('periodStart');
    const end = value('periodEnd');
    const before = errors.length;
    if (name === '') errors.push({ field: at('name'), message: 'is empty: every row needs the company name' });
    if (utr !== '' && !/^\d{10}$/.test(utr)) errors.push({ field: at('utr'), message: 'must be exactly 10 digits (the company UTR), or left empty' });
    if (!isIsoDate(start)) errors.push({ field: at('periodStart'), message: 'must be a real date written as YYYY-MM-DD' });
    if (!isIsoDate(end)) errors.push({ field: at('periodEnd'), message: 'must be a real date written as YYYY-MM-DD' });
    else if (isIsoDate(start) && compareIso(end, start) < 0) errors.push({ field: at('periodEnd'), message: `must not be before periodStart (${start})` });
    if (errors.length > before) continue;
    const key = `${name}\u0000${utr}`;
    const client = clients.get(key) ?? { id: `csv-${clients.size + 1}`, name, utr, usualPeriodEnd: '', periods: [] };
    client.periods.push({ start, end });
    clients.set(key, client);
  }
  if (errors.length > 0) throw new RequestValidationError(errors);
  return [...clients.values()];
}
