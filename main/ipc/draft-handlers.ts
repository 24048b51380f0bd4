/**
 * The client book and drafts channels: thin adapters from the contract to
 * the stores. Draft lists get their client names from the client book here,
 * so the draft store does not depend on it.
 */
import { isAbsolute } from 'node:path';
import {
  DRAFT_FILE_EXTENSION,
  MAX_DRAFT_FILE_BYTES,
  describeLimit,
  type Channel,
  type ClientDetails,
  type DraftList,
  type RequestOf,
  type ResponseOf,
} from '../../preload/contract.js';
import type { ClientBook } from '../store/client-book.js';
import { attach, detach } from '../store/draft-files.js';
import type { DraftStore } from '../store/draft-store.js';
import { exportDraft, importDraft, type ImportedSubmissions } from '../store/draft-transfer.js';
import type { SubmissionStore } from '../filing/submission-store.js';
import { readRegularFile, type RegularFileOptions } from '../store/regular-file.js';
import { StoreError } from '../store/store-error.js';
import { saveThroughDialog, type FileSaverDeps } from './file-save-handler.js';
import { IpcFailure } from './ipc-errors.js';
import { DRAFT_FILE_TARGET } from './save-kinds.js';

/** Electron's dialog.showOpenDialog, reduced to what we use. */
export interface OpenDialog {
  showOpenDialog(options: {
    filters: { name: string; extensions: string[] }[];
    properties: Array<'openFile'>;
  }): Promise<{ canceled: boolean; filePaths: string[] }>;
}

export interface DraftHandlerDeps {
  clients: ClientBook;
  drafts: DraftStore;
  fileSaver: FileSaverDeps;
  openDialog: OpenDialog;
  /** The file system the chosen file is read from; tests may pass one that fails. */
  fs?: RegularFileOptions['fs'];
  /** The submission records: a draft's filing history travels in its .fdesk file. */
  submissions?: Pick<SubmissionStore, 'list' | 'load' | 'save'>;
}

type Handler<C extends Channel> = (request: RequestOf<C>) => Promise<ResponseOf<C>>;
const handlerNames = [
  'clients.list',
  'clients.save',
  'clients.archive',
  'clients.notice',
  'drafts.list',
  'drafts.create',
  'drafts.open',
  'drafts.save',
  'drafts.delete',
  'drafts.restore',
  'drafts.attach',
  'drafts.detach',
  'drafts.export',
  'drafts.import',
  'drafts.openFile',
] as const satisfies ReadonlyArray<Channel>;

export function createDraftHandlers(deps: DraftHandlerDeps): { [C in (typeof handlerNames)[number]]: Handler<C> } {
  const { clients, drafts } = deps;

  const clientIdChecked = async (clientId: string | null, field = 'clientId') => {
    if (clientId !== null && !(await clients.get(clientId))) {
      throw new StoreError('invalid', 'That client is not in the client book.', [{ field, message: 'names no client in the client book' }]);
    }
  };

  const listWithNames = async (): Promise<DraftList> => {
    const list = await drafts.list();
    const names = new Map((await clients.list({ query: '', includeArchived: true })).map((c) => [c.id, c.companyName]));
    const named = (s: DraftList['drafts'][number]) => ({ ...s, clientName: s.clientId === null ? null : (names.get(s.clientId) ?? null) });
    return { drafts: list.drafts.map(named), unreadable: list.unreadable, trash: list.trash.map(named) };
  };

  /** The local client matching an imported draft's client: by UTR, else registration number; never a new one. */
  const matchClient = async (details: ClientDetails | null): Promise<string | null> => {
    if (!details) return null;
    const all = await clients.list({ query: '', includeArchived: true });
    const utr = details.utr.replace(/\s+/g, '');
    const reg = details.registrationNumber.replace(/\s+/g, '').toUpperCase();
    return (utr !== '' ? all.find((c) => c.utr === utr) : undefined)?.id ?? (reg !== '' ? all.find((c) => c.registrationNumber === reg) : undefined)?.id ?? null;
  };

  const submissions = deps.submissions;
  const keepImported: ImportedSubmissions | undefined = submissions && {
    keep: async (records) => {
      for (const record of records) {
        // The same submission already here (the file came back to the computer that sent it): the local record stands.
        const here = await submissions.load(record.transactionId).then(
          () => true,
          () => false,
        );
        if (!here) await submissions.save(record);
      }
    },
  };
  const importBytes = (bytes: Uint8Array) => importDraft(drafts, bytes, matchClient, keepImported);

  return {
    'clients.list': (request) => clients.list(request),
    'clients.save': (request) => clients.save(request.id, request.details),
    'clients.archive': (request) => clients.archive(request.id, request.archived),
    'clients.notice': () => clients.notice(),
    'drafts.list': () => listWithNames(),
    'drafts.create': async (request) => {
      await clientIdChecked(request.clientId);
      return drafts.create(request);
    },
    'drafts.open': (request) => drafts.get(request.id),
    'drafts.save': async (request) => {
      await clientIdChecked(request.clientId);
      return drafts.save(request);
    },
    'drafts.delete': async (request) => {
      await drafts.delete(request.id);
      return listWithNames();
    },
    'drafts.restore': async (request) => {
      await drafts.restore(request.id);
      return listWithNames();
    },
    'drafts.attach': (request) => attach(drafts, request.draftId, { role: request.role, fileName: request.fileName, bytes: request.bytes }),
    'drafts.detach': (request) => detach(drafts, request.draftId, request.attachmentId),
    'drafts.export': async (request) => {
      const record = await drafts.record(request.id);
      const client = record.clientId === null ? undefined : await clients.get(record.clientId);
      const details: ClientDetails | null = client
        ? { companyName: client.companyName, registrationNumber: client.registrationNumber, utr: client.utr, periodEnd: client.periodEnd, serviceClientName: client.serviceClientName, serviceClientId: client.serviceClientId, associatedCompanies: client.associatedCompanies }
        : null;
      const history = submissions ? (await submissions.list()).records.filter((r) => r.draftId === request.id) : [];
      const exported = await exportDraft(drafts, request.id, details, history);
      return saveThroughDialog(deps.fileSaver, DRAFT_FILE_TARGET, exported.title, exported.bytes);
    },
    'drafts.import': (file) => importBytes(file.bytes),
    'drafts.openFile': async () => {
      const choice = await deps.openDialog.showOpenDialog({
        filters: [{ name: 'Filing Desk draft (.fdesk)', extensions: [DRAFT_FILE_EXTENSION] }],
        properties: ['openFile'],
      });
      const path = choice.filePaths[0];
      if (choice.canceled || path === undefined) return { draft: null };
      if (!isAbsolute(path)) throw new IpcFailure('failed', 'The open dialog returned a location that is not a full path; nothing was opened.');
      const name = path.split(/[\\/]/).pop() ?? '';
      // The one reading rule: a pipe is refused at once, a huge file by its size before a byte is read.
      const read = await readRegularFile(path, { maxBytes: MAX_DRAFT_FILE_BYTES, kind: 'Filing Desk drafts', followLinks: true, ...(deps.fs ? { fs: deps.fs } : {}) });
      if (!read.ok) {
        if (read.problem === 'too-large') throw new IpcFailure('failed', `${name} is larger than the ${describeLimit(MAX_DRAFT_FILE_BYTES)} a Filing Desk draft may be; nothing was opened.`);
        if (read.problem === 'folder' || read.problem === 'not-a-file') throw new IpcFailure('failed', `${name} cannot be opened: ${read.reason}. Nothing was opened.`);
        throw new IpcFailure('failed', `Could not read ${name}: ${read.reason}; nothing was opened.`);
      }
      return { draft: await importBytes(new Uint8Array(read.value.buffer, read.value.byteOffset, read.value.length)) };
    },
  };
}
