/**
 * No invented names: every ct-comp concept the computation document uses is
 * in HMRC's CT2015 ct-comp schema (read from the package HMRC published, in
 * ../shared) or in the documented list of later names with its HMRC source;
 * and each concept that stands for a CT600 box is the one HMRC's reference
 * linkbase gives that box number.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import JSZip from 'jszip';
import { beforeAll, describe, expect, it } from 'vitest';
import { computeParsed, parseComputationInput } from '../../../../main/engine/computation/index.js';
import { BOX_CONCEPTS, conceptsUsed, LATER_CONCEPTS } from '../../../../main/engine/computation/ixbrl/concepts.js';
import { computationDocument } from '../../../../main/engine/computation/ixbrl/write-computation.js';
import { repoRoot, sharedDir } from '../../../helpers/shared.js';
import { busyYearInput, lossMakingInput } from './inputs.js';

const PACKAGE = join(sharedDir, 'xbrl', 'taxonomy-packages', 'CT2015-v1.3.0.zip');
const COMP = 'CT2015-v1.3.0/www.hmrc.gov.uk/schemas/ct/comp/2015-02-01/ct-comp/';

let schemaNames: Set<string>;
let boxOf: Map<string, string[]>;

beforeAll(async () => {
  const zip = await JSZip.loadAsync(readFileSync(PACKAGE));
  const xsd = await zip.file(`${COMP}ct-comp-2015-02-01.xsd`)!.async('string');
  schemaNames = new Set([...xsd.matchAll(/<xsd:element\b[^>]*\bname="([^"]+)"/g)].map((m) => m[1]!));
  const references = await zip.file(`${COMP}ct-comp-2015-02-01-reference.xml`)!.async('string');
  boxOf = new Map();
  for (const m of references.matchAll(/xlink:label="ct-comp_([^"]+)_ref"[^>]*><ct-ref:CT600_Box_Number>(\d+)</g)) boxOf.set(m[1]!, [...(boxOf.get(m[1]!) ?? []), m[2]!]);
});

const later = new Map(LATER_CONCEPTS.map((c) => [c.name, c.source]));
const known = (name: string) => schemaNames.has(name) || later.has(name);

function documents(): string[] {
  const dir = join(repoRoot, 'examples', 'ct600', 'computations');
  const inputs = readdirSync(dir).filter((f) => f.endsWith('.json')).map((f) => JSON.parse(readFileSync(join(dir, f), 'utf8')) as unknown);
  inputs.push(JSON.parse(readFileSync(join(repoRoot, 'examples', 'computation', 'trading-company.json'), 'utf8')), lossMakingInput(), busyYearInput());
  const written = inputs.map((raw) => {
    const parsed = parseComputationInput(raw);
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
    return computationDocument(parsed.input, computeParsed(parsed.input), { tradeDescription: 'Wholesale of stationery' });
  });
  // The computations the examples attach, as committed.
  const attachments = join(repoRoot, 'examples', 'ct600', 'attachments');
  const committed = readdirSync(attachments).filter((f) => f.includes('computations')).map((f) => readFileSync(join(attachments, f), 'utf8'));
  return [...written, ...committed];
}

describe('the computation’s concepts against HMRC’s CT2015 ct-comp schema', () => {
  it('reads the schema (hundreds of concepts, the mandatory items among them)', () => {
    expect(schemaNames.size).toBeGreaterThan(800);
    expect(schemaNames.has('CompanyIsAPartnerInAFirm')).toBe(true);
  });

  it('every name the writer may use is HMRC’s', () => {
    expect(conceptsUsed().filter((n) => !known(n))).toEqual([]);
  });

  it('every ct-comp name in the documents written is HMRC’s', () => {
    const docs = documents();
    expect(docs.length).toBeGreaterThanOrEqual(8);
    for (const doc of docs) {
      const names = new Set([...doc.matchAll(/ct-comp:([A-Za-z][-A-Za-z0-9]*)/g)].map((m) => m[1]!));
      expect(names.size).toBeGreaterThan(20);
      expect([...names].filter((n) => !known(n))).toEqual([]);
    }
  });

  it('a later name, if any, says which HMRC publication gives it', () => {
    for (const c of LATER_CONCEPTS) expect(c.source).toMatch(/HMRC|hmrc\.gov\.uk|gov\.uk/);
  });

  it('each box’s concept is the one HMRC’s reference linkbase gives that box', () => {
    for (const [box, concept] of Object.entries(BOX_CONCEPTS)) expect(boxOf.get(concept) ?? [], `${concept}`).toContain(box);
  });

  it('would catch an invented name', () => {
    expect(known('CorporationTaxComputedByFilingDesk')).toBe(false);
  });
});
