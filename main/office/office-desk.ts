/**
 * This desk's place in the office, for the window's handlers and the
 * command line alike: joining (after the user confirmed the office's
 * certificate fingerprint, with the password checked by signing in before
 * anything is saved), leaving (everything local kept, the password taken
 * out of the keychain), syncing, choosing between versions in conflict, and
 * saying which records are open where.
 */
import { deskName, editingReply, officeUserName, type OfficeRecordKind } from '../../common/office/protocol.js';
import type { OfficeEditingView, OfficeJoinResult, OfficeStatusView } from '../../preload/contract-office.js';
import { SecretAccount, type CredentialStore } from '../credentials/credential-store.js';
import { SerialQueue } from '../store/serial-queue.js';
import { StoreError } from '../store/store-error.js';
import { syncStateView } from './office-conflict-views.js';
import { OfficeConnection, OfficeRefused } from './office-connection.js';
import type { OfficeDeskService, OfficeSyncProgress } from './office-desk-service.js';
import {
  normaliseFingerprint,
  readOfficeSettings,
  readPinnedCertificate,
  removeOfficeSettings,
  writeOfficeSettings,
  writePinnedCertificate,
  type OfficeSettings,
} from './office-settings.js';
import { OfficeSync, type OfficeSyncResult } from './office-sync.js';
import { fetchOfficeCertificate, officeBaseUrl, type OfficeCertificate, type OfficeTransport } from './office-transport.js';
import type { RecordAdapter } from './record-adapters/record-adapter.js';
import { SyncStateFile } from './sync-state.js';

export interface OfficeDeskOptions {
  dataDir: string;
  credentials: CredentialStore;
  adapters: readonly RecordAdapter[];
  clock?: () => Date;
  /** Only for tests: how requests reach the office, and how its certificate is fetched for joining. */
  transport?: OfficeTransport;
  fetchCertificate?: (url: string) => Promise<OfficeCertificate>;
}

type JoinRequest = Parameters<OfficeDeskService['join']>[0];

export class OfficeDesk implements OfficeDeskService {
  private readonly clock: () => Date;
  private readonly state: SyncStateFile;
  private connection: OfficeConnection | undefined;
  /** A sync and a choice between versions each read, change and save the sync state: one at a time, or one would undo the other. */
  private readonly queue = new SerialQueue();

  constructor(private readonly options: OfficeDeskOptions) {
    this.clock = options.clock ?? (() => new Date());
    this.state = new SyncStateFile(options.dataDir);
  }

  async status(): Promise<OfficeStatusView> {
    const settings = await readOfficeSettings(this.options.dataDir);
    if (!settings) return { joined: false };
    const { url, user, desk, fingerprint, joinedAt } = settings;
    const connection = this.connection?.url === url ? this.connection : undefined;
    return {
      joined: true,
      url,
      user,
      desk,
      fingerprint,
      joinedAt,
      signedIn: connection?.signedIn ?? false,
      admin: connection?.admin ?? false,
      sync: await syncStateView(await this.state.load(), this.options.adapters),
    };
  }

  async join(request: JoinRequest): Promise<OfficeJoinResult> {
    const url = officeBaseUrl(request.url);
    const problems = [
      ...officeUserName.safeParse(request.user).error?.issues.map((i) => ({ field: 'user', message: i.message })) ?? [],
      ...deskName.safeParse(request.desk).error?.issues.map((i) => ({ field: 'desk', message: `must be 1 to 100 characters (${i.message})` })) ?? [],
      ...(request.password === '' ? [{ field: 'password', message: 'is required: the office user\'s password' }] : []),
    ];
    if (problems.length > 0) throw new StoreError('invalid', 'The office details are not valid; nothing was sent.', problems);
    const current = await readOfficeSettings(this.options.dataDir);
    if (current && current.url !== url) {
      throw new StoreError('invalid', `This desk has joined the office at ${current.url}; leave it before joining another.`, [{ field: 'url', message: `this desk belongs to ${current.url}` }]);
    }
    let certificate: OfficeCertificate | undefined;
    if (url.startsWith('https:')) {
      certificate = await (this.options.fetchCertificate ?? fetchOfficeCertificate)(url);
      // Nothing is sent to an office whose certificate the user has not confirmed.
      if (normaliseFingerprint(request.confirmedFingerprint ?? '') !== certificate.fingerprint) {
        return { outcome: 'confirm-fingerprint', fingerprint: certificate.fingerprint, subject: certificate.subject };
      }
    }
    const settings: OfficeSettings = { version: 1, url, user: request.user, desk: request.desk, fingerprint: certificate?.fingerprint ?? null, joinedAt: this.clock().toISOString() };
    const connection = new OfficeConnection({ settings, certificatePem: certificate?.pem ?? null, password: async () => request.password, ...this.transport() });
    // The password is checked by the office before anything is kept here.
    await connection.signIn();
    await this.options.credentials.set(SecretAccount.officePassword(url, request.user), request.password);
    if (current && current.user !== request.user) await this.options.credentials.delete(SecretAccount.officePassword(current.url, current.user));
    if (certificate) await writePinnedCertificate(this.options.dataDir, certificate.pem);
    await writeOfficeSettings(this.options.dataDir, settings);
    this.connection = connection;
    return { outcome: 'joined', status: await this.status() };
  }

  async leave(): Promise<OfficeStatusView> {
    const settings = await readOfficeSettings(this.options.dataDir);
    if (settings) {
      await this.options.credentials.delete(SecretAccount.officePassword(settings.url, settings.user));
      await removeOfficeSettings(this.options.dataDir);
    }
    this.connection = undefined;
    return { joined: false };
  }

  async sync(onProgress?: (progress: OfficeSyncProgress) => void): Promise<OfficeStatusView> {
    await this.runSync(onProgress);
    return this.status();
  }

  /** Syncs and answers with what moved; the office's refusals and unreachability are thrown as they are (the state keeps the reason). */
  async runSync(onProgress?: (progress: OfficeSyncProgress) => void): Promise<OfficeSyncResult> {
    return this.queue.run(async () => this.officeSync(await this.openConnection()).run(onProgress));
  }

  async resolve(request: { kind: OfficeRecordKind; id: string; keep: 'mine' | 'theirs' }): Promise<OfficeStatusView> {
    await this.queue.run(async () => this.officeSync(await this.openConnection()).resolve(request.kind, request.id, request.keep));
    return this.status();
  }

  async editing(request: { kind: OfficeRecordKind; id: string; open: boolean }): Promise<{ others: OfficeEditingView[] }> {
    const connection = await this.openConnection();
    const settings = (await readOfficeSettings(this.options.dataDir))!;
    const reply = await connection.request('POST', '/editing', request, editingReply);
    const others = reply.editing.filter((e) => e.kind === request.kind && e.id === request.id && !(e.user === settings.user && e.desk === settings.desk));
    return { others };
  }

  private officeSync(connection: OfficeConnection): OfficeSync {
    return new OfficeSync({ connection, adapters: this.options.adapters, state: this.state, clock: this.clock });
  }

  private transport(): { transport?: OfficeTransport } {
    return this.options.transport ? { transport: this.options.transport } : {};
  }

  /** The connection to the office this desk joined, signing in with the password from the keychain when first used. */
  private async openConnection(): Promise<OfficeConnection> {
    const settings = await readOfficeSettings(this.options.dataDir);
    if (!settings) throw new StoreError('invalid', 'This desk has not joined an office: join one in Settings › Office (or cli office join) first.');
    const same = this.connection;
    if (same && same.url === settings.url) return same;
    const certificatePem = settings.fingerprint ? await readPinnedCertificate(this.options.dataDir) : null;
    if (settings.fingerprint && !certificatePem) throw new StoreError('failed', "The office's pinned certificate is missing from this data folder; leave the office and join it again.");
    const account = SecretAccount.officePassword(settings.url, settings.user);
    const password = async () => {
      const secret = await this.options.credentials.get(account);
      if (secret === undefined) {
        throw new OfficeRefused('unauthorised', `no office password for ${settings.user} is kept in this computer's keychain; join the office again`, [{ field: 'password', message: 'is not in the keychain' }]);
      }
      return secret;
    };
    this.connection = new OfficeConnection({ settings, certificatePem, password, ...this.transport() });
    return this.connection;
  }
}
