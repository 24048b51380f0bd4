/**
 * The bytes of an export as text. Cloud products write UTF-8 (often with a
 * byte order mark); desktop Windows programs and Excel's "CSV" save write the
 * Windows code page, where "£" is the single byte A3 and is not UTF-8. So:
 * strict UTF-8 when the bytes are UTF-8, else Windows-1252, which gives every
 * byte a character and so never fails (and said which was used). A UTF-16
 * file (Excel's "Unicode text") is refused with how to save it instead.
 */
import { RequestValidationError } from '../../errors.js';

export type TextEncoding = 'utf-8' | 'windows-1252';

export function decodeExportText(bytes: Uint8Array, field = 'trialBalance'): { text: string; encoding: TextEncoding } {
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff) || bytes.includes(0)) {
    throw new RequestValidationError([{ field, message: 'the file is UTF-16 text (a spreadsheet\'s "Unicode text"), not CSV: save it as "CSV UTF-8" or "CSV (comma delimited)"' }]);
  }
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(bytes), encoding: 'utf-8' };
  } catch {
    return { text: new TextDecoder('windows-1252').decode(bytes), encoding: 'windows-1252' };
  }
}
