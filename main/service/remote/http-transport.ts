/**
 * One HTTP exchange with a hard time limit, over axios. Any status comes back
 * as data (the caller decides what it means); only "no answer" is thrown,
 * as NetworkError or TimeoutError.
 */
import axios, { type AxiosInstance } from 'axios';
import { NetworkError, TimeoutError } from '../service-errors.js';

export interface HttpExchange {
  method: 'GET' | 'POST';
  url: string;
  headers: Record<string, string>;
  body?: string;
  timeoutMs: number;
  signal?: AbortSignal;
}

export interface HttpAnswer {
  status: number;
  headers: Record<string, string | undefined>;
  /** The body as text; JSON is parsed by the caller so a malformed body is its own error. */
  text: string;
}

export type Transport = (exchange: HttpExchange) => Promise<HttpAnswer>;

/** A WHATWG fetch: Node's own, or in the app Electron's net.fetch. */
export type FetchFunction = (input: string | URL | Request, init?: RequestInit) => Promise<Response>;

/**
 * The same exchange over a fetch implementation of the caller's choosing.
 * The app passes Electron's net.fetch, which goes through Chromium's network
 * stack: the system's proxy settings and PAC file, and the operating
 * system's trusted certificates (a firm's TLS-inspecting proxy included),
 * exactly as the user's browser. Node's own https, which the command line
 * and the office server keep, knows none of those. Redirects are not
 * followed, as with axios' own maxRedirects: 0.
 */
export function fetchTransport(fetch: FetchFunction): Transport {
  return axiosTransport(axios.create({ adapter: 'fetch', env: { fetch }, fetchOptions: { redirect: 'manual' } }));
}

export function axiosTransport(instance: AxiosInstance = axios.create()): Transport {
  return async (exchange) => {
    // Our own deadline over the whole exchange: axios' `timeout` only
    // watches for an idle socket, so a trickling server could hold a call forever.
    const deadline = new AbortController();
    const timer = setTimeout(() => deadline.abort(), exchange.timeoutMs);
    const signal = exchange.signal ? AbortSignal.any([exchange.signal, deadline.signal]) : deadline.signal;
    try {
      const res = await instance.request<string>({
        method: exchange.method,
        url: exchange.url,
        headers: exchange.headers,
        data: exchange.body,
        signal,
        responseType: 'text',
        transformResponse: [(data: unknown) => data],
        validateStatus: () => true,
        maxRedirects: 0,
        // Never a proxy from HTTP_PROXY/HTTPS_PROXY: a stale variable would break
        // every call and a hostile one would see the password. A proxy, if one is
        // ever needed, becomes an explicit setting.
        proxy: false,
        // The service's answers can be large (a base64 package), but not unbounded.
        maxContentLength: 200 * 1024 * 1024,
        maxBodyLength: Infinity,
      });
      const headers: Record<string, string | undefined> = {};
      for (const [k, v] of Object.entries(res.headers ?? {})) headers[k.toLowerCase()] = v == null ? undefined : String(v);
      return { status: res.status, headers, text: typeof res.data === 'string' ? res.data : String(res.data ?? '') };
    } catch (err) {
      if (deadline.signal.aborted) {
        throw new TimeoutError(`The service did not answer within ${exchange.timeoutMs} ms.`, exchange.timeoutMs);
      }
      // The caller's own reason for cancelling, never the axios error (it holds the request).
      if (exchange.signal?.aborted) throw exchange.signal.reason ?? new DOMException('The call was cancelled.', 'AbortError');
      const code = (axios.isAxiosError(err) ? err.code : undefined) ?? 'ERR_NETWORK';
      const reason = err instanceof Error ? err.message : String(err);
      throw new NetworkError(`Could not reach the service (${code}): ${reason}`, undefined, { cause: { code, message: reason } });
    } finally {
      clearTimeout(timer);
    }
  };
}
