/**
 * Filing with HMRC, put together from what main (or a test harness) already
 * has: the data folder, the drafts, the keychain and the save dialog. The
 * keychain is watched so the log redactor learns the Government Gateway
 * password the moment it is saved or read; the endpoint comes from the
 * filing settings (a local Transaction Engine peer in tests). The app passes
 * a transport over Electron's net.fetch (main/index.ts); tests and the
 * command line use Node's fetch. When the data folder has joined an office,
 * each filing first takes the office's claim (office-claims.ts), signing in
 * with the office password from the same keychain.
 */
import type { CredentialStore } from '../credentials/credential-store.js';
import { GatewayCredentialStore } from '../credentials/gateway-credentials.js';
import { DraftFiling, type DraftFilingDeps } from '../filing/draft-filing.js';
import { FilingSettingsStore } from '../filing/filing-settings-store.js';
import { SubmissionStore } from '../filing/submission-store.js';
import type { OfficeClaims } from '../office/office-claims.js';
import { officeClaimsFor } from '../office/office-claims-link.js';
import { httpTransport } from '../filing/transport.js';
import { watchCredentialStore } from '../log/secret-watch.js';
import { fileDraftOnAcceptance } from '../store/draft-filed.js';
import type { DraftStore } from '../store/draft-store.js';
import type { FileSaverDeps } from './file-save-handler.js';
import type { FilingHandlers } from './filing-channels.js';
import { createFilingHandlers } from './filing-handlers.js';
import { wizardFieldOfBox } from './wizard-fields.js';

export interface FilingWiringOptions {
  dataDir: string;
  drafts: DraftStore;
  credentials: CredentialStore;
  fileSaver: FileSaverDeps;
  /** Tells the log redactor a secret (AppLog.registerSecret). */
  registerSecret?: (value: string) => void;
  log?: { info(message: string): void; warn(message: string): void; error(message: string, error?: unknown): void };
  /** Transport, clock, sleep and retry of the FilingDesk; HTTPS with its defaults when left out. */
  desk?: Partial<Pick<DraftFilingDeps, 'transport' | 'clock' | 'sleep' | 'retry' | 'newTransactionId' | 'random'>>;
}

export function createFilingWiring(options: FilingWiringOptions): {
  filing: DraftFiling;
  settings: FilingSettingsStore;
  gateway: GatewayCredentialStore;
  submissions: SubmissionStore;
  /** The office's claims on returns: the office sync tells the office what it is still owed (tellOffice). */
  officeClaims: OfficeClaims;
  handlers: FilingHandlers;
} {
  const keychain = options.registerSecret ? watchCredentialStore(options.credentials, options.registerSecret) : options.credentials;
  const officeClaims = officeClaimsFor(options.dataDir, {
    // Watched, so the log redactor learns the office password too when it is read.
    keychain: async () => keychain,
    howToTakeOver: 'If you are sure that desk is no longer filing it (it is switched off, say), choose Take over and file: Filing Desk asks you to confirm, then the office gives the claim to this desk.',
  });
  const submissions = new SubmissionStore({ dataDir: options.dataDir, acrossDesks: officeClaims });
  const gateway = new GatewayCredentialStore(keychain);
  const settings = new FilingSettingsStore({ dataDir: options.dataDir, ...(options.log ? { log: (m: string) => options.log!.warn(m) } : {}) });
  const filing = new DraftFiling({
    transport: httpTransport(),
    ...options.desk,
    store: submissions,
    drafts: options.drafts,
    settings,
    gateway,
    fieldOfBox: wizardFieldOfBox,
    onAccepted: fileDraftOnAcceptance(options.drafts),
    ...(options.log ? { log: options.log } : {}),
  });
  return { filing, settings, gateway, submissions, officeClaims, handlers: createFilingHandlers({ filing, settings, gateway, drafts: options.drafts, fileSaver: options.fileSaver }) };
}
