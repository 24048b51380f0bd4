import { afterEach, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FileChecks } from '../../main/engine/validation/validate-file.js';
import { FOLLOWED_JOBS_DIR, JobFollower } from '../../main/online/job-follower.js';
import { createEngineOperations } from '../../main/service/engine-wiring.js';
import type { RemoteFilingService } from '../../main/service/remote-filing-service.js';
import { ManualTimers, MovableClock, until } from '../outbox/outbox-support.js';
import { startServer, type RunningServer } from '../server/support.js';
import { signedInClient } from '../service/remote-support.js';

/** What the checks find: an error seen twice and an info line, so the filtered view (errors and warnings, repeats collapsed) differs from the full one. */
const findings: FileChecks = {
  validations: [
    {
      validationType: 0,
      validationResult: 'invalid',
      messages: [
        { category: 'error', type: 'schema', code: 'cvc-1', message: 'Box 3 is missing.', attributes: [] },
        { category: 'error', type: 'schema', code: 'cvc-1', message: 'Box 3 is missing.', attributes: [] },
        { category: 'info', type: 'schema', code: 'ok', message: 'The envelope is fine.', attributes: [] },
      ],
    },
  ],
  failedChecks: [],
};

let running: RunningServer | undefined;
const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
  await running?.stop();
  running = undefined;
});

/**
 * The local server on the real validation jobs (one job at a time, queued →
 * running → success), each job's checks held until the test releases them.
 */
async function serviceWithHeldChecks() {
  const held: (() => void)[] = [];
  const engine = createEngineOperations({
    dataDir: await mkdtemp(join(tmpdir(), 'fd-jobs-engine-')),
    runChecks: () => new Promise<FileChecks>((resolve) => held.push(() => resolve(findings))),
  });
  running = await startServer({ engine });
  cleanups.push(async () => {
    for (const release of held) release();
    await engine.close();
  });
  const client = await signedInClient({ server: running, settings: { retry: { maxAttempts: 1 } } });
  return { engine, client, held, server: running };
}

function follower(dataDir: string, client: RemoteFilingService | undefined, timers = new ManualTimers(), clock = new MovableClock()) {
  // random() = 1: each wait is the top of its range (1 s, 2 s, 4 s … up to 30 s), so the test can name it.
  const f = new JobFollower({ dataDir, service: async () => client, timers, clock: clock.now, random: () => 1 });
  cleanups.push(() => f.stop());
  return { f, timers, clock };
}

/** Until the service's own engine says the job has ended. */
async function ended(engine: { getValidationStatus(id: string): Promise<{ jobStatus: string | null } | undefined> }, id: string) {
  for (let i = 0; i < 500; i++) {
    if ((await engine.getValidationStatus(id))?.jobStatus === 'success') return;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error('the job did not end');
}

/** Fires the scheduled look and waits until the follower has scheduled the next one (or finished). */
async function nextLook(f: JobFollower, timers: ManualTimers, id: string) {
  const polls = f.get(id).polls;
  const reason = f.get(id).reason;
  timers.fireAll();
  await until(() => timers.pending.size > 0 || f.get(id).state !== 'following' || f.get(id).polls !== polls || f.get(id).reason !== reason, 'the look at the job');
  await until(() => timers.pending.size > 0 || f.get(id).state !== 'following', 'the next look to be scheduled');
  return f.get(id);
}

describe('the job follower, against the local server', () => {
  it('polls with a growing wait while the job is queued and running, then fetches the filtered view and keeps both with the draft', async () => {
    const { engine, client, held, server } = await serviceWithHeldChecks();
    const ahead = (await client.createValidationJob('ahead.xml', new TextEncoder().encode('<a/>'))).value.id;
    await until(() => held.length === 1, 'the first job to start');
    const id = (await client.createValidationJob('return.xml', new TextEncoder().encode('<b/>'))).value.id;
    const dataDir = await mkdtemp(join(tmpdir(), 'fd-jobs-'));
    const { f, timers, clock } = follower(dataDir, client);

    const started = await f.follow(id, 'draft-1');
    expect(started).toMatchObject({ id, draftId: 'draft-1', state: 'following', polls: 0 });
    expect(timers.delays()).toEqual([0]); // the first look at once

    const queued = await nextLook(f, timers, id);
    expect(queued).toMatchObject({ state: 'following', polls: 1, result: { jobStatus: 'queued' }, nextPollAt: new Date(clock.ms + 1000).toISOString() });
    expect(timers.delays()).toEqual([1000]);

    held[0]!(); // the job ahead ends; ours starts
    await until(() => held.length === 2, 'our job to start');
    clock.advance(1000);
    const runningJob = await nextLook(f, timers, id);
    expect(runningJob).toMatchObject({ state: 'following', polls: 2, result: { jobStatus: 'running' } });
    expect(timers.delays()).toEqual([2000]);

    held[1]!();
    await ended(engine, id);
    clock.advance(2000);
    const done = await nextLook(f, timers, id);
    expect(done).toMatchObject({ state: 'finished', polls: 3, nextPollAt: null, reason: null });
    expect(timers.delays()).toEqual([]);
    expect(done.result).toEqual(await engine.getValidationStatus(id));
    expect(done.filtered).toEqual(await engine.getFilteredValidationStatus(id));
    expect(done.filtered?.validations[0]?.messages).toEqual([{ category: 'error', type: 'schema', code: 'cvc-1', message: 'Box 3 is missing.', attributes: [{ name: 'occurrences', value: '2' }] }]);
    const looks = server.seen.filter((r) => r.path.includes(id)).map((r) => r.path.replace(id, ':id'));
    expect(looks).toEqual(['/validation/status/:id', '/validation/status/:id', '/validation/status/:id', '/validation/filtered-status/:id']);
    expect(server.seen.filter((r) => r.path.includes(ahead))).toEqual([]);

    // On disk, and still there for the draft after a restart.
    expect(JSON.parse(await readFile(join(dataDir, FOLLOWED_JOBS_DIR, `${id}.json`), 'utf8'))).toEqual(done);
    const { f: after } = follower(dataDir, client);
    await after.open();
    expect(after.forDraft('draft-1')).toEqual([done]);
  });

  it('a new follower over the same folder carries on following a job the last one left running', async () => {
    const { engine, client, held } = await serviceWithHeldChecks();
    const id = (await client.createValidationJob('return.xml', new TextEncoder().encode('<b/>'))).value.id;
    await until(() => held.length === 1, 'the job to start');
    const dataDir = await mkdtemp(join(tmpdir(), 'fd-jobs-'));
    const first = follower(dataDir, client);
    await first.f.follow(id, 'draft-1');
    expect(await nextLook(first.f, first.timers, id)).toMatchObject({ state: 'following', polls: 1, result: { jobStatus: 'running' } });
    first.f.stop(); // the app closes

    held[0]!();
    await ended(engine, id);
    const second = follower(dataDir, client);
    await second.f.open();
    expect(second.f.get(id)).toMatchObject({ state: 'following', polls: 1 });
    expect(second.timers.delays()).toEqual([0]); // looks again at once
    expect(await nextLook(second.f, second.timers, id)).toMatchObject({ state: 'finished', polls: 2, draftId: 'draft-1', result: { jobStatus: 'success' }, filtered: { jobStatus: 'success' } });
  });

  it('says in words that the service has no job with an unknown id, and stops looking', async () => {
    const { client } = await serviceWithHeldChecks();
    const { f, timers } = follower(await mkdtemp(join(tmpdir(), 'fd-jobs-')), client);
    const id = randomUUID();
    await f.follow(id, null);
    expect(await nextLook(f, timers, id)).toMatchObject({ state: 'failed', reason: 'The filing service has no validation job with this id.', nextPollAt: null, result: null });
    expect(timers.delays()).toEqual([]);
  });

  it('keeps looking with a growing wait while the service is down or unreachable, and carries on when it is back', async () => {
    const { client, held, server } = await serviceWithHeldChecks();
    const id = (await client.createValidationJob('return.xml', new TextEncoder().encode('<b/>'))).value.id;
    await until(() => held.length === 1, 'the job to start');
    const { f, timers, clock } = follower(await mkdtemp(join(tmpdir(), 'fd-jobs-')), client);
    await f.follow(id, null);
    server.server.faults.add({ path: '/validation/status', fault: { kind: 'status', status: 503 }, times: 2 });
    server.server.faults.add({ path: '/validation/status', fault: { kind: 'drop-connection' }, times: 1 });

    const waits: number[] = [];
    for (let i = 0; i < 3; i++) {
      const job = await nextLook(f, timers, id);
      expect(job).toMatchObject({ state: 'following', polls: 0, result: null });
      expect(job.reason).toMatch(i < 2 ? /^The service failed \(503\)/ : /^Could not reach the service/);
      waits.push(...timers.delays());
      clock.advance(timers.delays()[0]!);
    }
    expect(waits).toEqual([1000, 2000, 4000]);

    // Back: the answer clears the reason and the wait starts again from its shortest.
    expect(await nextLook(f, timers, id)).toMatchObject({ state: 'following', polls: 1, reason: null, result: { jobStatus: 'running' } });
    expect(timers.delays()).toEqual([1000]);
    held[0]!();
    let job = f.get(id);
    for (let i = 0; i < 10 && job.state === 'following'; i++) job = await nextLook(f, timers, id);
    expect(job).toMatchObject({ state: 'finished', result: { jobStatus: 'success' } });
  });
});
