import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { createHash } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createEngineOperations } from '../../main/service/engine-wiring.js';
import { LocalFilingService } from '../../main/service/local-filing-service.js';
import { axiosTransport } from '../../main/service/remote/http-transport.js';
import type { RemoteFilingService } from '../../main/service/remote-filing-service.js';
import { startServer, type RunningServer } from '../server/support.js';
import { rejection, signedInClient } from './remote-support.js';
import { minimumReturn } from '../fixtures/ct600-requests.js';
import { reportPackageRequest } from './report-package-request.js';

describe('the remote client against the server running the real engine', () => {
  let dir: string;
  let s: RunningServer;
  let local: LocalFilingService;
  let localEngine: ReturnType<typeof createEngineOperations>;
  let remote: RemoteFilingService;
  const sentBodies: string[] = [];

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'fd-real-engine-'));
    s = await startServer({ dataDir: join(dir, 'server'), engine: createEngineOperations({ dataDir: join(dir, 'server') }) });
    localEngine = createEngineOperations({ dataDir: join(dir, 'local') });
    local = new LocalFilingService(localEngine);
    const real = axiosTransport();
    remote = await signedInClient({
      server: s,
      transport: (exchange) => {
        if (exchange.body && !exchange.url.endsWith('/connect/token')) sentBodies.push(exchange.body);
        return real(exchange);
      },
    });
  });
  afterAll(async () => {
    await s.stop();
    await localEngine.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('creates a report package, with the hash only when switched on, same bytes as the local engine', async () => {
    const plain = await remote.createReportPackage(reportPackageRequest(), { includeHash: false });
    expect(plain.answeredBy).toBe('remote');
    expect(plain.value.hashResult).toBeUndefined();
    const zip = Buffer.from(plain.value.zipContentBase64, 'base64');
    expect(zip.subarray(0, 4)).toEqual(Buffer.from([0x50, 0x4b, 0x03, 0x04]));

    const hashed = await remote.createReportPackage(reportPackageRequest(), { includeHash: true });
    expect(hashed.value.hashResult?.Hash_Result).toBe(createHash('sha256').update(zip).digest('hex'));

    const offline = await local.createReportPackage(reportPackageRequest(), { includeHash: true });
    expect(offline.answeredBy).toBe('local');
    expect(offline.value).toEqual(hashed.value);
  });

  it('a bad report package request comes back as InvalidRequestError naming the field', async () => {
    const bad = { ...reportPackageRequest(), publicationDate: '15/01/2025' };
    const err = await rejection(remote.createReportPackage(bad, { includeHash: false }));
    expect(err).toMatchObject({ code: 'invalid-request' });
    expect((err as unknown as { errors: { field: string }[] }).errors.map((e) => e.field)).toContain('publicationDate');
  });

  it('sends the CT600 schema words as the interface integers, and gets the same return as a local build with words', async () => {
    const withWords = {
      ...minimumReturn(),
      returnType: 'new',
      sender: 'Company',
      accounts: { itemElementName: 'NoAccountsReason', noAccountsReason: 'Company dormant' },
      computations: { itemElementName: 'NoComputationsReason', nocomputationsReason: 'Company dormant' },
      taxPayable: { currency: 'GBP', value: 0 },
    };
    sentBodies.length = 0;
    const viaService = await remote.buildCt600(withWords);
    const sent = JSON.parse(sentBodies[0] ?? '{}') as Record<string, unknown>;
    expect(sent).toMatchObject({
      returnType: 1,
      sender: 1,
      accounts: { itemElementName: 2, noAccountsReason: 3 },
      computations: { itemElementName: 2, nocomputationsReason: 3 },
      taxPayable: { currency: 1, value: 0 },
    });
    const offline = await local.buildCt600(withWords);
    expect(viaService.value).toEqual(offline.value);
    expect(viaService.value).toEqual((await local.buildCt600(minimumReturn())).value);
  });
});
