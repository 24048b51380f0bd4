/**
 * An office for one test: its own migrated database on the run's PostgreSQL,
 * and (for the HTTP tests) the office server over it with signed-in callers.
 * Requests go through Fastify's inject: the whole server (auth hook, body
 * parsers, error bodies) without a socket.
 */
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { OFFICE_API } from '../../common/office/protocol.js';
import { migrateOfficeDatabase, openOfficePool } from '../../main/server/office/database.js';
import { createOfficeServer } from '../../main/server/office/office-server.js';
import { OfficeUsers } from '../../main/server/office/users.js';
import { createTestDatabase } from '../helpers/postgres.js';

export interface TestOffice {
  url: string;
  pool: pg.Pool;
  close(): Promise<void>;
}

export async function openTestOffice(poolSize = 10): Promise<TestOffice> {
  const database = await createTestDatabase();
  const pool = openOfficePool(database.url, { max: poolSize });
  await migrateOfficeDatabase(pool);
  return {
    url: database.url,
    pool,
    async close() {
      await pool.end();
      await database.drop();
    },
  };
}

export const TEST_PASSWORD = 'correct horse battery staple';

/** Adds the office users these tests sign in as. */
export async function addTestUsers(pool: pg.Pool, names: readonly string[]): Promise<void> {
  const users = new OfficeUsers({ pool });
  for (const name of names) await users.add({ name, password: TEST_PASSWORD, admin: false }, { user: 'test-set-up', desk: null });
}

export interface OfficeReply {
  status: number;
  json: any;
  headers: Record<string, unknown>;
  raw: Buffer;
}

/** One desk signed in to the server: its requests carry its session. */
export interface TestDesk {
  request(method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown, contentType?: string): Promise<OfficeReply>;
}

export async function startTestServer(pool: pg.Pool, clock: () => Date = () => new Date()): Promise<FastifyInstance> {
  const app = await createOfficeServer({ pool, clock });
  await app.ready();
  return app;
}

export async function signInDesk(app: FastifyInstance, user: string, desk: string): Promise<TestDesk> {
  const signIn = await app.inject({ method: 'POST', url: `${OFFICE_API}/sessions`, payload: { user, password: TEST_PASSWORD, desk } });
  if (signIn.statusCode !== 201) throw new Error(`sign-in of ${user} failed: ${signIn.statusCode} ${signIn.body}`);
  const token = (signIn.json() as { token: string }).token;
  return {
    async request(method, path, body, contentType) {
      const headers: Record<string, string> = { authorization: `Bearer ${token}` };
      if (contentType) headers['content-type'] = contentType;
      const payload = body === undefined ? undefined : Buffer.isBuffer(body) ? body : JSON.stringify(body);
      if (payload !== undefined && !contentType) headers['content-type'] = 'application/json';
      const reply = await app.inject({ method, url: `${OFFICE_API}${path}`, headers, ...(payload === undefined ? {} : { payload }) });
      const isJson = String(reply.headers['content-type'] ?? '').startsWith('application/json');
      return { status: reply.statusCode, json: isJson ? reply.json() : undefined, headers: reply.headers, raw: reply.rawPayload };
    },
  };
}
