/** The audit trail for admins: GET /audit?after=<n>&limit=<n>, oldest first, `more` when there is more after the last. */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { OfficeRouteDeps } from '../office-context.js';
import { parseOfficeRequest } from '../office-request.js';
import { adminCaller } from './admin-only.js';

export const MAX_AUDIT_ENTRIES = 1000;

const auditQuery = z.strictObject({
  after: z.coerce.number().int('a whole number').min(0).default(0),
  limit: z.coerce.number().int('a whole number').min(1).max(MAX_AUDIT_ENTRIES).default(200),
});

interface AuditRow {
  n: string;
  at: Date;
  user_name: string;
  desk: string | null;
  action: string;
  kind: string | null;
  id: string | null;
  detail: unknown;
}

export function registerAuditRoutes(api: FastifyInstance, deps: OfficeRouteDeps): void {
  api.get('/audit', async (request) => {
    adminCaller(deps, request, 'read the audit trail');
    const { after, limit } = parseOfficeRequest(auditQuery, request.query);
    const rows = (await deps.pool.query<AuditRow>('SELECT n, at, user_name, desk, action, kind, id, detail FROM office_audit WHERE n > $1 ORDER BY n LIMIT $2', [after, limit + 1])).rows;
    return {
      entries: rows.slice(0, limit).map((r) => ({ n: Number(r.n), at: r.at.toISOString(), user: r.user_name, desk: r.desk, action: r.action, kind: r.kind, id: r.id, detail: r.detail })),
      more: rows.length > limit,
    };
  });
}
