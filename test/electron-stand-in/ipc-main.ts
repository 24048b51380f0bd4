/**
 * ipcMain: handle/handleOnce/removeHandler for invoke, and the EventEmitter
 * side for send. Electron answers an invoke on a channel without a handler
 * with an error, and a handler's thrown error reaches the page as its
 * message only.
 */
import { EventEmitter } from 'node:events';

type Handler = (event: unknown, ...args: unknown[]) => unknown;

export class StandInIpcMain extends EventEmitter {
  private readonly handlers = new Map<string, Handler>();
  /** Every channel the page invoked or sent on, in order. */
  readonly calls: { kind: 'invoke' | 'send'; channel: string }[] = [];

  handle(channel: string, handler: Handler): void {
    if (this.handlers.has(channel)) throw new Error(`Attempted to register a second handler for '${channel}'`);
    this.handlers.set(channel, handler);
  }

  handleOnce(channel: string, handler: Handler): void {
    this.handle(channel, (event, ...args) => {
      this.removeHandler(channel);
      return handler(event, ...args);
    });
  }

  removeHandler(channel: string): void {
    this.handlers.delete(channel);
  }

  async invoke(channel: string, event: unknown, args: unknown[]): Promise<unknown> {
    this.calls.push({ kind: 'invoke', channel });
    const handler = this.handlers.get(channel);
    if (!handler) throw new Error(`No handler registered for '${channel}'`);
    return handler(event, ...args);
  }

  emitMessage(channel: string, event: object, args: unknown[]): void {
    this.calls.push({ kind: 'send', channel });
    this.emit(channel, event, ...args);
  }
}
