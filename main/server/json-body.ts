/**
 * The JSON body parser of the API operations. Our own rather than Fastify's
 * so a refusal can say what was wrong: an empty body, broken JSON, or a key
 * that could poison prototypes (`__proto__`, `constructor.prototype`), named
 * by its path in the request like any other field error.
 */
import { fieldPath } from '../engine/zod-errors.js';
import { FieldRequestError } from './error-bodies.js';

export const JSON_MEDIA_TYPE = 'application/json';

const FORBIDDEN_RULE = 'is a forbidden key (it could change the prototype of objects on the server)';

/** The path of the first key that could poison a prototype, or undefined. */
function poisonedKey(root: unknown): PropertyKey[] | undefined {
  const stack: { value: unknown; path: PropertyKey[] }[] = [{ value: root, path: [] }];
  while (stack.length > 0) {
    const { value, path } = stack.pop()!;
    if (typeof value !== 'object' || value === null) continue;
    if (Array.isArray(value)) {
      value.forEach((item, i) => stack.push({ value: item, path: [...path, i] }));
      continue;
    }
    // JSON.parse makes "__proto__" an own key, harmless here but not in code that copies objects.
    if (Object.hasOwn(value, '__proto__')) return [...path, '__proto__'];
    const ctor = (value as Record<string, unknown>).constructor;
    if (Object.hasOwn(value, 'constructor') && typeof ctor === 'object' && ctor !== null && Object.hasOwn(ctor, 'prototype')) {
      return [...path, 'constructor', 'prototype'];
    }
    for (const [key, child] of Object.entries(value)) stack.push({ value: child, path: [...path, key] });
  }
  return undefined;
}

/** Parses a request body; FieldRequestError naming "(body)" or the forbidden key. */
export function parseJsonBody(text: string): unknown {
  if (text.trim() === '') throw new FieldRequestError('(body)', 'is empty; a JSON object is required');
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    throw new FieldRequestError('(body)', `is not valid JSON: ${(err as Error).message}`);
  }
  const poisoned = poisonedKey(value);
  if (poisoned) throw new FieldRequestError(fieldPath(poisoned), FORBIDDEN_RULE);
  return value;
}
