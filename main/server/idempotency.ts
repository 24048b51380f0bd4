/**
 * Idempotency-Key on POSTs: the first request with a key runs; a repeat of
 * it (a client retrying after a lost answer, or after the service restarted)
 * gets the stored answer instead of doing the work twice, and a repeat that
 * arrives while the first is still running waits for it. Keys are per user
 * and per operation, kept for a day; server failures (5xx) are not stored,
 * so a retry runs again. The same key with a different body is refused
 * (422): it is a client bug.
 *
 * Answers are kept on disk (idempotency-records.ts) and written before the
 * answer is sent, so a client that saw the answer can rely on it being
 * replayed after a crash. Only a small summary of each stays in memory; an
 * answer lives in memory only while its request runs, or for the rest of the
 * run when the disk refused it. Stored answers are bounded by count and by
 * total bytes (a package answer can be tens of megabytes): the oldest go
 * first, and an answer larger than the whole budget is handed to its waiters
 * but not kept. The body is fingerprinted by its raw bytes (never by walking
 * the parsed value, which a hostile body could make arbitrarily deep), and a
 * replay carries the headers that say where a created thing lives (Location).
 */
import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { principalOf } from './bearer-auth.js';
import { describeRecordError, recordFileName, type IdempotencyRecords, type StoredAnswer } from './idempotency-records.js';

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
  /** The answer in memory: while the first request runs, and afterwards only if the disk refused it. */
  answer: Promise<StoredAnswer | undefined> | undefined;
  settle: (answer: StoredAnswer | undefined) => void;
  /** A record file exists, or is being written, for this entry. */
  onDisk: boolean;
}

export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const IDEMPOTENCY_KEEP_MS = 24 * 3600 * 1000;
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;
/** Expired answers removed per request and per periodic sweep: a backlog is cleared over several, never in one long pause. */
const REQUEST_SWEEP_BATCH = 16;
const PERIODIC_SWEEP_BATCH = 1000;
const DEFAULT_SWEEP_EVERY_MS = 10 * 60 * 1000;

export interface IdempotencyLimits {
  /** Most answers kept; 10,000 by default. */
  maxEntries?: number;
  /** Most bytes of answers kept, all together; 64 MB by default. */
  maxBytes?: number;
}

export const DEFAULT_IDEMPOTENCY_LIMITS: Required<IdempotencyLimits> = { maxEntries: 10_000, maxBytes: 64 * 1024 * 1024 };

export function resolveIdempotencyLimits(limits: IdempotencyLimits = {}): Required<IdempotencyLimits> {
  return { ...DEFAULT_IDEMPOTENCY_LIMITS, ...limits };
}

/** Where the service says what it found and removed; the console by default (the CLI's stdout and stderr). */
export interface IdempotencyLog {
  info(line: string): void;
  warn(line: string): void;
}

export interface IdempotencyOptions {
  clock: () => Date;
  records: IdempotencyRecords;
  limits?: IdempotencyLimits;
  log?: IdempotencyLog;
  /** How often expired answers are removed while the service runs; every 10 minutes by default. */
  sweepEveryMs?: number;
}

const noSettle = () => {};

export class IdempotencyKeys {
  private readonly entries = new Map<string, Entry>();
  private readonly running = new WeakMap<FastifyRequest, { entry: Entry; id: string }>();
  private readonly clock: () => Date;
  private readonly records: IdempotencyRecords;
  private readonly limits: Required<IdempotencyLimits>;
  private readonly log: IdempotencyLog;
  private readonly sweepEveryMs: number;
  private timer: NodeJS.Timeout | undefined;
  private storedBytes = 0;

  constructor(options: IdempotencyOptions) {
    this.clock = options.clock;
    this.records = options.records;
    this.limits = resolveIdempotencyLimits(options.limits);
    this.log = options.log ?? { info: (line) => console.info(line), warn: (line) => console.warn(line) };
    this.sweepEveryMs = options.sweepEveryMs ?? DEFAULT_SWEEP_EVERY_MS;
  }

  /** Start-up: reads the answers an earlier run stored (dropping expired and untrustworthy ones) and starts the periodic sweep. */
  async open(): Promise<void> {
    const sweep = await this.records.open(this.oldestKept(), (name, reason) =>
      this.log.warn(`idempotency records: ignored and removed ${name}: ${reason}`),
    );
    for (const kept of sweep.kept) {
      this.entries.set(kept.id, { bodyHash: kept.bodyHash, storedAt: kept.storedAt, bytes: kept.bytes, answer: undefined, settle: noSettle, onDisk: true });
      this.storedBytes += kept.bytes;
    }
    this.evictOldest();
    this.log.info(
      `idempotency records: start-up sweep kept ${this.entries.size} answer(s); removed ${sweep.expired} older than 24 hours, ` +
        `${sweep.unreadable} unreadable and ${sweep.temporaryFiles} stale temporary file(s)`,
    );
    this.timer = setInterval(() => this.sweep(PERIODIC_SWEEP_BATCH), this.sweepEveryMs);
    this.timer.unref();
  }

  /** Stops the periodic sweep and waits for every record write and removal already started. */
  async close(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.records.settled();
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
    this.sweep(REQUEST_SWEEP_BATCH);
    const id = `${principalOf(request)}\n${request.url}\n${key}`;
    const bodyHash = rawBodyHashes.get(request) ?? EMPTY_BODY_HASH;
    let existing = this.entries.get(id);
    if (existing && !existing.answer && existing.storedAt <= this.oldestKept()) {
      this.forget(id, existing);
      existing = undefined;
    }
    if (existing) {
      if (existing.bodyHash !== bodyHash) {
        return reply.code(422).send({
          error: 'idempotency-key-reused',
          message: 'idempotency-key: was already used for a different request body',
          errors: [{ field: 'idempotency-key', message: 'was already used for a different request body' }],
        });
      }
      const answer = await this.answerOf(id, existing);
      if (answer) {
        reply.code(answer.status).header('idempotent-replayed', 'true');
        if (answer.contentType) reply.header('content-type', answer.contentType);
        if (answer.location) reply.header('location', answer.location);
        return reply.send(answer.payload);
      }
      // The first attempt failed without an answer worth keeping, or its record could not be trusted: run this one.
    }
    let settle: (answer: StoredAnswer | undefined) => void = noSettle;
    const answer = new Promise<StoredAnswer | undefined>((resolve) => (settle = resolve));
    const entry: Entry = { bodyHash, storedAt: this.clock().getTime(), bytes: 0, answer, settle, onDisk: false };
    this.forget(id);
    this.entries.set(id, entry);
    this.running.set(request, { entry, id });
    return undefined;
  };

  /** onSend: stores the answer of a first request (not a 5xx) on disk before it is sent. */
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
    const answer: StoredAnswer = {
      status: reply.statusCode,
      contentType: contentType === undefined ? undefined : String(contentType),
      location: location === undefined ? undefined : String(location),
      payload,
    };
    entry.settle(answer);
    const bytes = Buffer.byteLength(payload);
    // Waiters have their answer either way; keep it only if it fits the budget.
    if (bytes > this.limits.maxBytes) {
      this.forget(id, entry);
      return payload;
    }
    if (this.entries.get(id) !== entry) return payload;
    entry.bytes = bytes;
    this.storedBytes += bytes;
    this.evictOldest();
    if (this.entries.get(id) !== entry) return payload;
    entry.onDisk = true;
    try {
      await this.records.write({ id, bodyHash: entry.bodyHash, storedAt: entry.storedAt, ...answer });
      // On disk now: the replay reads it from there, and memory holds only the summary.
      entry.answer = undefined;
    } catch (error) {
      entry.onDisk = false;
      this.log.warn(
        `idempotency records: the answer for ${recordFileName(id)} could not be kept on disk (${describeRecordError(error)}); ` +
          'it is replayed until the service stops',
      );
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

  private oldestKept(): number {
    return this.clock().getTime() - IDEMPOTENCY_KEEP_MS;
  }

  /** The answer to replay: from memory, or from its record; a record that cannot be trusted is removed and reported. */
  private async answerOf(id: string, entry: Entry): Promise<StoredAnswer | undefined> {
    if (entry.answer) return entry.answer;
    const read = await this.records.read(id);
    if (read.ok && read.record.bodyHash === entry.bodyHash) {
      const { status, contentType, location, payload } = read.record;
      return { status, contentType, location, payload };
    }
    const reason = read.ok ? 'it was stored for a different request body' : read.reason;
    this.log.warn(`idempotency records: ignored and removed ${recordFileName(id)}: ${reason}; the request runs again`);
    // Only while the entry is still the current one: a newer answer may already stand under the same name.
    if (this.entries.get(id) === entry) this.forget(id, entry);
    return undefined;
  }

  /** Drops the entry under `id` (only if it is `entry`, when given) and its record, keeping the byte count true. */
  private forget(id: string, entry?: Entry): void {
    const current = this.entries.get(id);
    if (!current || (entry && current !== entry)) return;
    this.storedBytes -= current.bytes;
    this.entries.delete(id);
    if (current.onDisk) void this.removeRecord(id);
  }

  private async removeRecord(id: string): Promise<void> {
    try {
      await this.records.remove(id);
    } catch (error) {
      this.log.warn(`idempotency records: ${recordFileName(id)} could not be removed (${describeRecordError(error)})`);
    }
  }

  private evictOldest(): void {
    // Map order is insertion order: the first entries are the oldest.
    for (const [id, entry] of this.entries) {
      if (this.storedBytes <= this.limits.maxBytes && this.entries.size <= this.limits.maxEntries) break;
      this.forget(id, entry);
    }
  }

  /** Removes up to `batch` expired answers, oldest first. */
  private sweep(batch: number): void {
    const oldest = this.oldestKept();
    let removed = 0;
    for (const [id, entry] of this.entries) {
      // Map order is insertion order, so the first fresh entry ends the sweep.
      if (removed >= batch || (entry.storedAt > oldest && this.entries.size <= this.limits.maxEntries)) break;
      this.forget(id, entry);
      removed++;
    }
  }
}
