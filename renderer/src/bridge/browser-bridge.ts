/**
 * The same bridge as the preload's, for a plain browser: each method forwards
 * to a transport function the host provides (a test's fake, or a Playwright
 * binding into the real main-process handlers). This is what lets the
 * renderer run outside Electron.
 */
import {
  bridgeChannels,
  type Channel,
  type FilingDeskBridge,
  menuCommands,
  type IpcResult,
  type MenuCommand,
  type OpenedFile,
  type OnlineStatus,
  type RequestOf,
  type ResponseOf,
} from '../../../preload/contract.js';

export type BridgeTransport = <C extends Channel>(channel: C, request: RequestOf<C>) => Promise<IpcResult<ResponseOf<C>>>;

/** Where menu commands come from outside Electron: the host calls `emit` (a test standing in for the menu). */
export interface MenuCommandSource {
  subscribe(listener: (command: MenuCommand) => void): () => void;
}

export function createMenuCommandHub(): MenuCommandSource & { emit(command: MenuCommand): void } {
  const listeners = new Set<(command: MenuCommand) => void>();
  return {
    subscribe: (listener) => {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    emit: (command) => {
      if ((menuCommands as readonly string[]).includes(command)) for (const listener of [...listeners]) listener(command);
    },
  };
}

/** Where online status comes from outside Electron: the host pushes what main would send. */
export interface OnlineStatusSource {
  subscribe(listener: (status: OnlineStatus) => void): () => void;
}

export function createOnlineStatusHub(): OnlineStatusSource & { emit(status: OnlineStatus): void } {
  const listeners = new Set<(status: OnlineStatus) => void>();
  return {
    subscribe: (listener) => {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    emit: (status) => {
      for (const listener of [...listeners]) listener(status);
    },
  };
}

/** Where opened files come from outside Electron: the host calls `emit` (a test standing in for the operating system). */
export interface OpenedFileSource {
  subscribe(listener: (file: OpenedFile) => void): () => void;
}

export function createOpenedFileHub(): OpenedFileSource & { emit(file: OpenedFile): void } {
  const listeners = new Set<(file: OpenedFile) => void>();
  return {
    subscribe: (listener) => {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    emit: (file) => {
      for (const listener of [...listeners]) listener(file);
    },
  };
}

export function createBrowserBridge(
  transport: BridgeTransport,
  menu: MenuCommandSource = createMenuCommandHub(),
  online: OnlineStatusSource = createOnlineStatusHub(),
  openedFiles: OpenedFileSource = createOpenedFileHub(),
): FilingDeskBridge {
  return {
    buildCt600: (request) => transport(bridgeChannels.buildCt600, request),
    verifyCt600: (file) => transport(bridgeChannels.verifyCt600, file),
    validateCt600: (file) => transport(bridgeChannels.validateCt600, file),
    buildCt600Draft: (request) => transport(bridgeChannels.buildCt600Draft, request),
    checkCt600Draft: (request) => transport(bridgeChannels.checkCt600Draft, request),
    checkCt600Attachments: (request) => transport(bridgeChannels.checkCt600Attachments, request),
    buildPackage: (request) => transport(bridgeChannels.buildPackage, request),
    validatePackage: (file) => transport(bridgeChannels.validatePackage, file),
    planPackageDraft: (request) => transport(bridgeChannels.planPackageDraft, request),
    buildPackageDraft: (request) => transport(bridgeChannels.buildPackageDraft, request),
    listClients: (request) => transport(bridgeChannels.listClients, request),
    saveClient: (request) => transport(bridgeChannels.saveClient, request),
    archiveClient: (request) => transport(bridgeChannels.archiveClient, request),
    clientBookNotice: () => transport(bridgeChannels.clientBookNotice, undefined),
    listDeadlines: () => transport(bridgeChannels.listDeadlines, undefined),
    listDrafts: () => transport(bridgeChannels.listDrafts, undefined),
    createDraft: (request) => transport(bridgeChannels.createDraft, request),
    openDraft: (request) => transport(bridgeChannels.openDraft, request),
    saveDraft: (request) => transport(bridgeChannels.saveDraft, request),
    deleteDraft: (request) => transport(bridgeChannels.deleteDraft, request),
    restoreDraft: (request) => transport(bridgeChannels.restoreDraft, request),
    attachToDraft: (request) => transport(bridgeChannels.attachToDraft, request),
    detachFromDraft: (request) => transport(bridgeChannels.detachFromDraft, request),
    exportDraft: (request) => transport(bridgeChannels.exportDraft, request),
    importDraft: (file) => transport(bridgeChannels.importDraft, file),
    openDraftFile: () => transport(bridgeChannels.openDraftFile, undefined),
    findDraftBuild: (request) => transport(bridgeChannels.findDraftBuild, request),
    saveFile: (request) => transport(bridgeChannels.saveFile, request),
    appInfo: () => transport(bridgeChannels.appInfo, undefined),
    onMenuCommand: (listener) => menu.subscribe(listener),
    onFileOpened: (listener) => openedFiles.subscribe(listener),
    // Online
    getOnlineSettings: () => transport(bridgeChannels.getOnlineSettings, undefined),
    saveOnlineSettings: (settings) => transport(bridgeChannels.saveOnlineSettings, settings),
    testConnection: (settings) => transport(bridgeChannels.testConnection, settings),
    sessionStatus: () => transport(bridgeChannels.sessionStatus, undefined),
    signIn: (request) => transport(bridgeChannels.signIn, request),
    signOut: () => transport(bridgeChannels.signOut, undefined),
    onlineStatus: () => transport(bridgeChannels.onlineStatus, undefined),
    listOutbox: () => transport(bridgeChannels.listOutbox, undefined),
    listOutboxProblems: () => transport(bridgeChannels.listOutboxProblems, undefined),
    retryOutboxItem: (request) => transport(bridgeChannels.retryOutboxItem, request),
    cancelOutboxItem: (request) => transport(bridgeChannels.cancelOutboxItem, request),
    sendCt600Draft: (request) => transport(bridgeChannels.sendCt600Draft, request),
    sendPackageDraft: (request) => transport(bridgeChannels.sendPackageDraft, request),
    draftServiceResults: (request) => transport(bridgeChannels.draftServiceResults, request),
    followJob: (request) => transport(bridgeChannels.followJob, request),
    getJob: (request) => transport(bridgeChannels.getJob, request),
    sendFileForValidation: (request) => transport(bridgeChannels.sendFileForValidation, request),
    onOnlineStatus: (listener) => online.subscribe(listener),
    // Filing with HMRC
    getFilingSettings: () => transport(bridgeChannels.getFilingSettings, undefined),
    saveFilingSettings: (settings) => transport(bridgeChannels.saveFilingSettings, settings),
    gatewayCredentialsStatus: () => transport(bridgeChannels.gatewayCredentialsStatus, undefined),
    saveGatewayCredentials: (request) => transport(bridgeChannels.saveGatewayCredentials, request),
    clearGatewayCredentials: () => transport(bridgeChannels.clearGatewayCredentials, undefined),
    previewFiling: (request) => transport(bridgeChannels.previewFiling, request),
    submitFiling: (request) => transport(bridgeChannels.submitFiling, request),
    getSubmission: (request) => transport(bridgeChannels.getSubmission, request),
    listSubmissions: (request) => transport(bridgeChannels.listSubmissions, request),
    resumeSubmission: (request) => transport(bridgeChannels.resumeSubmission, request),
    saveSubmissionFile: (request) => transport(bridgeChannels.saveSubmissionFile, request),
    amendDraft: (request) => transport(bridgeChannels.amendDraft, request),
    computeComputation: (request) => transport(bridgeChannels.computeComputation, request),
    previousPeriodCarriedForward: (request) => transport(bridgeChannels.previousPeriodCarriedForward, request),
    listTaxonomies: () => transport(bridgeChannels.listTaxonomies, undefined),
    installTaxonomy: (request) => transport(bridgeChannels.installTaxonomy, request),
    removeTaxonomy: (request) => transport(bridgeChannels.removeTaxonomy, request),
    checkInlineXbrl: (request) => transport(bridgeChannels.checkInlineXbrl, request),
    attachComputation: (request) => transport(bridgeChannels.attachComputation, request),
    accountsFigures: (request) => transport(bridgeChannels.accountsFigures, request),
    saveComputation: (request) => transport(bridgeChannels.saveComputation, request),
    companiesHouseLastLook: (request) => transport(bridgeChannels.companiesHouseLastLook, request),
    fileWithCompaniesHouse: (request) => transport(bridgeChannels.fileWithCompaniesHouse, request),
    companiesHouseJob: (request) => transport(bridgeChannels.companiesHouseJob, request),
    checkCompaniesHouseAgain: (request) => transport(bridgeChannels.checkCompaniesHouseAgain, request),
    companiesHouseClient: (request) => transport(bridgeChannels.companiesHouseClient, request),
    companiesHouseCredentials: () => transport(bridgeChannels.companiesHouseCredentials, undefined),
    saveCompaniesHousePresenter: (request) => transport(bridgeChannels.saveCompaniesHousePresenter, request),
    saveCompanyAuthCode: (request) => transport(bridgeChannels.saveCompanyAuthCode, request),
    listAccounts: () => transport(bridgeChannels.listAccounts, undefined),
    createAccounts: (request) => transport(bridgeChannels.createAccounts, request),
    openAccounts: (request) => transport(bridgeChannels.openAccounts, request),
    saveAccounts: (request) => transport(bridgeChannels.saveAccounts, request),
    setTrialBalance: (request) => transport(bridgeChannels.setTrialBalance, request),
    answerMapping: (request) => transport(bridgeChannels.answerMapping, request),
    accountsStatements: (request) => transport(bridgeChannels.accountsStatements, request),
    buildAccounts: (request) => transport(bridgeChannels.buildAccounts, request),
    previewAccounts: (request) => transport(bridgeChannels.previewAccounts, request),
    attachAccountsToReturn: (request) => transport(bridgeChannels.attachAccountsToReturn, request),
    saveAccountsFile: (request) => transport(bridgeChannels.saveAccountsFile, request),
    // The office
    officeStatus: () => transport(bridgeChannels.officeStatus, undefined),
    joinOffice: (request) => transport(bridgeChannels.joinOffice, request),
    leaveOffice: () => transport(bridgeChannels.leaveOffice, undefined),
    syncWithOffice: () => transport(bridgeChannels.syncWithOffice, undefined),
    resolveOfficeConflict: (request) => transport(bridgeChannels.resolveOfficeConflict, request),
    officeEditing: (request) => transport(bridgeChannels.officeEditing, request),
  } satisfies FilingDeskBridge;
}
