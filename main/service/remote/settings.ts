/**
 * Everything the remote client takes from the app's settings. Secrets are
 * not here: the client secret, password and refresh token come from the
 * CredentialStore.
 */
export interface CommonHeaderSettings {
  applicationName?: string;
  partnerName?: string;
  partnerId?: string;
  customerName?: string;
  customerId?: string;
}

export interface RetrySettings {
  /** Sends at most this many times, counting the first. */
  maxAttempts: number;
  baseDelayMs: number;
  maxDelayMs: number;
  /** A Retry-After longer than this is not waited out in the call; the caller gets RateLimitedError. */
  maxRetryAfterMs: number;
}

export interface RemoteServiceSettings {
  /** {base_url} of the interface, e.g. https://api.example.com */
  baseUrl: string;
  /** {auth_url}: the token endpoint is `${authUrl}/connect/token`. */
  authUrl: string;
  clientId: string;
  username: string;
  /** Sent as x-api-version on every operation (required by the status operation). */
  apiVersion: string;
  /** Query parameter name of the report package's hash switch (the interface does not name it). */
  hashSwitchName: string;
  commonHeaders: CommonHeaderSettings;
  /** Time limit of each attempt, from sending to the whole body received. */
  timeoutMs: number;
  retry: RetrySettings;
  /** Renew the access token this long before it expires (at most a tenth of its lifetime). */
  refreshAheadSeconds: number;
}

export type RemoteServiceSettingsInput = Pick<RemoteServiceSettings, 'baseUrl' | 'authUrl' | 'clientId' | 'username'> &
  Partial<Omit<RemoteServiceSettings, 'retry'>> & { retry?: Partial<RetrySettings> };

export const DEFAULT_RETRY: RetrySettings = { maxAttempts: 3, baseDelayMs: 500, maxDelayMs: 8000, maxRetryAfterMs: 30_000 };

export function remoteServiceSettings(input: RemoteServiceSettingsInput): RemoteServiceSettings {
  return {
    apiVersion: '1.0',
    hashSwitchName: 'includeHash',
    commonHeaders: {},
    timeoutMs: 30_000,
    refreshAheadSeconds: 60,
    ...input,
    baseUrl: input.baseUrl.replace(/\/+$/, ''),
    authUrl: input.authUrl.replace(/\/+$/, ''),
    retry: { ...DEFAULT_RETRY, ...input.retry },
  };
}
