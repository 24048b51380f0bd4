/**
 * Records the fail cases the search finds (mutations.ts) in fail-cases.json,
 * which the per-rule tests replay: run it again when a rule table or a base
 * changes, `npx tsx test/engine/validation/hmrc/record-fail-cases.ts`.
 * Cases already recorded and still good are kept as they are, so a
 * re-recording changes only what it must.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CT600_RULES_V1_994 as TABLE } from '../../../../main/engine/validation/hmrc/tables/ct600-v1-994.js';
import { ruleBases } from './bases.js';
import type { RecordedCase } from './edits.js';
import { findFailCases, findPassingEdits, holds, parse, replay } from './mutations.js';

const FILE = join(import.meta.dirname, 'fail-cases.json');

const bases = new Map(ruleBases().map((b) => [b.name, b.xml]));
const contexts = new Map(TABLE.rules.flatMap((r) => r.assertions.map((a) => [a.id, { context: r.context, assertion: a }] as const)));
let recorded: RecordedCase[] = [];
try {
  recorded = JSON.parse(readFileSync(FILE, 'utf8')) as RecordedCase[];
} catch {
  recorded = [];
}
// Cases written by hand, for rules the search does not reach (a limit of 1,000 loans, a period straddling a rate change), come first.
const targeted = JSON.parse(readFileSync(join(import.meta.dirname, 'targeted-fail-cases.json'), 'utf8')) as RecordedCase[];
const good = (c: RecordedCase) => {
  const where = contexts.get(c.id);
  const xml = bases.get(c.base);
  if (!where || !xml || holds(TABLE, where.assertion, parse(xml)) === false) return false;
  const doc = replay(TABLE, where.context, xml, c.edits);
  return doc !== undefined && holds(TABLE, where.assertion, doc) === false;
};
const badTargeted = targeted.filter((c) => !good(c));
if (badTargeted.length > 0) throw new Error(`targeted fail cases that do not fail their rule: ${badTargeted.map((c) => c.id).join(', ')}`);
const targetedIds = new Set(targeted.map((c) => c.id));
const stillGood = [...targeted, ...recorded.filter((c) => !targetedIds.has(c.id) && good(c))];
const known = new Set(stillGood.map((c) => c.id));
const fresh = findFailCases(TABLE, ruleBases(), (a) => !known.has(a.id));
const byId = new Map<string, RecordedCase>([...stillGood, ...fresh.map(({ id, base, edits }) => ({ id, base, edits }))].map((c) => [c.id, c]));
const ordered = [...contexts.keys()].flatMap((id) => (byId.has(id) ? [byId.get(id)!] : []));
// A base the rule does not apply to passes it trivially: record a return the rule applies to and passes.
let applied = 0;
for (const c of ordered) {
  const { context, assertion } = contexts.get(c.id)!;
  const xml = bases.get(c.base)!;
  if (holds(TABLE, assertion, parse(xml)) !== undefined) {
    delete c.passing;
    applied++;
    continue;
  }
  const kept = c.passing && replay(TABLE, context, xml, c.passing);
  if (kept && holds(TABLE, assertion, kept) === true) {
    applied++;
    continue;
  }
  const passing = findPassingEdits(TABLE, context, assertion, xml, c.edits);
  if (passing) {
    c.passing = passing;
    applied++;
  } else delete c.passing;
}
writeFileSync(FILE, `[\n${ordered.map((c) => `  ${JSON.stringify(c)}`).join(',\n')}\n]\n`);
console.log(`${ordered.length} of ${contexts.size} assertions have a recorded fail case (${fresh.length} found now), ${applied} a passing return the rule applies to`);
