/**
 * The "Validation job result" as a zod schema, for results that arrive from
 * outside this process: a job file read back from disk, or the remote
 * service's answer. One schema so both accept exactly the same shape; the
 * `satisfies` keeps it in step with the ValidationJobResult type. Unknown
 * extra fields are dropped, not refused (a newer service may add some).
 */
import { z } from 'zod';
import type { ValidationJobResult } from './validation-result.js';

const messageSchema = z.object({
  category: z.enum(['error', 'warning', 'info']),
  type: z.string(),
  code: z.string(),
  message: z.string(),
  attributes: z.array(z.object({ name: z.string(), value: z.string() })),
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
    }),
  ),
}) satisfies z.ZodType<ValidationJobResult>;
