/**
 * The STLD is chosen by content (the top-level directory holding
 * META-INF/reportPackage.json or reports/), not by which entry comes first:
 * the same entries in any order give the same verdict, codes and count.
 */
import { describe, expect, it } from 'vitest';
import { reportCountOf, validatePackage } from '../../../main/engine/package/index.js';
import type { ValidationJobResult } from '../../../main/engine/validation-result.js';
import { rawZip } from '../../fixtures/raw-zip.js';

const utf8 = (s: string) => new TextEncoder().encode(s);
const rp = (type: string) => utf8(`{"documentInfo":{"documentType":"${type}"}}`);
const inline = utf8('<html xmlns="http://www.w3.org/1999/xhtml"/>');

type Entry = [string, Uint8Array];
const fixed = () => new Date('2025-03-01T12:00:00Z');

async function validate(file: string, entries: Entry[]): Promise<ValidationJobResult> {
  return validatePackage(file, rawZip(entries.map(([name, data]) => ({ name, data }))), { now: fixed });
}

const summary = (r: ValidationJobResult) => ({
  validations: r.validations.map((v) => ({ type: v.validationType, result: v.validationResult, codes: v.messages.map((m) => m.code).sort() })),
  count: reportCountOf(r),
});

describe('choice of the STLD', () => {
  it.each([
    ['p.zip', 'https://xbrl.org/report-package/2023'],
    ['p.xbri', 'https://xbrl.org/report-package/2023/xbri'],
  ])('gives the same verdict for %s whichever top-level directory comes first', async (file, type) => {
    const stray: Entry = ['A/readme.txt', utf8('x')];
    const pkg: Entry[] = [['P/META-INF/reportPackage.json', rp(type)], ['P/reports/a.xhtml', inline]];
    const strayFirst = await validate(file, [stray, ...pkg]);
    const strayLast = await validate(file, [...pkg, stray]);
    expect(summary(strayFirst)).toEqual(summary(strayLast));
    // P is the STLD: it is judged as a report package with one report, and the extra directory is the error.
    expect(strayFirst.validations[0]!.validationType).toBe(3);
    expect(summary(strayFirst).validations[0]!.codes).toContain('rpe:invalidDirectoryStructure');
    expect(reportCountOf(strayFirst)).toBe(1);
    const named = strayFirst.validations[0]!.messages.find((m) => m.code === 'rpe:invalidDirectoryStructure')!;
    expect(named.attributes).toContainEqual({ name: 'entry', value: 'A' });
  });

  it('finds the STLD of a valid package whatever the order of its entries', async () => {
    const entries: Entry[] = [
      ['P/', new Uint8Array()],
      ['P/reports/a.xhtml', inline],
      ['P/META-INF/reportPackage.json', rp('https://xbrl.org/report-package/2023/xbri')],
    ];
    for (const order of [entries, [...entries].reverse(), [entries[1]!, entries[2]!, entries[0]!]]) {
      const result = await validate('p.xbri', order);
      expect(result.validations.every((v) => v.validationResult === 'valid'), JSON.stringify(result.validations)).toBe(true);
      expect(reportCountOf(result)).toBe(1);
    }
  });
});
