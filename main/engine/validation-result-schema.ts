/**
 * The "Validation job result" as zod schemas, for results that arrive from
 * outside this process. Two readings of the same shape:
 *
 * - `validationJobResultSchema`, strict: our own job files, whose words we
 *   wrote ourselves; the `satisfies` keeps it in step with ValidationJobResult.
 * - `serviceValidationJobResultSchema`, tolerant: the remote service's answer.
 *   The interface shows the fields and their types but says the allowed
 *   values of jobStatus, validationResult, validationType and category are
 *   "not shown", so any string or integer is read as given (a closed list
 *   would make every status call fail on a word of theirs we never saw).
 *
 * Unknown extra fields are dropped, not refused (a newer service may add some).
 */
import { z } from 'zod';
import type { JobStatus, MessageCategory, ValidationJobResult, ValidationResultWord } from './validation-result.js';

const attributesSchema = z.array(z.object({ name: z.string(), value: z.string() }));
/** Our addition to the interface's validation object: what could not be checked, and the packages to install. */
const notCheckedSchema = z.object({ install: z.array(z.string()) });

const messageSchema = z.object({
  category: z.enum(['error', 'warning', 'info']),
  type: z.string(),
  code: z.string(),
  message: z.string(),
  attributes: attributesSchema,
});

export const validationJobResultSchema = z.object({
  jobStatus: z.enum(['queued', 'running', 'success', 'failed']).nullable(),
  startDateTime: z.string().nullable(),
  endDateTime: z.string().nullable(),
  validations: z.array(
    z.object({
      validationType: z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3), z.literal(4)]),
      validationResult: z.enum(['valid', 'invalid']),
      messages: z.array(messageSchema),
      notChecked: notCheckedSchema.optional(),
    }),
  ),
}) satisfies z.ZodType<ValidationJobResult>;

/** Our words, or any other the service uses (`string & {}` keeps ours suggested by the editor). */
type Word<Known extends string> = Known | (string & {});

/** A validation job result as the remote service reports it: the interface's types, any words. */
export interface ServiceValidationJobResult {
  jobStatus: Word<JobStatus> | null;
  startDateTime: string | null;
  endDateTime: string | null;
  validations: {
    validationType: number;
    validationResult: Word<ValidationResultWord>;
    /** Filing Desk's own service adds it; another service may not. */
    notChecked?: { install: string[] };
    messages: {
      category: Word<MessageCategory>;
      type: string;
      code: string;
      message: string;
      attributes: { name: string; value: string }[];
    }[];
  }[];
}

export const serviceValidationJobResultSchema = z.object({
  jobStatus: z.string().nullable(),
  startDateTime: z.string().nullable(),
  endDateTime: z.string().nullable(),
  validations: z.array(
    z.object({
      validationType: z.number().int(),
      validationResult: z.string(),
      notChecked: notCheckedSchema.optional(),
      messages: z.array(
        z.object({ category: z.string(), type: z.string(), code: z.string(), message: z.string(), attributes: attributesSchema }),
      ),
    }),
  ),
}) satisfies z.ZodType<ServiceValidationJobResult>;
