/**
 * The records of a CSV text (RFC 4180: commas, double quotes around a field
 * that holds a comma, quote or line break, a doubled quote inside one), each
 * a list of fields with the line it starts on. A byte order mark is dropped,
 * CRLF, LF and CR all end a record, and blank lines are skipped. Shared by
 * every CSV the app reads (a client list, a trial balance export), so a
 * quoted comma is read the same everywhere.
 */
import { RequestValidationError } from './errors.js';

export function csvRecords(text: string, field = ''): { line: number; fields: string[] }[] {
  const records: { line: number; fields: string[] }[] = [];
  let fields: string[] = [];
  let value = '';
  let quoted = false;
  let line = 1;
  let recordLine = 1;
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  const endRecord = () => {
    fields.push(value);
    if (!(fields.length === 1 && fields[0] === '')) records.push({ line: recordLine, fields });
    fields = [];
    value = '';
  };
  for (; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        value += '"';
        i++;
      } else if (c === '"') quoted = false;
      else {
        if (c === '\n') line++;
        value += c;
      }
    } else if (c === '"' && value === '') quoted = true;
    else if (c === ',') {
      fields.push(value);
      value = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      endRecord();
      line++;
      recordLine = line;
    } else value += c;
  }
  if (quoted) throw new RequestValidationError([{ field: field || `line ${recordLine}`, message: `${field ? `line ${recordLine}: ` : ''}a quoted field is never closed: a double quote is missing` }]);
  if (value !== '' || fields.length > 0) endRecord();
  return records;
}
