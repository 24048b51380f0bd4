import { describe, expect, it } from 'vitest';
import { verifyIrmark } from '../../../main/engine/ct600/index.js';
import { parseXml, readXml, XmlInputError } from '../../../main/engine/ct600/xml-dom.js';

/** The CT600 engine and the validator read GovTalk XML through one parser: they refuse the same documents for the same reason. */
const utf8 = (text: string) => new TextEncoder().encode(text);

function thrown(fn: () => unknown): unknown {
  try {
    fn();
  } catch (err) {
    return err;
  }
  throw new Error('expected a throw');
}

describe('GovTalk XML reading (one parser for engine and validator)', () => {
  const refused: [string, string, RegExp][] = [
    ['a DOCTYPE', '<!DOCTYPE x [<!ENTITY e "boom">]><GovTalkMessage>&e;</GovTalkMessage>', /DOCTYPE/],
    ['an ENTITY declaration without DOCTYPE', '<!ENTITY e SYSTEM "file:///etc/passwd"><GovTalkMessage/>', /ENTITY/],
    ['malformed XML', '<GovTalkMessage><Body></GovTalkMessage>', /not well-formed/],
    ['no root element', '<?xml version="1.0"?>', /not well-formed|no root element/],
  ];

  it.each(refused)('parseXml and readXml both refuse %s with the same message', (_what, text, words) => {
    const read = readXml(utf8(text));
    expect(read.ok).toBe(false);
    if (read.ok) return;
    expect(read.message).toMatch(words);
    const err = thrown(() => parseXml(text));
    expect(err).toBeInstanceOf(XmlInputError);
    expect((err as Error).message).toBe(read.message);
  });

  it('reports the finer codes the validator shows', () => {
    expect(readXml(utf8('<!DOCTYPE a><a/>'))).toMatchObject({ ok: false, code: 'doctype' });
    expect(readXml(utf8('<a>'))).toMatchObject({ ok: false, code: 'not-well-formed' });
    expect(readXml(new Uint8Array([0x3c, 0x61, 0x3e, 0xff, 0x3c, 0x2f, 0x61, 0x3e]))).toMatchObject({ ok: false, code: 'not-utf8' });
    expect(readXml(utf8('<?xml version="1.0" encoding="ISO-8859-1"?><a/>'))).toMatchObject({ ok: false, code: 'encoding', message: expect.stringContaining('ISO-8859-1') });
  });

  it('reads bytes and text alike, without a byte order mark', () => {
    const text = '\uFEFF<GovTalkMessage xmlns="http://www.govtalk.gov.uk/CM/envelope"><Body/></GovTalkMessage>';
    const read = readXml(utf8(text));
    expect(read.ok && read.text.startsWith('<GovTalkMessage')).toBe(true);
    expect(parseXml(text).documentElement!.localName).toBe('GovTalkMessage');
    expect(parseXml(utf8(text)).documentElement!.localName).toBe('GovTalkMessage');
  });

  it('verifyIrmark throws XmlInputError for a DOCTYPE and for malformed XML', () => {
    expect(() => verifyIrmark('<!DOCTYPE x><GovTalkMessage><Body/></GovTalkMessage>')).toThrow(XmlInputError);
    expect(() => verifyIrmark(utf8('<GovTalkMessage><Body></GovTalkMessage>'))).toThrow(XmlInputError);
  });
});
