/**
 * The office from the window: Settings › Office (join, leave, who is signed
 * in, the sync state and any conflicts to choose between), and who else has
 * a draft open. The office password goes into main once, at joining, and
 * into the OS keychain; it never comes back to the window.
 */
import type { IpcResult } from './contract-ipc.js';

export type OfficeRecordKindView = 'client' | 'draft' | 'accounts';

/** One record changed on this desk and on another while apart: both versions, for the user to choose. */
export interface OfficeConflictView {
  kind: OfficeRecordKindView;
  id: string;
  /** What the record is, in words ("Acme Trading Ltd", "CT600 draft for Acme Trading Ltd, year to 31/03/2026"). */
  title: string;
  /** This desk's version, as stored here. */
  mine: { body: unknown; changedAt: string };
  /** The office's version, and who made it where. */
  theirs: { body: unknown; version: number; changedBy: string; changedOn: string; changedAt: string; deleted: boolean };
  /** Field by field where the two differ, in words, for the side-by-side view. */
  differences: { field: string; label: string; mine: string; theirs: string }[];
}

export interface OfficeSyncState {
  /** When the last sync finished, and what it moved; null before the first. */
  lastSync: { at: string; pushed: number; pulled: number } | null;
  /** Changes made on this desk that the office does not have yet. */
  pending: number;
  /** Running now (with how far it has got), or idle. */
  running: { step: string; done: number; total: number | null } | null;
  /** Why the last attempt did not finish (the office could not be reached, the password was refused…), or null. */
  problem: string | null;
  conflicts: OfficeConflictView[];
}

export type OfficeStatusView =
  | { joined: false }
  | {
      joined: true;
      url: string;
      user: string;
      desk: string;
      /** The office's certificate fingerprint this desk pinned when it joined (SHA-256, colon-separated hex); null for a test office on this computer over http. */
      fingerprint: string | null;
      joinedAt: string;
      /** Whether a session with the office is open now. */
      signedIn: boolean;
      admin: boolean;
      sync: OfficeSyncState;
    };

/** Joining: the first answer may ask the user to confirm the office's certificate before anything is sent to it. */
export type OfficeJoinResult =
  | { outcome: 'joined'; status: OfficeStatusView }
  | { outcome: 'confirm-fingerprint'; fingerprint: string; subject: string };

/** Another desk has this record open for editing. */
export interface OfficeEditingView {
  kind: OfficeRecordKindView;
  id: string;
  user: string;
  desk: string;
  since: string;
}

export interface OfficeChannels {
  'office.status': { request: void; response: OfficeStatusView };
  'office.join': { request: { url: string; user: string; password: string; desk: string; confirmedFingerprint?: string }; response: OfficeJoinResult };
  'office.leave': { request: void; response: OfficeStatusView };
  'office.sync': { request: void; response: OfficeStatusView };
  'office.resolve': { request: { kind: OfficeRecordKindView; id: string; keep: 'mine' | 'theirs' }; response: OfficeStatusView };
  'office.editing': { request: { kind: OfficeRecordKindView; id: string; open: boolean }; response: { others: OfficeEditingView[] } };
}

export const officeChannels = ['office.status', 'office.join', 'office.leave', 'office.sync', 'office.resolve', 'office.editing'] as const satisfies ReadonlyArray<keyof OfficeChannels>;

type Req<C extends keyof OfficeChannels> = OfficeChannels[C]['request'];
type Res<C extends keyof OfficeChannels> = Promise<IpcResult<OfficeChannels[C]['response']>>;

export interface OfficeBridge {
  officeStatus(): Res<'office.status'>;
  joinOffice(request: Req<'office.join'>): Res<'office.join'>;
  leaveOffice(): Res<'office.leave'>;
  syncWithOffice(): Res<'office.sync'>;
  resolveOfficeConflict(request: Req<'office.resolve'>): Res<'office.resolve'>;
  officeEditing(request: Req<'office.editing'>): Res<'office.editing'>;
}

export const officeBridgeChannels = {
  officeStatus: 'office.status',
  joinOffice: 'office.join',
  leaveOffice: 'office.leave',
  syncWithOffice: 'office.sync',
  resolveOfficeConflict: 'office.resolve',
  officeEditing: 'office.editing',
} as const satisfies { [M in keyof OfficeBridge]: keyof OfficeChannels };
