/** Business rules (validationType 1): every rule, in rule-number order. */
import type { Document, Element } from '@xmldom/xmldom';
import type { ValidationMessage } from '../../validation-result.js';
import { arithmeticRules } from './arithmetic-rules.js';
import { attachmentRules } from './attachment-rules.js';
import { periodRules } from './period-rules.js';
import { CT_NS, ReturnFacts } from './return-facts.js';
import type { BusinessRule } from './rule.js';

export const businessRules: BusinessRule[] = [...periodRules, ...arithmeticRules, ...attachmentRules].sort((a, b) => Number(a.code) - Number(b.code));

export function runBusinessRules(doc: Document): ValidationMessage[] {
  const root = doc.documentElement!;
  let irenvelope: Element | undefined;
  for (let n = root.firstChild; n && !irenvelope; n = n.nextSibling) {
    if (n.nodeType === 1 && (n as Element).localName === 'Body') {
      for (let m = n.firstChild; m; m = m.nextSibling) {
        if (m.nodeType === 1 && (m as Element).localName === 'IRenvelope' && (m as Element).namespaceURI === CT_NS) irenvelope = m as Element;
      }
    }
  }
  if (!irenvelope) return [];
  const facts = new ReturnFacts(root, irenvelope);
  return businessRules.flatMap((rule) => rule.check(facts));
}
