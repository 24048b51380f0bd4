/** An office server on its own test database, migrated, with an admin, a clock the test moves, and sign-in over inject(). */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type pg from 'pg';
import { OFFICE_API, type SignInReply } from '../../common/office/protocol.js';
import { migrateOfficeDatabase, openOfficePool } from '../../main/server/office/database.js';
import { createOfficeServer } from '../../main/server/office/office-server.js';
import { OfficeUsers } from '../../main/server/office/users.js';
import { createTestDatabase, type TestDatabase } from '../helpers/postgres.js';

export const ADMIN = { name: 'alice', password: 'alice-password-1' };
export const CLERK = { name: 'bob', password: 'bob-password-22' };

export interface OfficeHarness {
  app: FastifyInstance;
  pool: pg.Pool;
  database: TestDatabase;
  /** Moves the server's clock on. */
  advance(ms: number): void;
  signIn(user: { name: string; password: string }, desk?: string): Promise<SignInReply>;
  request(method: 'GET' | 'POST' | 'DELETE', path: string, token?: string, body?: unknown): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

export async function startOfficeHarness(options: { log?: (line: string) => void } = {}): Promise<OfficeHarness> {
  const database = await createTestDatabase();
  const pool = openOfficePool(database.url, { max: 4 });
  await migrateOfficeDatabase(pool);
  const users = new OfficeUsers({ pool });
  const setUp = { user: 'test set-up', desk: null };
  await users.add({ name: ADMIN.name, password: ADMIN.password, admin: true }, setUp);
  await users.add({ name: CLERK.name, password: CLERK.password, admin: false }, setUp);
  let now = Date.parse('2026-12-02T09:00:00Z');
  const app = await createOfficeServer({ pool, clock: () => new Date(now), ...options });
  const request: OfficeHarness['request'] = (method, path, token, body) =>
    app.inject({ method, url: `${OFFICE_API}${path}`, headers: token ? { authorization: `Bearer ${token}` } : {}, ...(body === undefined ? {} : { payload: body as object }) });
  return {
    app,
    pool,
    database,
    advance: (ms) => (now += ms),
    async signIn(user, desk = 'front desk') {
      const reply = await request('POST', '/sessions', undefined, { user: user.name, password: user.password, desk });
      if (reply.statusCode !== 201) throw new Error(`sign-in answered ${reply.statusCode}: ${reply.body}`);
      return reply.json();
    },
    request,
    async close() {
      await app.close();
      await pool.end();
      await database.drop();
    },
  };
}
