/**
 * HMRC's full rule set for CT600 v1.994: every assertion HMRC lists is in the
 * table, compiles and evaluates; HMRC's accepted sample passes them. The
 * fail cases are in hmrc-fail-cases.test.ts.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { evaluateAssertion, evaluateRules } from '../../../../main/engine/validation/hmrc/evaluate-rules.js';
import { boxesFor } from '../../../../main/engine/validation/hmrc/hmrc-messages.js';
import { assertionCount, ruleNumbers } from '../../../../main/engine/validation/hmrc/rule-table.js';
import { compileSchematron } from '../../../../main/engine/validation/hmrc/schematron-compiler.js';
import { tableModuleText } from '../../../../main/engine/validation/hmrc/table-module.js';
import { CT600_RULES_V1_994 as TABLE } from '../../../../main/engine/validation/hmrc/tables/ct600-v1-994.js';
import { ruleTableFor } from '../../../../main/engine/validation/hmrc/tables/index.js';
import { repoRoot } from '../../../helpers/shared.js';
import { tpvsSample } from '../fixtures.js';
import { ruleBases, schematronText } from './bases.js';
import { parse, TODAY } from './mutations.js';

const ALL = TABLE.rules.flatMap((rule) => rule.assertions.map((assertion) => ({ rule, assertion })));
const bases = ruleBases().map((b) => ({ ...b, doc: parse(b.xml) }));

describe('the v1.994 rule table', () => {
  it('is what HMRC’s Schematron compiles to, byte for byte (recompile with scripts/hmrc-rules/compile.ts)', () => {
    const source = readFileSync(`${repoRoot}/main/engine/validation/hmrc/tables/ct600-v1-994.ts`, 'utf8');
    const compiled = compileSchematron(schematronText(), 'v1.994', TABLE.source);
    expect(compiled).toEqual(TABLE);
    expect(tableModuleText(compiled)).toBe(source);
    expect(TABLE.source).toContain('cf17b3d06b3029b1450cda14a3c7c2bf768dcb352a820927168c18b4f4f3304d');
  });

  it('holds every assertion HMRC lists, each with HMRC’s number and message', () => {
    const listed = (schematronText().match(/<sch:assert\b/g) ?? []).length;
    expect(listed).toBe(1072);
    expect(assertionCount(TABLE)).toBe(listed);
    for (const { assertion } of ALL) {
      expect(assertion.number, assertion.id).toMatch(/^\d{4}$/);
      expect(assertion.hmrcMessage, assertion.id).not.toBe('');
    }
  });

  it('says which period dates a rule tests, and which rules depend on today', () => {
    const byNumber = (n: string) => ALL.find(({ assertion }) => assertion.number === n)!.assertion;
    expect(byNumber('9417')).toMatchObject({ boxes: ['435', '329', '35'], period: ['box 35 on or before 2023-03-31'], dependsOnToday: false });
    expect(byNumber('9200')).toMatchObject({ boxes: ['340', '4'], dependsOnToday: false });
    expect(ALL.filter(({ assertion }) => assertion.dependsOnToday).map(({ assertion }) => assertion.number).sort()).toEqual(['9103', '9106', '9431', '9884']);
  });

  it('is the table for v1.994 returns, and for versions we hold no table of', () => {
    expect(ruleTableFor('2025-v1.994')).toBe(TABLE);
    expect(ruleTableFor(undefined)).toBe(TABLE);
  });

  it('names the boxes of every rule a return built by Filing Desk reaches', () => {
    const reached = new Set<string>();
    for (const { doc } of bases.filter((b) => b.name.endsWith('return'))) {
      for (const { assertion } of ALL) if (evaluateAssertion(TABLE, assertion, doc, { today: () => TODAY }).evaluations > 0) reached.add(assertion.id);
    }
    const withoutBox = ALL.filter(({ assertion }) => reached.has(assertion.id) && boxesFor(assertion).length === 0).map(({ assertion }) => `${assertion.number} ${assertion.id}`);
    expect(withoutBox).toEqual([]);
  });

  it('names a box for every rule but the few listed with the reason, and the reason holds: HMRC’s words name no box', () => {
    const listed = JSON.parse(readFileSync(join(import.meta.dirname, 'rules-without-box.json'), 'utf8')) as { reasons: Record<string, string>; assertions: Record<string, string> };
    const withoutBox = ALL.filter(({ assertion }) => boxesFor(assertion).length === 0).map(({ assertion }) => assertion.id);
    expect(withoutBox.sort()).toEqual(Object.keys(listed.assertions).sort());
    for (const { assertion } of ALL.filter(({ assertion }) => assertion.id in listed.assertions)) {
      expect(listed.reasons[listed.assertions[assertion.id]!], assertion.id).toBeTruthy();
      expect(`${assertion.rule} ${assertion.hmrcMessage}`, assertion.id).not.toMatch(/\bBox(es)?\s+[A-Z]?\d|\[[A-Z]?\d{1,3}[A-Z]?\]/i);
    }
    console.log(`HMRC CT600 rules v1.994: ${ALL.length - withoutBox.length} of ${ALL.length} assertions name their boxes; ${withoutBox.length} (supplementary-page questions HMRC names only in words) name none`);
  });

  it('names supplementary-page boxes with the page’s letter, as the forms print them, and never HMRC’s own ids', () => {
    const boxesOf = (id: string) => ALL.find(({ assertion }) => assertion.id === id)!.assertion.boxes;
    // HMRC's message names the page's boxes ("Box G90 must be completed if Boxes 125 and 280 …", "Box N100 …").
    expect(boxesOf('a_N036.3')).toEqual(['G90', '125', '280']);
    expect(boxesOf('a_SN036.0')).toEqual(['N100', 'N95D']);
    expect(boxesOf('a_F100.0')).toEqual(['497', 'N285']);
    // "[780/785]": both boxes of the pair.
    expect(boxesOf('a_F016.1')).toEqual(['275', '280', '780', '785']);
    // [N035]/[N100] are HMRC's ids of the CT600F page and [F092] of the energy levies section: not boxes.
    expect(boxesOf('a_N035.0')).toEqual(['120']);
    expect(boxesOf('a_F092.0')).toEqual(['986', '987']);
    // The element HMRC's rules keep naming leads ("If [L9] is present … then [L65] …" is about box L65).
    expect(boxesOf('a_SL014.1')[0]).toBe('L65');
    // A rule about a whole section is shown against its first box.
    expect(boxesOf('a_SL010.0')).toEqual(['L40']);
    expect(boxesOf('a_SP051.0')).toEqual(['P110']);
    // The maximum available for surrender as group relief, beside each loss that may be surrendered.
    expect(['a_SurrenderMaximum.1', 'a_SurrenderMaximum.1.0', 'a_SurrenderMaximum.1.1', 'a_SurrenderMaximum.1.2', 'a_SurrenderMaximum.1.3'].map(boxesOf)).toEqual([['785'], ['800'], ['810'], ['835'], ['855']]);
    for (const { assertion } of ALL) for (const box of assertion.boxes) expect(box, assertion.id).toMatch(/^(?:[A-P]\d{1,3}(?:\.\d)?[A-Z]?|\d{1,3}[A-Z]?)$/);
  });
});

describe('HMRC’s accepted sample return', () => {
  it('passes every rule today', () => {
    const run = evaluateRules(TABLE, parse(tpvsSample()), { today: () => new Date().toISOString().slice(0, 10) });
    expect(run.unevaluated).toEqual([]);
    expect(run.failed.map((f) => f.assertion.id)).toEqual([]);
  });

  it('passes every rule that does not depend on today’s date, whatever the date', () => {
    for (const today of ['2000-01-01', '2022-03-31', '2022-04-01', '2030-12-31']) {
      const run = evaluateRules(TABLE, parse(tpvsSample()), { today: () => today });
      expect(run.unevaluated).toEqual([]);
      expect(run.failed.filter((f) => !f.assertion.dependsOnToday).map((f) => f.assertion.id)).toEqual([]);
    }
  });

  it('fails only the rules that compare with today when the clock is before its period ends', () => {
    const run = evaluateRules(TABLE, parse(tpvsSample()), { today: () => '2022-03-30' });
    expect(run.failed.map((f) => [f.assertion.number, f.assertion.dependsOnToday])).toEqual([['9106', true]]);
  });
});

describe.each(ALL.map(({ assertion }) => [`${assertion.number} (${assertion.id})`, assertion] as const))('HMRC rule %s', (_name, assertion) => {
  it('compiles and evaluates without error on HMRC’s sample and on returns our builder makes', () => {
    for (const { name, doc } of bases) {
      const run = evaluateAssertion(TABLE, assertion, doc, { today: () => TODAY });
      expect(run.unevaluated, name).toEqual([]);
    }
  });
});
