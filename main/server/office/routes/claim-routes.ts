/** Filing claims: POST /claims takes one, POST /claims/release ends it with the filing's outcome. */
import type { FastifyInstance } from 'fastify';
import { filingClaimRequest, filingReleaseRequest } from '../../../../common/office/protocol.js';
import { claimFiling, releaseClaim } from '../filing-claims.js';
import type { OfficeRouteDeps } from '../office-context.js';
import { parseOfficeRequest } from '../office-request.js';

export function registerClaimRoutes(app: FastifyInstance, deps: OfficeRouteDeps): void {
  app.post('/claims', async (request) => {
    const caller = deps.caller(request);
    const claim = parseOfficeRequest(filingClaimRequest, request.body);
    return claimFiling(deps.pool, caller, claim, deps.clock);
  });

  app.post('/claims/release', async (request) => {
    const caller = deps.caller(request);
    const release = parseOfficeRequest(filingReleaseRequest, request.body);
    await releaseClaim(deps.pool, caller, release, deps.clock);
    return { released: release.claimId, outcome: release.outcome };
  });
}
