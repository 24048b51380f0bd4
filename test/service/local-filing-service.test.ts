import { describe, it, expect, afterEach } from 'vitest';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LocalFilingService } from '../../main/service/local-filing-service.js';
import { createEngineOperations } from '../../main/service/engine-wiring.js';
import { RequestValidationError } from '../../main/engine/errors.js';
import { NotFoundError } from '../../main/service/service-errors.js';
import { minimumReturn } from '../fixtures/ct600-requests.js';
import { startServer, type RunningServer } from '../server/support.js';
import { signedInClient, rejection } from './remote-support.js';

describe('LocalFilingService (the engine in process) and RemoteFilingService give the same answers', () => {
  let dir = '';
  let s: RunningServer | undefined;
  afterEach(async () => {
    await s?.stop();
    s = undefined;
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('builds a CT600 locally, saying the local engine answered', async () => {
    dir = await mkdtemp(join(tmpdir(), 'fd-local-'));
    const engine = createEngineOperations({ dataDir: dir });
    const local = new LocalFilingService(engine);
    const answer = await local.buildCt600(minimumReturn());
    expect(answer.answeredBy).toBe('local');
    expect(Buffer.from(answer.value.xmlDoc ?? '', 'base64').toString()).toContain(`<IRmark Type="generic">${answer.value.irMark}</IRmark>`);
    await engine.close();
  });

  it('refuses a bad request locally with the same field errors the server sends', async () => {
    dir = await mkdtemp(join(tmpdir(), 'fd-local-'));
    const engine = createEngineOperations({ dataDir: dir });
    const local = new LocalFilingService(engine);
    const bad = { ...minimumReturn(), companyName: 42 };
    const localErr = await rejection(local.buildCt600(bad));
    expect(localErr).toBeInstanceOf(RequestValidationError);

    s = await startServer({ dataDir: join(dir, 'server'), engine: createEngineOperations({ dataDir: join(dir, 'server') }) });
    const remote = await signedInClient({ server: s });
    const remoteErr = await rejection(remote.buildCt600(bad));
    expect(remoteErr).toMatchObject({ code: 'invalid-request' });
    expect((remoteErr as unknown as { errors: unknown }).errors).toEqual((localErr as RequestValidationError).errors);
    expect((localErr as RequestValidationError).errors[0]?.field).toBe('companyName');
    await engine.close();
  });

  it('gives the same CT600 and IRmark whichever answers', async () => {
    dir = await mkdtemp(join(tmpdir(), 'fd-local-'));
    const engine = createEngineOperations({ dataDir: join(dir, 'local') });
    const local = new LocalFilingService(engine);
    s = await startServer({ dataDir: join(dir, 'server'), engine: createEngineOperations({ dataDir: join(dir, 'server') }) });
    const remote = await signedInClient({ server: s });
    const [l, r] = await Promise.all([local.buildCt600(minimumReturn()), remote.buildCt600(minimumReturn())]);
    expect(r.answeredBy).toBe('remote');
    expect(r.value).toEqual(l.value);
    await engine.close();
  });

  it('runs a validation job locally and remotely; unknown ids are NotFoundError on both', async () => {
    dir = await mkdtemp(join(tmpdir(), 'fd-local-'));
    const engine = createEngineOperations({ dataDir: join(dir, 'local') });
    const local = new LocalFilingService(engine);
    const built = await local.buildCt600(minimumReturn());
    const bytes = Buffer.from(built.value.xmlDoc ?? '', 'base64');

    const localJob = await local.createValidationJob('return.xml', bytes);
    await engine.jobs.whenSettled(localJob.value.id);
    const localStatus = await local.getValidationStatus(localJob.value.id);
    expect(localStatus.answeredBy).toBe('local');
    expect(localStatus.value.jobStatus).toBe('success');

    const serverEngine = createEngineOperations({ dataDir: join(dir, 'server') });
    s = await startServer({ dataDir: join(dir, 'server'), engine: serverEngine });
    const remote = await signedInClient({ server: s });
    const remoteJob = await remote.createValidationJob('return.xml', bytes);
    await serverEngine.jobs.whenSettled(remoteJob.value.id);
    const remoteStatus = await remote.getValidationStatus(remoteJob.value.id);
    expect(remoteStatus.answeredBy).toBe('remote');
    expect(remoteStatus.value.validations).toEqual(localStatus.value.validations);
    const remoteFiltered = await remote.getFilteredValidationStatus(remoteJob.value.id);
    const localFiltered = await local.getFilteredValidationStatus(localJob.value.id);
    expect(remoteFiltered.value.validations).toEqual(localFiltered.value.validations);

    const unknown = '00000000-0000-4000-8000-000000000000';
    expect(await rejection(local.getValidationStatus(unknown))).toBeInstanceOf(NotFoundError);
    expect(await rejection(remote.getValidationStatus(unknown))).toBeInstanceOf(NotFoundError);
    await engine.close();
  });
});
