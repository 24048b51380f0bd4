/**
 * Files records refer to, kept by their SHA-256: a file is stored once
 * however many records name it, and what is stored is checked against the
 * hash it is stored under, so a desk fetching it by that hash gets exactly
 * those bytes.
 */
import { createHash } from 'node:crypto';
import type pg from 'pg';
import { MAX_OFFICE_ATTACHMENT_BYTES } from '../../../common/office/protocol.js';
import { OfficeHttpError, type OfficeCaller } from './office-context.js';

/** Which of these files the office does not have, each named once, in the order asked. */
export async function missingAttachments(pool: pg.Pool, sha256s: readonly string[]): Promise<string[]> {
  const unique = [...new Set(sha256s)];
  if (unique.length === 0) return [];
  const { rows } = await pool.query<{ sha256: string }>('SELECT sha256 FROM office_attachments WHERE sha256 = ANY($1)', [unique]);
  const present = new Set(rows.map((row) => row.sha256));
  return unique.filter((sha256) => !present.has(sha256));
}

/** Stores a file under its SHA-256; one already there is left as it is (the same hash is the same bytes). */
export async function storeAttachment(pool: pg.Pool, caller: OfficeCaller, sha256: string, bytes: Buffer): Promise<void> {
  if (bytes.length > MAX_OFFICE_ATTACHMENT_BYTES) {
    throw new OfficeHttpError(413, 'too-large', `A file may be at most ${MAX_OFFICE_ATTACHMENT_BYTES} bytes; this one is ${bytes.length}.`);
  }
  const actual = createHash('sha256').update(bytes).digest('hex');
  if (actual !== sha256) {
    throw new OfficeHttpError(400, 'invalid', 'The bytes sent are not the file this SHA-256 names, so they were not stored.', [
      { field: 'sha256', message: `must be the SHA-256 of the bytes sent (they hash to ${actual})` },
    ]);
  }
  await pool.query('INSERT INTO office_attachments (sha256, size, bytes, stored_by) VALUES ($1, $2, $3, $4) ON CONFLICT (sha256) DO NOTHING', [
    sha256,
    bytes.length,
    bytes,
    caller.user,
  ]);
}

/** A stored file's bytes; 404 when the office does not have it. */
export async function readAttachment(pool: pg.Pool, sha256: string): Promise<Buffer> {
  const { rows } = await pool.query<{ bytes: Buffer }>('SELECT bytes FROM office_attachments WHERE sha256 = $1', [sha256]);
  if (!rows[0]) throw new OfficeHttpError(404, 'not-found', `The office has no file with SHA-256 ${sha256}.`, [{ field: 'sha256', message: 'is not a file the office has' }]);
  return rows[0].bytes;
}
