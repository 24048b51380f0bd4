/**
 * The Online channels. Failures of the service or the keychain become
 * messages the page shows as written; none of them carries a secret (the
 * errors of the remote client and the keychain keep only codes and words).
 */
import { CredentialStoreError } from '../credentials/credential-store.js';
import type { OnlineDesk } from '../online/online-desk.js';
import { FilingServiceError } from '../service/service-errors.js';
import { IpcFailure } from './ipc-errors.js';
import type { Handlers } from './register-handlers.js';

type OnlineChannel =
  | 'settings.get' | 'settings.save' | 'settings.testConnection'
  | 'session.status' | 'session.signIn' | 'session.signOut' | 'online.status'
  | 'outbox.list' | 'outbox.problems' | 'outbox.retry' | 'outbox.cancel'
  | 'ct600.sendDraft' | 'package.sendDraft' | 'drafts.serviceResults'
  | 'jobs.follow' | 'jobs.get' | 'jobs.send';

async function plain<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof FilingServiceError) throw new IpcFailure('failed', error.message);
    if (error instanceof CredentialStoreError) {
      throw new IpcFailure('failed', 'The system keychain did not answer, so nothing was saved. Try again, or restart Filing Desk.');
    }
    throw error;
  }
}

export function createOnlineHandlers(desk: OnlineDesk): Pick<Handlers, OnlineChannel> {
  return {
    'settings.get': () => desk.settings.get(),
    'settings.save': (settings) => desk.saveSettings(settings),
    'settings.testConnection': (settings) => plain(() => desk.testConnection(settings)),
    'session.status': () => plain(() => desk.sessionStatus()),
    'session.signIn': (request) => plain(() => desk.signIn(request)),
    'session.signOut': () => plain(() => desk.signOut()),
    'online.status': () => desk.status(),
    'outbox.list': () => desk.outbox.list(),
    'outbox.problems': () => [...desk.outbox.problems],
    'outbox.retry': ({ id }) => desk.outbox.retry(id),
    'outbox.cancel': ({ id }) => desk.outbox.cancel(id),
    'ct600.sendDraft': async (request) => ({ item: await desk.sendCt600Draft(request) }),
    'package.sendDraft': async (request) => ({ item: await desk.sendPackageDraft(request) }),
    'drafts.serviceResults': ({ id }) => desk.draftResults(id),
    'jobs.follow': ({ id, draftId }) => desk.jobs.follow(id, draftId),
    'jobs.get': async ({ id }) => desk.jobs.get(id),
    'jobs.send': async ({ draftId, file }) => ({ item: await desk.sendFileForValidation(draftId, file) }),
  };
}
