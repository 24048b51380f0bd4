import { MemoryCredentialStore } from '../../main/credentials/memory-credential-store.js';
import type { CredentialStore } from '../../main/credentials/credential-store.js';
import { RemoteFilingService } from '../../main/service/remote-filing-service.js';
import type { RemoteServiceSettingsInput } from '../../main/service/remote/settings.js';
import type { Transport } from '../../main/service/remote/http-transport.js';
import { credentials, type RunningServer } from '../server/support.js';

export const commonHeaders = {
  applicationName: 'Filing Desk',
  partnerName: 'Filing Desk Ltd',
  partnerId: 'GB123456789',
  customerName: 'Smith & Co Accountants',
  customerId: 'SC000123',
};

export interface ClientSetup {
  server: RunningServer;
  store?: CredentialStore;
  clock?: () => Date;
  settings?: Partial<RemoteServiceSettingsInput>;
  transport?: Transport;
  /** Records the waits between retries instead of sleeping them (no timing in tests). */
  waits?: number[];
}

export function remoteClient(setup: ClientSetup): RemoteFilingService {
  return new RemoteFilingService({
    settings: {
      baseUrl: setup.server.url,
      authUrl: setup.server.url,
      clientId: credentials.clientId,
      username: credentials.username,
      commonHeaders,
      timeoutMs: 2000,
      retry: { baseDelayMs: 5, maxDelayMs: 20 },
      ...setup.settings,
    },
    credentials: setup.store ?? new MemoryCredentialStore(),
    ...(setup.clock ? { clock: setup.clock } : {}),
    ...(setup.transport ? { transport: setup.transport } : {}),
    ...(setup.waits
      ? {
          sleep: async (ms: number) => {
            setup.waits?.push(ms);
          },
        }
      : {}),
  });
}

export async function signedInClient(setup: ClientSetup): Promise<RemoteFilingService> {
  const client = remoteClient(setup);
  await client.signIn({ clientSecret: credentials.clientSecret, password: credentials.password });
  return client;
}

/** Captures what a promise rejects with (fails the test if it resolves). */
export async function rejection(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (err) {
    return err as Error;
  }
  throw new Error('expected the call to fail, but it succeeded');
}
