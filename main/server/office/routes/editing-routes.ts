/** Who is editing what: POST /editing opens (or keeps open) or closes a record on this desk; GET /editing lists who has what open. */
import type { FastifyInstance } from 'fastify';
import { editingRequest } from '../../../../common/office/protocol.js';
import { closeEditing, listEditing, openEditing } from '../editing.js';
import type { OfficeRouteDeps } from '../office-context.js';
import { parseOfficeRequest } from '../office-request.js';

export function registerEditingRoutes(app: FastifyInstance, deps: OfficeRouteDeps): void {
  // Answered with the list as it now stands, so a desk opening a record learns in the same round trip who else has it open.
  app.post('/editing', async (request) => {
    const caller = deps.caller(request);
    const { kind, id, open } = parseOfficeRequest(editingRequest, request.body);
    if (open) await openEditing(deps.pool, caller, kind, id, deps.clock);
    else await closeEditing(deps.pool, caller, kind, id);
    return { editing: await listEditing(deps.pool, deps.clock) };
  });

  app.get('/editing', async (request) => {
    deps.caller(request);
    return { editing: await listEditing(deps.pool, deps.clock) };
  });
}
