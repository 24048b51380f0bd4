/**
 * Our EXSLT date functions and XPath number readings against libxslt's, on
 * the expressions of exslt-xpath-readings.ts as recorded in
 * exslt-xpath-readings.json (scripts/hmrc-rules/record-edge-returns.ts):
 * the same string, the same truth value, the same number (libxslt prints
 * numbers to about fifteen digits, so they are compared to that; the exact
 * bits are compared by the readings that test equality).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DOMParser, type Element } from '@xmldom/xmldom';
import { describe, expect, it } from 'vitest';
import { evaluateExpression } from '../../../../main/engine/validation/hmrc/evaluate-rules.js';
import { READINGS, type Reading } from './exslt-xpath-readings.js';

const RECORDED = JSON.parse(readFileSync(join(import.meta.dirname, 'exslt-xpath-readings.json'), 'utf8')) as { readings: (Reading & { libxslt: string })[] };

function contextFor(r: Reading): Element {
  const doc = new DOMParser().parseFromString('<c/>', 'text/xml');
  const c = doc.documentElement!;
  c.setAttribute('a', r.a);
  if (r.b !== undefined) c.setAttribute('b', r.b);
  return c;
}

function agrees(ours: string | number | boolean, libxslt: string): boolean {
  if (typeof ours === 'boolean') return String(ours) === libxslt;
  if (typeof ours === 'string') return ours === libxslt;
  if (Number.isNaN(ours)) return libxslt === 'NaN';
  const theirs = libxslt === 'Infinity' ? Number.POSITIVE_INFINITY : libxslt === '-Infinity' ? Number.NEGATIVE_INFINITY : Number(libxslt);
  if (!Number.isFinite(ours) || !Number.isFinite(theirs)) return ours === theirs;
  return Math.abs(ours - theirs) <= 1e-12 * Math.max(1, Math.abs(theirs));
}

describe('EXSLT dates and XPath numbers: our readings are libxslt’s', () => {
  it('the readings are the ones recorded', () => {
    expect(READINGS).toEqual(RECORDED.readings.map(({ libxslt: _recorded, ...r }) => r));
    expect(READINGS.length).toBeGreaterThan(1000);
  });

  it('every reading agrees', () => {
    const disagreements = RECORDED.readings.flatMap((r) => {
      const ours = evaluateExpression(r.expression, contextFor(r) as never, { today: () => '2026-01-01' });
      return agrees(ours, r.libxslt) ? [] : [`${r.expression} with a=${JSON.stringify(r.a)} b=${JSON.stringify(r.b)}: ours ${JSON.stringify(ours)}, libxslt ${JSON.stringify(r.libxslt)}`];
    });
    expect(disagreements).toEqual([]);
  });
});
