import { describe, expect, it } from 'vitest';
import { isStrictBase64 } from '../../../main/engine/package/base64.js';

/** The rule spelled out character by character: the reference the fast check must agree with. */
function reference(text: string): boolean {
  if (text.length % 4 !== 0) return false;
  const padding = text.endsWith('==') ? 2 : text.endsWith('=') ? 1 : 0;
  for (let i = 0; i < text.length - padding; i++) {
    if (!'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'.includes(text[i]!)) return false;
  }
  return true;
}

describe('strict base64 check', () => {
  const cases = ['', 'QQ==', 'QUI=', 'QUJD', 'QQ=A', 'Q===', '====', 'QU I', 'QUJD\n', 'QU-_', 'QUJ\u00e9', 'QUJD'.repeat(1000), `${'QUJD'.repeat(1000)}Q\u0000==`, 'AB=='];
  it.each(cases.map((c) => [JSON.stringify(c).slice(0, 40), c]))('%s agrees with the character-by-character rule', (_, text) => {
    expect(isStrictBase64(text)).toBe(reference(text));
  });

  it('agrees on generated texts, valid and one character off', () => {
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/= \n-_.\u00ff\u0100';
    let seed = 7;
    const rand = (n: number) => ((seed = (seed * 1103515245 + 12345) >>> 0) % n);
    let valid = 0;
    for (let i = 0; i < 3000; i++) {
      const good = Buffer.from(Array.from({ length: rand(40) }, () => rand(256))).toString('base64');
      const chars = [...good];
      if (i % 2 === 1 && chars.length > 0) chars[rand(chars.length)] = alphabet[rand(alphabet.length)]!;
      const text = chars.join('');
      if (reference(text)) valid++;
      expect(isStrictBase64(text)).toBe(reference(text));
    }
    expect(valid).toBeGreaterThan(1500);
  });

  it('checks tens of megabytes without running out of stack', () => {
    const big = Buffer.alloc(30_000_000, 0xa5).toString('base64');
    expect(isStrictBase64(big)).toBe(true);
    expect(isStrictBase64(`${big.slice(0, -4)}AB!=`)).toBe(false);
  });
});
