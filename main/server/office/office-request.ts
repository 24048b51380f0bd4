/**
 * Checking a request against the protocol's schema (common/office/protocol.ts):
 * a refusal names every field at fault with the rule it broke
 * (`changes[3].baseVersion`), so a desk can show exactly what was wrong.
 */
import type { z } from 'zod';
import { fieldErrorsFromZod } from '../../engine/zod-errors.js';
import type { FieldError } from '../../engine/errors.js';
import { OfficeHttpError } from './office-context.js';

/** Most fields one refusal lists: enough to fix a request, never a body the size of a push. */
const MAX_LISTED_FIELDS = 100;
/** A field's name or rule quoted back is cut here (they may carry the caller's own text). */
const MAX_FIELD_TEXT = 300;
const clip = (text: string) => (text.length > MAX_FIELD_TEXT ? `${text.slice(0, MAX_FIELD_TEXT)}…` : text);

/** The 400 for these field errors: `invalid`, a sentence naming the first few, and the list. */
export function invalidFields(errors: FieldError[]): OfficeHttpError {
  const fields = errors.slice(0, MAX_LISTED_FIELDS).map((e) => ({ field: clip(e.field || '(body)'), message: clip(e.message) }));
  const named = fields.slice(0, 5).map((f) => `${f.field} ${f.message}`).join('; ');
  const more = errors.length > 5 ? `; and ${errors.length - 5} more` : '';
  return new OfficeHttpError(400, 'invalid', `the request is not valid: ${named}${more}`, fields);
}

/** The request's part (body, query, params) as the schema has it, or a 400 naming each field and rule. */
export function parseOfficeRequest<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (!result.success) throw invalidFields(fieldErrorsFromZod(result.error));
  return result.data;
}
