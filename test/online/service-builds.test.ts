import { afterEach, describe, expect, it } from 'vitest';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import JSZip from 'jszip';
import { hashResultOf } from '../../main/engine/package/create-report-package.js';
import type { EngineOperations } from '../../main/service/engine-operations.js';
import { createEngineOperations } from '../../main/service/engine-wiring.js';
import type { Draft, DraftServiceResults, PackageDraftBuildResponse } from '../../preload/contract.js';
import { acmePackageDraftRequest, sampleInlineReport, sampleXsd } from '../engine/package/package-helpers.js';
import { minimumReturn } from '../fixtures/ct600-requests.js';
import { until } from '../outbox/outbox-support.js';
import { credentials, startServer, type RunningServer } from '../server/support.js';
import { handlersFor, openDesk, settingsFor, type DeskUnderTest } from './online-support.js';

const metadata = acmePackageDraftRequest;

let open: DeskUnderTest | undefined;
let running: RunningServer | undefined;
const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  await open?.desk.stop(0);
  await running?.stop();
  for (const close of closers.splice(0)) await close();
  open = undefined;
  running = undefined;
});

/** The service on the real engine; `alter` changes what it answers for a report package. */
async function realEngineServer(alter?: (zip: Buffer) => void): Promise<RunningServer> {
  const engine = createEngineOperations({ dataDir: await mkdtemp(join(tmpdir(), 'fd-service-engine-')) });
  closers.push(() => engine.close());
  const served: EngineOperations = alter
    ? {
        ...engine,
        createReportPackage: async (request, options) => {
          const zip = Buffer.from((await engine.createReportPackage(request, options)).zipContentBase64, 'base64');
          alter(zip);
          return { zipContentBase64: zip.toString('base64'), ...(options.includeHash ? { hashResult: hashResultOf(zip) } : {}) };
        },
      }
    : engine;
  return startServer({ engine: served });
}

/** Signed in, with a report package draft (report and taxonomy attached) built by the engine. */
async function packageDraftBuiltLocally(server: RunningServer) {
  open = await openDesk();
  const ipc = handlersFor(open);
  await open.desk.saveSettings(settingsFor(server.url, { includeHash: true }));
  await open.desk.signIn(credentials);
  const draftId = (await ipc.value<Draft>('drafts.create', { kind: 'report-package', clientId: null, title: 'ACME 2024', form: {} })).id;
  const attach = (role: string, fileName: string, content: string | Uint8Array) =>
    ipc.value<Draft>('drafts.attach', { draftId, role, fileName, bytes: typeof content === 'string' ? new TextEncoder().encode(content) : content });
  await attach('report', 'acme-2024.xhtml', sampleInlineReport());
  const zip = new JSZip();
  zip.file('example.com/acme/2024/acme-2024-lab.xml', '<?xml version="1.0" encoding="UTF-8"?>\n<link:linkbase xmlns:link="http://www.xbrl.org/2003/linkbase"/>\n');
  await attach('taxonomy', 'acme-linkbases.zip', await zip.generateAsync({ type: 'uint8array', compression: 'DEFLATE' }));
  await attach('taxonomy', 'example.com/acme/2024/acme-2024.xsd', sampleXsd);
  const local = await ipc.value<PackageDraftBuildResponse>('package.buildDraft', { draftId, form: { step: 'review' }, request: metadata, includeHash: true });
  return { ipc, draftId, local };
}

async function serviceBuild(ipc: ReturnType<typeof handlersFor>, draftId: string, request: Record<string, unknown> = metadata) {
  const { item } = await ipc.value<{ item: { id: string } }>('package.sendDraft', { draftId, request });
  await until(() => open!.desk.outbox.get(item.id)?.state === 'done', 'the service build', 15_000);
  return ipc.value<DraftServiceResults>('drafts.serviceResults', { id: draftId });
}

describe('engine and service builds of a report package draft', () => {
  it('agree when the service returns the same package bytes and hash as the local build, and the record says so', async () => {
    running = await realEngineServer();
    const { ipc, draftId, local } = await packageDraftBuiltLocally(running);
    const results = await serviceBuild(ipc, draftId);

    // The service was sent the draft's report and taxonomy, as the engine was.
    expect(results.lastServiceBuild).toMatchObject({ answeredBy: 'service', service: running.url, apiVersion: '1.0', sha256: local.sha256, size: local.size, hash: local.build.hashResult?.Hash_Result });
    expect(results.agreement).toEqual({
      fingerprint: results.lastServiceBuild?.fingerprint,
      comparedAt: expect.any(String),
      agrees: true,
      parts: [
        { part: 'package', agrees: true, engine: `${local.size} bytes`, service: `${local.size} bytes` },
        { part: 'hash', agrees: true, engine: local.build.hashResult?.Hash_Result, service: local.build.hashResult?.Hash_Result },
      ],
      firstDifference: null,
    });
  });

  it('differ when the service changes one byte of the package: the record shows the offset and both hashes', async () => {
    running = await realEngineServer((zip) => {
      zip[200] = zip[200]! ^ 0xff;
    });
    const { ipc, draftId, local } = await packageDraftBuiltLocally(running);
    const results = await serviceBuild(ipc, draftId);
    const serviceHash = results.lastServiceBuild?.hash;
    expect(serviceHash).toMatch(/^[0-9a-f]{64}$/);
    expect(serviceHash).not.toEqual(local.build.hashResult?.Hash_Result);
    expect(results.agreement).toMatchObject({
      agrees: false,
      parts: [
        { part: 'package', agrees: false, engine: `${local.size} bytes`, service: `${local.size} bytes` },
        { part: 'hash', agrees: false, engine: local.build.hashResult?.Hash_Result, service: serviceHash },
      ],
      firstDifference: { offset: 200 },
    });
    // Persisted beside the draft: a new desk over the same folder answers the same.
    const again = await openDesk({ dataDir: open!.dataDir, store: open!.store });
    closers.push(() => again.desk.stop(0));
    expect(await again.desk.draftResults(draftId)).toMatchObject({ agreement: results.agreement, lastServiceBuild: results.lastServiceBuild });
  });

  it('refuses a request that carries the report itself: the draft’s own files are what is sent', async () => {
    running = await realEngineServer();
    const { ipc, draftId } = await packageDraftBuiltLocally(running);
    const refused = await ipc.call('package.sendDraft', { draftId, request: { ...metadata, reportBase64Content: 'PGh0bWwvPg==' } });
    expect(refused).toMatchObject({ ok: false, error: { field: 'request.reportBase64Content' } });
  });
});

describe('the build record keeps the x-api-version its request was sent with', () => {
  it('even when Settings change the version while the request is out', async () => {
    running = await startServer();
    open = await openDesk();
    const ipc = handlersFor(open);
    await open.desk.saveSettings(settingsFor(running.url, { apiVersion: '1.0' }));
    await open.desk.signIn(credentials);
    const draft = await ipc.value<Draft>('drafts.create', { kind: 'ct600', clientId: null, title: 'Acme 2024', form: {} });
    running.server.faults.add({ path: '/hrmc/build-ct600', fault: { kind: 'delay', ms: 400 }, times: 1 });
    const { item } = await ipc.value<{ item: { id: string } }>('ct600.sendDraft', { draftId: draft.id, request: minimumReturn() });
    const builds = () => running!.seen.filter((r) => r.path === '/hrmc/build-ct600');
    await until(() => builds().length === 1, 'the request to reach the service');
    await open.desk.saveSettings(settingsFor(running.url, { apiVersion: '1' }));
    await until(() => open!.desk.outbox.get(item.id)?.state === 'done', 'the service build');
    expect(builds()[0]?.headers['x-api-version']).toBe('1.0');
    expect((await open.desk.draftResults(draft.id)).lastServiceBuild).toMatchObject({ outboxId: item.id, apiVersion: '1.0', service: running.url });

    // The next request goes with the new version, and its record says so.
    const next = await ipc.value<{ item: { id: string } }>('ct600.sendDraft', { draftId: draft.id, request: minimumReturn() });
    await until(() => open!.desk.outbox.get(next.item.id)?.state === 'done', 'the second build');
    expect(builds()[1]?.headers['x-api-version']).toBe('1');
    expect((await open.desk.draftResults(draft.id)).lastServiceBuild).toMatchObject({ outboxId: next.item.id, apiVersion: '1' });
  });
});
