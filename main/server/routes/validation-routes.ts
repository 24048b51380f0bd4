/**
 * Validation jobs: our extension POST /validation creates one (the interface
 * does not show how), and the interface's two status operations read it.
 * Job ids are UUIDs; anything else (including "../" tricks) is a 400 before
 * it can reach the file system.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { EngineOperations } from '../../service/engine-operations.js';
import { parseRequest } from '../../engine/zod-errors.js';
import { API_VERSION_HEADER, apiVersionProblem } from '../api-version.js';
import { sendFieldError } from '../error-bodies.js';

const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

export const validationJobRequestSchema = z.strictObject({
  fileName: z
    .string()
    .min(1, 'must not be empty')
    .max(255, 'must be at most 255 characters')
    .refine((n) => !/[\\/\0]/.test(n) && n !== '.' && n !== '..', 'must be a plain file name without folders'),
  contentBase64: z.string().min(1, 'must not be empty').regex(BASE64, 'must be base64 without line breaks'),
});

const jobId = z.uuid('must be a validation job id (a UUID)');

export function registerValidationRoutes(app: FastifyInstance, engine: EngineOperations): void {
  app.post('/validation', async (request, reply) => {
    const body = parseRequest(validationJobRequestSchema, request.body);
    const created = await engine.createValidationJob(body.fileName, Buffer.from(body.contentBase64, 'base64'));
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
