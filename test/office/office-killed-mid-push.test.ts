/**
 * The office killed mid-push and restarted loses and duplicates nothing: the
 * real `cli office serve` in a child process, killed outright (SIGKILL, no
 * chance to tidy up) while a desk's push of 400 clients is inside its
 * transaction, started again on the same database, and the same batch pushed
 * again with the same change ids, as a desk retrying does.
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changesReply, OFFICE_API, pushReply, type PushChange } from '../../common/office/protocol.js';
import { CHANGE_SEQUENCE_LOCK } from '../../main/server/office/records.js';
import { startCli } from '../cli/run-cli.js';
import { addTestUsers, openTestOffice, TEST_PASSWORD, type TestOffice } from './office-test-office.js';

const CLIENTS = 400;

function startOffice(databaseUrl: string) {
  const office = startCli(['office', 'serve', '--database', databaseUrl, '--port', '0']);
  const listening = new Promise<string>((resolve, reject) => {
    let seen = '';
    office.child.stdout!.on('data', (chunk: Buffer | string) => {
      seen += String(chunk);
      const found = /office: listening on (http:\/\/\S+)/.exec(seen);
      if (found) resolve(found[1]!);
    });
    void office.done.then((ended) => reject(new Error(`the office ended before listening (${ended.code ?? ended.signal}): ${ended.stderr}`)));
  });
  return { ...office, listening };
}

async function call(base: string, token: string | undefined, method: string, path: string, body?: unknown): Promise<Response> {
  return fetch(`${base}${OFFICE_API}${path}`, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

async function signIn(base: string): Promise<string> {
  const reply = await call(base, undefined, 'POST', '/sessions', { user: 'dana', password: TEST_PASSWORD, desk: 'dana-desk' });
  expect(reply.status).toBe(201);
  return ((await reply.json()) as { token: string }).token;
}

/** A client as clients.json keeps one, with a paragraph of notes as a firm's records have. */
function clientBody(n: number) {
  return { name: `Client ${n} Ltd`, companyNumber: String(10_000_000 + n), utr: String(1_000_000_000 + n), notes: 'Year end 31 March. '.repeat(60) };
}

describe('the office killed mid-push', () => {
  let database: TestOffice;
  beforeAll(async () => {
    database = await openTestOffice(2);
    await addTestUsers(database.pool, ['dana']);
  });
  afterAll(async () => database.close());

  it('and restarted loses and duplicates nothing', async () => {
    const batch: PushChange[] = Array.from({ length: CLIENTS }, (_, n) => ({
      changeId: randomUUID(),
      kind: 'client',
      id: `killed-${n}`,
      baseVersion: 0,
      body: clientBody(n),
      deleted: false,
      attachments: [],
    }));

    const first = startOffice(database.url);
    try {
      const base = await first.listening;
      const token = await signIn(base);
      // Held mid-batch for certain: a transaction of the test's own keeps the history table locked, so the push
      // takes the change sequence's lock, writes the current rows and then waits to write the history rows.
      const blocker = new pg.Client({ connectionString: database.url });
      await blocker.connect();
      await blocker.query('BEGIN');
      await blocker.query('LOCK TABLE office_record_versions IN SHARE ROW EXCLUSIVE MODE');
      const push = call(base, token, 'POST', '/push', { changes: batch }).then(
        (reply) => `answered ${reply.status}`,
        (error: Error) => `failed: ${error.message}`,
      );
      try {
        for (let tries = 0; ; tries++) {
          const { rows } = await database.pool.query<{ n: string }>(
            "SELECT count(*) AS n FROM pg_locks l JOIN pg_class c ON c.oid = l.relation WHERE c.relname = 'office_record_versions' AND NOT l.granted",
          );
          if (Number(rows[0]!.n) > 0) break;
          if (tries > 3000) throw new Error('the push never reached the history rows');
          await new Promise((resolve) => setTimeout(resolve, 10));
        }
        const holding = await database.pool.query<{ n: string }>(
          "SELECT count(*) AS n FROM pg_locks WHERE locktype = 'advisory' AND granted AND classid::bigint = ($1::bigint >> 32) AND objid::bigint = ($1::bigint & 4294967295)",
          [CHANGE_SEQUENCE_LOCK],
        );
        expect(Number(holding.rows[0]!.n)).toBe(1);
        first.child.kill('SIGKILL');
        expect(await push).toMatch(/^failed/);
        expect((await first.done).signal).toBe('SIGKILL');
      } finally {
        // The killed office's transaction now finds its desk gone and is rolled back by PostgreSQL.
        await blocker.query('ROLLBACK');
        await blocker.end();
      }
    } finally {
      first.child.kill('SIGKILL');
    }
    const committedBeforeKill = Number((await database.pool.query<{ n: string }>('SELECT count(*) AS n FROM office_records')).rows[0]!.n);
    expect(committedBeforeKill).toBe(0);

    const second = startOffice(database.url);
    try {
      const base = await second.listening;
      const token = await signIn(base);
      const retried = await call(base, token, 'POST', '/push', { changes: batch });
      expect(retried.status).toBe(200);
      const results = pushReply.parse(await retried.json()).results;
      expect(results.filter((r) => r.status === 'applied' && r.version === 1)).toHaveLength(CLIENTS);
      // A desk whose reply was lost retries again: the same answers, nothing written twice.
      const again = await call(base, token, 'POST', '/push', { changes: batch });
      expect(pushReply.parse(await again.json()).results).toEqual(results);

      const pulled: string[] = [];
      for (let after = 0, more = true; more; ) {
        const page = changesReply.parse(await (await call(base, token, 'GET', `/changes?after=${after}&limit=150`)).json());
        pulled.push(...page.changes.map((c) => `${c.id}@${c.version}`));
        ({ last: after, more } = page);
      }
      expect(pulled).toHaveLength(CLIENTS);
      expect(new Set(pulled)).toEqual(new Set(batch.map((c) => `${c.id}@1`)));
    } finally {
      second.child.kill('SIGTERM');
      await second.done;
    }

    const counts = await database.pool.query<{ records: string; versions: string; applied: string; audited: string }>(
      `SELECT (SELECT count(*) FROM office_records) AS records, (SELECT count(*) FROM office_record_versions) AS versions,
              (SELECT count(*) FROM office_applied_changes) AS applied, (SELECT count(*) FROM office_audit WHERE action = 'record-changed') AS audited`,
    );
    expect(counts.rows[0]).toEqual({ records: String(CLIENTS), versions: String(CLIENTS), applied: String(CLIENTS), audited: String(CLIENTS) });
    const versions = await database.pool.query('SELECT DISTINCT version FROM office_records');
    expect(versions.rows).toEqual([{ version: 1 }]);
  });
});
