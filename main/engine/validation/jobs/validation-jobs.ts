/**
 * Validation jobs: `create` stores the file and a queued job, then the checks
 * run in the background, one job at a time, each state written to disk
 * before it is reported. On start-up, a job left queued or running by a
 * process that died is run again from its stored input (or marked failed
 * when the input is gone); an unreadable job file is moved aside, reported,
 * and answered as a failed job. Start-up also sweeps what a crash leaves
 * behind (temporary files of cut-off writes, inputs of jobs that had ended)
 * and says how much it removed.
 */
import { randomUUID } from 'node:crypto';
import type { ValidationJobResult } from '../../validation-result.js';
import { filterValidations } from '../filter.js';
import { isoDay } from '../hmrc/exslt-dates.js';
import { runFileChecks, type FileChecks, type ValidationChecks } from '../validate-file.js';
import { withBoxesNamed } from './boxes-in-messages.js';
import { canonicalJobId } from './job-id.js';
import type { JobRecord } from './job-record.js';
import { JobStore } from './job-store.js';

export interface JobProblem {
  id: string;
  /** What was wrong and what was done about it. */
  message: string;
  movedTo?: string;
}

export interface ValidationJobsOptions {
  dataDir: string;
  clock?: () => Date;
  idGenerator?: () => string;
  /** The checks to run; the engine's own by default. */
  checks?: ValidationChecks;
  /**
   * Runs the checks of one file; by default the checks above in this thread.
   * The service passes the engine worker, so a large file never stalls its requests.
   */
  runChecks?: (fileName: string, bytes: Uint8Array, today: string) => Promise<FileChecks>;
  /** Told about every unreadable or interrupted job found; console.warn by default. */
  onProblem?: (problem: JobProblem) => void;
  /** Told what the start-up sweep removed; console.info by default. */
  onSweep?: (sweep: StartupSweep) => void;
}

export interface StartupSweep {
  /** Temporary files of writes a crash cut off. */
  temporaryFiles: number;
  /** Stored uploads of jobs that had already ended (or whose job was never recorded). */
  endedInputs: number;
  /** Entries that were not readable job files, moved aside. */
  movedAside: number;
}

export function describeSweep(sweep: StartupSweep): string {
  return (
    `validation jobs: start-up sweep removed ${sweep.temporaryFiles} stale temporary file(s) and ` +
    `${sweep.endedInputs} input(s) of ended jobs; ${sweep.movedAside} unreadable entr${sweep.movedAside === 1 ? 'y' : 'ies'} moved aside`
  );
}

export class ValidationJobs {
  private readonly store: JobStore;
  private readonly clock: () => Date;
  private readonly idGenerator: () => string;
  private readonly runChecks: (fileName: string, bytes: Uint8Array, today: string) => Promise<FileChecks>;
  private readonly onProblem: (problem: JobProblem) => void;
  private readonly onSweep: (sweep: StartupSweep) => void;
  private readonly queue: string[] = [];
  /** Jobs not yet settled, with the promises that settle with them. */
  private readonly pending = new Map<string, { promise: Promise<void>; resolve: () => void }>();
  private readonly found: JobProblem[] = [];
  private running: Promise<void> | undefined;
  private closed = false;
  private readonly ready: Promise<void>;

  constructor(options: ValidationJobsOptions) {
    this.store = new JobStore(options.dataDir);
    this.clock = options.clock ?? (() => new Date());
    this.idGenerator = options.idGenerator ?? randomUUID;
    if (options.runChecks) this.runChecks = options.runChecks;
    else {
      // The engine's own checks are loaded lazily so a test can inject fakes without loading them.
      const checks = options.checks ? Promise.resolve(options.checks) : import('../default-checks.js').then((m) => m.defaultChecks);
      this.runChecks = async (fileName, bytes, today) => runFileChecks(fileName, bytes, { today: () => today, ...(await checks) });
    }
    this.onProblem = options.onProblem ?? ((p) => console.warn(`validation jobs: ${p.message}`));
    this.onSweep = options.onSweep ?? ((sweep) => console.info(describeSweep(sweep)));
    this.ready = this.recover();
    // Recovery failures surface on the first call that awaits `ready`, not as an unhandled rejection.
    this.ready.catch(() => undefined);
  }

  /** Problems found in the job folder since start-up (unreadable files, interrupted jobs). */
  problems(): JobProblem[] {
    return [...this.found];
  }

  async create(fileName: string, bytes: Uint8Array): Promise<{ id: string }> {
    await this.ready;
    if (this.closed) throw new Error('validation jobs are closed');
    const raw = this.idGenerator();
    const id = canonicalJobId(raw);
    if (!id) throw new Error(`the job id generator returned ${JSON.stringify(raw)}, which is not a UUID`);
    const existing = await this.store.read(id);
    if (existing.state !== 'missing') throw new Error(`a validation job with id ${id} already exists`);
    await this.store.writeInput(id, bytes);
    await this.store.write({
      version: 1,
      id,
      fileName,
      createdAt: this.now(),
      result: { jobStatus: 'queued', startDateTime: null, endDateTime: null, validations: [] },
    });
    this.enqueue(id);
    return { id };
  }

  async getStatus(id: string): Promise<ValidationJobResult | undefined> {
    const safe = canonicalJobId(id);
    if (!safe) return undefined;
    await this.ready;
    const record = await this.load(safe);
    return record?.result;
  }

  async getFilteredStatus(id: string): Promise<ValidationJobResult | undefined> {
    const result = await this.getStatus(id);
    return result && filterValidations(result);
  }

  /** Resolves once the job has finished (at once for an unknown or finished job). */
  async whenSettled(id: string): Promise<void> {
    const safe = canonicalJobId(id);
    if (!safe) return;
    await this.ready;
    await this.pending.get(safe)?.promise;
  }

  /**
   * Stops taking jobs and waits for the one running now. Jobs still queued
   * stay queued on disk with their input and run after the next start.
   */
  async close(): Promise<void> {
    this.closed = true;
    await this.ready.catch(() => undefined);
    await this.running;
  }

  private now(): string {
    return this.clock().toISOString();
  }

  private enqueue(id: string): void {
    if (!this.pending.has(id)) {
      let resolve!: () => void;
      const promise = new Promise<void>((r) => (resolve = r));
      this.pending.set(id, { promise, resolve });
    }
    this.queue.push(id);
    // Let `create` answer before any checking starts.
    setImmediate(() => this.pump());
  }

  private pump(): void {
    if (this.running || this.closed) return;
    const id = this.queue.shift();
    if (!id) return;
    this.running = this.run(id)
      .catch((err) => this.report({ id, message: `job ${id} could not be recorded: ${(err as Error).message}` }))
      .finally(() => {
        this.running = undefined;
        this.settle(id);
        this.pump();
      });
  }

  private settle(id: string): void {
    this.pending.get(id)?.resolve();
    this.pending.delete(id);
  }

  private async run(id: string): Promise<void> {
    const record = await this.load(id);
    if (!record) return;
    const input = await this.store.readInput(id);
    if (!input) {
      await this.fail(record, 'the uploaded file was no longer stored, so the checks could not run');
      return;
    }
    if ('unreadable' in input) {
      await this.fail(record, `the uploaded file could not be read back (${input.unreadable}), so the checks could not run`);
      return;
    }
    record.result = { jobStatus: 'running', startDateTime: this.now(), endDateTime: null, validations: [] };
    await this.store.write(record);
    let jobStatus: 'success' | 'failed' = 'success';
    try {
      // HMRC's rules on today's date ("box 35 cannot be later than today") read the jobs' clock.
      const outcome = await this.runChecks(record.fileName, input, isoDay(this.clock()));
      record.result = { ...record.result, validations: withBoxesNamed(outcome.validations) };
      if (outcome.failedChecks.length > 0) {
        jobStatus = 'failed';
        record.failureReason = `checks that could not run: ${outcome.failedChecks.join(', ')}`;
      }
    } catch (err) {
      jobStatus = 'failed';
      record.failureReason = `the checks could not run: ${(err as Error).message}`;
    }
    record.result = { ...record.result, jobStatus, endDateTime: this.now() };
    await this.store.write(record);
    await this.store.deleteInput(id);
  }

  private async fail(record: JobRecord, reason: string): Promise<void> {
    record.result = { ...record.result, jobStatus: 'failed', endDateTime: this.now() };
    record.failureReason = reason;
    await this.store.write(record);
    await this.store.deleteInput(record.id);
  }

  private report(problem: JobProblem): void {
    this.found.push(problem);
    this.onProblem(problem);
  }

  /** Reads a job; an unreadable file is moved aside and replaced by a failed job saying so. */
  private async load(id: string): Promise<JobRecord | undefined> {
    const stored = await this.store.read(id);
    if (stored.state === 'ok') return stored.record;
    if (stored.state === 'missing') return undefined;
    const stamp = this.clock();
    const movedTo = await this.store.moveAside(id, stamp);
    const reason = `the job file was unreadable (${stored.reason}); it was moved to ${movedTo}`;
    this.report({ id, message: `job ${id}: ${reason}`, movedTo });
    const replacement: JobRecord = {
      version: 1,
      id,
      fileName: '',
      createdAt: stamp.toISOString(),
      result: { jobStatus: 'failed', startDateTime: null, endDateTime: stamp.toISOString(), validations: [] },
      failureReason: reason,
    };
    await this.store.write(replacement);
    await this.store.deleteInput(id);
    return replacement;
  }

  /** Start-up: sweep the folder, then re-run unfinished jobs from their stored input, oldest first. */
  private async recover(): Promise<void> {
    await this.store.init();
    const folder = await this.store.sweep(this.clock());
    for (const moved of folder.moved) {
      const id = moved.name.replace(/\.(json|input)$/, '');
      this.report({ id, message: `${moved.name} was ${moved.reason}; it was moved to ${moved.movedTo}`, movedTo: moved.movedTo });
    }
    const unfinished: JobRecord[] = [];
    let endedInputs = 0;
    for (const id of await this.store.ids()) {
      try {
        const record = await this.load(id);
        const status = record?.result.jobStatus;
        if (record && (status === 'queued' || status === 'running')) unfinished.push(record);
        else if (record && (await this.store.hasInput(id))) {
          // The job ended but a crash came before its input was deleted.
          await this.store.deleteInput(id);
          endedInputs++;
        }
      } catch (err) {
        // One job that cannot even be moved aside must not keep every other job from loading.
        this.report({ id, message: `job ${id} could not be loaded at start-up: ${(err as Error).message}` });
      }
    }
    this.onSweep({ temporaryFiles: folder.temporaryFiles, endedInputs: endedInputs + folder.orphanInputs, movedAside: folder.moved.length });
    unfinished.sort((a, b) => a.createdAt.localeCompare(b.createdAt));
    for (const record of unfinished) {
      if (record.result.jobStatus === 'running') {
        this.report({ id: record.id, message: `job ${record.id} was interrupted while running; it will run again` });
        record.result = { jobStatus: 'queued', startDateTime: null, endDateTime: null, validations: [] };
        await this.store.write(record);
      }
      this.enqueue(record.id);
    }
  }
}
