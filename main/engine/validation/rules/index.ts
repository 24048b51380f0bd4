/**
 * Business rules (validationType 1): HMRC's full rule set for the return's
 * schema version decides; our hand-written rules explain.
 *
 * HMRC's rules (compiled from HMRC's Schematron) say whether HMRC would accept
 * the return. Our hand-written rules cover the arithmetic and attachment rules
 * a small company meets most, with the figures worked out ("box 430 is 7000.00
 * but the sum … is 7600.00"): where HMRC's rule of the same number fails, our
 * message replaces HMRC's; where HMRC's passes, ours is not shown as an error
 * (HMRC is the judge of what it accepts). Our warnings (the small profits
 * limits) are advice and always shown.
 */
import type { Document } from '@xmldom/xmldom';
import type { ValidationMessage } from '../../validation-result.js';
import { isoDay } from '../hmrc/exslt-dates.js';
import { evaluateRules } from '../hmrc/evaluate-rules.js';
import { messageOf, unevaluatedMessage } from '../hmrc/hmrc-messages.js';
import { ruleTableFor } from '../hmrc/tables/index.js';
import { declaredSchemaVersion } from '../schema/schema-versions.js';
import { arithmeticRules } from './arithmetic-rules.js';
import { attachmentRules } from './attachment-rules.js';
import { periodRules } from './period-rules.js';
import { ReturnFacts } from './return-facts.js';
import type { BusinessRule } from './rule.js';

export const businessRules: BusinessRule[] = [...periodRules, ...arithmeticRules, ...attachmentRules].sort((a, b) => Number(a.code) - Number(b.code));

export interface BusinessRuleOptions {
  /** Today's date (YYYY-MM-DD) for HMRC's rules that compare with it; the UTC date now by default. */
  today?: () => string;
}

const byNumber = (a: ValidationMessage, b: ValidationMessage) => Number(a.code) - Number(b.code);

export function runBusinessRules(doc: Document, options: BusinessRuleOptions = {}): ValidationMessage[] {
  const facts = ReturnFacts.of(doc);
  if (!facts) return [];
  const today = options.today ?? (() => isoDay(new Date()));
  const run = evaluateRules(ruleTableFor(declaredSchemaVersion(facts.root)?.value), doc, { today });
  const failedNumbers = new Set(run.failed.map((f) => f.assertion.number));
  const ours = businessRules.flatMap((rule) => rule.check(facts)).filter((m) => m.category !== 'error' || failedNumbers.has(m.code));
  const explained = new Set(ours.filter((m) => m.category === 'error').map((m) => m.code));
  const hmrc = run.failed.filter((f) => !explained.has(f.assertion.number)).map(messageOf);
  return [...ours, ...hmrc, ...run.unevaluated.map(unevaluatedMessage)].sort(byNumber);
}
