/**
 * The filing channels: settings, the Government Gateway credentials, and a
 * draft's submissions. Every refusal names the field and the rule in words,
 * and says that nothing was sent.
 */
import type { FilingSettings } from '../../preload/contract.js';
import type { GatewayCredentialStore } from '../credentials/gateway-credentials.js';
import { GatewayCredentialsMissing } from '../credentials/gateway-credentials.js';
import { DraftFiling, FilingBlocked } from '../filing/draft-filing.js';
import { FilingRefusal } from '../filing/filing-desk.js';
import { SubmissionMessageError } from '../filing/submission-message.js';
import { SubmissionStoreError } from '../filing/submission-store.js';
import type { DraftStore } from '../store/draft-store.js';
import { amendDraft } from '../store/draft-filed.js';
import { saveThroughDialog, type FileSaverDeps } from './file-save-handler.js';
import type { FilingHandlers } from './filing-channels.js';
import { IpcFailure } from './ipc-errors.js';
import { FILED_RETURN_TARGET, HMRC_RECEIPT_TARGET } from './save-kinds.js';

export interface FilingHandlerDeps {
  filing: DraftFiling;
  settings: { get(): Promise<FilingSettings>; save(settings: unknown): Promise<FilingSettings> };
  gateway: Pick<GatewayCredentialStore, 'status' | 'save' | 'clear'>;
  drafts: DraftStore;
  fileSaver: FileSaverDeps;
}

/** The filing's own errors as IPC errors, each naming its field. */
async function refusing<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof FilingBlocked) throw new IpcFailure('failed', error.message, error.errors);
    if (error instanceof FilingRefusal) throw new IpcFailure('failed', `${error.message.replace(/\.$/, '')}. Nothing was sent to HMRC.`, [{ field: error.field, message: error.message }]);
    if (error instanceof GatewayCredentialsMissing) throw new IpcFailure('failed', `${error.message} Nothing was sent to HMRC.`, [{ field: error.field, message: error.message }]);
    if (error instanceof SubmissionMessageError) {
      throw new IpcFailure('failed', `The built return cannot be sent: ${error.message}. Nothing was sent to HMRC.`, [{ field: error.field || 'build', message: error.message }]);
    }
    if (error instanceof SubmissionStoreError) throw new IpcFailure('failed', `${error.message[0]!.toUpperCase()}${error.message.slice(1)}.`, [{ field: 'transactionId', message: error.message }]);
    throw error;
  }
}

const fileNameOf = (company: string | undefined, from: string, to: string, what: string) => `${company || 'CT600'} ${from} to ${to} ${what}`;

export function createFilingHandlers(deps: FilingHandlerDeps): FilingHandlers {
  return {
    'filing.settings.get': () => deps.settings.get(),
    'filing.settings.save': (settings) => deps.settings.save(settings),
    'gateway.credentials.status': () => deps.gateway.status(),
    'gateway.credentials.save': ({ userId, password }) => deps.gateway.save(userId, password),
    'gateway.credentials.clear': () => deps.gateway.clear(),
    'filing.preview': ({ draftId, environment }) => refusing(() => deps.filing.preview(draftId, environment)),
    'filing.submit': ({ draftId, environment, confirmAmendment, takeOver }) => refusing(() => deps.filing.submit(draftId, environment, { confirmAmendment: confirmAmendment === true, takeOver: takeOver === true })),
    'filing.get': ({ transactionId }) => refusing(() => deps.filing.get(transactionId)),
    'filing.list': (filter) => refusing(() => deps.filing.list(filter)),
    'filing.resume': ({ transactionId, sendAgain, takeOver }) => refusing(() => deps.filing.resume(transactionId, { sendAgain: sendAgain === true, takeOver: takeOver === true })),
    'filing.save': ({ transactionId, what }) =>
      refusing(async () => {
        const record = await deps.filing.record(transactionId);
        if (what === 'return') {
          // The message exactly as stored and sent, less the sender's credentials (added only in memory at sending).
          return saveThroughDialog(deps.fileSaver, FILED_RETURN_TARGET, fileNameOf(record.company, record.periodFrom, record.periodTo, 'as filed'), Buffer.from(record.message, 'base64'));
        }
        if (!record.outcome) throw new IpcFailure('failed', 'HMRC has not answered this submission yet, so there is no response to save.', [{ field: 'what', message: 'there is no HMRC response yet' }]);
        return saveThroughDialog(deps.fileSaver, HMRC_RECEIPT_TARGET, fileNameOf(record.company, record.periodFrom, record.periodTo, record.outcome.kind === 'accepted' ? 'HMRC receipt' : 'HMRC response'), record.outcome.responseXml);
      }),
    'drafts.amend': ({ draftId }) => amendDraft(deps.drafts, draftId),
  };
}
