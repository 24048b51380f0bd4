/**
 * The differential test at the edges: each edge return (edge-returns.ts: one
 * field, one value at the edge of XML Schema's lexical rules or XPath's and
 * EXSLT's readings of it, the IRmark filled in again) is judged by our local
 * validation exactly as HMRC's processors judged it when recorded
 * (scripts/hmrc-rules/record-edge-returns.ts: HMRC's Schematron run by
 * libxslt, HMRC's schema by libxml2): the same schema verdict and the same
 * HMRC rule numbers. A return HMRC would reject is never called valid.
 *
 * One known departure, kept on purpose: libxml2 refuses a plain xs:date or
 * xs:gYear with XML whitespace around it (" 2024-04-01 "), where XML Schema
 * collapses that whitespace first (Part 2, §4.3.6: whiteSpace is fixed to
 * collapse for every type but string) and the value is valid. We follow the
 * specification; those cases must show the departure still, so the list
 * cannot silently outgrow what it says.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { validateReturnFile } from '../../../../main/cli/ct600-validate.js';
import { verifyIrmark } from '../../../../main/engine/ct600/index.js';
import { runFileChecks } from '../../../../main/engine/validation/validate-file.js';
import { ValidationType } from '../../../../main/engine/validation-result.js';
import { bytes } from '../fixtures.js';
import { edgeBases, edgeCases, edgeReturn, type EdgeCase } from './edge-returns.js';

interface Recorded {
  id: string;
  base: string;
  where: string;
  edge: string;
  value: string;
  schemaValid: boolean;
  hmrcRules: string[];
}
const RECORDED = JSON.parse(readFileSync(join(import.meta.dirname, 'edge-returns.json'), 'utf8')) as {
  recordedOn: string;
  bases: { base: string; schemaValid: boolean; hmrcRules: string[] }[];
  cases: Recorded[];
};

const bases = edgeBases();
const cases = edgeCases();
const recorded = new Map(RECORDED.cases.map((c) => [c.id, c]));

/** Our verdict, through the path a file takes (`ct600 validate`, a validation job): the schema check's result and the HMRC rule numbers reported. */
async function ourVerdict(xml: string) {
  const { validations, failedChecks } = await runFileChecks('edge.xml', bytes(xml), {
    validatePackage: () => Promise.reject(new Error('not a package')),
    verifyIrmark,
    today: () => RECORDED.recordedOn,
  });
  const of = (type: number) => validations.find((v) => v.validationType === type)!;
  const ruleErrors = of(ValidationType.businessRules).messages.filter((m) => m.category === 'error' && m.type === 'business-rule');
  return {
    failedChecks,
    schemaValid: of(ValidationType.schema).validationResult === 'valid',
    hmrcRules: [...new Set(ruleErrors.map((m) => m.code))].sort((a, b) => Number(a) - Number(b)),
    unevaluated: ruleErrors.filter((m) => m.message.includes('could not be checked')).map((m) => m.message),
    irmarkValid: of(ValidationType.irmark).validationResult === 'valid',
    schemaWarnings: of(ValidationType.schema).messages.filter((m) => m.category === 'warning').map((m) => m.code),
    allValid: validations.every((v) => v.validationResult === 'valid'),
  };
}

/** libxml2's departure from XML Schema: a plain xs:date or xs:gYear (not one restricted by a pattern) with XML whitespace around it. */
const libxml2RefusesCollapsedWhitespace = (c: EdgeCase) => ['page period date', 'year'].includes(c.field.kind) && / around$/.test(c.edge);

const name = (c: EdgeCase) => `${c.id} ${c.field.where}: ${c.edge} ${JSON.stringify(c.value)}`;

describe('edge returns: our verdict is HMRC’s processors’ verdict', () => {
  it('the generated cases are the ones recorded', () => {
    expect(cases.map((c) => [c.id, c.field.base, c.value])).toEqual(RECORDED.cases.map((c) => [c.id, c.base, c.value]));
    expect(cases.length).toBeGreaterThan(350);
  });

  it.each(Object.keys(bases))('base return %s: same schema verdict and rule numbers', async (base) => {
    const want = RECORDED.bases.find((b) => b.base === base)!;
    const got = await ourVerdict(bases[base]!);
    expect({ schemaValid: got.schemaValid, hmrcRules: got.hmrcRules }).toEqual({ schemaValid: want.schemaValid, hmrcRules: want.hmrcRules });
  });

  for (const base of Object.keys(bases)) {
    describe(base, () => {
      it.each(cases.filter((c) => c.field.base === base).map((c) => [name(c), c] as const))('%s', async (_name, c) => {
        const want = recorded.get(c.id)!;
        const got = await ourVerdict(edgeReturn(c, bases));
        expect(got.failedChecks).toEqual([]);
        expect(got.unevaluated).toEqual([]);
        expect(got.irmarkValid).toBe(true);
        expect(got.hmrcRules).toEqual(want.hmrcRules);
        if (libxml2RefusesCollapsedWhitespace(c)) {
          expect(want.schemaValid, 'libxml2 still refuses it').toBe(false);
          expect(got.schemaValid, 'XML Schema collapses XML whitespace').toBe(true);
          // Valid, but libxml2 would refuse it: the user is told.
          expect(got.schemaWarnings).toContain('padded-value');
        } else {
          expect(got.schemaValid).toBe(want.schemaValid);
        }
        // Re-marked, a return HMRC's schema or rules refuse is never called valid.
        if (!want.schemaValid && !libxml2RefusesCollapsedWhitespace(c)) expect(got.allValid).toBe(false);
        if (want.hmrcRules.length > 0) expect(got.allValid).toBe(false);
      });
    });
  }

  it('time zones on the period dates of pages C, N and P give exactly HMRC’s rule numbers', async () => {
    const zoned = cases.filter((c) => c.field.kind === 'page period date' && ['zone Z', 'zone +01:00', 'zone -12:00'].includes(c.edge));
    // Pages C (claims, surrenders, carried-forward losses), N and P: each period's From and To, in each of the three zones.
    expect(zoned).toHaveLength((6 + 2 + 2) * 3);
    const disagreements: string[] = [];
    for (const c of zoned) {
      const want = recorded.get(c.id)!;
      const got = await ourVerdict(edgeReturn(c, bases));
      if (!want.schemaValid) disagreements.push(`${name(c)}: HMRC's schema refuses it, the zone cases should be schema-valid`);
      if (got.hmrcRules.join(' ') !== want.hmrcRules.join(' ') || got.schemaValid !== want.schemaValid) disagreements.push(`${name(c)}: ours ${got.hmrcRules.join(' ')}, HMRC's ${want.hmrcRules.join(' ')}`);
    }
    expect(disagreements).toEqual([]);
    // The 12-month rules of each page see the zone as HMRC's processor does.
    const rulesSeen = new Set(zoned.flatMap((c) => recorded.get(c.id)!.hmrcRules));
    for (const n of ['9503', '9514', '9527', '9907']) expect(rulesSeen, n).toContain(n);
  });
});

describe('`ct600 validate` on a re-marked return with a space XML does not count as one', () => {
  const dir = mkdtempSync(join(tmpdir(), 'fd-edge-cli-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const lookalikes = cases.filter((c) => /U\+(00A0|3000|2003|FEFF) before$/.test(c.edge) && c.field.base === 'trading return');

  it.each(lookalikes.map((c) => [name(c), c] as const))('%s is invalid', async (_name, c) => {
    const file = join(dir, `${c.id}.xml`);
    writeFileSync(file, edgeReturn(c, bases));
    const result = await validateReturnFile(file);
    expect(result.status).toBe('invalid');
    const schema = result.messages.find((m) => m.rule === 'schema:invalid-value');
    expect(schema?.message).toMatch(/which XML Schema does not treat as whitespace/);
  });
});
