/**
 * The filing channels as the window calls them, in one place: each screen
 * asks this, never the bridge's method names, so the names main publishes
 * are mapped here once.
 */
import type { FileSaveResponse, FilingDeskBridge, IpcResult, Draft } from '../../../../preload/contract.js';
import { useBridge } from '../../bridge/bridge-context.js';
import type { FilingEnvironment, FilingPreview, FilingSettings, GatewayCredentialsStatus, SubmissionView } from './filing-types.js';

export interface FilingApi {
  settings(): Promise<IpcResult<FilingSettings>>;
  saveSettings(settings: FilingSettings): Promise<IpcResult<FilingSettings>>;
  credentials(): Promise<IpcResult<GatewayCredentialsStatus>>;
  saveCredentials(request: { userId: string; password: string }): Promise<IpcResult<GatewayCredentialsStatus>>;
  clearCredentials(): Promise<IpcResult<GatewayCredentialsStatus>>;
  preview(request: { draftId: string; environment: FilingEnvironment }): Promise<IpcResult<FilingPreview>>;
  submit(request: { draftId: string; environment: FilingEnvironment; confirmAmendment?: boolean }): Promise<IpcResult<SubmissionView>>;
  get(request: { transactionId: string }): Promise<IpcResult<SubmissionView>>;
  list(request: { draftId?: string; clientId?: string }): Promise<IpcResult<SubmissionView[]>>;
  resume(request: { transactionId: string; sendAgain?: boolean }): Promise<IpcResult<SubmissionView>>;
  save(request: { transactionId: string; what: 'receipt' | 'return' }): Promise<IpcResult<FileSaveResponse>>;
  amend(request: { draftId: string }): Promise<IpcResult<Draft>>;
}

export function filingApiOf(bridge: FilingDeskBridge): FilingApi {
  const b = bridge as unknown as Record<string, (request?: unknown) => Promise<IpcResult<never>>>;
  const call =
    (name: string) =>
    (request?: unknown): Promise<IpcResult<never>> => {
      const method = b[name];
      if (typeof method !== 'function') return Promise.resolve({ ok: false, error: { code: 'unavailable', message: 'Filing with HMRC is not available in this version of Filing Desk.' } } as never);
      return method.call(bridge, request);
    };
  return {
    settings: call('getFilingSettings'),
    saveSettings: call('saveFilingSettings'),
    credentials: call('gatewayCredentialsStatus'),
    saveCredentials: call('saveGatewayCredentials'),
    clearCredentials: call('clearGatewayCredentials'),
    preview: call('previewFiling'),
    submit: call('submitFiling'),
    get: call('getFiling'),
    list: call('listFilings'),
    resume: call('resumeFiling'),
    save: call('saveFiling'),
    amend: call('amendDraft'),
  };
}

export function useFilingApi(): FilingApi {
  return filingApiOf(useBridge());
}
