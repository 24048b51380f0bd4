/**
 * XML Schema 1.0 Part 2's lexical spaces, as the structure check applies
 * them to the simple types the CT600 schema uses. Quoted rules: §4.3.6
 * whiteSpace "collapse" (only #x9, #xA, #xD and #x20 are whitespace);
 * §3.2.3 decimal "a finite-length sequence of decimal digits […] separated
 * by a period as a decimal indicator. An optional leading sign is allowed";
 * §3.2.9 date and §3.2.7 dateTime ("'0000' is prohibited", zones within
 * ±14:00); §3.2.11 gYear.
 */
import { describe, expect, it } from 'vitest';
import { validateFile } from '../../../main/engine/validation/index.js';
import { checkSimpleValue, type Primitive } from '../../../main/engine/validation/schema/simple-types.js';
import { ValidationType } from '../../../main/engine/validation-result.js';
import { attr, builtXml, byType, bytes, errors, remarked, replaceOnce } from './fixtures.js';

const plain = (primitive: Primitive) => ({ describe: 'the value', primitive });
const valid = (primitive: Primitive, value: string) => checkSimpleValue(plain(primitive), value) === undefined;

describe('XML Schema lexical spaces', () => {
  it('collapses XML whitespace only: a no-break, ideographic or em space or a byte-order mark stays in the value', () => {
    for (const p of ['decimal', 'integer', 'date', 'gYear'] as const) {
      const sample = { decimal: '18000.00', integer: '3', date: '2025-03-31', gYear: '2025' }[p];
      expect(valid(p, ` \t${sample}\r\n `), p).toBe(true);
      for (const lookalike of ['\u00a0', '\u3000', '\u2003', '\ufeff']) {
        expect(valid(p, `${lookalike}${sample}`), `${p} ${JSON.stringify(lookalike)}`).toBe(false);
        expect(valid(p, `${sample}${lookalike}`), `${p} ${JSON.stringify(lookalike)} after`).toBe(false);
      }
    }
    expect(checkSimpleValue(plain('decimal'), '\u00a018000.00')).toContain('no-break space (U+00A0), which XML Schema does not treat as whitespace');
  });

  it('reads decimals with an optional sign and point, never an exponent', () => {
    for (const ok of ['18000.', '+18000.00', '-.5', '.5', '0']) expect(valid('decimal', ok), ok).toBe(true);
    for (const bad of ['18000e0', '1.8E4', '.', '-', '+', '1 000', '0x13']) expect(valid('decimal', bad), bad).toBe(false);
    expect(checkSimpleValue(plain('decimal'), '3420e0')).toContain('no exponent');
    for (const ok of ['+1', '-0', '007']) expect(valid('integer', ok), ok).toBe(true);
    for (const bad of ['1.0', '1e0', '1.']) expect(valid('integer', bad), bad).toBe(false);
  });

  it('reads dates and years with an optional zone within ±14:00, never year 0000', () => {
    for (const ok of ['2025-03-31Z', '2025-03-31+01:00', '2025-03-31-12:00', '2025-03-31+14:00', '-0001-03-31', '12025-03-31']) expect(valid('date', ok), ok).toBe(true);
    for (const bad of ['0000-03-31', '-0000-03-31', '02025-03-31', '2025-03-31+14:01', '2025-03-31+15:00', '2025-03-31T00:00:00', '2025-3-31', '2023-02-29']) {
      expect(valid('date', bad), bad).toBe(false);
    }
    expect(checkSimpleValue(plain('date'), '0000-03-31')).toContain('year 0000 does not exist');
    expect(checkSimpleValue(plain('date'), '2025-03-31+15:00')).toContain('outside XML Schema\'s range -14:00 to +14:00');
    for (const ok of ['2025', '2025Z', '2025+01:00']) expect(valid('gYear', ok), ok).toBe(true);
    for (const bad of ['0000', '25', '2025-04']) expect(valid('gYear', bad), bad).toBe(false);
  });
});

describe('a return with such a value', () => {
  const RETURN = '/GovTalkMessage/Body/IRenvelope/CompanyTaxReturn';
  it('is refused by the structure check, naming the field, its box and the rule, even re-marked', async () => {
    const xml = remarked(replaceOnce(builtXml(), '<ChargeableProfits>40000.00</ChargeableProfits>', '<ChargeableProfits>\u00a040000.00</ChargeableProfits>'));
    const validations = await validateFile('r.xml', bytes(xml));
    expect(byType(validations, ValidationType.irmark).validationResult).toBe('valid');
    const schema = byType(validations, ValidationType.schema);
    expect(schema.validationResult).toBe('invalid');
    const [found] = errors(schema);
    expect(attr(found!, 'path')).toBe(`${RETURN}/CompanyTaxCalculation/ChargeableProfits`);
    expect(attr(found!, 'box')).toBe('315');
    expect(found!.message).toContain('U+00A0');
  });
});
