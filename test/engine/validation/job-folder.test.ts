/**
 * The job folder after crashes and damage: the start-up sweep, entries that
 * are not regular files, and the folder's permissions.
 */
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ValidationJobs, type JobProblem } from '../../../main/engine/validation/index.js';
import { describeSweep, type StartupSweep } from '../../../main/engine/validation/jobs/validation-jobs.js';

let dataDir: string;
beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'fd-job-folder-'));
});
afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

const jobsDir = () => join(dataDir, 'validation-jobs');
const quickChecks = async () => ({ validations: [], failedChecks: [] });
const record = (id: string, jobStatus: string) =>
  JSON.stringify({ version: 1, id, fileName: 'r.xml', createdAt: '2025-01-01T00:00:00.000Z', result: { jobStatus, startDateTime: null, endDateTime: jobStatus === 'queued' ? null : '2025-01-01T00:00:01.000Z', validations: [] } });

function open(onProblem: (p: JobProblem) => void = () => undefined) {
  const sweeps: StartupSweep[] = [];
  const jobs = new ValidationJobs({ dataDir, runChecks: quickChecks, onProblem, onSweep: (s) => sweeps.push(s) });
  return { jobs, sweeps };
}

describe('the start-up sweep of the job folder', () => {
  it('removes temporary files of cut-off writes and inputs of ended or never-recorded jobs, keeps what unfinished jobs need, and says how many', async () => {
    mkdirSync(jobsDir(), { recursive: true });
    const ended = '11111111-1111-4111-8111-111111111111';
    const queued = '22222222-2222-4222-8222-222222222222';
    const orphan = '33333333-3333-4333-8333-333333333333';
    writeFileSync(join(jobsDir(), `${ended}.json`), record(ended, 'success'));
    writeFileSync(join(jobsDir(), `${ended}.input`), 'left behind');
    writeFileSync(join(jobsDir(), `${queued}.json`), record(queued, 'queued'));
    writeFileSync(join(jobsDir(), `${queued}.input`), '<r/>');
    writeFileSync(join(jobsDir(), `${orphan}.input`), 'never recorded');
    writeFileSync(join(jobsDir(), `.${queued}.json.0a1b2c3d4e5f.tmp`), '{"half"');
    writeFileSync(join(jobsDir(), `.${orphan}.input.0a1b2c3d4e5f.tmp`), 'half');
    writeFileSync(join(jobsDir(), 'notes.txt'), 'not ours to remove');

    const { jobs, sweeps } = open();
    await jobs.whenSettled(queued);
    expect(sweeps).toEqual([{ temporaryFiles: 2, endedInputs: 2, movedAside: 0 }]);
    expect(describeSweep(sweeps[0]!)).toBe('validation jobs: start-up sweep removed 2 stale temporary file(s) and 2 input(s) of ended jobs; 0 unreadable entries moved aside');
    expect((await jobs.getStatus(queued))!.jobStatus).toBe('success');
    expect((await jobs.getStatus(ended))!.jobStatus).toBe('success');
    expect(readdirSync(jobsDir()).sort()).toEqual([`${ended}.json`, `${queued}.json`, 'notes.txt']);
    await jobs.close();
  });

  it('makes an existing job folder readable by this user only (0700)', async () => {
    mkdirSync(jobsDir(), { recursive: true, mode: 0o755 });
    chmodSync(jobsDir(), 0o755);
    const { jobs } = open();
    await jobs.getStatus('44444444-4444-4444-8444-444444444444');
    expect(statSync(jobsDir()).mode & 0o777).toBe(0o700);
    await jobs.close();
  });
});

describe('job entries that are not readable regular files', () => {
  const good = '55555555-5555-4555-8555-555555555555';

  it('a folder, a link and a FIFO where job files belong are moved aside and reported; each answers as a failed job; the good job and new jobs are untouched', async () => {
    mkdirSync(jobsDir(), { recursive: true });
    writeFileSync(join(jobsDir(), `${good}.json`), record(good, 'success'));
    const folder = '66666666-6666-4666-8666-666666666666';
    const link = '77777777-7777-4777-8777-777777777777';
    const fifo = '88888888-8888-4888-8888-888888888888';
    mkdirSync(join(jobsDir(), `${folder}.json`));
    const outside = join(dataDir, 'outside.json');
    writeFileSync(outside, record(link, 'success'));
    symlinkSync(outside, join(jobsDir(), `${link}.json`));
    expect(spawnSync('mkfifo', [join(jobsDir(), `${fifo}.json`)]).status).toBe(0);

    const problems: JobProblem[] = [];
    const { jobs } = open((p) => problems.push(p));
    for (const [id, kind] of [[folder, 'a folder'], [link, 'a symbolic link'], [fifo, 'not a regular file']] as const) {
      const status = await jobs.getStatus(id);
      expect(status?.jobStatus, id).toBe('failed');
      const problem = problems.find((p) => p.id === id);
      expect(problem?.message, id).toContain(`the job file was unreadable (${kind})`);
      expect(existsSync(problem!.movedTo!)).toBe(true);
    }
    // The link was never followed: the file it pointed at is as it was.
    expect(readFileSync(outside, 'utf8')).toBe(record(link, 'success'));
    expect((await jobs.getStatus(good))!.jobStatus).toBe('success');
    const { id } = await jobs.create('new.xml', new TextEncoder().encode('<r/>'));
    await jobs.whenSettled(id);
    expect((await jobs.getStatus(id))!.jobStatus).toBe('success');
    await jobs.close();
  });

  it('a folder where an unfinished job keeps its upload is moved aside at start, and only that job fails', async () => {
    mkdirSync(jobsDir(), { recursive: true });
    const broken = '99999999-9999-4999-8999-999999999999';
    writeFileSync(join(jobsDir(), `${broken}.json`), record(broken, 'queued'));
    mkdirSync(join(jobsDir(), `${broken}.input`));
    writeFileSync(join(jobsDir(), `${good}.json`), record(good, 'queued'));
    writeFileSync(join(jobsDir(), `${good}.input`), '<r/>');
    const problems: JobProblem[] = [];
    const { jobs, sweeps } = open((p) => problems.push(p));
    await jobs.whenSettled(broken);
    await jobs.whenSettled(good);
    expect(sweeps[0]).toMatchObject({ movedAside: 1 });
    expect(problems[0]).toMatchObject({ id: broken, message: expect.stringContaining(`${broken}.input was a folder where a job's uploaded file belongs`) });
    expect((await jobs.getStatus(broken))!.jobStatus).toBe('failed');
    expect((await jobs.getStatus(good))!.jobStatus).toBe('success');
    await jobs.close();
  });
});
