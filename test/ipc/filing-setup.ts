/**
 * The filing channels over a real draft store, submission store and a local
 * Transaction Engine peer, registered like main registers them; the
 * keychain is memory-only and every secret told to the redactor is kept.
 */
import { readFileSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MemoryCredentialStore } from '../../main/credentials/memory-credential-store.js';
import { createHandlers } from '../../main/ipc/create-handlers.js';
import { createCt600Engine } from '../../main/ipc/engine-wiring.js';
import { createFilingWiring, type FilingWiringOptions } from '../../main/ipc/filing-wiring.js';
import { registerHandlers } from '../../main/ipc/register-handlers.js';
import { createAppLog } from '../../main/log/app-log.js';
import type { Draft, IpcResult, SubmissionView } from '../../preload/contract.js';
import { fullReturn } from '../fixtures/ct600-requests.js';
import { storeDeps } from '../helpers/store-deps.js';
import { GATEWAY, startPeer } from '../filing/filing-support.js';
import { FakeIpcMain, OWN_PAGE, ownPageCheck } from './fake-ipc-main.js';

const exampleFile = (name: string) => new Uint8Array(readFileSync(join(import.meta.dirname, '..', '..', 'examples', 'ct600', 'attachments', name)));

const { attachedFiles: _omit, associatedCompanies: _claim, ...rest } = fullReturn() as Record<string, unknown>;
/** The fixture return at the main rate, 25%, which HMRC's rules accept without box 329. */
export const filingRequest = {
  ...rest,
  financialYearTaxRate: 25,
  financialYearTax: { currency: 1, value: 10000 },
  netCorporationTaxChargeable: { currency: 1, value: 10000 },
  taxChargeable: { currency: 1, value: 10000 },
  taxPayable: { currency: 1, value: 10000 },
};

export const FILING_SETTINGS = { vendorId: '1234', productName: 'Filing Desk', productVersion: '0.1.0', liveFiling: false };

export async function filingSetup(options: { dataDir?: string; desk?: FilingWiringOptions['desk']; peer?: Parameters<typeof startPeer>[0] } = {}) {
  const stores = await storeDeps();
  const dataDir = options.dataDir ?? stores.dataDir;
  const drafts = options.dataDir ? new (stores.drafts.constructor as typeof import('../../main/store/draft-store.js').DraftStore)({ dataDir, log: () => undefined }) : stores.drafts;
  const started = await startPeer({ pollIntervalSeconds: 0, ...options.peer });
  const saveFolder = await mkdtemp(join(tmpdir(), 'filing-saved-'));
  const secrets: string[] = [];
  const logLines: string[] = [];
  const appLog = createAppLog({
    sink: { write: (_level, line) => void logLines.push(line) },
    file: join(dataDir, 'main.log'),
    echo: { error: () => undefined, warn: () => undefined, info: () => undefined } as never,
  });
  const keychain = new MemoryCredentialStore();
  const wiring = createFilingWiring({
    dataDir,
    drafts,
    credentials: keychain,
    fileSaver: { dialog: { showSaveDialog: async (o) => ({ canceled: false, filePath: join(saveFolder, o.defaultPath.split('/').pop()!) }) }, defaultDirectory: '/home/jane/Documents' },
    registerSecret: (v) => {
      secrets.push(v);
      appLog.registerSecret(v);
    },
    log: appLog.scope('filing'),
    desk: { retry: { baseDelayMs: 5, maxDelayMs: 20, maxAttempts: 3 }, ...options.desk },
  });
  const ipc = new FakeIpcMain();
  registerHandlers(
    ipc,
    createHandlers({
      ct600: createCt600Engine({ productVersion: '0.1.0' }),
      packages: {} as never,
      fileSaver: { dialog: { showSaveDialog: async (o) => ({ canceled: false, filePath: join(saveFolder, o.defaultPath.split('/').pop()!) }) }, defaultDirectory: '/home/jane/Documents' },
      openDialog: stores.openDialog,
      clients: stores.clients,
      drafts,
      online: stores.online,
      filing: wiring.handlers,
      submissions: wiring.submissions,
      appInfo: { version: '0.1.0', platform: 'linux' },
    }),
    { isTrustedSender: ownPageCheck, logError: (_c, e) => console.error(e) },
  );
  const call = async <T>(channel: string, request?: unknown): Promise<IpcResult<T>> =>
    (await (request === undefined ? ipc.invoke(channel, OWN_PAGE) : ipc.invoke(channel, OWN_PAGE, request))) as IpcResult<T>;
  const ok = async <T>(channel: string, request?: unknown): Promise<T> => {
    const result = await call<T>(channel, request);
    if (!result.ok) throw new Error(`${channel}: ${JSON.stringify(result.error)}`);
    return result.value;
  };
  /** A CT600 draft with the example accounts and computations, built and checked. */
  const builtDraft = async (clientId: string | null = null): Promise<Draft> => {
    const draft = await ok<Draft>('drafts.create', { kind: 'ct600', clientId, title: 'Example 2025', form: {} });
    await ok('drafts.attach', { draftId: draft.id, role: 'accounts', fileName: 'accounts-2025.xhtml', bytes: exampleFile('accounts-2025.xhtml') });
    await ok('drafts.attach', { draftId: draft.id, role: 'computations', fileName: 'computations-2025.xhtml', bytes: exampleFile('computations-2025.xhtml') });
    const built = await ok<{ draft: Draft }>('ct600.buildDraft', { draftId: draft.id, form: { values: { returnType: 'new' } }, request: filingRequest });
    return built.draft;
  };
  const setUpFiling = async () => {
    await ok('filing.settings.save', { ...FILING_SETTINGS, endpointOverride: `${started.url}/submission` });
    await ok('gateway.credentials.save', { userId: GATEWAY.senderId, password: GATEWAY.password });
  };
  /** filing.get until the submission leaves the states of a run in progress. */
  const settled = async (transactionId: string): Promise<SubmissionView> => {
    await wiring.filing.idle();
    return ok<SubmissionView>('filing.get', { transactionId });
  };
  return { ...started, dataDir, drafts, call, ok, builtDraft, setUpFiling, settled, saveFolder, secrets, logLines, keychain, wiring, clients: stores.clients };
}
