/** Companies House submission numbers: POST /submission-numbers takes the next one for a presenter, unique across the office's desks. */
import type { FastifyInstance } from 'fastify';
import { submissionNumberRequest } from '../../../../common/office/protocol.js';
import type { OfficeRouteDeps } from '../office-context.js';
import { parseOfficeRequest } from '../office-request.js';
import { takeSubmissionNumber } from '../submission-numbers.js';

export function registerSubmissionNumberRoutes(app: FastifyInstance, deps: OfficeRouteDeps): void {
  app.post('/submission-numbers', async (request) => {
    const caller = deps.caller(request);
    const taking = parseOfficeRequest(submissionNumberRequest, request.body);
    return takeSubmissionNumber(deps.pool, caller, taking, deps.clock);
  });
}
