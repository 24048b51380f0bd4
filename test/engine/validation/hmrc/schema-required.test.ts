/**
 * Completing a failing return as HMRC's schema requires, and putting it in
 * the schema's order: what the recorder relies on to make failing returns
 * HMRC's schema accepts.
 */
import { XMLSerializer } from '@xmldom/xmldom';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CT600_RULES_V1_994 as TABLE } from '../../../../main/engine/validation/hmrc/tables/ct600-v1-994.js';
import { ct600HmrcDir } from '../../../helpers/shared.js';
import { ruleBases } from './bases.js';
import type { Edit } from './edits.js';
import { parse, replay } from './mutations.js';
import { inSchemaOrder } from './schema-order.js';
import { schemaRequiredEdits } from './schema-required.js';

const CONTEXT = '/hd:GovTalkMessage/hd:Body/ct:IRenvelope/ct:CompanyTaxReturn/ct:CompanyInformation';
const INFO = '/GovTalkMessage/Body/IRenvelope/CompanyTaxReturn/CompanyInformation';
const bases = new Map(ruleBases().map((b) => [b.name, b.xml]));
const minimum = bases.get('minimum return')!;
const valueAt = (edits: Edit[], path: string) => edits.find((e) => e.path === path)?.value;

const validates = (doc: ReturnType<typeof parse>) => {
  const dir = mkdtempSync(join(tmpdir(), 'fd-schema-required-'));
  try {
    const file = join(dir, 'return.xml');
    writeFileSync(file, new XMLSerializer().serializeToString(doc.getElementsByTagNameNS(TABLE.namespaces.ct!, 'IRenvelope')[0]! as never));
    const r = spawnSync('xmllint', ['--noout', '--nonet', '--schema', join(ct600HmrcDir, 'CT-2014-v1-994.xsd'), file], { encoding: 'utf8' });
    return r.status === 0;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
};

describe('what HMRC’s schema requires of a failing return', () => {
  it('asks nothing of the base returns, which the schema accepts as they are', () => {
    for (const [name, xml] of bases) expect(schemaRequiredEdits(parse(xml), true), name).toEqual([]);
  });

  it('gives a new element the required children it lacks, with values of their types, so the schema accepts the return', () => {
    // Northern Ireland trading (box 6) is a group whose first question is required.
    const created = replay(TABLE, CONTEXT, minimum, [{ path: 'ct:NorthernIreland/ct:NIemployer', value: 'yes' }])!;
    expect(validates(created)).toBe(false);
    const extra = schemaRequiredEdits(created);
    expect(valueAt(extra, `${INFO}/NorthernIreland/ct:NItradingActivity`)).toBe('yes');
    expect(validates(replay(TABLE, CONTEXT, minimum, [{ path: 'ct:NorthernIreland/ct:NIemployer', value: 'yes' }, ...extra])!)).toBe(true);
  });

  it('puts back a required sibling an edit dropped, with a date where the schema wants a date', () => {
    const dropped = replay(TABLE, CONTEXT, minimum, [{ path: 'ct:PeriodCovered/ct:From', value: null }])!;
    expect(valueAt(schemaRequiredEdits(dropped), `${INFO}/PeriodCovered/ct:From`)).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('gives a new attachment the file name and format the schema requires of it', () => {
    const attach = [{ path: "/GovTalkMessage/Body/IRenvelope/CompanyTaxReturn/AttachedFiles/Attachment[@Type='other']", value: 'RXhhbXBsZQ==' }];
    const extra = schemaRequiredEdits(replay(TABLE, CONTEXT, minimum, attach)!);
    expect(valueAt(extra, '/GovTalkMessage/Body/IRenvelope/CompanyTaxReturn/AttachedFiles/Attachment/@Filename')).toBeTruthy();
    expect(valueAt(extra, '/GovTalkMessage/Body/IRenvelope/CompanyTaxReturn/AttachedFiles/Attachment/@Format')).toBe('pdf');
  });

  it('only when asked, replaces text an element’s type refuses and drops text from an element that holds only children', () => {
    const edits = [
      { path: 'ct:PeriodCovered/ct:To', value: 'yes' },
      { path: 'ct:NorthernIreland', value: 'yes' },
    ];
    const wrong = replay(TABLE, CONTEXT, minimum, edits)!;
    expect(valueAt(schemaRequiredEdits(wrong), `${INFO}/PeriodCovered/To`)).toBeUndefined();
    const retyped = schemaRequiredEdits(wrong, true);
    expect(valueAt(retyped, `${INFO}/PeriodCovered/To`)).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(valueAt(retyped, `${INFO}/NorthernIreland`)).toBe('');
    expect(validates(replay(TABLE, CONTEXT, minimum, [...edits, ...retyped])!)).toBe(true);
  });
});

describe('the schema’s order', () => {
  it('keeps the computations before the accounts, the one order the schema allows both in', () => {
    const doc = parse(bases.get('full return')!);
    const submission = doc.getElementsByTagNameNS(TABLE.namespaces.ct!, 'XBRLsubmission')[0]!;
    const names = () => Array.from({ length: submission.childNodes.length }, (_, i) => submission.childNodes[i]!).filter((n) => n.nodeType === 1).map((n) => n.localName);
    expect(names()).toEqual(['Computation', 'Accounts']);
    inSchemaOrder(doc);
    expect(names()).toEqual(['Computation', 'Accounts']);
    expect(validates(doc)).toBe(true);
  });
});
