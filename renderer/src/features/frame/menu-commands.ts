import { useEffect } from 'react';
import type { StoreApi } from 'zustand';
import type { FilingDeskBridge, MenuCommand } from '../../../../preload/contract.js';
import type { DraftListStore } from '../../store/draft-list.js';
import { useNavigation } from '../../store/navigation.js';
import { useNotices } from './notices.js';

export const NOTHING_TO_SAVE = 'Nothing to save: open a draft first.';

/**
 * What the window does for each application menu command. Save and Save as
 * belong to the wizard while a CT600 draft is open (it listens itself); with
 * nothing open, the window says so.
 */
export function routeMenuCommand(command: MenuCommand, drafts: StoreApi<DraftListStore>): void {
  const notify = (text: string) => useNotices.getState().show({ text, tone: 'info' });
  const open = useNavigation.getState().draft;
  switch (command) {
    case 'new-return':
      useNavigation.getState().startNewReturn();
      return;
    case 'new-package':
      useNavigation.getState().startNewPackage();
      return;
    case 'open':
      void drafts.getState().openFromFile();
      return;
    case 'save':
    case 'save-as':
      if (!open) notify(NOTHING_TO_SAVE);
      return;
  }
}

/** Subscribes once for the window's life. */
export function useMenuCommands(bridge: FilingDeskBridge, drafts: StoreApi<DraftListStore>): void {
  useEffect(() => bridge.onMenuCommand((command) => routeMenuCommand(command, drafts)), [bridge, drafts]);
}
