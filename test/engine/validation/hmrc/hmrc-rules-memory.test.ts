/**
 * HMRC's rules over a return with 20 MB of attachments read the attachment
 * text in place: the heap they take is that of the same return with tiny
 * attachments, give or take a few MB, and they finish in bounded time.
 */
import v8 from 'node:v8';
import vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import { readXmlText } from '../../../../main/engine/ct600/xml-dom.js';
import { runBusinessRules } from '../../../../main/engine/validation/rules/index.js';
import { builtXml, tradingReturn } from '../fixtures.js';

v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;

function returnWith(base64Bytes: number): string {
  const value = 'PGh0bWw+'.repeat(Math.ceil(base64Bytes / 2 / 8)).slice(0, Math.floor(base64Bytes / 2));
  return builtXml(tradingReturn({ attachedFiles: [
    { filename: 'accounts.xhtml', value, itemsElementName: 0 },
    { filename: 'computations.xhtml', value, itemsElementName: 1 },
  ] }));
}

function heapTakenByRules(xml: string): { mb: number; ms: number } {
  const read = readXmlText(xml);
  if (!read.ok) throw new Error(read.message);
  runBusinessRules(read.doc, { today: () => '2026-11-24' });
  gc();
  const before = process.memoryUsage().heapUsed;
  const start = performance.now();
  const messages = runBusinessRules(read.doc, { today: () => '2026-11-24' });
  const ms = performance.now() - start;
  const mb = (process.memoryUsage().heapUsed - before) / 1048576;
  expect(messages.filter((m) => m.category === 'error')).toEqual([]);
  return { mb, ms };
}

describe('HMRC’s rules over large attachments', () => {
  it('take no more heap with 20 MB of attachment text than with 4 KB, and finish in seconds', () => {
    const small = heapTakenByRules(returnWith(4096));
    const large = heapTakenByRules(returnWith(20 * 1024 * 1024));
    console.log(`rules over 20 MB of attachments: ${large.mb.toFixed(1)} MB of heap in ${Math.round(large.ms)} ms; over 4 KB: ${small.mb.toFixed(1)} MB`);
    expect(large.mb - small.mb).toBeLessThan(8);
    expect(large.ms).toBeLessThan(10_000);
  }, 120_000);
});
