/**
 * The service killed outright (SIGKILL, no chance to tidy up) in the middle
 * of uploads, then started again over the same data folder: every job it
 * answered 202 for is still there and ends, the start-up sweep leaves no
 * temporary file and says how many it removed, and a damaged entry in the
 * job folder fails its own job only.
 */
import { describe, it, expect } from 'vitest';
import { once } from 'node:events';
import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServiceProcess } from './service-process.js';

const STALE_TMP = /^\..+\.tmp$/;
const ENDED = new Set(['success', 'failed']);

async function jobFolderCounts(dir: string) {
  const names = await readdir(dir);
  let endedInputs = 0;
  for (const name of names.filter((n) => n.endsWith('.input'))) {
    const json = name.replace(/\.input$/, '.json');
    if (!names.includes(json)) {
      endedInputs++;
      continue;
    }
    const status = (JSON.parse(await readFile(join(dir, json), 'utf8')) as { result: { jobStatus: string } }).result.jobStatus;
    if (ENDED.has(status)) endedInputs++;
  }
  const temporary = names.filter((n) => STALE_TMP.test(n));
  return { temporary, temporaryFiles: temporary.length, endedInputs };
}

describe('the service after a SIGKILL in the middle of 100 uploads', () => {
  it('finds every accepted job, sweeps every temporary file, logs the counts, and isolates a damaged entry', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'fd-crash-'));
    const jobsDir = join(dataDir, 'validation-jobs');
    try {
      const first = await startServiceProcess(dataDir);
      const token = await first.token();
      const accepted: string[] = [];
      let sent = 0;
      const upload = async (n: number) => {
        const content = Buffer.from(`<?xml version="1.0" encoding="UTF-8"?><Return number="${n}">${'x'.repeat(20_000)}</Return>`).toString('base64');
        try {
          const res = await fetch(`${first.url}/validation`, {
            method: 'POST',
            headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
            body: JSON.stringify({ fileName: `return-${n}.xml`, contentBase64: content }),
          });
          if (res.status === 202) accepted.push(((await res.json()) as { id: string }).id);
        } catch {
          // Cut off by the kill: never answered, so never promised.
        }
      };
      const killed = new Promise<void>((resolve) => {
        const lanes = Array.from({ length: 8 }, async () => {
          while (sent < 100 && !first.child.killed) {
            const n = sent++;
            await upload(n);
            if (accepted.length >= 40 && !first.child.killed) {
              first.child.kill('SIGKILL');
              resolve();
            }
          }
        });
        void Promise.all(lanes).then(() => resolve());
      });
      await killed;
      if (!first.child.killed) first.child.kill('SIGKILL');
      if (first.child.signalCode === null) await once(first.child, 'exit');
      expect(first.child.signalCode).toBe('SIGKILL');
      expect(accepted.length).toBeGreaterThanOrEqual(40);
      // Killed in the middle: some of the 100 were never sent, some were in flight.
      expect(sent).toBeLessThan(100);

      // What an earlier crash left as well (a cut-off write, a folder where a job file belongs),
      // so the sweep has known work whatever this kill happened to interrupt.
      await writeFile(join(jobsDir, '.00000000-0000-4000-8000-00000000aaaa.json.0123456789ab.tmp'), '{"half":');
      const damagedId = '00000000-0000-4000-8000-00000000bbbb';
      await mkdir(join(jobsDir, `${damagedId}.json`));
      const before = await jobFolderCounts(jobsDir);
      expect(before.temporaryFiles).toBeGreaterThanOrEqual(1);

      const second = await startServiceProcess(dataDir);
      try {
        await expect.poll(() => second.output.stdout, { timeout: 20_000 }).toMatch(/start-up sweep removed/);
        const line = /start-up sweep removed (\d+) stale temporary file\(s\) and (\d+) input\(s\) of ended jobs/.exec(second.output.stdout);
        console.info(`after the kill: ${accepted.length} uploads accepted of ${sent} sent; log: ${line?.[0]}`);
        expect(Number(line?.[1])).toBe(before.temporaryFiles);
        expect(Number(line?.[2])).toBe(before.endedInputs);
        // Every temporary file the crashes left is gone (the restarted service may be writing new ones already).
        const afterSweep = await readdir(jobsDir);
        expect(before.temporary.filter((n) => afterSweep.includes(n))).toEqual([]);
        expect((await stat(jobsDir)).mode & 0o777).toBe(0o700);

        const auth = { authorization: `Bearer ${await second.token()}`, 'x-api-version': '1.0' };
        for (const id of accepted) {
          await expect
            .poll(async () => {
              const res = await fetch(`${second.url}/validation/status/${id}`, { headers: auth });
              return res.status === 200 ? ((await res.json()) as { jobStatus: string }).jobStatus : `HTTP ${res.status}`;
            }, { timeout: 60_000, interval: 200 })
            .toBe('success');
        }
        // Once the jobs recorded before the kill have all run, no write is in flight: no temporary file at all.
        await expect.poll(async () => (await readdir(jobsDir)).filter((n) => STALE_TMP.test(n)), { timeout: 20_000 }).toEqual([]);
        // The folder in place of a job file: moved aside, reported, answered as a failed job; nothing else affected.
        const damaged = await fetch(`${second.url}/validation/status/${damagedId}`, { headers: auth });
        expect(damaged.status).toBe(200);
        expect(await damaged.json()).toMatchObject({ jobStatus: 'failed' });
        expect(second.output.stderr).toMatch(new RegExp(`job ${damagedId}: the job file was unreadable \\(a folder\\)`));
        const fresh = await fetch(`${second.url}/validation`, {
          method: 'POST',
          headers: { ...auth, 'content-type': 'application/json' },
          body: JSON.stringify({ fileName: 'after.xml', contentBase64: Buffer.from('<r/>').toString('base64') }),
        });
        expect(fresh.status).toBe(202);
        expect(second.output.stderr).not.toMatch(/internal error/);
      } finally {
        second.child.kill('SIGTERM');
        await once(second.child, 'exit');
      }
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
