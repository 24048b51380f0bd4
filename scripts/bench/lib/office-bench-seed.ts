/**
 * Fills an office with the benchmark's book the way a desk would: signed in
 * over the office's own protocol (common/office/protocol.ts), the files sent
 * first, then the records pushed in batches as new (base version 0). Every
 * reply is checked against the protocol's schemas and every change must
 * come back applied, so the rows the benchmark pulls are the rows the real
 * server wrote.
 */
import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import {
  changesReply,
  MAX_PUSH_CHANGES,
  missingAttachmentsReply,
  OFFICE_API,
  pushReply,
  signInReply,
  type PushChange,
} from '../../../common/office/protocol.js';
import type { BenchOfficeBook } from './office-bench-records.js';

export interface OfficeSignIn {
  /** The office's address, http://127.0.0.1:<port> for the benchmark's office on loopback. */
  url: string;
  user: string;
  password: string;
  desk: string;
}

async function call<T>(base: string, token: string | null, method: string, path: string, schema: z.ZodType<T>, body?: unknown): Promise<T> {
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Bearer ${token}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${base}${OFFICE_API}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await response.text();
  if (!response.ok) throw new Error(`the office refused ${method} ${path} (${response.status}): ${text.slice(0, 500)}`);
  return schema.parse(text === '' ? {} : JSON.parse(text));
}

/** Signs in as a desk would; the session's bearer token. */
export async function signIn(office: OfficeSignIn): Promise<string> {
  const reply = await call(office.url, null, 'POST', '/sessions', signInReply, { user: office.user, password: office.password, desk: office.desk });
  return reply.token;
}

/** Pushes every record of the book as new; returns how many the office applied (all of them, or it throws). */
export async function seedOffice(office: OfficeSignIn, book: BenchOfficeBook): Promise<number> {
  const token = await signIn(office);
  const wanted = [...book.files.keys()];
  const { missing } = await call(office.url, token, 'POST', '/attachments/missing', missingAttachmentsReply, { sha256: wanted });
  for (const sha256 of missing) {
    const bytes = book.files.get(sha256);
    if (!bytes) throw new Error(`the office asked for a file the book does not hold: ${sha256}`);
    const response = await fetch(`${office.url}${OFFICE_API}/attachments/${sha256}`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/octet-stream' },
      body: bytes,
    });
    if (!response.ok) throw new Error(`the office refused file ${sha256} (${response.status}): ${(await response.text()).slice(0, 500)}`);
  }
  let applied = 0;
  for (let start = 0; start < book.records.length; start += MAX_PUSH_CHANGES) {
    const changes: PushChange[] = book.records.slice(start, start + MAX_PUSH_CHANGES).map((r) => ({
      changeId: randomUUID(),
      kind: r.kind,
      id: r.id,
      baseVersion: 0,
      body: r.body,
      deleted: false,
      attachments: r.attachments,
    }));
    const { results } = await call(office.url, token, 'POST', '/push', pushReply, { changes });
    const refused = results.find((r) => r.status !== 'applied');
    if (refused) throw new Error(`the office did not apply a seeded record: ${JSON.stringify(refused).slice(0, 500)}`);
    applied += results.length;
  }
  return applied;
}

/** How many records the office hands a new desk, pulled page by page as a desk pulls: proves the seeding is all there. */
export async function countPulled(office: OfficeSignIn): Promise<number> {
  const token = await signIn(office);
  let after = 0;
  let count = 0;
  for (;;) {
    const page = await call(office.url, token, 'GET', `/changes?after=${after}&limit=1000`, changesReply);
    count += page.changes.length;
    after = page.last;
    if (!page.more) return count;
  }
}
