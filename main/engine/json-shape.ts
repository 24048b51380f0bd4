/**
 * Bounds on the shape of a JSON body, checked on the raw text in one pass
 * before JSON.parse or anything else walks it. Everything downstream (the
 * prototype-key scan, zod, JSON.stringify, error lists) recurses or works per
 * value, so a body 100,000 levels deep overflows the stack and one with two
 * million keys costs gigabytes; no real request is deeper than a handful of
 * levels or holds more than a few thousand values.
 */

export interface JsonShapeLimits {
  /** Deepest nesting of arrays and objects; the top-level object is level 1. */
  maxDepth: number;
  /** Most values (object members and array elements, nested ones included). */
  maxValues: number;
}

/** Our requests are at most 4 levels deep and hold a few thousand values. */
export const DEFAULT_JSON_SHAPE_LIMITS: JsonShapeLimits = { maxDepth: 64, maxValues: 100_000 };

export type JsonShapeProblem = { kind: 'too-deep'; offset: number } | { kind: 'too-many-values' };

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACE = 0x7b;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACE = 0x7d;
const CLOSE_BRACKET = 0x5d;
const COMMA = 0x2c;

/**
 * Scans the text once, skipping strings (which may hold any bracket or
 * comma), and stops at the first limit crossed. Values are counted as commas
 * plus containers, which is never fewer than the members and elements less
 * one per container. It does not judge the syntax: JSON.parse does that
 * afterwards, on a text known to be shallow and bounded.
 */
export function jsonShapeProblem(text: string, limits: JsonShapeLimits = DEFAULT_JSON_SHAPE_LIMITS): JsonShapeProblem | undefined {
  let depth = 0;
  let values = 0;
  let inString = false;
  const length = text.length;
  for (let i = 0; i < length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === BACKSLASH) i++;
      else if (c === QUOTE) inString = false;
      continue;
    }
    if (c === QUOTE) inString = true;
    else if (c === OPEN_BRACE || c === OPEN_BRACKET) {
      if (++depth > limits.maxDepth) return { kind: 'too-deep', offset: i };
      if (++values > limits.maxValues) return { kind: 'too-many-values' };
    } else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) depth--;
    else if (c === COMMA && ++values > limits.maxValues) return { kind: 'too-many-values' };
  }
  return undefined;
}
