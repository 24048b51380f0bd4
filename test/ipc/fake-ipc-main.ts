import type { IpcEventLike, IpcMainLike } from '../../main/ipc/register-handlers.js';

/** A recording ipcMain: keeps the registered listeners so a test can call them like Electron would. */
export class FakeIpcMain implements IpcMainLike {
  readonly listeners = new Map<string, (event: IpcEventLike, ...args: unknown[]) => Promise<unknown>>();

  handle(channel: string, listener: (event: IpcEventLike, ...args: unknown[]) => Promise<unknown>): void {
    if (this.listeners.has(channel)) throw new Error(`second handler for ${channel}`);
    this.listeners.set(channel, listener);
  }

  invoke(channel: string, frameUrl: string | null, ...args: unknown[]): Promise<unknown> {
    const listener = this.listeners.get(channel);
    if (!listener) throw new Error(`No handler registered for '${channel}'`);
    return listener({ senderFrame: frameUrl === null ? null : { url: frameUrl } }, ...args);
  }
}

export const OWN_PAGE = 'app://filing-desk/index.html';
