/**
 * The preload: exposes window.filingDesk, one method per operation of the
 * contract, each fixed to its own channel. The renderer never gets
 * ipcRenderer or a way to name a channel. Sandboxed, so this is bundled into
 * one CommonJS file whose only import is electron.
 */
import { contextBridge, ipcRenderer } from 'electron';
import { bridgeChannels, type FilingDeskBridge } from './contract.js';

const bridge = {
  buildCt600: (request) => ipcRenderer.invoke(bridgeChannels.buildCt600, request),
  verifyCt600: (file) => ipcRenderer.invoke(bridgeChannels.verifyCt600, file),
  buildPackage: (request) => ipcRenderer.invoke(bridgeChannels.buildPackage, request),
  validatePackage: (file) => ipcRenderer.invoke(bridgeChannels.validatePackage, file),
  saveFile: (request) => ipcRenderer.invoke(bridgeChannels.saveFile, request),
  appInfo: () => ipcRenderer.invoke(bridgeChannels.appInfo),
} satisfies FilingDeskBridge;

contextBridge.exposeInMainWorld('filingDesk', bridge);
