/**
 * The facts the accounts engine hands the Inline XBRL writer, for every
 * worked trial balance: each concept, dimension and member is one the FRC
 * taxonomy declares (looked up in the FRC 2014 suite in ../shared, the one
 * here; shared/docs/accounts.md says the 2026 names were checked against it),
 * with the period type the taxonomy gives it; no two facts for the same
 * concept, member and period; and the balance sheet balancing in the facts.
 */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { buildAccounts } from '../../../main/engine/accounts/statements/index.js';
import type { Accounts } from '../../../main/engine/accounts/types.js';
import { FRC_2014_ZIP, zipFiles } from '../taxonomy/ct2015.js';
import { built, dormant, lossMaking, small, vanYear1, vanYear2 } from './statements-fixtures.js';

const files = zipFiles(new Uint8Array(readFileSync(FRC_2014_ZIP)));
function schema(suffix: string): string {
  const name = [...files.keys()].find((n) => n.endsWith(suffix));
  if (!name) throw new Error(`${suffix} is not in the FRC 2014 package`);
  return new TextDecoder().decode(files.get(name));
}
const SCHEMAS = { core: schema('/frc-core-2014-09-01.xsd'), direp: schema('/direp-2014-09-01.xsd'), bus: schema('/bus-2014-09-01.xsd') };

/** The declaration's attributes, or undefined when the schema does not declare the name. */
function declared(which: keyof typeof SCHEMAS, name: string): string | undefined {
  return new RegExp(`<(?:\\w+:)?element[^>]*\\bname="${name}"[^>]*>`).exec(SCHEMAS[which])?.[0];
}

const year1 = built(buildAccounts(vanYear1()));
const all: Array<[string, Accounts]> = [
  ['micro, a van', year1],
  ['micro, next year with comparatives', built(buildAccounts(vanYear2(year1)))],
  ['dormant', built(buildAccounts(dormant()))],
  ['small FRS 102 1A', built(buildAccounts({ ...small(), notes: { ...small().notes, advancesToDirectors: [{ director: 'Tom Field', conditions: 'Interest at 2.25%.', broughtForward: 0, advanced: 500_000, repaid: 100_000 }], contingencies: { description: 'A claim by a former supplier is disputed.', amount: 1_000_000 } } }))],
  ['loss-making, net liabilities', built(buildAccounts(lossMaking()))],
];

describe.each(all)('facts for the Inline XBRL writer: %s', (_name, accounts) => {
  it('uses only concepts, dimensions and members the FRC taxonomy declares, with its period types', () => {
    const faults: string[] = [];
    for (const fact of accounts.facts) {
      const element = declared(fact.schema, fact.concept);
      if (!element) faults.push(`${fact.schema}:${fact.concept} is not declared`);
      else if (!element.includes(`periodType="${fact.periodType}"`)) faults.push(`${fact.concept} is not ${fact.periodType}: ${element}`);
      else if (fact.unit === 'GBP' && !element.includes('monetaryItemType')) faults.push(`${fact.concept} is not monetary`);
      if (fact.dimension && !declared('core', fact.dimension)) faults.push(`dimension ${fact.dimension} is not declared`);
      if (fact.member && !declared('core', fact.member)) faults.push(`member ${fact.member} is not declared`);
      if (!Number.isSafeInteger(fact.value)) faults.push(`${fact.concept} ${fact.value} is not whole`);
    }
    for (const statement of accounts.statements) {
      if (!declared('direp', statement.concept) && statement.id !== 'profitAndLossNotDelivered') faults.push(`statement ${statement.concept} is not declared`);
    }
    expect(faults).toEqual([]);
  });

  it('has one fact per concept, member and period, and the balance sheet balancing in the facts', () => {
    const keys = accounts.facts.map((f) => `${f.concept}[${f.member ?? ''}]@${f.period}`);
    expect(keys.filter((k, i) => keys.indexOf(k) !== i)).toEqual([]);
    for (const period of ['current', 'previous'] as const) {
      const value = (concept: string) => accounts.facts.find((f) => f.concept === concept && f.member === undefined && f.period === period)?.value;
      expect(value('NetAssetsLiabilities'), period).toBe(value('Equity'));
    }
    // Every line is a sum of its codes' pounds, and the totals agree with the lines.
    for (const line of [...accounts.balanceSheet, ...accounts.profitAndLoss]) expect(line.working.reduce((s, w) => s + w.pounds, 0), line.label).toBe(line.current);
  });
});
