/**
 * The returns of the per-rule cases (fail-cases.json): for each assertion,
 * its failing return and, where recorded, its passing one, as the per-rule
 * test makes them. HMRC's processor's verdict on each is recorded in
 * fail-cases-libxslt.json (scripts/hmrc-rules/record-edge-returns.ts).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { XMLSerializer, type Document } from '@xmldom/xmldom';
import { CT600_RULES_V1_994 as TABLE } from '../../../../main/engine/validation/hmrc/tables/ct600-v1-994.js';
import { ruleBases } from './bases.js';
import type { RecordedCase } from './edits.js';
import { replay } from './mutations.js';

export interface PerRuleReturn {
  id: string;
  kind: 'failing' | 'passing';
  doc: Document;
  xml: string;
}

export function perRuleReturns(): PerRuleReturn[] {
  const cases = JSON.parse(readFileSync(join(import.meta.dirname, 'fail-cases.json'), 'utf8')) as RecordedCase[];
  const bases = new Map(ruleBases().map((b) => [b.name, b.xml]));
  const contexts = new Map(TABLE.rules.flatMap((r) => r.assertions.map((a) => [a.id, r.context] as const)));
  const out: PerRuleReturn[] = [];
  for (const c of cases) {
    for (const [kind, edits] of [['failing', c.edits], ['passing', c.passing]] as const) {
      if (!edits) continue;
      const doc = replay(TABLE, contexts.get(c.id)!, bases.get(c.base)!, edits);
      if (doc) out.push({ id: c.id, kind, doc, xml: new XMLSerializer().serializeToString(doc) });
    }
  }
  return out;
}
