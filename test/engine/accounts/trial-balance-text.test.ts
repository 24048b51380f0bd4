/** An export's bytes as text: UTF-8 (with or without BOM), else the Windows code page Sage 50 and Excel write; UTF-16 refused. */
import { describe, expect, it } from 'vitest';
import { decodeExportText, importTrialBalance } from '../../../main/engine/accounts/trial-balance/index.js';
import { RequestValidationError } from '../../../main/engine/errors.js';

describe('export text', () => {
  it('reads UTF-8 as UTF-8, its byte order mark dropped', () => {
    expect(decodeExportText(new TextEncoder().encode('\uFEFFN/C,Name,Debit,Credit\n1200,Bank,£1.00,\n'))).toEqual({ text: 'N/C,Name,Debit,Credit\n1200,Bank,£1.00,\n', encoding: 'utf-8' });
  });

  it('reads a Windows-1252 export, where £ is the byte A3, and its amounts to the penny', () => {
    const bytes = Uint8Array.from([...Buffer.from('N/C,Name,Debit,Credit\r\n1200,Bank,"'), 0xa3, ...Buffer.from('1,234.56",\r\n4000,Sales,,"'), 0xa3, ...Buffer.from('1,234.56"\r\n')]);
    const { text, encoding } = decodeExportText(bytes);
    expect(encoding).toBe('windows-1252');
    expect(importTrialBalance(text).lines.map((l) => [l.code, l.debit, l.credit])).toEqual([
      ['1200', 123456, 0],
      ['4000', 0, 123456],
    ]);
  });

  it('refuses UTF-16 ("Unicode text") naming how to save it', () => {
    const utf16 = Uint8Array.from([0xff, 0xfe, ...Buffer.from('code,name', 'utf16le')]);
    expect(() => decodeExportText(utf16)).toThrow(RequestValidationError);
    try {
      decodeExportText(utf16);
    } catch (err) {
      expect((err as RequestValidationError).errors).toEqual([{ field: 'trialBalance', message: 'the file is UTF-16 text (a spreadsheet\'s "Unicode text"), not CSV: save it as "CSV UTF-8" or "CSV (comma delimited)"' }]);
    }
  });
});
