/**
 * The filing channels as one group, so main, the tests and the end-to-end
 * harness can each wire their own FilingDesk behind them.
 */
import { filingChannels } from '../../preload/contract.js';
import { IpcFailure } from './ipc-errors.js';
import type { Handlers } from './register-handlers.js';

export { filingChannels };

export type FilingChannel = (typeof filingChannels)[number];
export type FilingHandlers = Pick<Handlers, FilingChannel>;

/**
 * A window opened without filing wired (some tests) refuses every filing call
 * in words, instead of pretending: nothing is read, sent or saved.
 */
export function filingNotWired(): FilingHandlers {
  const refuse = () => {
    throw new IpcFailure('failed', 'Filing with HMRC is not available in this window: Filing Desk started without its filing service. Nothing was sent to HMRC.');
  };
  return Object.fromEntries(filingChannels.map((c) => [c, refuse])) as unknown as FilingHandlers;
}
