/**
 * How messages reach the Transaction Engine: injected, so tests use a local
 * peer or a fake. A failure to get an answer at all (refused, reset, timed
 * out) is a TransportError; any HTTP answer is returned as it is and the
 * caller decides (a 5xx is HMRC's trouble, not a verdict on the return).
 */
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

/** The largest reply read: a receipt is a few kilobytes, a status report of many submissions a few hundred. */
export const MAX_REPLY_BYTES = 4 * 1024 * 1024;

export function httpTransport(options: { timeoutMs?: number } = {}): GatewayTransport {
  const timeoutMs = options.timeoutMs ?? 120_000;
  return {
    async post(url, body) {
      let response: Response;
      try {
        response = await fetch(url, {
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
        const length = Number(response.headers.get('content-length') ?? '0');
        if (length > MAX_REPLY_BYTES) throw new TransportError(`the reply is larger than ${MAX_REPLY_BYTES} bytes`);
        const bytes = Buffer.from(await response.arrayBuffer());
        if (bytes.length > MAX_REPLY_BYTES) throw new TransportError(`the reply is larger than ${MAX_REPLY_BYTES} bytes`);
        return { status: response.status, body: bytes };
      } catch (err) {
        if (err instanceof TransportError) throw err;
        throw new TransportError('the connection was lost before the whole reply arrived');
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
