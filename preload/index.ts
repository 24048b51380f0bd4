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
  ONLINE_STATUS_CHANNEL,
  type FilingDeskBridge,
  type MenuCommand,
  type OnlineStatus,
} from './contract.js';

const isMenuCommand = (value: unknown): value is MenuCommand => (menuCommands as readonly unknown[]).includes(value);

const STATES = ['online', 'offline', 'signed-out', 'paused'];
const count = (v: unknown) => typeof v === 'number' && Number.isInteger(v) && v >= 0;
/** Only a well-formed status reaches the page, rebuilt field by field so nothing else rides along. */
function onlineStatusOf(value: unknown): OnlineStatus | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const v = value as Record<string, unknown>;
  const o = v.outbox as Record<string, unknown> | null;
  if (!STATES.includes(v.state as string) || typeof v.message !== 'string' || typeof v.workOffline !== 'boolean') return undefined;
  if (v.signedInAs !== null && typeof v.signedInAs !== 'string') return undefined;
  if (typeof o !== 'object' || o === null || !count(o.queued) || !count(o.sending) || !count(o.done) || !count(o.failed)) return undefined;
  return {
    state: v.state as OnlineStatus['state'],
    message: v.message,
    workOffline: v.workOffline,
    signedInAs: v.signedInAs as string | null,
    outbox: { queued: o.queued as number, sending: o.sending as number, done: o.done as number, failed: o.failed as number },
  };
}

const bridge = {
  buildCt600: (request) => ipcRenderer.invoke(bridgeChannels.buildCt600, request),
  verifyCt600: (file) => ipcRenderer.invoke(bridgeChannels.verifyCt600, file),
  buildPackage: (request) => ipcRenderer.invoke(bridgeChannels.buildPackage, request),
  validateCt600: (file) => ipcRenderer.invoke(bridgeChannels.validateCt600, file),
  buildCt600Draft: (request) => ipcRenderer.invoke(bridgeChannels.buildCt600Draft, request),
  checkCt600Draft: (request) => ipcRenderer.invoke(bridgeChannels.checkCt600Draft, request),
  checkCt600Attachments: (request) => ipcRenderer.invoke(bridgeChannels.checkCt600Attachments, request),
  validatePackage: (file) => ipcRenderer.invoke(bridgeChannels.validatePackage, file),
  planPackageDraft: (request) => ipcRenderer.invoke(bridgeChannels.planPackageDraft, request),
  buildPackageDraft: (request) => ipcRenderer.invoke(bridgeChannels.buildPackageDraft, request),
  listClients: (request) => ipcRenderer.invoke(bridgeChannels.listClients, request),
  saveClient: (request) => ipcRenderer.invoke(bridgeChannels.saveClient, request),
  archiveClient: (request) => ipcRenderer.invoke(bridgeChannels.archiveClient, request),
  clientBookNotice: () => ipcRenderer.invoke(bridgeChannels.clientBookNotice),
  listDeadlines: () => ipcRenderer.invoke(bridgeChannels.listDeadlines),
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
  // Online
  getOnlineSettings: () => ipcRenderer.invoke(bridgeChannels.getOnlineSettings),
  saveOnlineSettings: (settings) => ipcRenderer.invoke(bridgeChannels.saveOnlineSettings, settings),
  testConnection: (settings) => ipcRenderer.invoke(bridgeChannels.testConnection, settings),
  sessionStatus: () => ipcRenderer.invoke(bridgeChannels.sessionStatus),
  signIn: (request) => ipcRenderer.invoke(bridgeChannels.signIn, request),
  signOut: () => ipcRenderer.invoke(bridgeChannels.signOut),
  onlineStatus: () => ipcRenderer.invoke(bridgeChannels.onlineStatus),
  listOutbox: () => ipcRenderer.invoke(bridgeChannels.listOutbox),
  listOutboxProblems: () => ipcRenderer.invoke(bridgeChannels.listOutboxProblems),
  retryOutboxItem: (request) => ipcRenderer.invoke(bridgeChannels.retryOutboxItem, request),
  cancelOutboxItem: (request) => ipcRenderer.invoke(bridgeChannels.cancelOutboxItem, request),
  sendCt600Draft: (request) => ipcRenderer.invoke(bridgeChannels.sendCt600Draft, request),
  sendPackageDraft: (request) => ipcRenderer.invoke(bridgeChannels.sendPackageDraft, request),
  draftServiceResults: (request) => ipcRenderer.invoke(bridgeChannels.draftServiceResults, request),
  followJob: (request) => ipcRenderer.invoke(bridgeChannels.followJob, request),
  getJob: (request) => ipcRenderer.invoke(bridgeChannels.getJob, request),
  sendFileForValidation: (request) => ipcRenderer.invoke(bridgeChannels.sendFileForValidation, request),
  onOnlineStatus: (listener) => {
    const forward = (_event: unknown, status: unknown) => {
      const checked = onlineStatusOf(status);
      if (checked) listener(checked);
    };
    ipcRenderer.on(ONLINE_STATUS_CHANNEL, forward);
    return () => {
      ipcRenderer.removeListener(ONLINE_STATUS_CHANNEL, forward);
    };
  },
  // Filing with HMRC
  getFilingSettings: () => ipcRenderer.invoke(bridgeChannels.getFilingSettings),
  saveFilingSettings: (settings) => ipcRenderer.invoke(bridgeChannels.saveFilingSettings, settings),
  gatewayCredentialsStatus: () => ipcRenderer.invoke(bridgeChannels.gatewayCredentialsStatus),
  saveGatewayCredentials: (request) => ipcRenderer.invoke(bridgeChannels.saveGatewayCredentials, request),
  clearGatewayCredentials: () => ipcRenderer.invoke(bridgeChannels.clearGatewayCredentials),
  previewFiling: (request) => ipcRenderer.invoke(bridgeChannels.previewFiling, request),
  submitFiling: (request) => ipcRenderer.invoke(bridgeChannels.submitFiling, request),
  getSubmission: (request) => ipcRenderer.invoke(bridgeChannels.getSubmission, request),
  listSubmissions: (request) => ipcRenderer.invoke(bridgeChannels.listSubmissions, request),
  resumeSubmission: (request) => ipcRenderer.invoke(bridgeChannels.resumeSubmission, request),
  saveSubmissionFile: (request) => ipcRenderer.invoke(bridgeChannels.saveSubmissionFile, request),
  amendDraft: (request) => ipcRenderer.invoke(bridgeChannels.amendDraft, request),
  computeComputation: (request) => ipcRenderer.invoke(bridgeChannels.computeComputation, request),
  previousPeriodCarriedForward: (request) => ipcRenderer.invoke(bridgeChannels.previousPeriodCarriedForward, request),
  listTaxonomies: () => ipcRenderer.invoke(bridgeChannels.listTaxonomies),
  installTaxonomy: (request) => ipcRenderer.invoke(bridgeChannels.installTaxonomy, request),
  removeTaxonomy: (request) => ipcRenderer.invoke(bridgeChannels.removeTaxonomy, request),
  checkInlineXbrl: (request) => ipcRenderer.invoke(bridgeChannels.checkInlineXbrl, request),
  attachComputation: (request) => ipcRenderer.invoke(bridgeChannels.attachComputation, request),
  accountsFigures: (request) => ipcRenderer.invoke(bridgeChannels.accountsFigures, request),
  saveComputation: (request) => ipcRenderer.invoke(bridgeChannels.saveComputation, request),
  // Filing with Companies House
  companiesHouseLastLook: (request) => ipcRenderer.invoke(bridgeChannels.companiesHouseLastLook, request),
  fileWithCompaniesHouse: (request) => ipcRenderer.invoke(bridgeChannels.fileWithCompaniesHouse, request),
  companiesHouseJob: (request) => ipcRenderer.invoke(bridgeChannels.companiesHouseJob, request),
  checkCompaniesHouseAgain: (request) => ipcRenderer.invoke(bridgeChannels.checkCompaniesHouseAgain, request),
  companiesHouseClient: (request) => ipcRenderer.invoke(bridgeChannels.companiesHouseClient, request),
  companiesHouseCredentials: () => ipcRenderer.invoke(bridgeChannels.companiesHouseCredentials),
  saveCompaniesHousePresenter: (request) => ipcRenderer.invoke(bridgeChannels.saveCompaniesHousePresenter, request),
  saveCompanyAuthCode: (request) => ipcRenderer.invoke(bridgeChannels.saveCompanyAuthCode, request),
  // Statutory accounts
  listAccounts: () => ipcRenderer.invoke(bridgeChannels.listAccounts),
  createAccounts: (request) => ipcRenderer.invoke(bridgeChannels.createAccounts, request),
  openAccounts: (request) => ipcRenderer.invoke(bridgeChannels.openAccounts, request),
  saveAccounts: (request) => ipcRenderer.invoke(bridgeChannels.saveAccounts, request),
  setTrialBalance: (request) => ipcRenderer.invoke(bridgeChannels.setTrialBalance, request),
  answerMapping: (request) => ipcRenderer.invoke(bridgeChannels.answerMapping, request),
  accountsStatements: (request) => ipcRenderer.invoke(bridgeChannels.accountsStatements, request),
  buildAccounts: (request) => ipcRenderer.invoke(bridgeChannels.buildAccounts, request),
  previewAccounts: (request) => ipcRenderer.invoke(bridgeChannels.previewAccounts, request),
  attachAccountsToReturn: (request) => ipcRenderer.invoke(bridgeChannels.attachAccountsToReturn, request),
  saveAccountsFile: (request) => ipcRenderer.invoke(bridgeChannels.saveAccountsFile, request),
  // The office
  officeStatus: () => ipcRenderer.invoke(bridgeChannels.officeStatus),
  joinOffice: (request) => ipcRenderer.invoke(bridgeChannels.joinOffice, request),
  leaveOffice: () => ipcRenderer.invoke(bridgeChannels.leaveOffice),
  syncWithOffice: () => ipcRenderer.invoke(bridgeChannels.syncWithOffice),
  resolveOfficeConflict: (request) => ipcRenderer.invoke(bridgeChannels.resolveOfficeConflict, request),
  officeEditing: (request) => ipcRenderer.invoke(bridgeChannels.officeEditing, request),
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
