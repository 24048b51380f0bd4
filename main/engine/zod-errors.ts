import type { z } from 'zod';
import { RequestValidationError, type FieldError } from './errors.js';

/** "attachedFiles[1].value" from ['attachedFiles', 1, 'value']: the form the UI and the 400 body use. */
export function fieldPath(path: ReadonlyArray<PropertyKey>): string {
  let out = '';
  for (const part of path) {
    if (typeof part === 'number') out += `[${part}]`;
    else out += out === '' ? String(part) : `.${String(part)}`;
  }
  return out;
}

/**
 * zod's issues as field errors a person can act on: an unknown key is named
 * as its own field (a misspelt figure must never vanish silently), and a
 * missing value says "is required" rather than "received undefined".
 */
export function fieldErrorsFromZod(error: z.ZodError): FieldError[] {
  const out: FieldError[] = [];
  for (const issue of error.issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) {
        out.push({ field: fieldPath([...issue.path, key]), message: 'is not a known field of this request' });
      }
    } else if (issue.code === 'invalid_type' && /received undefined$/.test(issue.message)) {
      out.push({ field: fieldPath(issue.path), message: `is required (${issue.expected === 'object' ? 'an object' : `a ${issue.expected}`})` });
    } else {
      out.push({ field: fieldPath(issue.path), message: issue.message });
    }
  }
  return out;
}

/** Parse with a schema or throw a RequestValidationError listing every problem. */
export function parseRequest<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (!result.success) throw new RequestValidationError(fieldErrorsFromZod(result.error));
  return result.data;
}
