/** A FilingDesk against a Transaction Engine peer on 127.0.0.1, with a temporary data folder. */
import { existsSync, mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildCt600, computeIrmark } from '../../main/engine/ct600/index.js';
import { resolveEnvironment } from '../../main/filing/environments.js';
import { FilingDesk, type FilingDeskDeps } from '../../main/filing/filing-desk.js';
import { SubmissionStore } from '../../main/filing/submission-store.js';
import { httpTransport } from '../../main/filing/transport.js';
import type { PeerReplyContext } from '../../main/server/transaction-engine/peer-faults.js';
import { createTransactionEnginePeer, type TransactionEnginePeerOptions } from '../../main/server/transaction-engine/transaction-engine-peer.js';
import { sharedDir } from '../helpers/shared.js';
import { fullReturn } from '../fixtures/ct600-requests.js';

export const GATEWAY = { senderId: 'AGENT-USER-8841', password: 'Gw-pass-word-5521!' };

/** A return Filing Desk built, which the peer accepts. */
export const builtReturn = () => Buffer.from(buildCt600(fullReturn(), { vendorId: '1234' }).xmlDoc, 'base64');

/**
 * HMRC's accepted sample with a tax rate HMRC's rate rule for a members' club (9145) refuses, marked again so only the business rules object.
 * The sample declares schema 2022-v1.99, which HMRC no longer takes: it declares the schema in force instead.
 */
export function rejectedReturn(): Buffer {
  const sample = readFileSync(join(sharedDir, 'ct600', 'hmrc', 'transaction-engine', 'tpvs-accepted-sample.xml'), 'utf8');
  let bad = sample
    .replace('<TaxRate>19.00</TaxRate>', '<TaxRate>20.00</TaxRate>')
    .replace('<URI>Enter your 4 digit vendor ID</URI>', '<URI>1234</URI>')
    .replace('<SchemaVersion>2022-v1.99</SchemaVersion>', '<SchemaVersion>2025-v1.994</SchemaVersion>');
  bad = bad.replace(/<IRmark Type="generic">[^<]*</, `<IRmark Type="generic">${computeIrmark(bad).base64}<`);
  return Buffer.from(bad);
}

export async function startPeer(options: Partial<TransactionEnginePeerOptions> = {}) {
  const peer = await createTransactionEnginePeer({ credentials: GATEWAY, pollIntervalSeconds: 0, ...options });
  const url = await peer.listen();
  return { peer, url, environment: resolveEnvironment('til', `${url}/submission`) };
}

export function makeDesk(overrides: Partial<FilingDeskDeps> & { dataDir?: string } = {}) {
  const dataDir = overrides.dataDir ?? mkdtempSync(join(tmpdir(), 'fd-filing-'));
  const store = new SubmissionStore({ dataDir });
  const desk = new FilingDesk({
    store,
    transport: httpTransport({ timeoutMs: 10_000 }),
    credentials: async () => GATEWAY,
    retry: { baseDelayMs: 5, maxDelayMs: 50, maxAttempts: 5 },
    ...overrides,
  });
  return { desk, store, dataDir };
}

/** Time for a FilingDesk that passes at once: every wait is noted and the clock moved on, so HMRC's intervals cost a test nothing. */
export function virtualTime() {
  let now = Date.now();
  const waits: number[] = [];
  return {
    clock: () => new Date(now),
    sleep: async (ms: number) => {
      waits.push(ms);
      now += ms;
    },
    waits,
  };
}

/** The submission the peer holds for a faulted exchange (a fault's reply names its ids). */
export const held = (c: PeerReplyContext) => {
  if (!c.held) throw new Error('the peer holds no submission for this exchange');
  return c.held;
};

/** Every file's text under a folder, to look for what must not be kept there. */
export function everyFileText(dir: string): string {
  if (!existsSync(dir)) return '';
  let out = '';
  for (const name of readdirSync(dir, { recursive: true }) as string[]) {
    const path = join(dir, name);
    if (statSync(path).isFile()) out += readFileSync(path, 'utf8');
  }
  return out;
}
