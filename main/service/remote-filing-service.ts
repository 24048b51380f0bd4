/**
 * The filing service over HTTP. Sign-in and session live in TokenSession;
 * headers, retries and errors in ServiceClient; this file only says what
 * each operation sends and expects.
 */
import type { CredentialStore } from '../credentials/credential-store.js';
import type { CallOptions, FilingService, ServiceAnswer } from './filing-service.js';
import { ServiceClient } from './remote/service-client.js';
import { TokenSession } from './remote/token-session.js';
import { ct600RequestForWire } from './remote/ct600-wire-codes.js';
import { axiosTransport, type Transport } from './remote/http-transport.js';
import { remoteServiceSettings, type RemoteServiceSettings, type RemoteServiceSettingsInput } from './remote/settings.js';
import {
  createdValidationJobSchema,
  ct600BuildResponseSchema,
  reportPackageResponseSchema,
  serviceValidationJobResultSchema,
} from './remote/response-schemas.js';

export interface RemoteFilingServiceOptions {
  settings: RemoteServiceSettingsInput;
  credentials: CredentialStore;
  transport?: Transport;
  clock?: () => Date;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
}


export class RemoteFilingService implements FilingService {
  readonly kind = 'remote' as const;
  readonly settings: RemoteServiceSettings;
  readonly session: TokenSession;
  private readonly client: ServiceClient;

  constructor(options: RemoteFilingServiceOptions) {
    this.settings = remoteServiceSettings(options.settings);
    const transport = options.transport ?? axiosTransport();
    this.session = new TokenSession({
      settings: this.settings,
      credentials: options.credentials,
      transport,
      ...(options.clock ? { clock: options.clock } : {}),
    });
    this.client = new ServiceClient({
      settings: this.settings,
      session: this.session,
      transport,
      ...(options.clock ? { clock: options.clock } : {}),
      ...(options.sleep ? { sleep: options.sleep } : {}),
    });
  }

  /**
   * The interface names no response header carrying the API version, so an
   * answer records the x-api-version this client sent with it (fixed for the
   * client's life: settings build a new client when they change).
   */
  private remote<T>(value: T): ServiceAnswer<T> {
    return { answeredBy: 'remote', value, sent: { service: this.settings.baseUrl, apiVersion: this.settings.apiVersion } };
  }

  signIn(secrets?: { clientSecret?: string; password?: string }): Promise<void> {
    return this.session.signIn(secrets);
  }

  signOut(): Promise<void> {
    return this.session.signOut();
  }

  async buildCt600(request: unknown, options?: CallOptions) {
    return this.remote(
      await this.client.call({
        method: 'POST',
        path: '/hrmc/build-ct600',
        // The interface has integers where the engine also takes words.
        body: ct600RequestForWire(request),
        successStatus: 200,
        response: ct600BuildResponseSchema,
        ...(options ? { options } : {}),
      }),
    );
  }

  async createReportPackage(request: unknown, switches: { includeHash: boolean }, options?: CallOptions) {
    return this.remote(
      await this.client.call({
        method: 'POST',
        path: '/report-package',
        query: { [this.settings.hashSwitchName]: String(switches.includeHash) },
        body: request,
        successStatus: 200,
        response: reportPackageResponseSchema,
        ...(options ? { options } : {}),
      }),
    );
  }

  async createValidationJob(fileName: string, bytes: Uint8Array, options?: CallOptions) {
    return this.remote(
      await this.client.call({
        method: 'POST',
        path: '/validation',
        body: { fileName, contentBase64: Buffer.from(bytes).toString('base64') },
        successStatus: 202,
        response: createdValidationJobSchema,
        ...(options ? { options } : {}),
      }),
    );
  }

  async getValidationStatus(id: string, options?: CallOptions) {
    return this.remote(
      await this.client.call({
        method: 'GET',
        path: `/validation/status/${encodeURIComponent(id)}`,
        successStatus: 200,
        response: serviceValidationJobResultSchema,
        ...(options ? { options } : {}),
      }),
    );
  }

  async getFilteredValidationStatus(id: string, options?: CallOptions) {
    return this.remote(
      await this.client.call({
        method: 'GET',
        path: `/validation/filtered-status/${encodeURIComponent(id)}`,
        successStatus: 200,
        response: serviceValidationJobResultSchema,
        ...(options ? { options } : {}),
      }),
    );
  }
}
