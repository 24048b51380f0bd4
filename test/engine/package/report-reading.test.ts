/**
 * A package report read ahead for its references and its facts
 * (main/engine/package/report-reading.ts): the references noted are the
 * package scan's, the reading is handed over once and then no longer kept
 * (bytes that outlive the check must not hold a report's model), and bytes
 * that are not UTF-8 give neither.
 */
import { describe, expect, it } from 'vitest';
import { scanXmlReferences } from '../../../main/engine/package/reference-resolution.js';
import { readReportAhead, referencesReadWithFacts, takeReportReading } from '../../../main/engine/package/report-reading.js';
import { ixbrlText } from '../../../scripts/bench/lib/ct600-inputs.js';

describe('a report read ahead', () => {
  it('gives the package scan’s references while kept, and its reading once', () => {
    const bytes = Buffer.from(ixbrlText(50_000, 3), 'utf8');
    expect(referencesReadWithFacts(bytes)).toBeUndefined();
    readReportAhead(bytes);
    const scanned = scanXmlReferences(bytes);
    expect('references' in scanned && scanned.references.length).toBe(1);
    expect(referencesReadWithFacts(bytes)).toEqual('references' in scanned ? scanned.references : undefined);
    const taken = takeReportReading(bytes);
    expect(taken.read?.ok && taken.read.report.facts.length).toBeGreaterThan(100);
    // Handed over: no longer kept, so the next ask reads anew and the references are the scan's to find.
    expect(referencesReadWithFacts(bytes)).toBeUndefined();
    const again = takeReportReading(bytes);
    expect(again).not.toBe(taken);
    expect(again.read).toEqual(taken.read);
  });

  it('reads once however often it is read ahead', () => {
    const bytes = Buffer.from(ixbrlText(20_000, 5), 'utf8');
    readReportAhead(bytes);
    const noted = referencesReadWithFacts(bytes);
    readReportAhead(bytes);
    expect(referencesReadWithFacts(bytes)).toBe(noted);
  });

  it('gives no reading and no references for bytes that are not UTF-8', () => {
    const bytes = Buffer.concat([Buffer.from('<html xmlns="http://www.w3.org/1999/xhtml"><body>'), Buffer.from([0xc3, 0x28]), Buffer.from('</body></html>')]);
    readReportAhead(bytes);
    expect(referencesReadWithFacts(bytes)).toBeUndefined();
    expect(takeReportReading(bytes)).toEqual({ read: undefined, references: undefined });
  });
});
