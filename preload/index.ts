/**
 * The preload: exposes window.filingDesk, one method per operation of the
 * contract, each fixed to its own channel. The renderer never gets
 * ipcRenderer or a way to name a channel. Sandboxed, so this is bundled into
 * one CommonJS file whose only import is electron.
 */
import { contextBridge, ipcRenderer } from 'electron';
import {
  bridgeChannels,
  FILE_OPENED_CHANNEL,
  FILE_OPENED_SUBSCRIBE_CHANNEL,
  isOpenedFile,
  MENU_COMMAND_CHANNEL,
  menuCommands,
  type FilingDeskBridge,
  type MenuCommand,
} from './contract.js';

const isMenuCommand = (value: unknown): value is MenuCommand => (menuCommands as readonly unknown[]).includes(value);

const bridge = {
  buildCt600: (request) => ipcRenderer.invoke(bridgeChannels.buildCt600, request),
  verifyCt600: (file) => ipcRenderer.invoke(bridgeChannels.verifyCt600, file),
  buildPackage: (request) => ipcRenderer.invoke(bridgeChannels.buildPackage, request),
  validateCt600: (file) => ipcRenderer.invoke(bridgeChannels.validateCt600, file),
  buildCt600Draft: (request) => ipcRenderer.invoke(bridgeChannels.buildCt600Draft, request),
  checkCt600Draft: (request) => ipcRenderer.invoke(bridgeChannels.checkCt600Draft, request),
  validatePackage: (file) => ipcRenderer.invoke(bridgeChannels.validatePackage, file),
  planPackageDraft: (request) => ipcRenderer.invoke(bridgeChannels.planPackageDraft, request),
  buildPackageDraft: (request) => ipcRenderer.invoke(bridgeChannels.buildPackageDraft, request),
  listClients: (request) => ipcRenderer.invoke(bridgeChannels.listClients, request),
  saveClient: (request) => ipcRenderer.invoke(bridgeChannels.saveClient, request),
  archiveClient: (request) => ipcRenderer.invoke(bridgeChannels.archiveClient, request),
  listDrafts: () => ipcRenderer.invoke(bridgeChannels.listDrafts),
  createDraft: (request) => ipcRenderer.invoke(bridgeChannels.createDraft, request),
  openDraft: (request) => ipcRenderer.invoke(bridgeChannels.openDraft, request),
  saveDraft: (request) => ipcRenderer.invoke(bridgeChannels.saveDraft, request),
  deleteDraft: (request) => ipcRenderer.invoke(bridgeChannels.deleteDraft, request),
  restoreDraft: (request) => ipcRenderer.invoke(bridgeChannels.restoreDraft, request),
  attachToDraft: (request) => ipcRenderer.invoke(bridgeChannels.attachToDraft, request),
  detachFromDraft: (request) => ipcRenderer.invoke(bridgeChannels.detachFromDraft, request),
  exportDraft: (request) => ipcRenderer.invoke(bridgeChannels.exportDraft, request),
  importDraft: (file) => ipcRenderer.invoke(bridgeChannels.importDraft, file),
  openDraftFile: () => ipcRenderer.invoke(bridgeChannels.openDraftFile),
  findDraftBuild: (request) => ipcRenderer.invoke(bridgeChannels.findDraftBuild, request),
  saveFile: (request) => ipcRenderer.invoke(bridgeChannels.saveFile, request),
  appInfo: () => ipcRenderer.invoke(bridgeChannels.appInfo),
  onMenuCommand: (listener) => {
    // Only a known command reaches the page, and never the IPC event itself.
    const forward = (_event: unknown, command: unknown) => {
      if (isMenuCommand(command)) listener(command);
    };
    ipcRenderer.on(MENU_COMMAND_CHANNEL, forward);
    return () => {
      ipcRenderer.removeListener(MENU_COMMAND_CHANNEL, forward);
    };
  },
  onFileOpened: (listener) => {
    // Only a name with a known extension and bytes reach the page, never the IPC event.
    const forward = (_event: unknown, file: unknown) => {
      if (isOpenedFile(file)) listener({ fileName: file.fileName, bytes: file.bytes });
    };
    ipcRenderer.on(FILE_OPENED_CHANNEL, forward);
    // Main keeps files opened before the page listened until it hears this.
    ipcRenderer.send(FILE_OPENED_SUBSCRIBE_CHANNEL);
    return () => {
      ipcRenderer.removeListener(FILE_OPENED_CHANNEL, forward);
    };
  },
} satisfies FilingDeskBridge;

contextBridge.exposeInMainWorld('filingDesk', bridge);
