/**
 * Idempotency-Key on POSTs: the first request with a key runs; a repeat of
 * it (a client retrying after a lost answer) gets the stored answer instead
 * of doing the work twice, and a repeat that arrives while the first is
 * still running waits for it. Keys are per user and per operation, kept for
 * a day; server failures (5xx) are not stored, so a retry runs again. The
 * same key with a different body is refused (422): it is a client bug.
 * Stored answers are bounded by count and by total bytes (a package answer
 * can be tens of megabytes): the oldest go first, and an answer larger than
 * the whole budget is handed to its waiters but not kept. The body is
 * fingerprinted by its raw bytes (never by walking the parsed value, which a
 * hostile body could make arbitrarily deep), and a replay carries the
 * headers that say where a created thing lives (Location).
 */
import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { principalOf } from './bearer-auth.js';

interface StoredAnswer {
  status: number;
  contentType: string | undefined;
  location: string | undefined;
  payload: string;
}

const rawBodyHashes = new WeakMap<FastifyRequest, string>();

/**
 * Called by the body parser with the raw text, for requests that carry an
 * Idempotency-Key only (hashing 40 MB costs time that other requests need not pay).
 */
export function rememberRawBody(request: FastifyRequest, text: string): void {
  if (request.headers[IDEMPOTENCY_HEADER] === undefined) return;
  rawBodyHashes.set(request, createHash('sha256').update(text).digest('hex'));
}

/** A request without a parsed body (no content) hashes as the empty text. */
const EMPTY_BODY_HASH = createHash('sha256').update('').digest('hex');

interface Entry {
  bodyHash: string;
  storedAt: number;
  /** Size of the stored answer; 0 while the first request is still running. */
  bytes: number;
  answer: Promise<StoredAnswer | undefined>;
  settle: (answer: StoredAnswer | undefined) => void;
}

export const IDEMPOTENCY_HEADER = 'idempotency-key';
const KEEP_MS = 24 * 3600 * 1000;
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

export interface IdempotencyLimits {
  /** Most answers kept; 10,000 by default. */
  maxEntries?: number;
  /** Most bytes of answers kept, all together; 64 MB by default. */
  maxBytes?: number;
}

export const DEFAULT_IDEMPOTENCY_LIMITS: Required<IdempotencyLimits> = { maxEntries: 10_000, maxBytes: 64 * 1024 * 1024 };

export class IdempotencyKeys {
  private readonly entries = new Map<string, Entry>();
  private readonly running = new WeakMap<FastifyRequest, { entry: Entry; id: string }>();
  private readonly limits: Required<IdempotencyLimits>;
  private storedBytes = 0;

  constructor(
    private readonly clock: () => Date,
    limits: IdempotencyLimits = {},
  ) {
    this.limits = { ...DEFAULT_IDEMPOTENCY_LIMITS, ...limits };
  }

  /** preHandler: answers a repeat from the store; lets a first request through and remembers it. */
  readonly preHandler = async (request: FastifyRequest, reply: FastifyReply) => {
    const key = request.headers[IDEMPOTENCY_HEADER];
    if (request.method !== 'POST' || key === undefined) return undefined;
    if (typeof key !== 'string' || !KEY_PATTERN.test(key)) {
      return reply.code(400).send({
        error: 'invalid-request',
        message: 'idempotency-key: must be 1–255 visible ASCII characters',
        errors: [{ field: 'idempotency-key', message: 'must be 1–255 visible ASCII characters' }],
      });
    }
    this.sweep();
    const id = `${principalOf(request)}\n${request.url}\n${key}`;
    const bodyHash = rawBodyHashes.get(request) ?? EMPTY_BODY_HASH;
    const existing = this.entries.get(id);
    if (existing) {
      if (existing.bodyHash !== bodyHash) {
        return reply.code(422).send({
          error: 'idempotency-key-reused',
          message: 'idempotency-key: was already used for a different request body',
          errors: [{ field: 'idempotency-key', message: 'was already used for a different request body' }],
        });
      }
      const answer = await existing.answer;
      if (answer) {
        reply.code(answer.status).header('idempotent-replayed', 'true');
        if (answer.contentType) reply.header('content-type', answer.contentType);
        if (answer.location) reply.header('location', answer.location);
        return reply.send(answer.payload);
      }
      // The first attempt failed without an answer worth keeping: run this one.
    }
    let settle: (answer: StoredAnswer | undefined) => void = () => {};
    const answer = new Promise<StoredAnswer | undefined>((resolve) => (settle = resolve));
    const entry: Entry = { bodyHash, storedAt: this.clock().getTime(), bytes: 0, answer, settle };
    this.forget(id);
    this.entries.set(id, entry);
    this.running.set(request, { entry, id });
    return undefined;
  };

  /** onSend: stores the answer of a first request (not a 5xx). */
  readonly onSend = async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    const running = this.running.get(request);
    if (!running) return payload;
    this.running.delete(request);
    const { entry, id } = running;
    if (reply.statusCode >= 500 || typeof payload !== 'string') {
      this.forget(id, entry);
      entry.settle(undefined);
      return payload;
    }
    const contentType = reply.getHeader('content-type');
    const location = reply.getHeader('location');
    entry.settle({
      status: reply.statusCode,
      contentType: contentType === undefined ? undefined : String(contentType),
      location: location === undefined ? undefined : String(location),
      payload,
    });
    const bytes = Buffer.byteLength(payload);
    // Waiters have their answer either way; keep it only if it fits the budget.
    if (bytes > this.limits.maxBytes) this.forget(id, entry);
    else if (this.entries.get(id) === entry) {
      entry.bytes = bytes;
      this.storedBytes += bytes;
      this.evictOldest();
    }
    return payload;
  };

  /** onResponse safety net: a request that never reached onSend must not leave waiters hanging. */
  readonly onResponse = async (request: FastifyRequest) => {
    const running = this.running.get(request);
    if (!running) return;
    this.running.delete(request);
    this.forget(running.id, running.entry);
    running.entry.settle(undefined);
  };

  /** Total bytes of the answers kept now (for tests and diagnostics). */
  get bytesStored(): number {
    return this.storedBytes;
  }

  /** Drops the entry under `id` (only if it is `entry`, when given), keeping the byte count true. */
  private forget(id: string, entry?: Entry): void {
    const current = this.entries.get(id);
    if (!current || (entry && current !== entry)) return;
    this.storedBytes -= current.bytes;
    this.entries.delete(id);
  }

  private evictOldest(): void {
    // Map order is insertion order: the first entries are the oldest.
    for (const [id, entry] of this.entries) {
      if (this.storedBytes <= this.limits.maxBytes && this.entries.size <= this.limits.maxEntries) break;
      this.forget(id, entry);
    }
  }

  private sweep(): void {
    const oldest = this.clock().getTime() - KEEP_MS;
    for (const [id, entry] of this.entries) {
      // Map order is insertion order, so the first fresh entry ends the sweep.
      if (entry.storedAt > oldest && this.entries.size <= this.limits.maxEntries) break;
      this.forget(id, entry);
    }
  }
}
