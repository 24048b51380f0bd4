import type { z } from 'zod';
import { fieldErrorsFromZod } from '../engine/zod-errors.js';
import { channels, type Channel, type IpcResult, type RequestOf, type ResponseOf } from '../../preload/contract.js';
import { fieldErrorsToIpcError, toIpcError } from './ipc-errors.js';
import { requestSchemas } from './request-schemas.js';

/** The part of Electron's ipcMain we use; tests pass a recording fake. */
export interface IpcMainLike {
  handle(channel: string, listener: (event: IpcEventLike, ...args: unknown[]) => Promise<unknown>): void;
}

/**
 * The part of IpcMainInvokeEvent we read: which frame sent the call (null once
 * it is gone), its parent (null for a top frame) and which web contents it
 * belongs to.
 */
export interface IpcEventLike {
  senderFrame: { url: string; parent: unknown } | null;
  sender: { id: number };
}

export type Handlers = {
  [C in Channel]: (request: RequestOf<C>) => Promise<ResponseOf<C>> | ResponseOf<C>;
};

export interface RegisterOptions {
  /** Whether the call came from our own page (see main/window/trusted-sender.ts). */
  isTrustedSender: (event: IpcEventLike) => boolean;
  /** Where unexpected errors go with their stack; never to the renderer. */
  logError?: (channel: Channel, error: unknown) => void;
  schemas?: { [C in Channel]: z.ZodType<RequestOf<C>> };
}

/**
 * Registers one ipcMain handler per channel of the contract. Every call is
 * checked in the same order: sender, payload shape, then the handler; every
 * outcome, failure included, resolves to an IpcResult.
 */
export function registerHandlers(ipc: IpcMainLike, handlers: Handlers, options: RegisterOptions): void {
  const schemas = options.schemas ?? requestSchemas;
  const logError = options.logError ?? ((channel, error) => console.error(`[ipc ${channel}]`, error));
  for (const channel of channels) {
    ipc.handle(channel, (event, ...args) =>
      dispatch(channel, event, args, handlers[channel] as never, schemas[channel], options.isTrustedSender, logError),
    );
  }
}

async function dispatch<C extends Channel>(
  channel: C,
  event: IpcEventLike,
  args: unknown[],
  handler: (request: RequestOf<C>) => Promise<ResponseOf<C>> | ResponseOf<C>,
  schema: z.ZodType<RequestOf<C>>,
  isTrustedSender: (event: IpcEventLike) => boolean,
  logError: (channel: Channel, error: unknown) => void,
): Promise<IpcResult<ResponseOf<C>>> {
  if (!isTrustedSender(event)) {
    return { ok: false, error: { code: 'untrusted-sender', message: 'Refused: the request did not come from Filing Desk’s own page.' } };
  }
  if (args.length > 1) {
    return { ok: false, error: fieldErrorsToIpcError([{ field: '', message: `takes one request, got ${args.length} arguments` }]) };
  }
  const parsed = schema.safeParse(args[0]);
  if (!parsed.success) return { ok: false, error: fieldErrorsToIpcError(fieldErrorsFromZod(parsed.error)) };
  try {
    return { ok: true, value: await handler(parsed.data) };
  } catch (error) {
    const ipcError = toIpcError(error);
    if (ipcError.code === 'internal') logError(channel, error);
    return { ok: false, error: ipcError };
  }
}
