/** Signing in and out, and who the caller is: POST /sessions, DELETE /sessions/current, GET /whoami. */
import type { FastifyInstance } from 'fastify';
import { signInRequest } from '../../../../common/office/protocol.js';
import { OfficeHttpError, type OfficeRouteDeps } from '../office-context.js';
import { parseOfficeRequest } from '../office-request.js';
import { bearerToken, type OfficeSessions } from '../sessions.js';

export function registerSessionRoutes(api: FastifyInstance, deps: OfficeRouteDeps, sessions: OfficeSessions): void {
  api.post('/sessions', { config: { officeSignedOut: true } }, async (request, reply) => {
    const signIn = parseOfficeRequest(signInRequest, request.body);
    return reply.code(201).send(await sessions.signIn(signIn));
  });

  api.delete('/sessions/current', async (request, reply) => {
    const caller = deps.caller(request);
    const token = bearerToken(request.headers.authorization);
    if (!token) throw new OfficeHttpError(401, 'unauthorised', 'sign in first: this request needs a session (Authorization: Bearer <token>)');
    await sessions.signOut(token, caller);
    return reply.code(204).send();
  });

  api.get('/whoami', async (request) => {
    const caller = deps.caller(request);
    return { user: caller.user, admin: caller.admin, desk: caller.desk };
  });
}
