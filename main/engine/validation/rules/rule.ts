/** One HMRC business rule: a rule number and a check that returns what it found wrong. */
import type { MessageAttribute, MessageCategory, ValidationMessage } from '../../validation-result.js';
import type { ReturnFacts } from './return-facts.js';

export interface BusinessRule {
  /** HMRC's rule number, the message code. */
  code: string;
  /** What the rule requires, in a line (documentation and tests). */
  summary: string;
  check(facts: ReturnFacts): ValidationMessage[];
}

export interface FindingOptions {
  box?: string;
  /** Path under IRenvelope. */
  at?: string;
  expected?: string;
  found?: string;
  category?: MessageCategory;
}

/** A business-rule message with box, path and, for arithmetic, expected/found. */
export function finding(facts: ReturnFacts, code: string, message: string, options: FindingOptions = {}): ValidationMessage {
  const attributes: MessageAttribute[] = [];
  if (options.box) attributes.push({ name: 'box', value: options.box });
  if (options.at) attributes.push({ name: 'path', value: facts.path(options.at) });
  if (options.expected !== undefined) attributes.push({ name: 'expected', value: options.expected });
  if (options.found !== undefined) attributes.push({ name: 'found', value: options.found });
  return { category: options.category ?? 'error', type: 'business-rule', code, message: `Rule ${code}: ${message}`, attributes };
}
