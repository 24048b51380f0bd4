/**
 * base64ZipFiles names that Windows or macOS cannot extract faithfully
 * (reserved characters, control characters, reserved device names, trailing
 * dots or spaces, names differing only in case or Unicode normalisation) are
 * refused as field errors naming the entry.
 */
import { describe, expect, it } from 'vitest';
import { mergeRefusalOf } from './minimal-request.js';


describe('base64ZipFiles names that do not extract everywhere', () => {
  it.each([
    ['tax/a:b.xsd', ':'],
    ['tax/a*b.xsd', '*'],
    ['tax/a?b.xsd', '?'],
    ['tax/a"b.xsd', '"'],
    ['tax/a<b.xsd', '<'],
    ['tax/a>b.xsd', '>'],
    ['tax/a|b.xsd', '|'],
    ['tax/a\u0001b.xsd', 'control'],
    ['tax/a\u007fb.xsd', 'control'],
    ['tax/CON.xsd', 'reserved'],
    ['tax/nul', 'reserved'],
    ['tax/trailing. ', 'end in'],
  ])('refuses %j (%s)', async (name, reason) => {
    const error = await mergeRefusalOf([name, 'other/a.txt']);
    expect(error.field).toBe('base64ZipFiles');
    // Control characters are shown escaped, so the message stays one readable line.
    const shown = name.replace(/[\u0000-\u001f\u007f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
    expect(error.message).toContain(`"${shown}"`);
    expect(error.message).toContain(reason);
  });

  it('refuses names that differ only in case or Unicode normalisation', async () => {
    const caseOnly = await mergeRefusalOf(['a/X.txt', 'a/x.txt']);
    expect(caseOnly.field).toBe('base64ZipFiles');
    expect(caseOnly.message).toContain('"a/x.txt"');
    expect(caseOnly.message).toContain('"a/X.txt"');
    const dirCase = await mergeRefusalOf(['Tax/a.xsd', 'tax/b.xsd']);
    expect(dirCase.message).toContain('"tax/b.xsd"');
    const nfd = await mergeRefusalOf(['t/caf\u00e9.xsd', 't/cafe\u0301.xsd']);
    expect(nfd.message).toContain('differ only in');
  });
});

