/**
 * HMRC's full rule set for CT600 v1.994: every assertion HMRC lists is in the
 * table, compiles and evaluates; HMRC's accepted sample passes them. The
 * fail cases are in hmrc-fail-cases.test.ts.
 */
import { readFileSync } from 'node:fs';
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
    const unknown = ALL.filter(({ assertion }) => boxesFor(assertion).length === 0).length;
    console.log(`HMRC CT600 rules v1.994: ${ALL.length - unknown} of ${ALL.length} assertions name their boxes; ${unknown} (supplementary-page fields HMRC names by its own ids) name none`);
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
