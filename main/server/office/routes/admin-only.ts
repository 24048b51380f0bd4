/** The office's admin routes (users, audit trail) answer admins only. */
import type { FastifyRequest } from 'fastify';
import { OfficeHttpError, type OfficeCaller, type OfficeRouteDeps } from '../office-context.js';

export function adminCaller(deps: OfficeRouteDeps, request: FastifyRequest, what: string): OfficeCaller {
  const caller = deps.caller(request);
  if (!caller.admin) throw new OfficeHttpError(403, 'forbidden', `only an office admin may ${what}; ${caller.user} is not one`);
  return caller;
}
