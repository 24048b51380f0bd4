/**
 * Records the fail cases the search finds (mutations.ts) in fail-cases.json,
 * which the per-rule tests replay: run it again when a rule table or a base
 * changes, `npx tsx test/engine/validation/hmrc/record-fail-cases.ts`.
 * Cases already recorded and still good are kept as they are, so a
 * re-recording changes only what it must; a case whose failing return HMRC's
 * schema refuses is given, where one exists, another value in the same edits
 * that the schema accepts and the rule still fails (libxml2 decides, in
 * batches): the same edits completed with what the schema requires
 * (schema-required.ts), or another value in one of them, alone or so
 * completed. Needs xmllint, as the tests do.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { XMLSerializer } from '@xmldom/xmldom';
import { ct600HmrcDir } from '../../../helpers/shared.js';
import { CT600_RULES_V1_994 as TABLE } from '../../../../main/engine/validation/hmrc/tables/ct600-v1-994.js';
import { ruleBases } from './bases.js';
import type { RecordedCase } from './edits.js';
import { CANDIDATE_VALUES, findFailCases, findPassingEdits, holds, parse, replay, valuesNamedIn } from './mutations.js';
import { schemaRequiredEdits } from './schema-required.js';

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
// Where a failing return is not one HMRC's schema accepts, another value in the same edits may make it one that still fails the rule.
const schemaValid = (docs: { key: string; xml: string }[]): Set<string> => {
  const dir = mkdtempSync(join(tmpdir(), 'fd-record-'));
  try {
    const files = docs.map((d, i) => {
      const file = join(dir, `${i}.xml`);
      writeFileSync(file, d.xml);
      return file;
    });
    const valid = new Set<string>();
    for (let from = 0; from < files.length; from += 2000) {
      const r = spawnSync('xmllint', ['--noout', '--nonet', '--schema', join(ct600HmrcDir, 'CT-2014-v1-994.xsd'), ...files.slice(from, from + 2000)], { encoding: 'utf8', maxBuffer: 512 * 1024 * 1024 });
      for (const m of r.stderr.matchAll(/(\d+)\.xml validates$/gm)) valid.add(docs[Number(m[1])]!.key);
    }
    return valid;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
};
const envelopeOf = (doc: ReturnType<typeof parse>) => new XMLSerializer().serializeToString(doc.getElementsByTagNameNS(TABLE.namespaces.ct!, 'IRenvelope')[0]! as never);
const current = ordered.map((c) => ({ key: c.id, xml: envelopeOf(replay(TABLE, contexts.get(c.id)!.context, bases.get(c.base)!, c.edits)!) }));
const validNow = schemaValid(current);
const variants: { key: string; xml: string; edits: RecordedCase['edits'] }[] = [];
for (const c of ordered.filter((x) => !validNow.has(x.id))) {
  const { context, assertion } = contexts.get(c.id)!;
  const fails = (edits: RecordedCase['edits']) => {
    const doc = replay(TABLE, context, bases.get(c.base)!, edits);
    return doc && holds(TABLE, assertion, doc) === false ? doc : undefined;
  };
  // The edits completed as the schema requires: the required siblings and children an edit's new element lacks, then also a value of its type where an edit's text is not one.
  const complete = (edits: RecordedCase['edits']) => {
    const doc = fails(edits);
    if (!doc) return;
    for (const retype of [false, true]) {
      const extra = schemaRequiredEdits(doc, retype);
      if (extra.length === 0) continue;
      const done = fails([...edits, ...extra]);
      if (done) variants.push({ key: `${c.id} ${variants.length}`, xml: envelopeOf(done), edits: [...edits, ...extra] });
    }
  };
  complete(c.edits);
  const values = [...new Set([...CANDIDATE_VALUES, ...valuesNamedIn(assertion.test), '2024-03-31', '12345678', '1234567890', 'Example Ltd'])];
  c.edits.forEach((edit, i) => {
    if (edit.value === null || edit.value.startsWith('#')) return;
    for (const value of values) {
      if (value === edit.value) continue;
      const edits = c.edits.map((e, j) => (j === i ? { ...e, value } : e));
      const doc = fails(edits);
      if (doc) {
        variants.push({ key: `${c.id} ${variants.length}`, xml: envelopeOf(doc), edits });
        complete(edits);
      }
    }
  });
}
const validVariants = schemaValid(variants);
let madeValid = 0;
for (const c of ordered) {
  const better = variants.find((v) => v.key.startsWith(`${c.id} `) && validVariants.has(v.key));
  if (better) {
    c.edits = better.edits;
    delete c.passing;
    madeValid++;
  }
}
console.log(`${validNow.size} failing returns were valid against HMRC's schema; ${madeValid} more made so`);

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
