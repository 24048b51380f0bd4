import { writeFileSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { MemoryCredentialStore } from '../../main/credentials/memory-credential-store.js';
import { FOLLOWED_JOBS_DIR, JobFollower } from '../../main/online/job-follower.js';
import { OnlineSession, SESSION_FILE } from '../../main/online/online-session.js';
import { SERVICE_RESULTS_DIR, ServiceResults } from '../../main/online/service-results.js';
import { DEFAULT_ONLINE_SETTINGS } from '../../main/online/online-settings.js';
import { SETTINGS_FILE, SettingsStore } from '../../main/online/settings-store.js';
import type { ServiceBuildRecord } from '../../preload/contract.js';
import { makeFifo, makeSparse, MiB, peakGrowth, releaseFifos, within } from '../helpers/hostile-files.js';

afterEach(releaseFifos);

const folders = async () => ({ dataDir: await mkdtemp(join(tmpdir(), 'online-hostile-')), outside: await mkdtemp(join(tmpdir(), 'outside-data-folder-')) });

/** What can stand where the app expects its own file, and the reason each is refused with. */
const hostile = [
  ['a named pipe', (path: string) => void makeFifo(path), 'it is not an ordinary file (a pipe, a device or a socket is in its place)'],
  ['a 450 MB file', (path: string) => void makeSparse(path, 450 * MiB), 'it is larger than'],
  ['text that is not UTF-8', (path: string) => writeFileSync(path, Buffer.from([0x7b, 0x22, 0xe9, 0x22, 0x7d])), 'it is not valid UTF-8 text'],
] as const;

/** Runs `work` with the generous bounds every answer here must meet: under 10 s, and well under the file's size in memory. */
async function bounded<T>(what: string, work: () => Promise<T>): Promise<T> {
  const { value, grewBy } = await peakGrowth(() => within(10_000, what, work()));
  expect(grewBy).toBeLessThan(64 * MiB);
  return value;
}

describe('online files in the data folder that Filing Desk never wrote', () => {
  it.each(hostile)('settings: %s is set aside, the defaults are used and the reason is shown', async (_what, make, reason) => {
    const { dataDir } = await folders();
    make(join(dataDir, SETTINGS_FILE));
    const store = new SettingsStore({ dataDir, clock: () => new Date('2025-05-01T10:00:00Z'), log: () => undefined });
    expect(await bounded('reading the settings', () => store.get())).toEqual(DEFAULT_ONLINE_SETTINGS);
    expect(store.problem).toContain(`The saved settings could not be used (${reason}`);
    expect(store.problem).toContain('they were kept as online-settings.json.unreadable-2025-05-01T10-00-00-000Z');
    expect(await readdir(dataDir)).toEqual(['online-settings.json.unreadable-2025-05-01T10-00-00-000Z']);
  });

  it.each(hostile)('who signed in last: %s leaves the sign-in form empty, at once', async (_what, make) => {
    const { dataDir } = await folders();
    make(join(dataDir, SESSION_FILE));
    const session = new OnlineSession({ dataDir, settings: new SettingsStore({ dataDir, log: () => undefined }), credentials: new MemoryCredentialStore() });
    await bounded('reading who signed in', () => session.open());
    expect((await session.status()).username).toBe('');
  });

  it.each(hostile)('service results: %s is refused with its reason', async (_what, make, reason) => {
    const { dataDir } = await folders();
    await mkdir(join(dataDir, SERVICE_RESULTS_DIR));
    make(join(dataDir, SERVICE_RESULTS_DIR, 'd1.json'));
    const results = new ServiceResults(dataDir);
    const error = await bounded('reading the service result', () => results.get('d1').catch((e: unknown) => e));
    expect(error).toMatchObject({ kind: 'failed', message: expect.stringContaining(`The filing service's result for this draft could not be read: ${reason}`) });
  });

  it.each(hostile)('followed jobs: %s is skipped and the other jobs still load', async (_what, make) => {
    const { dataDir } = await folders();
    const dir = join(dataDir, FOLLOWED_JOBS_DIR);
    await mkdir(dir);
    const good = { id: '11111111-2222-3333-4444-555555555555', draftId: null, state: 'finished', startedAt: '2025-05-01T10:00:00.000Z', polls: 1, nextPollAt: null, reason: null, result: null, filtered: null };
    await writeFile(join(dir, `${good.id}.json`), JSON.stringify(good));
    make(join(dir, '99999999-2222-3333-4444-555555555555.json'));
    const warnings: unknown[][] = [];
    const jobs = new JobFollower({ dataDir, service: async () => undefined, logger: { error: () => undefined, info: () => undefined, warn: (...v: unknown[]) => void warnings.push(v) } });
    await bounded('loading the followed jobs', () => jobs.open());
    expect(jobs.get(good.id)).toEqual(good);
    expect(warnings).toEqual([['a followed job was not read:', { file: '99999999-2222-3333-4444-555555555555.json' }, expect.any(String)]]);
    jobs.stop();
  });

  it('writes no service build and no followed job through folders that are links', async () => {
    const { dataDir, outside } = await folders();
    await writeFile(join(outside, 'd1.service-build'), 'precious');
    await symlink(outside, join(dataDir, SERVICE_RESULTS_DIR), 'dir');
    await symlink(outside, join(dataDir, FOLLOWED_JOBS_DIR), 'dir');
    const build = { outboxId: 'o1', builtAt: '2025-05-01T10:00:00.000Z', answeredBy: 'service', service: 'https://api.example.com', apiVersion: '1.0', fingerprint: '0'.repeat(64), size: 3, sha256: '0'.repeat(64) } as ServiceBuildRecord;
    expect(await new ServiceResults(dataDir).record('d1', build, new TextEncoder().encode('new'), null).catch((e: unknown) => e)).toMatchObject({
      kind: 'failed',
      message: "The filing service's build could not be kept: the data folder's service-results is a link to another place, not a real folder; Filing Desk does not read or write through it.",
    });
    const jobs = new JobFollower({ dataDir, service: async () => undefined });
    expect(await jobs.follow('11111111-2222-3333-4444-555555555555', null).catch((e: unknown) => e)).toMatchObject({
      kind: 'failed',
      message: "The validation job could not be recorded: the data folder's followed-jobs is a link to another place, not a real folder; Filing Desk does not read or write through it.",
    });
    jobs.stop();
    expect(await readdir(outside)).toEqual(['d1.service-build']);
    expect(await readFile(join(outside, 'd1.service-build'), 'utf8')).toBe('precious');
  });
});
