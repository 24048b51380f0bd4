/**
 * The office benchmark's processes: the office server and each desk run in
 * a process of their own (as on a firm's network, where none shares
 * another's event loop), started before anything is timed and told what to
 * do on their IPC channel.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { OfficeServerChildReady } from './office-server-child.js';
import type { DeskReady, DeskSyncAnswer, DeskSyncOrder } from './office-desk-child.js';

const here = (name: string) => fileURLToPath(new URL(name, import.meta.url));

function start(script: string, args: string[]): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', here(script), ...args], { stdio: ['pipe', 'ignore', 'inherit', 'ipc'] });
}

function firstMessage<T>(child: ChildProcess, what: string): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const exited = (code: number | null) => reject(new Error(`${what} exited (${code}) before answering`));
    child.once('exit', exited);
    child.once('error', reject);
    child.once('message', (message) => {
      child.off('exit', exited);
      child.off('error', reject);
      resolve(message as T);
    });
  });
}

export interface OfficeServerProcess {
  url: string;
  stop(): void;
}

/** The office server on loopback over the given database; resolves once it listens. */
export async function startOfficeServer(databaseUrl: string): Promise<OfficeServerProcess> {
  const child = start('office-server-child.ts', [databaseUrl]);
  const ready = await firstMessage<OfficeServerChildReady>(child, 'the office server');
  return { url: ready.url, stop: () => child.stdin?.end() };
}

export interface DeskProcess {
  /** Syncs a fresh data folder with the office; rejects with the desk's own error when the sync failed. */
  sync(order: DeskSyncOrder): Promise<{ pulled: number; conflicts: number }>;
  stop(): void;
}

/** A desk process, resolved once it has loaded its modules and listens for orders. */
export async function startDesk(): Promise<DeskProcess> {
  const child = start('office-desk-child.ts', []);
  await firstMessage<DeskReady>(child, 'a desk');
  return {
    async sync(order) {
      const sent = firstMessage<DeskSyncAnswer>(child, `desk ${order.desk}`);
      child.send(order);
      const answer = await sent;
      if (!answer.ok) throw new Error(`desk ${order.desk} could not sync: ${answer.error}`);
      return { pulled: answer.pulled, conflicts: answer.conflicts };
    },
    stop: () => child.disconnect(),
  };
}
