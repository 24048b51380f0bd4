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

/** Tolerant of words the interface leaves unshown (the job store reads its own files strictly). */
export { serviceValidationJobResultSchema } from '../../engine/validation-result-schema.js';
