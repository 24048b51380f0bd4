import { describe, it, expect } from 'vitest';
import { MAX_XML_DEPTH, xmlTooDeepAt } from '../../main/engine/xml-depth.js';
import { verifyIrmark, XmlInputError } from '../../main/engine/ct600/index.js';
import { runFileChecks } from '../../main/engine/validation/validate-file.js';
import { defaultChecks } from '../../main/engine/validation/default-checks.js';

const nested = (levels: number, open = '<a>', close = '</a>') => `<?xml version="1.0"?>${open.repeat(levels)}${close.repeat(levels)}`;

describe('XML nesting depth, found in one pass before parsing', () => {
  it('counts start tags, not self-closing ones, end tags, comments, CDATA, PIs or ">" inside attribute values', () => {
    expect(xmlTooDeepAt(nested(MAX_XML_DEPTH))).toBeUndefined();
    expect(xmlTooDeepAt(nested(MAX_XML_DEPTH + 1))).toBe('<?xml version="1.0"?>'.length + 3 * MAX_XML_DEPTH);
    expect(xmlTooDeepAt(`<r>${'<b/>'.repeat(10_000)}</r>`)).toBeUndefined();
    expect(xmlTooDeepAt(`<r><!--${'<a>'.repeat(1000)}--><![CDATA[${'<a>'.repeat(1000)}]]><?pi ${'<a>'.repeat(1000)}?></r>`)).toBeUndefined();
    expect(xmlTooDeepAt(`<r>${'<a x="/>" y=\'>\'>'.repeat(300)}</r>`)).toBeDefined();
    expect(xmlTooDeepAt(`<r>${'<a x="/>"/>'.repeat(300)}</r>`)).toBeUndefined();
  });

  it('a return nested 4,500 levels is refused as input (XmlInputError) before canonicalisation', () => {
    const bytes = new TextEncoder().encode(nested(4500));
    expect(() => verifyIrmark(bytes)).toThrow(XmlInputError);
    expect(() => verifyIrmark(bytes)).toThrow(/nests elements more than 256 levels deep/);
  });

  it('a validation job over such a file reports it as broken XML, with no check failing', async () => {
    const outcome = await runFileChecks('deep.xml', new TextEncoder().encode(nested(4500)), defaultChecks);
    expect(outcome.failedChecks).toEqual([]);
    expect(JSON.stringify(outcome.validations)).toMatch(/more than 256 levels deep/);
  });
});
