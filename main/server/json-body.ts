/**
 * The JSON body parser of the API operations. Our own rather than Fastify's
 * so a refusal can say what was wrong: an empty body, broken JSON, nesting or
 * a number of values beyond what any request needs, or a key that could
 * poison prototypes (`__proto__`, `constructor.prototype`), named by its path
 * in the request like any other field error.
 */
import { setImmediate } from 'node:timers/promises';
import { fieldPath } from '../engine/zod-errors.js';
import { FieldRequestError } from './error-bodies.js';
import { DEFAULT_JSON_SHAPE_LIMITS, jsonShapeProblem, type JsonShapeLimits } from '../engine/json-shape.js';

export const JSON_MEDIA_TYPE = 'application/json';

const FORBIDDEN_RULE = 'is a forbidden key (it could change the prototype of objects on the server)';

interface Visit {
  value: unknown;
  /** The step from the parent; the path is rebuilt only when a key is found, so the walk stays linear. */
  key: PropertyKey | undefined;
  parent: Visit | undefined;
}

function pathOf(visit: Visit, last: PropertyKey[]): PropertyKey[] {
  const path: PropertyKey[] = [];
  for (let v: Visit | undefined = visit; v?.key !== undefined; v = v.parent) path.push(v.key);
  return [...path.reverse(), ...last];
}

/** The path of the first key that could poison a prototype, or undefined. */
function poisonedKey(root: unknown): PropertyKey[] | undefined {
  const stack: Visit[] = [{ value: root, key: undefined, parent: undefined }];
  while (stack.length > 0) {
    const visit = stack.pop()!;
    const value = visit.value;
    if (typeof value !== 'object' || value === null) continue;
    if (Array.isArray(value)) {
      value.forEach((item, i) => stack.push({ value: item, key: i, parent: visit }));
      continue;
    }
    // JSON.parse makes "__proto__" an own key, harmless here but not in code that copies objects.
    if (Object.hasOwn(value, '__proto__')) return pathOf(visit, ['__proto__']);
    const ctor = (value as Record<string, unknown>).constructor;
    if (Object.hasOwn(value, 'constructor') && typeof ctor === 'object' && ctor !== null && Object.hasOwn(ctor, 'prototype')) {
      return pathOf(visit, ['constructor', 'prototype']);
    }
    for (const key of Object.keys(value)) stack.push({ value: (value as Record<string, unknown>)[key], key, parent: visit });
  }
  return undefined;
}

/** Parses a request body; FieldRequestError naming "(body)" or the forbidden key. */
export function parseJsonBody(text: string, limits: JsonShapeLimits = DEFAULT_JSON_SHAPE_LIMITS): unknown {
  checkBodyShape(text, limits);
  return checkedKeys(parsedBody(text));
}

/**
 * parseJsonBody, letting the event loop run between its steps: on a body of
 * tens of megabytes each step (the shape scan, JSON.parse) takes about
 * 100 ms here, and the server must go on answering other requests (a status
 * poll, a token) meanwhile. The same rules, in the same order.
 */
export async function parseJsonBodyInSteps(text: string, limits: JsonShapeLimits = DEFAULT_JSON_SHAPE_LIMITS): Promise<unknown> {
  checkBodyShape(text, limits);
  await setImmediate();
  const value = parsedBody(text);
  await setImmediate();
  return checkedKeys(value);
}

function checkBodyShape(text: string, limits: JsonShapeLimits): void {
  if (text.trim() === '') throw new FieldRequestError('(body)', 'is empty; a JSON object is required');
  // Before JSON.parse: nothing may recurse over a body until its depth is known to be sane.
  const shape = jsonShapeProblem(text, limits);
  if (shape?.kind === 'too-deep') {
    throw new FieldRequestError('(body)', `is nested more than ${limits.maxDepth} levels deep (at character ${shape.offset}); requests are at most a few levels deep`);
  }
  if (shape?.kind === 'too-many-values') {
    throw new FieldRequestError('(body)', `holds more than ${limits.maxValues} values; no request of this service needs that many`);
  }
}

function parsedBody(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (err) {
    throw new FieldRequestError('(body)', `is not valid JSON: ${(err as Error).message.slice(0, 200)}`);
  }
}

function checkedKeys(value: unknown): unknown {
  const poisoned = poisonedKey(value);
  if (poisoned) throw new FieldRequestError(fieldPath(poisoned), FORBIDDEN_RULE);
  return value;
}
