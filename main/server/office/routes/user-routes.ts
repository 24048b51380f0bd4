/** The office's users, for admins: GET /users, POST /users (add, or replace a password), DELETE /users/<name>. */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { addUserRequest, officeUserName } from '../../../../common/office/protocol.js';
import type { OfficeRouteDeps } from '../office-context.js';
import { parseOfficeRequest } from '../office-request.js';
import type { OfficeUsers } from '../users.js';
import { adminCaller } from './admin-only.js';

const userParams = z.object({ name: officeUserName });

export function registerUserRoutes(api: FastifyInstance, deps: OfficeRouteDeps, users: OfficeUsers): void {
  api.get('/users', async (request) => {
    adminCaller(deps, request, 'list the users');
    return { users: await users.list() };
  });

  api.post('/users', async (request, reply) => {
    const admin = adminCaller(deps, request, 'add users');
    const input = parseOfficeRequest(addUserRequest, request.body);
    const done = await users.add(input, { user: admin.user, desk: admin.desk });
    return reply.code(done === 'added' ? 201 : 200).send({ user: { name: input.name, admin: input.admin }, replaced: done === 'replaced' });
  });

  api.delete('/users/:name', async (request, reply) => {
    const admin = adminCaller(deps, request, 'remove users');
    const { name } = parseOfficeRequest(userParams, request.params);
    await users.remove(name, { user: admin.user, desk: admin.desk });
    return reply.code(204).send();
  });
}
