/**
 * What the window's handlers and the command line ask of this desk's place
 * in the office. One implementation (office-desk.ts); its answers are the
 * contract's views, so the window shows exactly what the command line prints.
 */
import type { OfficeChannels, OfficeEditingView, OfficeJoinResult, OfficeStatusView } from '../../preload/contract-office.js';

export interface OfficeSyncProgress {
  step: string;
  done: number;
  total: number | null;
}

export interface OfficeDeskService {
  status(): Promise<OfficeStatusView>;
  /** Joins the office; when the office's certificate is not yet confirmed, answers with its fingerprint and sends nothing. */
  join(request: OfficeChannels['office.join']['request']): Promise<OfficeJoinResult>;
  leave(): Promise<OfficeStatusView>;
  sync(onProgress?: (progress: OfficeSyncProgress) => void): Promise<OfficeStatusView>;
  resolve(request: OfficeChannels['office.resolve']['request']): Promise<OfficeStatusView>;
  /** Says this desk has the record open (or closed it), and who else has it open. */
  editing(request: OfficeChannels['office.editing']['request']): Promise<{ others: OfficeEditingView[] }>;
}
