/**
 * The office service stopped and started again over the same data folder (a
 * real child process, as `npm run service` runs): a client's retry with the
 * same Idempotency-Key is answered with the first answer, never done twice,
 * and a stored answer that cannot be trusted is dropped, reported and the
 * request runs, without taking the service down.
 */
import { describe, it, expect } from 'vitest';
import { once } from 'node:events';
import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { recordFileName } from '../../main/server/idempotency-records.js';
import { processCredentials, startServiceProcess, type ServiceProcess } from './service-process.js';

const repoRoot = join(import.meta.dirname, '..', '..');
const JOB_FILE = /^[0-9a-f-]{36}\.json$/;

async function stop(service: ServiceProcess, signal: NodeJS.Signals): Promise<void> {
  if (service.child.exitCode !== null || service.child.signalCode !== null) return;
  service.child.kill(signal);
  await once(service.child, 'exit');
}

async function post(service: ServiceProcess, token: string, path: string, key: string, body: unknown) {
  const res = await fetch(`${service.url}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'idempotency-key': key },
    body: JSON.stringify(body),
  });
  return { status: res.status, replayed: res.headers.get('idempotent-replayed'), location: res.headers.get('location'), text: await res.text() };
}

const upload = (n: number) => ({ fileName: `return-${n}.xml`, contentBase64: Buffer.from(`<?xml version="1.0" encoding="UTF-8"?><Return n="${n}"/>`).toString('base64') });
const jobCount = async (dataDir: string) => (await readdir(join(dataDir, 'validation-jobs'))).filter((n) => JOB_FILE.test(n)).length;

describe('Idempotency-Key answers across a restart of the service', () => {
  it('a retry after a restart gets the first answer: one validation job, and the CT600 built once with the same body', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'fd-idem-restart-'));
    const ct600 = JSON.parse(await readFile(join(repoRoot, 'examples', 'ct600', 'small-company.json'), 'utf8')) as unknown;
    let first: ServiceProcess | undefined;
    let second: ServiceProcess | undefined;
    try {
      first = await startServiceProcess(dataDir);
      const token1 = await first.token();
      const job = await post(first, token1, '/validation', 'outbox-job-1', upload(1));
      expect(job.status).toBe(202);
      const built = await post(first, token1, '/hrmc/build-ct600', 'outbox-job-2', ct600);
      expect(built.status).toBe(200);
      expect(await jobCount(dataDir)).toBe(1);
      // Stopped outright, no chance to tidy up: the record was on disk before the answer went out.
      await stop(first, 'SIGKILL');

      second = await startServiceProcess(dataDir);
      const token2 = await second.token();
      const jobAgain = await post(second, token2, '/validation', 'outbox-job-1', upload(1));
      expect(jobAgain).toEqual({ ...job, replayed: 'true' });
      expect(JSON.parse(jobAgain.text)).toMatchObject({ id: expect.any(String) });
      expect(jobAgain.location).toBe(`/validation/status/${(JSON.parse(job.text) as { id: string }).id}`);
      expect(await jobCount(dataDir)).toBe(1);
      // Read before the service listened, so the line is already out.
      expect(second.output.stdout).toMatch(/idempotency records: start-up sweep kept 2 answer\(s\)/);

      const builtAgain = await post(second, token2, '/hrmc/build-ct600', 'outbox-job-2', ct600);
      expect(builtAgain.status).toBe(200);
      expect(builtAgain.replayed).toBe('true');
      expect(builtAgain.text).toBe(built.text);
      // Answers hold clients' returns: the folder and each record are this user's only.
      const recordsDir = join(dataDir, 'idempotency');
      expect((await stat(recordsDir)).mode & 0o777).toBe(0o700);
      const records = (await readdir(recordsDir)).filter((n) => n.endsWith('.json'));
      expect(records).toHaveLength(2);
      for (const name of records) expect((await stat(join(recordsDir, name))).mode & 0o777).toBe(0o600);

      // Started once more with a clean stop in between: still the same answers.
      await stop(second, 'SIGTERM');
      second = await startServiceProcess(dataDir);
      const jobThird = await post(second, await second.token(), '/validation', 'outbox-job-1', upload(1));
      expect(jobThird.text).toBe(job.text);
      expect(await jobCount(dataDir)).toBe(1);
      expect(second.output.stderr).not.toMatch(/internal error|idempotency records/);
    } finally {
      if (first) await stop(first, 'SIGKILL');
      if (second) await stop(second, 'SIGTERM');
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 120_000);

  it('a damaged record is not replayed: it is removed with a log line and the request runs, and the service carries on', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'fd-idem-damaged-'));
    let first: ServiceProcess | undefined;
    let second: ServiceProcess | undefined;
    try {
      first = await startServiceProcess(dataDir);
      const job = await post(first, await first.token(), '/validation', 'outbox-job-9', upload(9));
      expect(job.status).toBe(202);
      await stop(first, 'SIGTERM');

      const name = recordFileName(`${processCredentials.username}\n/validation\noutbox-job-9`);
      const record = join(dataDir, 'idempotency', name);
      const stored = await readFile(record, 'utf8');
      // Cut off half way, as a disk fault or a hand edit would leave it.
      await writeFile(record, stored.slice(0, stored.length / 2));

      second = await startServiceProcess(dataDir);
      await expect.poll(() => second!.output.stderr, { timeout: 20_000 }).toMatch(new RegExp(`idempotency records: ignored and removed ${name}: it is not valid JSON`));
      expect(second.output.stderr).not.toContain(dataDir);
      const token = await second.token();
      const again = await post(second, token, '/validation', 'outbox-job-9', upload(9));
      expect(again.status).toBe(202);
      expect(again.replayed).toBeNull();
      expect(again.text).not.toBe(job.text);
      expect(await jobCount(dataDir)).toBe(2);
      // The new answer is the one kept from now on.
      const third = await post(second, token, '/validation', 'outbox-job-9', upload(9));
      expect(third).toEqual({ ...again, replayed: 'true' });
      expect(second.output.stderr).not.toMatch(/internal error/);
    } finally {
      if (first) await stop(first, 'SIGKILL');
      if (second) await stop(second, 'SIGTERM');
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
