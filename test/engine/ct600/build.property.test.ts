/**
 * Property: every request a preparer could make within the rules builds a
 * document that HMRC's schemas accept and whose IRmark an independent
 * canonicaliser reproduces. The generator reaches the edges: amounts up to the
 * schema's maximum, derived boxes given (computed here, independently of the
 * engine) or left out, periods of up to a leap year's 366 days, straddling
 * periods with both years' tax lines, and varied GovTalk header settings
 * (the generators are in return-arbitraries.ts).
 */
import fc from 'fast-check';
import { describe, it } from 'vitest';
import { buildAndCheck } from './check-built.js';
import { differenceFromDom } from './dom-built.js';
import { options, request } from './return-arbitraries.js';

describe('buildCt600 over generated requests', () => {
  it('always gives a schema-valid message whose IRmark xmllint --c14n reproduces', () => {
    fc.assert(
      fc.property(request, options, (r, o) => {
        buildAndCheck(r, o);
      }),
      { numRuns: 120 },
    );
  });

  it('writes the same message and IRmark, byte for byte, as serialising the whole message and canonicalising it through the DOM', () => {
    fc.assert(
      fc.property(request, options, (r, o) => differenceFromDom(r, o) === undefined),
      { numRuns: 300 },
    );
  });
});
