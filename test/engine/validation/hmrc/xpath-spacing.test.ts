import { describe, expect, it } from 'vitest';
import { withoutSpaceBeforeCalls } from '../../../../main/engine/validation/hmrc/evaluate-rules.js';

describe('function calls written with a space before the parenthesis', () => {
  it('lose the space, as XPath reads them', () => {
    expect(withoutSpaceBeforeCalls('not (ct:A) or round ( 1.5 )')).toBe('not(ct:A) or round( 1.5 )');
    expect(withoutSpaceBeforeCalls('date:seconds (normalize-space (.))')).toBe('date:seconds(normalize-space(.))');
  });

  it('keep operators before a bracket, and literals, as written', () => {
    expect(withoutSpaceBeforeCalls('a and (b) or (c) div (d) mod (e)')).toBe('a and (b) or (c) div (d) mod (e)');
    expect(withoutSpaceBeforeCalls(`. = 'Other (PDF)' or . = "x (y)"`)).toBe(`. = 'Other (PDF)' or . = "x (y)"`);
  });
});
