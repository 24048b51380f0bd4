/**
 * The filing channels as the window calls them, in one place, under short
 * names; screens take it from useFilingApi so a test can hand them the
 * browser bridge over a fake main.
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
  submit(request: { draftId: string; environment: FilingEnvironment; confirmAmendment?: boolean; takeOver?: boolean }): Promise<IpcResult<SubmissionView>>;
  get(request: { transactionId: string }): Promise<IpcResult<SubmissionView>>;
  list(request: { draftId?: string; clientId?: string }): Promise<IpcResult<SubmissionView[]>>;
  resume(request: { transactionId: string; sendAgain?: boolean; takeOver?: boolean }): Promise<IpcResult<SubmissionView>>;
  save(request: { transactionId: string; what: 'receipt' | 'return' }): Promise<IpcResult<FileSaveResponse>>;
  amend(request: { draftId: string }): Promise<IpcResult<Draft>>;
}

const cache = new WeakMap<FilingDeskBridge, FilingApi>();

export function filingApiOf(b: FilingDeskBridge): FilingApi {
  let api = cache.get(b);
  if (!api) {
    api = {
      settings: () => b.getFilingSettings(),
      saveSettings: (s) => b.saveFilingSettings(s),
      credentials: () => b.gatewayCredentialsStatus(),
      saveCredentials: (r) => b.saveGatewayCredentials(r),
      clearCredentials: () => b.clearGatewayCredentials(),
      preview: (r) => b.previewFiling(r),
      submit: (r) => b.submitFiling(r),
      get: (r) => b.getSubmission(r),
      list: (r) => b.listSubmissions(r),
      resume: (r) => b.resumeSubmission(r),
      save: (r) => b.saveSubmissionFile(r),
      amend: (r) => b.amendDraft(r),
    };
    cache.set(b, api);
  }
  return api;
}

/** The same object for the same bridge, so effects that depend on it run once. */
export function useFilingApi(): FilingApi {
  return filingApiOf(useBridge());
}
