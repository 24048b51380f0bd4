/**
 * Validation jobs followed on the filing service: polled with
 * `GET /validation/status/{id}` until the job ends, then the filtered view is
 * fetched too. Each followed job is a file under `<data>/followed-jobs/`, so
 * jobs being followed carry on after a restart and finished results stay
 * with their draft.
 */
import { join } from 'node:path';
import { z } from 'zod';
import type { FollowedJob } from '../../preload/contract.js';
import { serviceValidationJobResultSchema } from '../engine/validation-result-schema.js';
import type { FilingService } from '../service/filing-service.js';
import { FilingServiceError, InvalidClientError, NotFoundError, RateLimitedError, SignInNeededError, UnauthorizedError } from '../service/service-errors.js';
import { isRetryable } from '../service/remote/retry-policy.js';
import { writeFileAtomic } from '../engine/atomic-write.js';
import { checkDataFolder, ensureDataFolder } from '../store/data-folder.js';
import { readRegularText } from '../store/regular-file.js';
import { StoreError } from '../store/store-error.js';
import { describeFsError, nodeStoreFs, type StoreFs } from '../store/store-fs.js';
import { nextDelayMs } from '../outbox/backoff.js';
import type { Gate, Timers } from '../outbox/outbox.js';
import type { ScopedLog } from '../log/app-log.js';

export const FOLLOWED_JOBS_DIR = 'followed-jobs';
export const JOB_ID = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;
/** Polling: 1 s, 2 s, 4 s … up to 30 s between looks. */
const POLL_BACKOFF = { baseDelayMs: 1_000, maxDelayMs: 30_000, maxAttempts: Number.POSITIVE_INFINITY };
/**
 * A followed job holds the service's result twice (all messages, and the
 * filtered view): a return with thousands of messages is a few MB, so
 * 16 MB is room to spare; a larger file was not written by Filing Desk.
 */
export const MAX_FOLLOWED_JOB_BYTES = 16 * 1024 * 1024;
const STILL_RUNNING = new Set(['queued', 'running', 'pending', 'inprogress', 'in-progress', 'processing', '']);

const followedJobSchema = z.strictObject({
  id: z.string().regex(JOB_ID),
  draftId: z.string().max(64).nullable(),
  state: z.enum(['following', 'finished', 'failed']),
  startedAt: z.string(),
  polls: z.number().int().nonnegative(),
  nextPollAt: z.string().nullable(),
  reason: z.string().nullable(),
  result: serviceValidationJobResultSchema.nullable(),
  filtered: serviceValidationJobResultSchema.nullable(),
}) satisfies z.ZodType<FollowedJob>;

export interface JobFollowerOptions {
  dataDir: string;
  service: () => Promise<FilingService | undefined>;
  gate?: Gate;
  onSignInNeeded?: (reason: string) => void;
  onChange?: () => void;
  clock?: () => Date;
  random?: () => number;
  timers?: Timers;
  fs?: StoreFs;
  /** The app's log (its jobs scope): when following starts and how it ends, by job id; never the messages of a result. */
  logger?: ScopedLog;
}

export class JobFollower {
  private readonly jobs = new Map<string, FollowedJob>();
  private readonly timersById = new Map<string, unknown>();
  private readonly polling = new Set<string>();
  /** Looks in a row that got no answer, per job: the wait grows with them and resets on an answer. */
  private readonly failures = new Map<string, number>();
  private readonly fs: StoreFs;
  private readonly clock: () => Date;
  private readonly timers: Timers;
  private readonly dir: string;

  constructor(private readonly options: JobFollowerOptions) {
    this.fs = options.fs ?? nodeStoreFs;
    this.clock = options.clock ?? (() => new Date());
    this.timers = options.timers ?? { setTimeout: (fn, ms) => setTimeout(fn, ms), clearTimeout: (h) => clearTimeout(h as NodeJS.Timeout) };
    this.dir = join(options.dataDir, FOLLOWED_JOBS_DIR);
  }

  async open(): Promise<void> {
    let names: string[] = [];
    try {
      if (await checkDataFolder(this.fs, this.options.dataDir, FOLLOWED_JOBS_DIR, { create: false })) names = await this.fs.readdir(this.dir);
    } catch (error) {
      // A folder that is a link or a file: no job is read through it, and the rest of the app starts.
      this.options.logger?.warn('followed jobs not read:', {}, describeFsError(error).replace('refused the write', 'refused the read'));
    }
    for (const name of names.filter((n) => /^[0-9a-fA-F-]{36}\.json$/.test(n))) {
      const read = await readRegularText(join(this.dir, name), { maxBytes: MAX_FOLLOWED_JOB_BYTES, kind: 'followed jobs', fs: this.fs });
      if (!read.ok) {
        this.options.logger?.warn('a followed job was not read:', { file: name }, read.reason);
        continue;
      }
      try {
        const parsed = followedJobSchema.safeParse(JSON.parse(read.value));
        if (parsed.success) this.jobs.set(parsed.data.id, parsed.data);
      } catch {
        // A half-written or foreign file: the job can be followed again by its id.
      }
    }
    this.resumeAll();
  }

  /** Starts (or restarts) following a job; the first look happens at once. */
  async follow(id: string, draftId: string | null): Promise<FollowedJob> {
    const job: FollowedJob = { id: id.toLowerCase(), draftId, state: 'following', startedAt: this.clock().toISOString(), polls: 0, nextPollAt: null, reason: null, result: null, filtered: null };
    await this.save(job);
    this.options.logger?.info('following', { jobId: job.id });
    this.schedule(job.id, 0);
    return job;
  }

  get(id: string): FollowedJob {
    const job = this.jobs.get(id.toLowerCase());
    if (!job) throw new StoreError('not-found', 'No validation job with this id is being followed.', [{ field: 'id', message: 'names no followed job' }]);
    return job;
  }

  forDraft(draftId: string): FollowedJob[] {
    return [...this.jobs.values()].filter((j) => j.draftId === draftId).sort((a, b) => b.startedAt.localeCompare(a.startedAt));
  }

  /** After sign-in or when the network is back: look again at every job still running. */
  resumeAll(): void {
    for (const job of this.jobs.values()) if (job.state === 'following' && !this.timersById.has(job.id) && !this.polling.has(job.id)) this.schedule(job.id, 0);
  }

  stop(): void {
    for (const handle of this.timersById.values()) this.timers.clearTimeout(handle);
    this.timersById.clear();
  }

  private schedule(id: string, ms: number): void {
    const previous = this.timersById.get(id);
    if (previous !== undefined) this.timers.clearTimeout(previous);
    this.timersById.set(id, this.timers.setTimeout(() => {
      this.timersById.delete(id);
      void this.poll(id);
    }, ms));
  }

  private async poll(id: string): Promise<void> {
    const job = this.jobs.get(id);
    if (!job || job.state !== 'following' || this.polling.has(id)) return;
    const gate = this.options.gate?.() ?? { open: true };
    const service = gate.open ? await this.options.service() : undefined;
    if (!gate.open || !service) {
      await this.save({ ...job, nextPollAt: null, reason: gate.open ? 'Waiting for sign-in to the filing service.' : gate.reason });
      return; // resumeAll() looks again when that changes
    }
    this.polling.add(id);
    try {
      const status = (await service.getValidationStatus(id)).value;
      this.failures.delete(id);
      const polls = job.polls + 1;
      if (STILL_RUNNING.has((status.jobStatus ?? '').toLowerCase())) {
        const wait = nextDelayMs(polls, POLL_BACKOFF, this.options.random ?? Math.random);
        await this.save({ ...job, polls, result: status, nextPollAt: new Date(this.clock().getTime() + wait).toISOString(), reason: null });
        this.schedule(id, wait);
        return;
      }
      const filtered = (await service.getFilteredValidationStatus(id)).value;
      await this.save({ ...job, polls, state: 'finished', result: status, filtered, nextPollAt: null, reason: null });
      this.options.logger?.info('finished', { jobId: id, polls, outcome: status.jobStatus ?? '', results: (status.validations ?? []).map((v) => v.validationResult) });
    } catch (error) {
      await this.failedPoll(job, error);
    } finally {
      this.polling.delete(id);
    }
  }

  private async failedPoll(job: FollowedJob, error: unknown): Promise<void> {
    if (error instanceof SignInNeededError || error instanceof InvalidClientError || error instanceof UnauthorizedError) {
      await this.save({ ...job, nextPollAt: null, reason: `Waiting for sign-in: ${error.message}` });
      this.options.logger?.warn('waiting for sign-in', { jobId: job.id });
      this.options.onSignInNeeded?.(error.message);
      return;
    }
    if (error instanceof NotFoundError) {
      await this.save({ ...job, state: 'failed', nextPollAt: null, reason: 'The filing service has no validation job with this id.' });
      this.options.logger?.warn('ended: the service has no such job', { jobId: job.id });
      return;
    }
    if (error instanceof FilingServiceError && isRetryable(error)) {
      const failures = (this.failures.get(job.id) ?? 0) + 1;
      this.failures.set(job.id, failures);
      const wait = nextDelayMs(failures, POLL_BACKOFF, this.options.random ?? Math.random, error instanceof RateLimitedError ? error.retryAfterMs : undefined);
      await this.save({ ...job, nextPollAt: new Date(this.clock().getTime() + wait).toISOString(), reason: error.message });
      this.options.logger?.info('no answer; looking again', { jobId: job.id, delayMs: wait }, error.message);
      this.schedule(job.id, wait);
      return;
    }
    const reason = error instanceof FilingServiceError ? error.message : 'Filing Desk hit an unexpected problem following this job.';
    await this.save({ ...job, state: 'failed', nextPollAt: null, reason });
    this.options.logger?.warn('ended: following failed:', { jobId: job.id }, reason);
  }

  private async save(job: FollowedJob): Promise<void> {
    try {
      await ensureDataFolder(this.fs, this.options.dataDir, FOLLOWED_JOBS_DIR);
    } catch (error) {
      throw new StoreError('failed', `The validation job could not be recorded: ${describeFsError(error)}.`);
    }
    await writeFileAtomic(join(this.dir, `${job.id}.json`), JSON.stringify(job), { fs: this.fs, mode: 0o600 });
    this.jobs.set(job.id, job);
    this.options.onChange?.();
  }
}
