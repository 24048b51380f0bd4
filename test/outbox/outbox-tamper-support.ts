import { createHash } from 'node:crypto';
import { closeSync, constants, openSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { OutboxItemKind } from '../../preload/contract.js';
import type { OutboxItem } from '../../main/outbox/outbox-item.js';
import { OUTBOX_DIR } from '../../main/outbox/outbox-store.js';
import type { Outbox, OutboxOptions } from '../../main/outbox/outbox.js';
import { outboxFor, tempDataDir, until } from './outbox-support.js';

export const closed = () => ({ open: false as const, reason: 'offline' });
export const sha256 = (text: string) => createHash('sha256').update(Buffer.from(text, 'utf8')).digest('hex');

export const stateFile = (dataDir: string, id: string) => join(dataDir, OUTBOX_DIR, `${id}.json`);
export const requestFile = (dataDir: string, id: string) => join(dataDir, OUTBOX_DIR, `${id}.request.json`);
export const readState = async (dataDir: string, id: string) => JSON.parse(await readFile(stateFile(dataDir, id), 'utf8')) as Record<string, unknown>;
export const editState = async (dataDir: string, id: string, change: (s: Record<string, unknown>) => void) => {
  const state = await readState(dataDir, id);
  change(state);
  await writeFile(stateFile(dataDir, id), JSON.stringify(state));
};

export interface Queued {
  id: string;
  title: string;
  kind: OutboxItemKind;
  /** The SHA-256 of the request file written at queue time, as the state file recorded it. */
  sha256: string;
}

export const ct600 = (company: string) => ({ kind: 'ct600-build' as const, draftId: null, title: company, request: { companyName: `${company} Ltd` } });

/** Queues the items while offline and closes: what the next start finds on disk. */
export async function queueWhileOffline(items: { kind: OutboxItemKind; draftId: string | null; title: string; request: unknown }[], dataDir?: string) {
  const dir = dataDir ?? (await tempDataDir());
  const first = outboxFor(dir, { send: async () => undefined, gate: closed });
  await first.open();
  const queued: Queued[] = [];
  for (const item of items) {
    const view = await first.enqueue(item);
    queued.push({ id: view.id, title: item.title, kind: item.kind, sha256: sha256(await readFile(requestFile(dir, view.id), 'utf8')) });
  }
  await first.stop(0);
  return { dataDir: dir, queued };
}

/** What the fake service was handed: the Idempotency-Key (the item's id) and the request's bytes. */
export interface Sent {
  key: string;
  kind: OutboxItemKind;
  bytes: string;
}

export function recordingSend(sent: Sent[], answer: (item: OutboxItem) => Promise<unknown> = async () => ({ ok: true })): OutboxOptions['send'] {
  return async (item, request) => {
    sent.push({ key: item.id, kind: item.kind, bytes: JSON.stringify(request) });
    return answer(item);
  };
}

/** Until no item is waiting to be taken now or being sent. */
export async function settled(outbox: Outbox, now: () => number = Date.now): Promise<void> {
  const inFlight = (outbox as unknown as { inFlight: Map<string, unknown> }).inFlight;
  await until(
    () => inFlight.size === 0 && [...outbox.list()].every((v) => v.state !== 'sending' && !(v.state === 'queued' && (v.nextTryAt === null || Date.parse(v.nextTryAt) <= now()))),
    'the outbox to settle',
  );
}

/** Opens each named pipe for writing and closes it, so a reader stuck on it (old code) sees the end and lets go. */
export function releasePipes(paths: string[]): void {
  for (const path of paths) {
    try {
      closeSync(openSync(path, constants.O_WRONLY | constants.O_NONBLOCK));
    } catch {
      // no reader waiting, or gone already
    }
  }
}
