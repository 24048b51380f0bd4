/**
 * Filtered status: errors and warnings only, identical messages collapsed
 * into one that carries an `occurrences` attribute (always present in the
 * filtered form, "1" for a message seen once, so readers need no special case).
 */
import type { ValidationJobResult, ValidationMessage } from '../validation-result.js';

function identity(m: ValidationMessage): string {
  return JSON.stringify([m.category, m.type, m.code, m.message, m.attributes.map((a) => [a.name, a.value])]);
}

export function filterMessages(messages: ValidationMessage[]): ValidationMessage[] {
  const kept = new Map<string, { message: ValidationMessage; count: number }>();
  for (const m of messages) {
    if (m.category !== 'error' && m.category !== 'warning') continue;
    const key = identity(m);
    const seen = kept.get(key);
    if (seen) seen.count++;
    else kept.set(key, { message: m, count: 1 });
  }
  return [...kept.values()].map(({ message, count }) => ({
    ...message,
    attributes: [...message.attributes, { name: 'occurrences', value: String(count) }],
  }));
}

export function filterValidations(result: ValidationJobResult): ValidationJobResult {
  return { ...result, validations: result.validations.map((v) => ({ ...v, messages: filterMessages(v.messages) })) };
}
