/**
 * The service's success bodies as the interface describes them, checked on
 * arrival so a wrong answer is an UnexpectedResponseError here rather than a
 * crash somewhere in the UI. Unknown extra fields are tolerated (a newer
 * service may add some).
 */
import { z } from 'zod';

const nullableString = z.string().nullable();

export const ct600BuildResponseSchema = z.object({
  xmlDoc: nullableString,
  originalXmlDoc: nullableString,
  irMark: nullableString,
});

export const reportPackageResponseSchema = z.object({
  zipContentBase64: z.string(),
  hashResult: z.object({ Hash_Result: z.string() }).optional(),
});

export const createdValidationJobSchema = z.object({ id: z.string().min(1) });

const messageSchema = z.object({
  category: z.enum(['error', 'warning', 'info']),
  type: z.string(),
  code: z.string(),
  message: z.string(),
  attributes: z.array(z.object({ name: z.string(), value: z.string() })),
});

export const validationJobResultSchema = z.object({
  jobStatus: z.enum(['queued', 'running', 'success', 'failed']).nullable(),
  startDateTime: nullableString,
  endDateTime: nullableString,
  validations: z.array(
    z.object({
      validationType: z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3), z.literal(4)]),
      validationResult: z.enum(['valid', 'invalid']),
      messages: z.array(messageSchema),
    }),
  ),
});
