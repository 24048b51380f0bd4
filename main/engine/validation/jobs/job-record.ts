/** A job as stored on disk, validated with zod when it is read back. */
import { z } from 'zod';
import type { ValidationJobResult } from '../../validation-result.js';
import { validationJobResultSchema } from '../../validation-result-schema.js';

export const jobRecordSchema = z.object({
  version: z.literal(1),
  id: z.string(),
  fileName: z.string(),
  createdAt: z.string(),
  result: validationJobResultSchema,
  /** Why a job failed without a check of its own to say so (interrupted, unreadable record). */
  failureReason: z.string().optional(),
});

export type JobRecord = z.infer<typeof jobRecordSchema> & { result: ValidationJobResult };
