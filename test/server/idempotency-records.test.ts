/**
 * Stored Idempotency-Key answers in the service's data folder, with the
 * server's clock in the test's hands: kept for 24 hours across a restart,
 * then swept (at start and while running) so the key runs afresh; held to
 * the same count and size limits as before; and a record that cannot be
 * trusted is removed and reported, never replayed.
 */
import { describe, it, expect, beforeEach, afterEach } from 'vitest';
import { mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { IdempotencyLimits } from '../../main/server/idempotency.js';
import { recordFileName } from '../../main/server/idempotency-records.js';
import { credentials, InMemoryEngine, passwordToken, startServer, TestClock, type RunningServer } from './support.js';

const DAY_SECONDS = 24 * 3600;

describe('stored Idempotency-Key answers in the data folder', () => {
  let dataDir: string;
  let clock: TestClock;
  let log: { info: string[]; warn: string[] };
  let running: RunningServer | undefined;
  let engine: InMemoryEngine;
  let headers: Record<string, string>;

  beforeEach(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'fd-idem-records-'));
    clock = new TestClock();
    log = { info: [], warn: [] };
  });
  afterEach(async () => {
    await running?.stop();
    running = undefined;
    await rm(dataDir, { recursive: true, force: true });
  });

  /** Stops the running server (if any) and starts a new one over the same data folder and clock. */
  async function restart(options: { limits?: IdempotencyLimits; sweepEveryMs?: number } = {}) {
    await running?.stop();
    engine = new InMemoryEngine();
    running = await startServer({
      engine,
      dataDir,
      clock: clock.now,
      idempotencyLog: { info: (line) => log.info.push(line), warn: (line) => log.warn.push(line) },
      ...(options.limits ? { idempotencyLimits: options.limits } : {}),
      ...(options.sweepEveryMs ? { idempotencySweepEveryMs: options.sweepEveryMs } : {}),
    });
    await signIn();
    return running;
  }

  /** A fresh access token: one from before the clock moved a day has expired. */
  async function signIn() {
    headers = { authorization: `Bearer ${(await passwordToken(running!.url)).access_token}`, 'content-type': 'application/json' };
  }

  const createJob = async (key: string) => {
    const res = await fetch(`${running!.url}/validation`, {
      method: 'POST',
      headers: { ...headers, 'idempotency-key': key },
      body: JSON.stringify({ fileName: 'a.xml', contentBase64: 'PGEvPg==' }),
    });
    return { status: res.status, replayed: res.headers.get('idempotent-replayed'), body: (await res.json()) as { id: string } };
  };
  const recordsDir = () => join(dataDir, 'idempotency');
  const recordPath = (key: string) => join(recordsDir(), recordFileName(`${credentials.username}\n/validation\n${key}`));
  const recordNames = async () => (await readdir(recordsDir())).sort();

  it('replays an answer just under 24 hours old after a restart', async () => {
    await restart();
    const first = await createJob('k');
    clock.advanceSeconds(DAY_SECONDS - 60);
    await restart();
    const again = await createJob('k');
    expect(again).toEqual({ ...first, replayed: 'true' });
    expect(engine.jobs.size).toBe(0);
  });

  it('sweeps an answer older than 24 hours at start, and the key then runs afresh', async () => {
    await restart();
    const first = await createJob('k');
    expect(await recordNames()).toHaveLength(1);
    clock.advanceSeconds(DAY_SECONDS + 1);
    await restart();
    expect(await recordNames()).toEqual([]);
    expect(log.info.join('\n')).toMatch(/start-up sweep kept 0 answer\(s\); removed 1 older than 24 hours/);
    const again = await createJob('k');
    expect(again.replayed).toBeNull();
    expect(again.body.id).not.toBe(first.body.id);
    expect(engine.jobs.size).toBe(1);
  });

  it('sweeps expired answers while running, with no request needed to trigger it', async () => {
    await restart({ sweepEveryMs: 20 });
    await createJob('k');
    expect(await recordNames()).toHaveLength(1);
    clock.advanceSeconds(DAY_SECONDS + 1);
    await expect.poll(recordNames, { timeout: 5000 }).toEqual([]);
    await signIn();
    const again = await createJob('k');
    expect(again.status).toBe(202);
    expect(again.replayed).toBeNull();
    expect(engine.jobs.size).toBe(2);
  });

  it('a running service does not replay an answer older than 24 hours', async () => {
    await restart();
    await createJob('k');
    clock.advanceSeconds(DAY_SECONDS + 1);
    await signIn();
    const again = await createJob('k');
    expect(again.status).toBe(202);
    expect(again.replayed).toBeNull();
    expect(engine.jobs.size).toBe(2);
  });

  it('keeps to the same limits on disk: an answer evicted for room stays gone after a restart', async () => {
    // Each answer is {"id":"<uuid>"}: 45 bytes. Two fit in 100 bytes, three do not.
    const limits = { maxBytes: 100 };
    await restart({ limits });
    for (const key of ['k1', 'k2', 'k3']) await createJob(key);
    expect(await recordNames()).toHaveLength(2);
    await restart({ limits });
    expect((await createJob('k3')).replayed).toBe('true');
    expect((await createJob('k2')).replayed).toBe('true');
    expect((await createJob('k1')).replayed).toBeNull();
    expect(engine.jobs.size).toBe(1);
  });

  it('removes and reports every record it cannot trust at start, replays none of them, and leaves other files alone', async () => {
    await restart();
    const good = await createJob('good');
    for (const key of ['garbage', 'moved', 'not-utf8', 'folder', 'link', 'huge']) await createJob(key);
    await running!.stop();
    running = undefined;

    const goodRecord = await readFile(recordPath('good'), 'utf8');
    await writeFile(recordPath('garbage'), '{"version":1,"id":');
    // A real record under another request's name is someone else's answer.
    await writeFile(recordPath('moved'), goodRecord);
    await writeFile(recordPath('not-utf8'), Buffer.from([0x7b, 0xff, 0xfe, 0x7d]));
    await rm(recordPath('folder'));
    await mkdir(recordPath('folder'));
    await rm(recordPath('link'));
    await symlink(recordPath('good'), recordPath('link'));
    await writeFile(recordPath('huge'), 'x'.repeat(200 * 1024 + 65 * 1024));
    await writeFile(join(recordsDir(), 'notes.txt'), 'an office note');
    await writeFile(join(recordsDir(), `.${recordFileName('cut off')}.0123456789ab.tmp`), '{"half":');

    await restart({ limits: { maxBytes: 100 * 1024 } });
    const warnings = log.warn.join('\n');
    expect(warnings).toContain(`${recordFileName(`${credentials.username}\n/validation\ngarbage`)}: it is not valid JSON`);
    expect(warnings).toContain(`${recordFileName(`${credentials.username}\n/validation\nmoved`)}: it holds the answer of another request`);
    expect(warnings).toContain('it is not valid UTF-8 text');
    expect(warnings).toContain('a folder is in its place');
    expect(warnings).toContain('it is a link to another file');
    expect(warnings).toMatch(/it is larger than the \d+ MB Filing Desk reads for stored idempotency answers/);
    expect(warnings).not.toContain(dataDir);
    expect(log.info.join('\n')).toMatch(/kept 1 answer\(s\); removed 0 older than 24 hours, 6 unreadable and 1 stale temporary file\(s\)/);
    expect(await recordNames()).toEqual([recordFileName(`${credentials.username}\n/validation\ngood`), 'notes.txt'].sort());

    expect(await createJob('good')).toEqual({ ...good, replayed: 'true' });
    for (const key of ['garbage', 'moved', 'not-utf8', 'folder', 'link', 'huge']) expect((await createJob(key)).replayed).toBeNull();
    expect(engine.jobs.size).toBe(6);
  });

  it('when the disk refuses an answer, the request still gets it, the refusal is reported, and the service replays it until it stops', async () => {
    await restart();
    // A file where the records folder belongs: every record write now fails.
    await rm(recordsDir(), { recursive: true, force: true });
    await writeFile(recordsDir(), 'not a folder');
    const first = await createJob('k');
    expect(first.status).toBe(202);
    expect(log.warn.join('\n')).toMatch(/the answer for [0-9a-f]{64}\.json could not be kept on disk \(.+\); it is replayed until the service stops/);
    expect(log.warn.join('\n')).not.toContain(dataDir);
    expect(await createJob('k')).toEqual({ ...first, replayed: 'true' });
    expect(engine.jobs.size).toBe(1);
    await rm(recordsDir());
  });

  it('a record damaged while the service runs is removed and reported, and the request runs', async () => {
    await restart();
    const first = await createJob('k');
    await writeFile(recordPath('k'), 'not json at all');
    const again = await createJob('k');
    expect(again.replayed).toBeNull();
    expect(again.body.id).not.toBe(first.body.id);
    expect(log.warn.join('\n')).toMatch(/ignored and removed [0-9a-f]{64}\.json: it is not valid JSON; the request runs again/);
    // The fresh answer replaced it on disk.
    expect((await createJob('k')).body.id).toBe(again.body.id);
    await restart();
    expect((await createJob('k')).body.id).toBe(again.body.id);
  });
});
