/**
 * Everything the remote client takes from the app's settings. Secrets are
 * not here: the client secret, password and refresh token come from the
 * CredentialStore.
 */
import { RequestValidationError, type FieldError } from '../../engine/errors.js';

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

const HTTPS_RULE = 'must use https (http is allowed only for this computer: localhost, 127.0.0.0/8 or ::1)';

/** This computer: the only place plain http cannot be read on the way. */
function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase();
  return host === 'localhost' || host === '[::1]' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}

/**
 * The password, client secret and tokens go to these URLs, so they must be
 * https; plain http only to a server on this computer (the local contract
 * server, tests). undefined when the URL is acceptable.
 */
export function serviceUrlProblem(value: string): string | undefined {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'must be an absolute https URL';
  }
  if (url.username || url.password) return 'must not contain a user name or password (they belong in the keychain)';
  if (url.protocol === 'https:') return undefined;
  if (url.protocol === 'http:' && isLoopbackHost(url.hostname)) return undefined;
  return HTTPS_RULE;
}

/** The settings with defaults filled in; RequestValidationError naming each URL setting that is not safe to send secrets to. */
export function remoteServiceSettings(input: RemoteServiceSettingsInput): RemoteServiceSettings {
  const errors: FieldError[] = [];
  for (const field of ['baseUrl', 'authUrl'] as const) {
    const problem = serviceUrlProblem(input[field]);
    if (problem) errors.push({ field, message: problem });
  }
  if (errors.length > 0) throw new RequestValidationError(errors);
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
