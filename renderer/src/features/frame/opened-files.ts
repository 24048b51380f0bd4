import { useEffect } from 'react';
import type { StoreApi } from 'zustand';
import type { FilingDeskBridge, OpenedFile } from '../../../../preload/contract.js';
import type { DraftListStore } from '../../store/draft-list.js';
import { useNavigation } from '../../store/navigation.js';
import { useOpenedFileForCheck } from '../../store/opened-file.js';

/**
 * Where a file the operating system opened with the app goes: a report
 * package (.xbri, .xbr) to "Validate a file", a draft file (.fdesk) through
 * drafts.import into its wizard. Main has already checked it.
 */
export function routeOpenedFile(file: OpenedFile, drafts: StoreApi<DraftListStore>): void {
  const extension = file.fileName.slice(file.fileName.lastIndexOf('.') + 1).toLowerCase();
  if (extension === 'fdesk') {
    void drafts.getState().importFile(new File([file.bytes as Uint8Array<ArrayBuffer>], file.fileName));
    return;
  }
  useNavigation.getState().go('validate');
  useOpenedFileForCheck.getState().put(file);
}

/** Subscribes once for the window's life. */
export function useOpenedFiles(bridge: FilingDeskBridge, drafts: StoreApi<DraftListStore>): void {
  useEffect(() => bridge.onFileOpened((file) => routeOpenedFile(file, drafts)), [bridge, drafts]);
}
