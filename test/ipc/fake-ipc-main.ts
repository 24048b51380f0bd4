import type { IpcEventLike, IpcMainLike } from '../../main/ipc/register-handlers.js';
import { createSenderCheck } from '../../main/window/trusted-sender.js';

/** The web contents id the tests treat as the main window's. */
export const OWN_CONTENTS_ID = 1;

/** A top frame of the main window showing the given URL (null: the frame is gone). */
export function topFrameEvent(frameUrl: string | null, contentsId = OWN_CONTENTS_ID): IpcEventLike {
  return { senderFrame: frameUrl === null ? null : { url: frameUrl, parent: null }, sender: { id: contentsId } };
}

/** A recording ipcMain: keeps the registered listeners so a test can call them like Electron would. */
export class FakeIpcMain implements IpcMainLike {
  readonly listeners = new Map<string, (event: IpcEventLike, ...args: unknown[]) => Promise<unknown>>();

  handle(channel: string, listener: (event: IpcEventLike, ...args: unknown[]) => Promise<unknown>): void {
    if (this.listeners.has(channel)) throw new Error(`second handler for ${channel}`);
    this.listeners.set(channel, listener);
  }

  /** Calls a channel from a top frame of the main window at frameUrl, or with a full event. */
  invoke(channel: string, sender: string | null | IpcEventLike, ...args: unknown[]): Promise<unknown> {
    const listener = this.listeners.get(channel);
    if (!listener) throw new Error(`No handler registered for '${channel}'`);
    return listener(typeof sender === 'object' && sender !== null ? sender : topFrameEvent(sender), ...args);
  }
}

export const OWN_PAGE = 'app://filing-desk/index.html';

/** The app's real sender rule, with OWN_CONTENTS_ID as the main window. */
export const ownPageCheck = createSenderCheck({ ownContentsId: () => OWN_CONTENTS_ID });
