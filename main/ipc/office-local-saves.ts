/**
 * The channels that change a record the office shares (a client, a CT600
 * draft, an accounts draft) on this desk. After one of them succeeds the
 * background sync is told, so the change reaches the other desks soon rather
 * than at the next two-minute turn. A failed save changed nothing, so it
 * tells nothing.
 */
import type { Channel } from '../../preload/contract.js';
import type { Handlers } from './register-handlers.js';

export const LOCAL_SAVE_CHANNELS = [
  'clients.save',
  'clients.archive',
  'drafts.create',
  'drafts.save',
  'drafts.delete',
  'drafts.restore',
  'drafts.attach',
  'drafts.detach',
  'drafts.import',
  'ct600.buildDraft',
  'computation.attach',
  'accounts.create',
  'accounts.save',
  'accounts.setTrialBalance',
  'accounts.answerMapping',
  'accounts.build',
  'accounts.attachToReturn',
] as const satisfies ReadonlyArray<Channel>;

/** The same handlers, each local save followed by `savedLocally()`. */
export function tellingOfLocalSaves(handlers: Handlers, savedLocally: () => void): Handlers {
  const out = { ...handlers } as Record<Channel, (request: unknown) => unknown>;
  for (const channel of LOCAL_SAVE_CHANNELS) {
    const handler = handlers[channel] as (request: unknown) => unknown;
    out[channel] = async (request: unknown) => {
      const response = await handler(request);
      savedLocally();
      return response;
    };
  }
  return out as Handlers;
}
