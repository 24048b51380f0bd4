/**
 * Everything "Online" in one place for the IPC handlers and main/index.ts:
 * settings, the session, the outbox, followed jobs and what the service
 * built for each draft, plus the status the window shows at all times.
 * Nothing here waits for the network on behalf of the page: sends are
 * queued and answered at once; the outbox does the talking.
 */
import { CredentialStoreError, type CredentialStore } from '../credentials/credential-store.js';
import { FilingServiceError, SignInNeededError } from '../service/service-errors.js';
import type { ConnectionTestResult, DroppedFile, OnlineSettings, OnlineStatus, OutboxItemView, SendDraftRequest, SignInRequest } from '../../preload/contract.js';
import type { Ct600BuildResult, ReportPackageResult, ServiceAnswer, CreatedValidationJob } from '../service/filing-service.js';
import type { Transport } from '../service/remote/http-transport.js';
import { axiosTransport } from '../service/remote/http-transport.js';
import { fingerprintOf } from '../store/draft-record.js';
import type { DraftStore } from '../store/draft-store.js';
import type { ClientBook } from '../store/client-book.js';
import { StoreError } from '../store/store-error.js';
import { Outbox, type Gate, type Timers } from '../outbox/outbox.js';
import type { OutboxItem } from '../outbox/outbox-item.js';
import { testConnection } from './connection-test.js';
import { JobFollower } from './job-follower.js';
import { isConfigured, serviceAddress } from './online-settings.js';
import { OnlineSession } from './online-session.js';
import { SettingsStore } from './settings-store.js';
import { ServiceResults } from './service-results.js';
import { ct600DraftRequest, packageDraftRequest, recordServiceBuild } from './draft-builds.js';
import type { OnlineLog, ScopedLog } from '../log/app-log.js';
import { watchCredentialStore, watchTransport } from '../log/secret-watch.js';
import { withoutValue } from '../log/secret-forms.js';

export interface OnlineDeskOptions {
  dataDir: string;
  credentials: CredentialStore;
  drafts: DraftStore;
  clients: ClientBook;
  transport?: Transport;
  /** false only when the OS is sure there is no network (Electron's net.isOnline()). */
  isOnline?: () => boolean;
  onStatus?: (status: OnlineStatus) => void;
  clock?: () => Date;
  random?: () => number;
  timers?: Timers;
  log?: (message: string) => void;
  /**
   * The app's log: outbox, job, sign-in and Test connection outcomes go
   * there, and every secret main learns (sign-in, tokens, the keychain) is
   * registered with its redactor so no line can carry it.
   */
  logger?: OnlineLog;
}

/** The host of a service address, for the log (the address itself may carry a path). */
const hostOf = (url: string) => {
  try {
    return new URL(url).host;
  } catch {
    return '';
  }
};
/** An error's own words (the redactor masks what needs masking), or its name when it is not one of ours. */
const problemOf = (error: unknown) =>
  error instanceof StoreError || error instanceof FilingServiceError || error instanceof CredentialStoreError ? error.message : error instanceof Error ? error.name : 'an unknown problem';

const SIGNED_OUT_REASON = 'Signed out: kept in the outbox and sent when you sign in again.';

/** Our own server (the only one with POST /validation) runs on this computer. */
const isLoopback = (url: string) => /^(localhost|127\.\d{1,3}\.\d{1,3}\.\d{1,3}|\[::1\])$/i.test(new URL(url).hostname);

export class OnlineDesk {
  readonly settings: SettingsStore;
  readonly session: OnlineSession;
  readonly outbox: Outbox;
  readonly jobs: JobFollower;
  readonly results: ServiceResults;
  private current: OnlineSettings | undefined;
  private signedIn = false;
  private readonly transport: Transport;
  private readonly clock: () => Date;
  private readonly sessionLog: ScopedLog | undefined;
  /** The last answer to each outbox item's request (by its Idempotency-Key), for the log's "done" line. */
  private readonly answers = new Map<string, { status: number; replayed: boolean }>();

  constructor(private readonly options: OnlineDeskOptions) {
    this.clock = options.clock ?? (() => new Date());
    const logger = options.logger;
    const transport = options.transport ?? axiosTransport();
    this.transport = logger ? watchTransport(transport, (v) => logger.registerSecret(v), (exchange, answer) => this.noteAnswer(exchange.headers, answer)) : transport;
    const credentials = logger ? watchCredentialStore(options.credentials, (v) => logger.registerSecret(v)) : options.credentials;
    this.sessionLog = logger?.scope('session');
    const changed = () => this.push();
    this.settings = new SettingsStore({ dataDir: options.dataDir, clock: this.clock, ...(options.log ? { log: options.log } : {}) });
    this.session = new OnlineSession({ dataDir: options.dataDir, settings: this.settings, credentials, transport: this.transport, clock: this.clock, onChange: changed });
    this.results = new ServiceResults(options.dataDir);
    const common = { clock: this.clock, ...(options.random ? { random: options.random } : {}), ...(options.timers ? { timers: options.timers } : {}) };
    const signInNeeded = (reason: string) => {
      if (this.signedIn) this.sessionLog?.warn('session ended; sign-in needed:', reason);
      this.signedIn = false;
      this.session.sessionEnded(reason);
    };
    this.outbox = new Outbox({
      dataDir: options.dataDir,
      send: (item, request, signal) => this.send(item, request, signal),
      onDone: (item, result) => this.done(item, result),
      onSignInNeeded: signInNeeded,
      gate: this.gate,
      onChange: changed,
      ...common,
      ...(options.log ? { log: options.log } : {}),
      ...(logger ? { logger: logger.scope('outbox'), answerFacts: (item: OutboxItem) => this.takeAnswer(item.id) } : {}),
    });
    this.jobs = new JobFollower({ dataDir: options.dataDir, service: () => this.session.service(), gate: this.gate, onSignInNeeded: signInNeeded, onChange: changed, ...common, ...(logger ? { logger: logger.scope('jobs') } : {}) });
  }

  private noteAnswer(headers: Record<string, string>, answer: { status: number; headers: Record<string, string | undefined> }): void {
    const key = Object.entries(headers).find(([name]) => name.toLowerCase() === 'idempotency-key')?.[1];
    if (!key) return;
    if (this.answers.size >= 1000) this.answers.delete(this.answers.keys().next().value as string); // items that never finished
    this.answers.set(key, { status: answer.status, replayed: answer.headers['idempotent-replayed'] === 'true' });
  }

  private takeAnswer(id: string): { status: number; replayed: boolean } | undefined {
    const answer = this.answers.get(id);
    this.answers.delete(id);
    return answer;
  }

  async open(): Promise<void> {
    this.current = await this.settings.get();
    await this.session.open();
    await this.sessionStatus();
    await this.outbox.open();
    await this.jobs.open();
    this.outbox.kick();
  }

  /** Whether remote work may start now, and why not. */
  readonly gate: Gate = () => {
    const s = this.current;
    if (!s || !isConfigured(s)) return { open: false, reason: 'The filing service is not set up.' };
    if (s.workOffline) return { open: false, reason: 'Working offline: nothing is sent until Work offline is switched off.' };
    if (this.options.isOnline && !this.options.isOnline()) return { open: false, reason: 'This computer is offline; requests wait in the outbox.' };
    if (!this.signedIn) return { open: false, reason: 'Not signed in to the filing service; requests wait in the outbox.' };
    return { open: true };
  };

  status(): OnlineStatus {
    const outbox = this.outbox.counts();
    const gate = this.gate();
    const s = this.current;
    const base = { workOffline: s?.workOffline ?? false, signedInAs: this.signedIn ? this.signedInName : null, outbox };
    if (this.outbox.pausedReason !== null) return { ...base, state: 'paused', message: `Paused: ${this.outbox.pausedReason.replace(/^Waiting for sign-in: /, '')} Sign in to carry on.` };
    if (!s || !isConfigured(s) || s.workOffline || (this.options.isOnline && !this.options.isOnline())) {
      return { ...base, state: 'offline', message: gate.open ? 'Offline.' : gate.reason };
    }
    if (!this.signedIn) {
      const waiting = outbox.queued;
      const more = waiting === 0 ? '' : ` ${waiting} request${waiting === 1 ? ' waits' : 's wait'} in the outbox until you sign in.`;
      return { ...base, state: 'signed-out', message: `Signed out of the filing service.${more}` };
    }
    return { ...base, state: 'online', message: `Online: signed in as ${this.signedInName} at ${serviceAddress(s)}.` };
  }

  private signedInName = '';

  /** A window that is gone or failing must never stop the outbox: telling it is best effort. */
  private push(): void {
    try {
      this.options.onStatus?.(this.status());
    } catch (error) {
      this.options.log?.(`online: the status could not be shown: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  /** Called when the network may have come back (main polls the OS). */
  networkChanged(): void {
    this.outbox.kick();
    this.jobs.resumeAll();
    this.push();
  }

  async saveSettings(settings: OnlineSettings): Promise<OnlineSettings> {
    this.current = await this.settings.save(settings);
    this.sessionLog?.info('settings saved', { host: hostOf(this.current.baseUrl), workOffline: this.current.workOffline });
    await this.sessionStatus();
    this.networkChanged();
    return this.current;
  }

  /**
   * With the stored credentials when there are any (a real password grant, so
   * a wrong secret or password shows here); otherwise only whether the token
   * endpoint answers, and the message says that is all it checked. The
   * secrets go into that one request; the answer never carries them.
   */
  async testConnection(settings: OnlineSettings): Promise<ConnectionTestResult> {
    const { credentials, keychainFailed } = await this.session.storedCredentials();
    const result = await testConnection(settings, this.transport, credentials, this.clock).catch((error: unknown) => {
      this.sessionLog?.warn('Test connection could not run:', problemOf(error));
      throw error;
    });
    const facts = { host: hostOf(settings.authUrl), outcome: result.ok ? 'ok' : result.problem, triedStored: credentials !== undefined, keychainFailed: keychainFailed === true };
    if (result.ok) this.sessionLog?.info('Test connection:', facts);
    else this.sessionLog?.warn('Test connection:', facts, result.message);
    if (!keychainFailed) return result;
    return { ...result, message: `The system keychain did not answer, so the stored credentials were not tried. ${result.message}` };
  }

  async signIn(request: SignInRequest) {
    // Known before anything can fail, so not even an error about this sign-in can carry them.
    this.options.logger?.registerSecret(request.clientSecret);
    this.options.logger?.registerSecret(request.password);
    const host = hostOf((await this.settings.get()).authUrl);
    const status = await this.session.signIn(request).catch((error: unknown) => {
      // No user name: a refused sign-in is often a password typed into the user-name box, and the service's or keychain's words may quote it.
      this.sessionLog?.warn('sign-in failed:', { host }, withoutValue(problemOf(error), request.username, '[user name]'));
      throw error;
    });
    this.sessionLog?.info('signed in', { user: request.username, host });
    this.signedIn = status.signedIn;
    this.signedInName = request.username;
    await this.outbox.releaseAfterSignIn(SIGNED_OUT_REASON);
    this.jobs.resumeAll();
    this.push();
    return status;
  }

  /**
   * Local sign-out (neither the interface nor our server has a revoke
   * endpoint): nothing new is sent from this moment; the access token and the
   * keychain items go; queued requests and followed jobs stay, waiting for
   * the next sign-in.
   */
  async signOut() {
    this.signedIn = false;
    const user = this.signedInName;
    try {
      const status = await this.session.signOut();
      this.sessionLog?.info('signed out', { user });
      return status;
    } catch (error) {
      this.sessionLog?.warn('signed out, but not everything was removed:', { user }, problemOf(error));
      throw error;
    } finally {
      await this.outbox.holdForSignIn(SIGNED_OUT_REASON);
      this.push();
    }
  }

  async sessionStatus() {
    const status = await this.session.status();
    this.signedIn = status.signedIn;
    if (status.signedIn) this.signedInName = status.username;
    return status;
  }

  async sendCt600Draft({ draftId, request }: SendDraftRequest): Promise<OutboxItemView> {
    const record = await this.options.drafts.record(draftId);
    const full = await ct600DraftRequest(this.options.drafts, record, request);
    return this.outbox.enqueue({ kind: 'ct600-build', draftId, title: record.title, request: full, fingerprint: fingerprintOf(record.form, record.attachments), ...(await this.clientCompany(record.clientId)) });
  }

  async sendPackageDraft({ draftId, request }: SendDraftRequest): Promise<OutboxItemView> {
    const record = await this.options.drafts.record(draftId);
    if (record.kind !== 'report-package') {
      throw new StoreError('invalid', 'This draft is not a report package.', [{ field: 'draftId', message: 'names a CT600 draft, not a report package' }]);
    }
    const includeHash = (await this.settings.get()).includeHash;
    const full = await packageDraftRequest(this.options.drafts, record, request);
    return this.outbox.enqueue({ kind: 'package-build', draftId, title: record.title, request: { request: full, includeHash }, fingerprint: fingerprintOf(record.form, record.attachments), ...(await this.clientCompany(record.clientId)) });
  }

  /** POST /validation is our own server's extension, so only a service on this computer is sent files. */
  async sendFileForValidation(draftId: string | null, file: DroppedFile): Promise<OutboxItemView> {
    const s = await this.settings.get();
    if (!isConfigured(s) || !isLoopback(s.baseUrl)) {
      throw new StoreError('invalid', 'Files can be sent for validation only to the filing service running on this computer.', [{ field: 'file', message: 'can be sent only to a service on this computer' }]);
    }
    return this.outbox.enqueue({ kind: 'validation-create', draftId, title: file.fileName, request: { fileName: file.fileName, contentBase64: Buffer.from(file.bytes).toString('base64') } });
  }

  async draftResults(draftId: string) {
    await this.options.drafts.record(draftId); // a draft that does not exist is an error, not an empty answer
    return { draftId, ...(await this.results.get(draftId)), jobs: this.jobs.forDraft(draftId) };
  }

  async stop(drainMs: number): Promise<void> {
    this.jobs.stop();
    await this.outbox.stop(drainMs);
  }

  private async clientCompany(clientId: string | null): Promise<{ clientCompany?: { name?: string; id?: string } }> {
    const client = clientId ? await this.options.clients.get(clientId) : undefined;
    if (!client || (!client.serviceClientName && !client.serviceClientId)) return {};
    return { clientCompany: { ...(client.serviceClientName ? { name: client.serviceClientName } : {}), ...(client.serviceClientId ? { id: client.serviceClientId } : {}) } };
  }

  private async send(item: OutboxItem, request: unknown, signal: AbortSignal): Promise<unknown> {
    const service = await this.session.service();
    // Signed out between the gate and now: the item waits for sign-in, it has not failed.
    if (!service) throw new SignInNeededError('Not signed in to the filing service.');
    const options = { idempotencyKey: item.id, signal, ...(item.clientCompany ? { clientCompany: item.clientCompany } : {}) };
    const r = request as Record<string, unknown>;
    switch (item.kind) {
      case 'ct600-build':
        return service.buildCt600(request, options);
      case 'package-build':
        return service.createReportPackage(r.request, { includeHash: r.includeHash === true }, options);
      case 'validation-create':
        return service.createValidationJob(String(r.fileName), new Uint8Array(Buffer.from(String(r.contentBase64), 'base64')), options);
    }
  }

  private async done(item: OutboxItem, result: unknown): Promise<{ jobId?: string } | void> {
    if (item.kind === 'validation-create') {
      const jobId = (result as ServiceAnswer<CreatedValidationJob>).value.id;
      await this.jobs.follow(jobId, item.draftId);
      return { jobId };
    }
    // What the request was sent to and with, not what Settings say now: they may have changed while it was out.
    const answer = result as ServiceAnswer<Ct600BuildResult | ReportPackageResult>;
    if (!answer.sent) throw new StoreError('failed', 'The answer does not say which service gave it.');
    await recordServiceBuild({
      drafts: this.options.drafts,
      results: this.results,
      item,
      kind: item.kind,
      answer: answer.value,
      service: answer.sent.service,
      apiVersion: answer.sent.apiVersion,
      now: this.clock(),
    });
  }
}
