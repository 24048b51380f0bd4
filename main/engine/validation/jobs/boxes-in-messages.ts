/**
 * A job's messages are read by people and by scripts that show only the
 * message text (the office server's status and filtered status). A business
 * rule names its boxes in attributes; the text says them too, so a reader
 * without the attributes still knows which box to change.
 */
import type { Validation, ValidationMessage } from '../../validation-result.js';

/** The boxes a message concerns, from its `box` (or `boxes`) attributes. */
export function boxesOf(m: ValidationMessage): string[] {
  const boxes = m.attributes.filter((a) => a.name === 'box' || a.name === 'boxes').flatMap((a) => a.value.split(/[\s,]+/));
  return [...new Set(boxes.filter((b) => b !== ''))];
}

export function namingBoxes(m: ValidationMessage): ValidationMessage {
  if (m.type !== 'business-rule') return m;
  const boxes = boxesOf(m);
  const ruleLabel = `Rule ${m.code}`;
  if (boxes.length === 0 || !m.message.startsWith(ruleLabel) || m.message.startsWith(`${ruleLabel} (box`)) return m;
  const label = `${ruleLabel} (box${boxes.length > 1 ? 'es' : ''} ${boxes.join(', ')})`;
  return { ...m, message: `${label}${m.message.slice(ruleLabel.length)}` };
}

export function withBoxesNamed(validations: Validation[]): Validation[] {
  return validations.map((v) => ({ ...v, messages: v.messages.map(namingBoxes) }));
}
