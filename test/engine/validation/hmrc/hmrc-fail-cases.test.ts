/**
 * A test per HMRC rule: for each of the table's assertions, a return that
 * passes it and the same return, changed as fail-cases.json records, that
 * fails it; where that return passes only because the rule does not apply to
 * it, fail-cases.json also records the change that makes a return the rule
 * applies to and passes. The few assertions no return can fail are listed in
 * cannot-fail.json with the reason, and each is tried on the returns the
 * reason is about. Prints how many rules are implemented and how many have
 * a passing and a failing return.
 *
 * The cases are recorded by record-fail-cases.ts (mutations.ts searches for
 * them; targeted-fail-cases.json holds the ones written by hand). The edits
 * are made where the rule looks and then completed as HMRC's schema requires
 * where the rule still fails, so most failing returns are ones the schema
 * accepts; the rest prove the rule's logic only (the rule fails only where
 * the schema's own requirements are broken).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { XMLSerializer } from '@xmldom/xmldom';
import { afterAll, describe, expect, it } from 'vitest';
import { evaluateRules } from '../../../../main/engine/validation/hmrc/evaluate-rules.js';
import { assertionCount, ruleNumbers, type HmrcAssertion } from '../../../../main/engine/validation/hmrc/rule-table.js';
import { CT600_RULES_V1_994 as TABLE } from '../../../../main/engine/validation/hmrc/tables/ct600-v1-994.js';
import { ct600HmrcDir } from '../../../helpers/shared.js';
import { ruleBases } from './bases.js';
import type { Edit, RecordedCase } from './edits.js';
import { holds, parse, replay, TODAY } from './mutations.js';

interface CannotFail {
  id: string;
  base: string;
  reason: string;
  /** Returns the reason is about, as edits of the base: each passes the assertion. */
  tried: Edit[][];
}

const read = <T>(name: string) => JSON.parse(readFileSync(join(import.meta.dirname, name), 'utf8')) as T;
const recorded = read<RecordedCase[]>('fail-cases.json');
const cannotFail = read<CannotFail[]>('cannot-fail.json');

const bases = new Map(ruleBases().map((b) => [b.name, { xml: b.xml, doc: parse(b.xml) }]));
const rows = TABLE.rules.flatMap((r) => r.assertions.map((assertion) => ({ context: r.context, assertion })));
const byId = new Map(rows.map((r) => [r.assertion.id, r]));
const caseById = new Map(recorded.map((c) => [c.id, c]));

const label = (a: HmrcAssertion) => `rule ${a.number} (${a.id}, ${a.boxes.length > 0 ? `box${a.boxes.length > 1 ? 'es' : ''} ${a.boxes.join(', ')}` : 'no box'})`;
const editsText = (edits: Edit[]) => edits.map((e) => `${e.path} ${e.value === null ? 'dropped' : `= "${e.value.length > 40 ? `${e.value.slice(0, 40)}…` : e.value}"`}`).join('; ');

const base = (name: string) => {
  const b = bases.get(name);
  if (!b) throw new Error(`no base return called "${name}"`);
  return b;
};

let proven = 0;
let schemaValid: number | undefined;
let appliedPasses = 0;

describe('HMRC’s rules: a passing and a failing return for each', () => {
  const withCase = rows.filter((r) => caseById.has(r.assertion.id));
  it.each(withCase.map((r) => [label(r.assertion), r] as const))('%s', (_name, { context, assertion }) => {
    const c = caseById.get(assertion.id)!;
    const passing = base(c.base);
    expect(holds(TABLE, assertion, passing.doc), `the ${c.base} passes it`).not.toBe(false);
    // Where the base has none of the rule's elements, a return the rule applies to passes it too.
    const applies = holds(TABLE, assertion, passing.doc) === true ? passing.doc : c.passing && replay(TABLE, context, passing.xml, c.passing);
    if (c.passing) expect(applies && holds(TABLE, assertion, applies), `the ${c.base} with ${editsText(c.passing)} passes it`).toBe(true);
    if (applies) appliedPasses++;
    const failing = replay(TABLE, context, passing.xml, c.edits);
    expect(failing, `the edits (${editsText(c.edits)}) can be made to the ${c.base}`).toBeDefined();
    expect(holds(TABLE, assertion, failing!), `the ${c.base} with ${editsText(c.edits)} fails it`).toBe(false);
    proven++;
  });
});

describe('HMRC’s rules no return can fail', () => {
  it.each(cannotFail.map((c) => [`${label(byId.get(c.id)?.assertion ?? ({ number: '?', id: c.id, boxes: [] } as unknown as HmrcAssertion))}: ${c.reason}`, c] as const))('%s', (_name, c) => {
    const row = byId.get(c.id);
    expect(row, `${c.id} is in the table`).toBeDefined();
    expect(c.tried.length).toBeGreaterThan(0);
    for (const edits of c.tried) {
      const doc = replay(TABLE, row!.context, base(c.base).xml, edits);
      expect(doc, editsText(edits)).toBeDefined();
      expect(holds(TABLE, row!.assertion, doc!), `the ${c.base} with ${editsText(edits)}`).toBe(true);
    }
  });
});

describe('the cases cover the table', () => {
  it('every assertion has a failing return or is listed as one no return can fail, never both, and nothing else is listed', () => {
    const all = rows.map((r) => r.assertion.id);
    const listed = cannotFail.map((c) => c.id);
    expect(recorded.map((c) => c.id).filter((id) => !byId.has(id)), 'recorded cases for assertions not in the table').toEqual([]);
    expect(listed.filter((id) => caseById.has(id)), 'listed as impossible yet failed by a recorded case').toEqual([]);
    expect(all.filter((id) => !caseById.has(id) && !listed.includes(id)), 'assertions with neither').toEqual([]);
    expect(new Set(recorded.map((c) => c.id)).size).toBe(recorded.length);
  });

  it('a failing return fails that rule number alone for many rules (the edit is about the rule, not a broken return)', () => {
    const failing = (doc: Parameters<typeof evaluateRules>[1]) => new Set(evaluateRules(TABLE, doc, { today: () => TODAY }).failed.map((f) => f.assertion.number));
    const before = new Map([...bases].map(([name, b]) => [name, failing(b.doc)]));
    let alone = 0;
    for (const c of recorded) {
      const row = byId.get(c.id)!;
      const after = failing(replay(TABLE, row.context, base(c.base).xml, c.edits)!);
      if ([...after].every((n) => n === row.assertion.number || before.get(c.base)!.has(n))) alone++;
    }
    console.log(`HMRC CT600 rules v1.994: ${alone} of the ${recorded.length} failing returns fail that rule number alone`);
    expect(alone).toBeGreaterThanOrEqual(100);
  }, 120_000);
});

describe('the failing returns against HMRC’s schema', () => {
  it('counts those HMRC’s v1.994 schema accepts (libxml2 as the oracle), and never fewer', () => {
    const dir = mkdtempSync(join(tmpdir(), 'fd-hmrc-fail-cases-'));
    try {
      const files = recorded.map((c) => {
        const doc = replay(TABLE, byId.get(c.id)!.context, base(c.base).xml, c.edits)!;
        const envelope = doc.getElementsByTagNameNS(TABLE.namespaces.ct!, 'IRenvelope')[0]!;
        const file = join(dir, `${c.id}.xml`);
        writeFileSync(file, new XMLSerializer().serializeToString(envelope as never));
        return file;
      });
      const r = spawnSync('xmllint', ['--noout', '--nonet', '--schema', join(ct600HmrcDir, 'CT-2014-v1-994.xsd'), ...files], { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
      if (r.error) throw r.error;
      schemaValid = (r.stderr.match(/ validates$/gm) ?? []).length;
      // Where a rule fails only on what the schema itself forbids, no completion can make its failing return valid: this count only grows.
      expect(schemaValid).toBeGreaterThanOrEqual(987);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});

afterAll(() => {
  const assertionsInHmrcFile = (readFileSync(join(ct600HmrcDir, 'CT-2014-v1-994.sch'), 'utf8').match(/<sch:assert\b/g) ?? []).length;
  console.log(
    `HMRC CT600 rules v1.994: ${assertionCount(TABLE)} of ${assertionsInHmrcFile} assertions in HMRC's file implemented (evaluated), ${ruleNumbers(TABLE).size} rule numbers; ` +
      `${proven} with a passing and failing return (${appliedPasses} of them passing where the rule applies${schemaValid === undefined ? '' : `, ${schemaValid} failing returns valid against HMRC's schema`}), ${cannotFail.length} that no return can fail (listed with the reason)`,
  );
});
