/**
 * The one contract between renderer, preload and main, assembled from each
 * domain's own file (contract-<domain>.ts: its channels, their requests and
 * responses, and the bridge methods that call them; GitHub Desktop's one
 * type map, split the way VS Code splits by concern). This index only joins
 * them into the channel map, the channel list and window.filingDesk's type,
 * and re-exports every domain so an importer names one module.
 *
 * Types only (plus the channel names and the size limits, plain constants),
 * so the sandboxed preload bundle pulls in nothing from main.
 *
 * Errors cross IPC as data, because Electron forwards only the message of a
 * thrown error: every call resolves to an IpcResult (contract-ipc.ts).
 */
import { accountsBridgeChannels, accountsChannels, type AccountsBridge, type AccountsChannels } from './contract-accounts-channels.js';
import { appBridgeChannels, appChannels, type AppBridge, type AppChannels } from './contract-app.js';
import { companiesHouseBridgeChannels, companiesHouseChannels, type CompaniesHouseBridge, type CompaniesHouseChannels } from './contract-companies-house.js';
import { clientBridgeChannels, clientChannels, type ClientBridge, type ClientChannels } from './contract-clients.js';
import { computationBridgeChannels, computationChannels, type ComputationBridge, type ComputationChannels } from './contract-computation.js';
import { ct600BridgeChannels, ct600Channels, type Ct600Bridge, type Ct600Channels } from './contract-ct600.js';
import { deadlineBridgeChannels, deadlineChannels, type DeadlineBridge, type DeadlineChannels } from './contract-deadlines.js';
import { draftBridgeChannels, draftChannels, type DraftBridge, type DraftChannels } from './contract-drafts.js';
import { fileBridgeChannels, fileChannels, type FileBridge, type FileChannels } from './contract-files.js';
import { filingBridgeChannels, filingChannels, type FilingBridge, type FilingChannels } from './contract-filing.js';
import { officeBridgeChannels, officeChannels, type OfficeBridge, type OfficeChannels } from './contract-office.js';
import { onlineBridgeChannels, onlineChannels, type OnlineBridge, type OnlineChannels } from './contract-online.js';
import { outboxBridgeChannels, outboxChannels, type OutboxBridge, type OutboxChannels } from './contract-outbox.js';
import { packageBridgeChannels, packageChannels, type PackageBridge, type PackageChannels } from './contract-package.js';
import { taxonomyBridgeChannels, taxonomyChannels, type TaxonomyBridge, type TaxonomyChannels } from './contract-taxonomies.js';

export * from './contract-ipc.js';
export * from './contract-limits.js';
export * from './contract-app.js';
export * from './contract-files.js';
export * from './contract-clients.js';
export * from './contract-deadlines.js';
export * from './contract-drafts.js';
export * from './contract-ct600.js';
export * from './contract-package.js';
export * from './contract-online.js';
export * from './contract-outbox.js';
export * from './contract-filing-environment.js';
export * from './contract-filing.js';
export * from './contract-computation.js';
export * from './contract-taxonomies.js';
export * from './contract-companies-house.js';
export * from './contract-accounts.js';
export * from './contract-accounts-views.js';
export * from './contract-accounts-channels.js';
export * from './contract-office.js';

/** Channel → request and response (GitHub Desktop's RequestResponseChannels), one part per domain. */
export interface RequestResponseChannels
  extends Ct600Channels,
    PackageChannels,
    ClientChannels,
    DeadlineChannels,
    DraftChannels,
    FileChannels,
    AppChannels,
    OnlineChannels,
    OutboxChannels,
    FilingChannels,
    ComputationChannels,
    CompaniesHouseChannels,
    TaxonomyChannels,
    AccountsChannels,
    OfficeChannels {}

/** Every channel main answers on. */
export const channels = [
  ...ct600Channels,
  ...packageChannels,
  ...clientChannels,
  ...deadlineChannels,
  ...draftChannels,
  ...fileChannels,
  ...appChannels,
  ...onlineChannels,
  ...outboxChannels,
  ...filingChannels,
  ...computationChannels,
  ...companiesHouseChannels,
  ...taxonomyChannels,
  ...accountsChannels,
  ...officeChannels,
] as const satisfies ReadonlyArray<keyof RequestResponseChannels>;

export type Channel = (typeof channels)[number];
export type RequestOf<C extends Channel> = RequestResponseChannels[C]['request'];
export type ResponseOf<C extends Channel> = RequestResponseChannels[C]['response'];

/** window.filingDesk: one method per operation, and a subscription per event main pushes. */
export interface FilingDeskBridge
  extends Ct600Bridge,
    PackageBridge,
    ClientBridge,
    DeadlineBridge,
    DraftBridge,
    FileBridge,
    AppBridge,
    OnlineBridge,
    OutboxBridge,
    FilingBridge,
    ComputationBridge,
    CompaniesHouseBridge,
    TaxonomyBridge,
    AccountsBridge,
    OfficeBridge {}

/** The subscriptions to events main pushes; every other method invokes a channel. */
type InvokeMethod = Exclude<keyof FilingDeskBridge, 'onMenuCommand' | 'onOnlineStatus' | 'onFileOpened'>;

/** Which channel each bridge method calls; the preload and the browser shim both follow it. */
export const bridgeChannels = {
  ...ct600BridgeChannels,
  ...packageBridgeChannels,
  ...clientBridgeChannels,
  ...deadlineBridgeChannels,
  ...draftBridgeChannels,
  ...fileBridgeChannels,
  ...appBridgeChannels,
  ...onlineBridgeChannels,
  ...outboxBridgeChannels,
  ...filingBridgeChannels,
  ...computationBridgeChannels,
  ...companiesHouseBridgeChannels,
  ...taxonomyBridgeChannels,
  ...accountsBridgeChannels,
  ...officeBridgeChannels,
} as const satisfies { [M in InvokeMethod]: Channel };
