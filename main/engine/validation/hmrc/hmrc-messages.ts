/** HMRC rule findings as validation messages: HMRC's number, the boxes, our words with HMRC's beside them. */
import type { MessageAttribute, ValidationMessage } from '../../validation-result.js';
import type { HmrcFinding, RuleRun } from './evaluate-rules.js';
import type { HmrcAssertion } from './rule-table.js';
import { OUR_MESSAGES } from './our-messages.js';

/** The boxes a finding is shown against, the box to change first. */
export function boxesFor(assertion: HmrcAssertion): string[] {
  return assertion.boxes.length > 0 ? assertion.boxes : (OUR_MESSAGES[assertion.number]?.boxes ?? []);
}

function attributes(assertion: HmrcAssertion, path: string): MessageAttribute[] {
  const boxes = boxesFor(assertion);
  const out: MessageAttribute[] = [];
  if (boxes[0]) out.push({ name: 'box', value: boxes[0] });
  if (boxes.length > 1) out.push({ name: 'boxes', value: boxes.join(', ') });
  if (path) out.push({ name: 'path', value: path });
  out.push({ name: 'hmrc-message', value: assertion.hmrcMessage || assertion.rule });
  if (assertion.period.length > 0) out.push({ name: 'period', value: assertion.period.join('; ') });
  return out;
}

export function messageOf(finding: HmrcFinding): ValidationMessage {
  const { assertion } = finding;
  const words = OUR_MESSAGES[assertion.number]?.message ?? assertion.hmrcMessage ?? assertion.rule;
  return { category: 'error', type: 'business-rule', code: assertion.number, message: `Rule ${assertion.number}: ${words}`, attributes: attributes(assertion, finding.path) };
}

/** A rule that could not be evaluated is not a pass: the return cannot be called valid. */
export function unevaluatedMessage(u: RuleRun['unevaluated'][number]): ValidationMessage {
  return {
    category: 'error',
    type: 'business-rule',
    code: u.assertion.number,
    message: `Rule ${u.assertion.number}: this HMRC rule could not be checked on this return (${u.reason}), so the return cannot be called valid`,
    attributes: attributes(u.assertion, u.path),
  };
}
