/**
 * Online: the filing service's settings, the signed-in session and the
 * online status the window's status bar shows. Secrets go to main in
 * session.signIn and never come back: no response carries them. The outbox
 * and the service's answers are contract-outbox.ts.
 */
import type { IpcResult } from './contract-ipc.js';
import type { OutboxCounts } from './contract-outbox.js';

/** The identification headers sent with every operation (ClientName/ClientID come from each draft's client). */
export interface IdentificationHeaders {
  applicationName: string;
  partnerName: string;
  partnerId: string;
  customerName: string;
  customerId: string;
}

/** GovTalk header values the CT600 message carries. */
export interface GovTalkSettings {
  /** HMRC's 4-digit vendor id for this software. */
  vendorId: string;
  productVersion: string;
  /** GatewayTest: the message is a test submission. */
  gatewayTest: boolean;
  /** Test in live: a test submission sent to the live gateway. */
  testInLive: boolean;
}

export interface OnlineSettings {
  /** {base_url}: https, or http to this computer only; '' while the service is not set up. */
  baseUrl: string;
  /** {auth_url}: the token endpoint is `${authUrl}/connect/token`; '' while not set up. */
  authUrl: string;
  /** Sent as x-api-version. */
  apiVersion: string;
  identification: IdentificationHeaders;
  govTalk: GovTalkSettings;
  /** Whether report packages ask the service for the file hash. */
  includeHash: boolean;
  /** Never contact the service: the outbox keeps everything until this is switched off. */
  workOffline: boolean;
}

/** settings.testConnection: what happened at the token endpoint, in words. */
export type ConnectionProblem =
  | 'not-configured'
  | 'bad-url'
  | 'not-found'
  | 'certificate'
  | 'unreachable'
  | 'timeout'
  | 'wrong-client'
  | 'wrong-user'
  | 'rate-limited'
  | 'service-down'
  | 'unexpected';

export interface ConnectionTestResult {
  ok: boolean;
  /** Absent when ok. */
  problem?: ConnectionProblem;
  /** One plain sentence for the Settings screen: what worked, or what went wrong and what to do. */
  message: string;
}

export interface KeychainInfo {
  kind: 'os-keychain' | 'memory-only';
  /** Plain words: where secrets are kept and for how long. */
  description: string;
}

export interface SessionStatus {
  signedIn: boolean;
  /** The user name last used (filled into the sign-in form); '' when none. */
  username: string;
  /** The client id last used; '' when none. */
  clientId: string;
  /** The service's address ("https://api.example.com"); '' when not set up. */
  service: string;
  /** Why not signed in (the session ended, wrong password, …); null when signed in or never signed in. */
  reason: string | null;
  keychain: KeychainInfo;
}

/** session.signIn: the secrets go to main and into the keychain, never back. */
export interface SignInRequest {
  clientId: string;
  clientSecret: string;
  username: string;
  password: string;
}

export type OnlineState = 'online' | 'offline' | 'signed-out' | 'paused';

/** Pushed by main on ONLINE_STATUS_CHANNEL whenever any of it changes; also answered by online.status. */
export interface OnlineStatus {
  state: OnlineState;
  /** Plain words for the window's status bar. */
  message: string;
  workOffline: boolean;
  signedInAs: string | null;
  outbox: OutboxCounts;
}

/** The channel main pushes OnlineStatus on; the preload passes only a well-formed status through. */
export const ONLINE_STATUS_CHANNEL = 'online.status-changed';

/** Limits of the online payloads (main refuses above them). */
export const MAX_SETTING_TEXT = 200;
export const MAX_URL_LENGTH = 2000;
export const MAX_SECRET_LENGTH = 4096;

export interface OnlineChannels {
  'settings.get': { request: void; response: OnlineSettings };
  'settings.save': { request: OnlineSettings; response: OnlineSettings };
  'settings.testConnection': { request: OnlineSettings; response: ConnectionTestResult };
  'session.status': { request: void; response: SessionStatus };
  'session.signIn': { request: SignInRequest; response: SessionStatus };
  'session.signOut': { request: void; response: SessionStatus };
  'online.status': { request: void; response: OnlineStatus };
}

export const onlineChannels = [
  'settings.get',
  'settings.save',
  'settings.testConnection',
  'session.status',
  'session.signIn',
  'session.signOut',
  'online.status',
] as const satisfies ReadonlyArray<keyof OnlineChannels>;

export interface OnlineBridge {
  getOnlineSettings(): Promise<IpcResult<OnlineSettings>>;
  saveOnlineSettings(settings: OnlineSettings): Promise<IpcResult<OnlineSettings>>;
  testConnection(settings: OnlineSettings): Promise<IpcResult<ConnectionTestResult>>;
  sessionStatus(): Promise<IpcResult<SessionStatus>>;
  signIn(request: SignInRequest): Promise<IpcResult<SessionStatus>>;
  signOut(): Promise<IpcResult<SessionStatus>>;
  onlineStatus(): Promise<IpcResult<OnlineStatus>>;
  /** Calls the listener with each online status main pushes; returns the function that stops it. */
  onOnlineStatus(listener: (status: OnlineStatus) => void): () => void;
}

export const onlineBridgeChannels = {
  getOnlineSettings: 'settings.get',
  saveOnlineSettings: 'settings.save',
  testConnection: 'settings.testConnection',
  sessionStatus: 'session.status',
  signIn: 'session.signIn',
  signOut: 'session.signOut',
  onlineStatus: 'online.status',
} as const satisfies { [M in Exclude<keyof OnlineBridge, 'onOnlineStatus'>]: keyof OnlineChannels };
