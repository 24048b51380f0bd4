import { createContext, useContext } from 'react';
import { createStore, type StoreApi } from 'zustand/vanilla';
import {
  DRAFT_FILE_EXTENSION,
  describeLimit,
  MAX_DRAFT_FILE_BYTES,
  type Client,
  type Draft,
  type DraftSummary,
  type FilingDeskBridge,
  type UnreadableDraftFile,
} from '../../../preload/contract.js';
import { useNotices } from '../features/frame/notices.js';
import { settle } from '../features/frame/bridge-call.js';
import { useNavigation } from './navigation.js';

export type DraftListLoad = { status: 'loading' } | { status: 'ready' } | { status: 'error'; message: string };

export interface DraftListStore {
  load: DraftListLoad;
  drafts: DraftSummary[];
  unreadable: UnreadableDraftFile[];
  trash: DraftSummary[];
  /** Set while a draft is being created, imported or opened from a file. */
  busy: string | null;
  refresh(): Promise<void>;
  /** Creates a CT600 draft for the client (or none) and opens it in the wizard. */
  newReturn(client: Client | null): Promise<void>;
  open(summary: Pick<DraftSummary, 'id' | 'kind'>): void;
  remove(summary: DraftSummary): Promise<void>;
  restore(summary: Pick<DraftSummary, 'id' | 'title'>): Promise<void>;
  exportDraft(summary: DraftSummary): Promise<void>;
  importFile(file: Blob & { name: string }): Promise<void>;
  openFromFile(): Promise<void>;
}

const notify = (text: string, tone: 'info' | 'error' = 'info') => useNotices.getState().show({ text, tone });

export function draftFileRefusal(fileName: string, size: number): string | null {
  if (!fileName.toLowerCase().endsWith(`.${DRAFT_FILE_EXTENSION}`)) {
    return `${fileName} is not a Filing Desk draft. Drafts passed between colleagues end in .${DRAFT_FILE_EXTENSION}.`;
  }
  if (size === 0) return `${fileName} is empty.`;
  if (size > MAX_DRAFT_FILE_BYTES) return `${fileName} is larger than the ${describeLimit(MAX_DRAFT_FILE_BYTES)} a draft file may be.`;
  return null;
}

export function createDraftListStore(bridge: FilingDeskBridge): StoreApi<DraftListStore> {
  return createStore<DraftListStore>((set, get) => {
    const opened = (draft: Draft) => {
      useNavigation.getState().openDraft({ id: draft.id, kind: draft.kind });
      void get().refresh();
    };
    const withBusy = async (label: string, work: () => Promise<void>) => {
      set({ busy: label });
      try {
        await work();
      } finally {
        set({ busy: null });
      }
    };
    return {
      load: { status: 'loading' },
      drafts: [],
      unreadable: [],
      trash: [],
      busy: null,
      refresh: async () => {
        const result = await settle(() => bridge.listDrafts(), 'list your drafts');
        if (!result.ok) return set({ load: { status: 'error', message: result.failure.message } });
        const { drafts, unreadable, trash } = result.value;
        set({ load: { status: 'ready' }, drafts, unreadable, trash });
      },
      newReturn: (client) =>
        withBusy('Creating the return…', async () => {
          const result = await settle(
            () => bridge.createDraft({ kind: 'ct600', clientId: client?.id ?? null, title: client?.companyName || 'New return', form: {} }),
            'create the return',
          );
          if (!result.ok) return void notify(`The return could not be created: ${result.failure.message}`, 'error');
          opened(result.value);
        }),
      open: (summary) => useNavigation.getState().openDraft({ id: summary.id, kind: summary.kind }),
      remove: async (summary) => {
        const result = await settle(() => bridge.deleteDraft({ id: summary.id }), 'delete the draft');
        if (!result.ok) return void notify(`“${summary.title}” could not be deleted: ${result.failure.message}`, 'error');
        set({ load: { status: 'ready' }, ...result.value });
        useNotices.getState().show({
          text: `“${summary.title}” moved to Recently deleted.`,
          tone: 'info',
          action: { label: 'Undo', run: () => void get().restore(summary) },
        });
      },
      restore: async (summary) => {
        const result = await settle(() => bridge.restoreDraft({ id: summary.id }), 'restore the draft');
        if (!result.ok) return void notify(`“${summary.title}” could not be restored: ${result.failure.message}`, 'error');
        set({ load: { status: 'ready' }, ...result.value });
        notify(`“${summary.title}” restored.`);
      },
      exportDraft: async (summary) => {
        const result = await settle(() => bridge.exportDraft({ id: summary.id }), 'export the draft');
        if (!result.ok) return void notify(`“${summary.title}” could not be exported: ${result.failure.message}`, 'error');
        if (result.value.saved) notify(`“${summary.title}” exported as ${result.value.fileName ?? 'a draft file'}.`);
      },
      importFile: (file) =>
        withBusy(`Importing ${file.name}…`, async () => {
          const refusal = draftFileRefusal(file.name, file.size);
          if (refusal) return void notify(refusal, 'error');
          let bytes: Uint8Array;
          try {
            bytes = new Uint8Array(await file.arrayBuffer());
          } catch {
            return void notify(`${file.name} could not be read. Check the file is still there and try again.`, 'error');
          }
          const result = await settle(() => bridge.importDraft({ fileName: file.name, bytes }), 'import the draft');
          if (!result.ok) return void notify(`${file.name} could not be imported: ${result.failure.message}`, 'error');
          opened(result.value);
        }),
      openFromFile: () =>
        withBusy('Opening a draft file…', async () => {
          const result = await settle(() => bridge.openDraftFile(), 'open the draft file');
          if (!result.ok) return void notify(`The draft file could not be opened: ${result.failure.message}`, 'error');
          if (result.value.draft) opened(result.value.draft);
        }),
    };
  });
}

export const DraftListContext = createContext<StoreApi<DraftListStore> | null>(null);

export function useDraftListStore(): StoreApi<DraftListStore> {
  const store = useContext(DraftListContext);
  if (!store) throw new Error('useDraftListStore outside DraftListContext');
  return store;
}
