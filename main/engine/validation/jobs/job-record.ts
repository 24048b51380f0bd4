/** A job as stored on disk, validated with zod when it is read back. */
import { z } from 'zod';
import type { ValidationJobResult } from '../../validation-result.js';

const messageSchema = z.object({
  category: z.enum(['error', 'warning', 'info']),
  type: z.string(),
  code: z.string(),
  message: z.string(),
  attributes: z.array(z.object({ name: z.string(), value: z.string() })),
});

const resultSchema = z.object({
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
});

export const jobRecordSchema = z.object({
  version: z.literal(1),
  id: z.string(),
  fileName: z.string(),
  createdAt: z.string(),
  result: resultSchema,
  /** Why a job failed without a check of its own to say so (interrupted, unreadable record). */
  failureReason: z.string().optional(),
});

export type JobRecord = z.infer<typeof jobRecordSchema> & { result: ValidationJobResult };
