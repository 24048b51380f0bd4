/**
 * How messages reach the Transaction Engine: injected, so tests use a local
 * peer or a fake. A failure to get an answer at all (refused, reset, timed
 * out, larger than the limit) is a TransportError; any HTTP answer is
 * returned as it is and the caller decides (a 5xx is HMRC's trouble, not a
 * verdict on the return).
 *
 * The fetch itself is injected too: the app passes Electron's net.fetch
 * (so a firm's proxy settings apply), tests and the command line Node's.
 */
import { MAX_REPLY_BYTES } from './protocol-rules.js';

export { MAX_REPLY_BYTES } from './protocol-rules.js';

export interface TransportReply {
  status: number;
  body: Buffer;
}

export interface GatewayTransport {
  post(url: string, body: Buffer): Promise<TransportReply>;
}

export class TransportError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TransportError';
  }
}

/** What the transport needs of a fetch: Node's global fetch and Electron's net.fetch both are one. */
export type FetchLike = (url: string, init: RequestInit) => Promise<Response>;

const tooLarge = () => new TransportError(`the reply is larger than ${MAX_REPLY_BYTES} bytes, the most Filing Desk reads; it was not read further`);

/**
 * The reply read as a stream, the limit enforced as the bytes arrive: a
 * reply without Content-Length (or with a false one) never grows past the
 * limit in memory.
 */
async function readLimited(response: Response, limit: number): Promise<Buffer> {
  const declared = response.headers.get('content-length');
  if (declared !== null && /^\d+$/.test(declared.trim()) && Number(declared) > limit) {
    await response.body?.cancel().catch(() => undefined);
    throw tooLarge();
  }
  if (!response.body) return Buffer.alloc(0);
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > limit) {
      await reader.cancel().catch(() => undefined);
      throw tooLarge();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks, total);
}

export function httpTransport(options: { timeoutMs?: number; fetch?: FetchLike; maxReplyBytes?: number } = {}): GatewayTransport {
  const timeoutMs = options.timeoutMs ?? 120_000;
  const limit = options.maxReplyBytes ?? MAX_REPLY_BYTES;
  const doFetch: FetchLike = options.fetch ?? ((url, init) => fetch(url, init));
  return {
    async post(url, body) {
      let response: Response;
      try {
        response = await doFetch(url, {
          method: 'POST',
          headers: { 'content-type': 'text/xml; charset=utf-8' },
          body: new Uint8Array(body),
          signal: AbortSignal.timeout(timeoutMs),
          redirect: 'error',
        });
      } catch (err) {
        // Never the error's own text: it may quote the address with its query.
        throw new TransportError(describeFetchFailure(err));
      }
      try {
        return { status: response.status, body: await readLimited(response, limit) };
      } catch (err) {
        if (err instanceof TransportError) throw err;
        throw new TransportError((err as { name?: string } | null)?.name === 'TimeoutError' ? 'no whole reply within the time allowed' : 'the connection was lost before the whole reply arrived');
      }
    },
  };
}

function describeFetchFailure(err: unknown): string {
  const cause = (err as { cause?: { code?: string } } | null)?.cause;
  if ((err as { name?: string } | null)?.name === 'TimeoutError') return 'no reply within the time allowed';
  switch (cause?.code) {
    case 'ECONNREFUSED':
      return 'the connection was refused';
    case 'ECONNRESET':
    case 'UND_ERR_SOCKET':
      return 'the connection was lost before a reply arrived';
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return 'the address could not be found';
    default:
      return 'the message could not be delivered';
  }
}
