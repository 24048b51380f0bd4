/**
 * POST /report-package and POST /hrmc/build-ct600. The engine applies its own
 * zod schema to the body (the one the app uses offline) and refuses a bad
 * request with every field error; the error handler turns that into a 400.
 */
import type { FastifyInstance } from 'fastify';
import type { EngineOperations } from '../../service/engine-operations.js';
import { sendFieldError } from '../error-bodies.js';

/** The hash switch of the report package operation (the interface does not name it). */
export const HASH_SWITCH = 'includeHash';

export function registerOperationRoutes(app: FastifyInstance, engine: EngineOperations): void {
  app.post('/report-package', async (request, reply) => {
    const raw = (request.query as Record<string, unknown>)[HASH_SWITCH];
    if (raw !== undefined && raw !== 'true' && raw !== 'false') {
      return sendFieldError(reply, HASH_SWITCH, 'must be "true" or "false"');
    }
    return engine.createReportPackage(request.body, { includeHash: raw === 'true' });
  });

  app.post('/hrmc/build-ct600', async (request) => engine.buildCt600(request.body));
}
