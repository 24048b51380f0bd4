/**
 * Records and their files: POST /push, GET /changes, POST /attachments/missing,
 * PUT and GET /attachments/<sha256>.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { MAX_OFFICE_ATTACHMENT_BYTES, MAX_PULL_CHANGES, missingAttachmentsRequest, pushRequest, sha256Hex } from '../../../../common/office/protocol.js';
import { missingAttachments, readAttachment, storeAttachment } from '../attachments.js';
import { OfficeHttpError, type OfficeRouteDeps } from '../office-context.js';
import { pullChanges, pushChanges } from '../records.js';
import { parseOfficeRequest } from '../office-request.js';

const attachmentParams = z.object({ sha256: sha256Hex });
const changesQuery = z.strictObject({
  after: z.coerce.number().int('a whole number').min(0).max(Number.MAX_SAFE_INTEGER).default(0),
  limit: z.coerce.number().int('a whole number').min(1).max(MAX_PULL_CHANGES).default(MAX_PULL_CHANGES),
});

export function registerRecordRoutes(app: FastifyInstance, deps: OfficeRouteDeps): void {
  app.post('/push', async (request) => {
    const caller = deps.caller(request);
    const { changes } = parseOfficeRequest(pushRequest, request.body);
    return { results: await pushChanges(deps.pool, caller, changes, deps.clock) };
  });

  app.get('/changes', async (request) => {
    deps.caller(request);
    const { after, limit } = parseOfficeRequest(changesQuery, request.query);
    return pullChanges(deps.pool, after, limit);
  });

  app.post('/attachments/missing', async (request) => {
    deps.caller(request);
    const { sha256 } = parseOfficeRequest(missingAttachmentsRequest, request.body);
    return { missing: await missingAttachments(deps.pool, sha256) };
  });

  app.put('/attachments/:sha256', { bodyLimit: MAX_OFFICE_ATTACHMENT_BYTES }, async (request) => {
    const caller = deps.caller(request);
    const { sha256 } = parseOfficeRequest(attachmentParams, request.params);
    if (!Buffer.isBuffer(request.body)) {
      throw new OfficeHttpError(400, 'invalid', 'A file is sent as its bytes (Content-Type: application/octet-stream).', [
        { field: 'body', message: 'must be the file as application/octet-stream' },
      ]);
    }
    await storeAttachment(deps.pool, caller, sha256, request.body);
    return { stored: sha256 };
  });

  app.get('/attachments/:sha256', async (request, reply) => {
    deps.caller(request);
    const { sha256 } = parseOfficeRequest(attachmentParams, request.params);
    const bytes = await readAttachment(deps.pool, sha256);
    return reply.type('application/octet-stream').send(bytes);
  });
}
