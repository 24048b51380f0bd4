import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Outbox, type OutboxOptions, type Timers } from '../../main/outbox/outbox.js';
import type { OutboxItem } from '../../main/outbox/outbox-item.js';
import type { RemoteFilingService } from '../../main/service/remote-filing-service.js';

/** Timers a test fires by hand: it sees every delay the outbox asked for. */
export class ManualTimers implements Timers {
  private next = 1;
  readonly pending = new Map<number, { fn: () => void; ms: number }>();
  setTimeout(fn: () => void, ms: number): unknown {
    const id = this.next++;
    this.pending.set(id, { fn, ms });
    return id;
  }
  clearTimeout(handle: unknown): void {
    this.pending.delete(handle as number);
  }
  delays(): number[] {
    return [...this.pending.values()].map((p) => p.ms);
  }
  fireAll(): void {
    const all = [...this.pending.values()];
    this.pending.clear();
    for (const p of all) p.fn();
  }
}

export class MovableClock {
  ms = Date.parse('2025-06-01T09:00:00Z');
  readonly now = () => new Date(this.ms);
  advance(ms: number) {
    this.ms += ms;
  }
}

export async function until(condition: () => boolean, what = 'the condition', timeoutMs = 5000): Promise<void> {
  const start = Date.now();
  while (!condition()) {
    if (Date.now() - start > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 5));
  }
}

export const tempDataDir = () => mkdtemp(join(tmpdir(), 'fd-outbox-'));

/** Sends a CT600 build request through the remote client, with the item's id as Idempotency-Key. */
export function ct600Sender(client: RemoteFilingService): OutboxOptions['send'] {
  return (item: OutboxItem, request: unknown, signal: AbortSignal) =>
    client.buildCt600(request, { idempotencyKey: item.id, signal, ...(item.clientCompany ? { clientCompany: item.clientCompany } : {}) });
}

export function outboxFor(dataDir: string, options: Partial<OutboxOptions> & Pick<OutboxOptions, 'send'>): Outbox {
  return new Outbox({ dataDir, onDone: async () => undefined, log: () => undefined, ...options });
}
