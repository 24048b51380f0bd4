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

export function fieldErrorsFromZod(error: z.ZodError): FieldError[] {
  return error.issues.map((issue) => ({ field: fieldPath(issue.path), message: issue.message }));
}

/** Parse with a schema or throw a RequestValidationError listing every problem. */
export function parseRequest<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (!result.success) throw new RequestValidationError(fieldErrorsFromZod(result.error));
  return result.data;
}
