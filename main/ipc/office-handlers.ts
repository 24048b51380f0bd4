/**
 * The office channels of Settings › Office and the draft pages over this
 * desk's office service. Syncing goes through the background sync, so Sync
 * now never starts a second sync beside one already running, and the status
 * carries the running sync's progress; joining starts the background sync
 * and leaving stops it.
 */
import type { OfficeChannels } from '../../preload/contract-office.js';
import type { OfficeDeskService } from '../office/office-desk-service.js';
import type { OfficeBackgroundSync } from '../office/background-sync.js';
import { IpcFailure } from './ipc-errors.js';
import { inOfficeWords } from './office-errors.js';

type OfficeChannel = keyof OfficeChannels;

export type OfficeHandlers = {
  [C in OfficeChannel]: (request: OfficeChannels[C]['request']) => Promise<OfficeChannels[C]['response']>;
};

export interface OfficeHandlerDeps {
  desk: OfficeDeskService;
  /** Left out, Sync now runs the desk's sync directly and nothing syncs by itself. */
  background?: OfficeBackgroundSync;
}

export function createOfficeHandlers({ desk, background }: OfficeHandlerDeps): OfficeHandlers {
  const shown = background ? background.withProgress.bind(background) : <T>(status: T) => status;
  return {
    'office.status': () => inOfficeWords(async () => shown(await desk.status())),
    'office.join': (request) =>
      inOfficeWords(async () => {
        const result = await desk.join(request);
        if (result.outcome !== 'joined') return result;
        background?.joined();
        return { outcome: 'joined', status: shown(result.status) };
      }),
    'office.leave': () =>
      inOfficeWords(async () => {
        // Stopped first: a sync starting while the desk leaves would find no office settings.
        background?.stop();
        return desk.leave();
      }),
    'office.sync': () => inOfficeWords(async () => shown(background ? await background.syncNow() : await desk.sync())),
    'office.resolve': (request) => inOfficeWords(async () => shown(await desk.resolve(request))),
    'office.editing': (request) => inOfficeWords(() => desk.editing(request)),
  };
}

/** Without an office service (a window started without its data folder): status says not joined, everything else is refused in words. */
export function officeNotWired(): OfficeHandlers {
  const refuse = async (): Promise<never> => {
    throw new IpcFailure('failed', 'The office cannot be used in this window: Filing Desk started without its data folder. Nothing was sent and nothing here changed.');
  };
  return {
    'office.status': async () => ({ joined: false }),
    'office.join': refuse,
    'office.leave': refuse,
    'office.sync': refuse,
    'office.resolve': refuse,
    // A draft page asks every minute who else has it open: with no office, nobody.
    'office.editing': async () => ({ others: [] }),
  };
}
