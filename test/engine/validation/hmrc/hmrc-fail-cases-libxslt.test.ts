/**
 * The per-rule returns (a failing return for each of HMRC's assertions, and
 * a passing one where recorded) judged by our evaluator exactly as libxslt,
 * running HMRC's Schematron, judged them when recorded: the same set of
 * failed assertions on every return, not only on the assertion each return
 * was made for. Recorded by scripts/hmrc-rules/record-edge-returns.ts.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { evaluateRules } from '../../../../main/engine/validation/hmrc/evaluate-rules.js';
import { CT600_RULES_V1_994 as TABLE } from '../../../../main/engine/validation/hmrc/tables/ct600-v1-994.js';
import { perRuleReturns } from './per-rule-returns.js';

const RECORDED = JSON.parse(readFileSync(join(import.meta.dirname, 'fail-cases-libxslt.json'), 'utf8')) as {
  recordedOn: string;
  returns: { id: string; return: 'failing' | 'passing'; failed: string[] }[];
};

describe('HMRC’s rules on the per-rule returns: our failed assertions are libxslt’s', () => {
  const returns = perRuleReturns();

  it('the returns are the ones recorded', () => {
    expect(returns.map((r) => [r.id, r.kind])).toEqual(RECORDED.returns.map((r) => [r.id, r.return]));
    expect(returns.length).toBeGreaterThan(2000);
  });

  it('every return fails exactly the assertions libxslt failed', () => {
    const disagreements = returns.flatMap((r, i) => {
      const ours = [...new Set(evaluateRules(TABLE, r.doc, { today: () => RECORDED.recordedOn }).failed.map((f) => f.assertion.id))].sort();
      const theirs = RECORDED.returns[i]!.failed;
      return ours.join(' ') === theirs.join(' ') ? [] : [`${r.id} (${r.kind}): ours only ${ours.filter((a) => !theirs.includes(a)).join(' ')}; libxslt only ${theirs.filter((a) => !ours.includes(a)).join(' ')}`];
    });
    expect(disagreements).toEqual([]);
  });
});
