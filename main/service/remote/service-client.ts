/**
 * One operation call against the filing service: common headers, bearer
 * token, time limit, the 401 → refresh → one retry rule, safe retries, and
 * the mapping from status to typed error. Operations describe themselves;
 * this file knows nothing of CT600s or packages.
 */
import type { z } from 'zod';
import type { CallOptions } from '../filing-service.js';
import { FilingServiceError, UnauthorizedError, UnexpectedResponseError } from '../service-errors.js';
import type { RemoteServiceSettings } from './settings.js';
import type { HttpAnswer, Transport } from './http-transport.js';
import type { TokenSession } from './token-session.js';
import { errorForStatus } from './status-errors.js';
import { delayBeforeRetry } from './retry-policy.js';

export interface OperationCall<S extends z.ZodType> {
  method: 'GET' | 'POST';
  /** Path under baseUrl, already encoded. */
  path: string;
  query?: Record<string, string>;
  body?: unknown;
  /** The status the interface gives for success (200, or 202 for job creation). */
  successStatus: number;
  response: S;
  options?: CallOptions;
}

export interface ServiceClientOptions {
  settings: RemoteServiceSettings;
  session: TokenSession;
  transport: Transport;
  clock?: () => Date;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  random?: () => number;
}

const defaultSleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(signal.reason);
    }, { once: true });
  });

// Header values must be Latin-1; names of companies may not be. Anything
// beyond printable ASCII is percent-encoded (UTF-8), as RFC 8187 does.
function headerValue(value: string): string {
  return /^[\x20-\x7e]*$/.test(value) ? value : encodeURIComponent(value);
}

export class ServiceClient {
  private readonly clock: () => Date;
  private readonly sleep: (ms: number, signal?: AbortSignal) => Promise<void>;

  constructor(private readonly options: ServiceClientOptions) {
    this.clock = options.clock ?? (() => new Date());
    this.sleep = options.sleep ?? defaultSleep;
  }

  async call<S extends z.ZodType>(op: OperationCall<S>): Promise<z.output<S>> {
    const { settings } = this.options;
    const safe = op.method === 'GET' || Boolean(op.options?.idempotencyKey);
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.attempt(op);
      } catch (err) {
        if (!(err instanceof FilingServiceError)) throw err;
        err.attempts = attempt;
        const wait = safe ? delayBeforeRetry(err, attempt, settings.retry, this.options.random) : undefined;
        if (wait === undefined) throw err;
        await this.sleep(wait, op.options?.signal);
      }
    }
  }

  /** One attempt, including the single refresh-and-resend a 401 earns. */
  private async attempt<S extends z.ZodType>(op: OperationCall<S>): Promise<z.output<S>> {
    const { session } = this.options;
    let token = await session.accessToken();
    let answer = await this.send(op, token);
    if (answer.status === 401) {
      token = await session.tokenAfterRejection(token);
      answer = await this.send(op, token);
      if (answer.status === 401) {
        session.refusedFreshToken(token);
        throw new UnauthorizedError('The service refused a freshly issued access token.', 401);
      }
    }
    if (answer.status !== op.successStatus) throw errorForStatus(answer, this.clock());
    let json: unknown;
    try {
      json = JSON.parse(answer.text);
    } catch {
      // No cause: a JSON SyntaxError quotes the text it choked on.
      throw new UnexpectedResponseError(`The service's answer is not valid JSON (${answer.text.length} characters).`, answer.status);
    }
    const parsed = op.response.safeParse(json);
    if (!parsed.success) {
      const first = parsed.error.issues[0];
      throw new UnexpectedResponseError(
        `The service's answer is not what the interface describes${first ? ` (${first.path.join('.') || 'body'}: ${first.message})` : ''}.`,
        answer.status,
      );
    }
    return parsed.data;
  }

  private send(op: OperationCall<z.ZodType>, token: string): Promise<HttpAnswer> {
    const { settings, transport } = this.options;
    const query = op.query ? `?${new URLSearchParams(op.query).toString()}` : '';
    return transport({
      method: op.method,
      url: `${settings.baseUrl}${op.path}${query}`,
      headers: this.headers(op, token),
      ...(op.body !== undefined ? { body: JSON.stringify(op.body) } : {}),
      timeoutMs: settings.timeoutMs,
      ...(op.options?.signal ? { signal: op.options.signal } : {}),
    });
  }

  private headers(op: OperationCall<z.ZodType>, token: string): Record<string, string> {
    const { settings } = this.options;
    const common = settings.commonHeaders;
    const company = op.options?.clientCompany;
    const named: [string, string | undefined][] = [
      ['ApplicationName', common.applicationName],
      ['PartnerName', common.partnerName],
      ['PartnerID', common.partnerId],
      ['CustomerName', common.customerName],
      ['CustomerID', common.customerId],
      ['ClientName', company?.name],
      ['ClientID', company?.id],
      ['Idempotency-Key', op.options?.idempotencyKey],
    ];
    const headers: Record<string, string> = {
      Authorization: `Bearer ${token}`,
      'x-api-version': settings.apiVersion,
      Accept: 'application/json',
    };
    if (op.body !== undefined) headers['Content-Type'] = 'application/json';
    for (const [name, value] of named) if (value) headers[name] = headerValue(value);
    return headers;
  }
}
