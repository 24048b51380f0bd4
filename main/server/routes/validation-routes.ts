/**
 * Validation jobs: our extension POST /validation creates one (the interface
 * does not show how), and the interface's two status operations read it.
 * Job ids are UUIDs; anything else (including "../" tricks) is a 400 before
 * it can reach the file system.
 */
import { setImmediate } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { EngineOperations } from '../../service/engine-operations.js';
import { parseRequest } from '../../engine/zod-errors.js';
import { API_VERSION_HEADER, apiVersionProblem } from '../api-version.js';
import { sendFieldError } from '../error-bodies.js';

/**
 * Base64 in linear time: a single character class under * runs as a loop,
 * where a repeated group ((?:x{4})*) recursed per group and overflowed the
 * stack on uploads of a few megabytes. With the length a multiple of four,
 * this accepts exactly what the grouped form did.
 */
const BASE64_CHARS = /^[A-Za-z0-9+/]*={0,2}$/;
export const isBase64Text = (text: string) => text.length % 4 === 0 && BASE64_CHARS.test(text);

export const validationJobRequestSchema = z.strictObject({
  fileName: z
    .string()
    .min(1, 'must not be empty')
    .max(255, 'must be at most 255 characters')
    .refine((n) => !/[\\/\0]/.test(n) && n !== '.' && n !== '..', 'must be a plain file name without folders'),
  contentBase64: z.string().min(1, 'must not be empty').refine(isBase64Text, 'must be base64 without line breaks'),
});

const jobId = z.uuid('must be a validation job id (a UUID)');

export function registerValidationRoutes(app: FastifyInstance, engine: EngineOperations): void {
  app.post('/validation', async (request, reply) => {
    const body = parseRequest(validationJobRequestSchema, request.body);
    // The base64 check and the decoding of a 20 MB file are two long steps: other requests are answered between them.
    await setImmediate();
    const bytes = Buffer.from(body.contentBase64, 'base64');
    await setImmediate();
    const created = await engine.createValidationJob(body.fileName, bytes);
    return reply.code(202).header('location', `/validation/status/${created.id}`).send({ id: created.id });
  });

  const statusRoute = (path: string, versionRequired: boolean, read: (id: string) => ReturnType<EngineOperations['getValidationStatus']>) =>
    app.get<{ Params: { id: string } }>(path, async (request, reply) => {
      const problem = apiVersionProblem(request.headers[API_VERSION_HEADER], versionRequired);
      if (problem) return sendFieldError(reply, API_VERSION_HEADER, problem);
      const id = jobId.safeParse(request.params.id);
      if (!id.success) return sendFieldError(reply, 'id', id.error.issues[0]?.message ?? 'must be a UUID');
      const result = await read(id.data);
      if (!result) return reply.code(404).send({ error: 'not-found', message: `There is no validation job ${id.data}.` });
      return result;
    });

  statusRoute('/validation/status/:id', true, (id) => engine.getValidationStatus(id));
  statusRoute('/validation/filtered-status/:id', false, (id) => engine.getFilteredValidationStatus(id));
}
