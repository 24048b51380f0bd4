/** The transport to HMRC: any fetch (Electron's net.fetch in the app) behind it, and the reply's limit enforced while it streams in. */
import { describe, expect, it } from 'vitest';
import { httpTransport, MAX_REPLY_BYTES, TransportError, type FetchLike } from '../../main/filing/transport.js';

/** A reply of `chunks` chunks of 1 MiB, no Content-Length; counts how many were pulled. */
function streamingFetch(chunks: number, headers: Record<string, string> = {}) {
  const seen = { pulled: 0, cancelled: false, calls: [] as string[] };
  const fetchLike: FetchLike = async (url) => {
    seen.calls.push(url);
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (seen.pulled >= chunks) return controller.close();
        seen.pulled++;
        controller.enqueue(new Uint8Array(1024 * 1024));
      },
      cancel() {
        seen.cancelled = true;
      },
    });
    return new Response(body, { status: 200, headers });
  };
  return { fetchLike, seen };
}

describe('the transport to the Transaction Engine', () => {
  it('posts through the fetch it is given, so the app can hand it net.fetch', async () => {
    const { fetchLike, seen } = streamingFetch(1);
    const reply = await httpTransport({ fetch: fetchLike }).post('https://transaction-engine.tax.service.gov.uk/submission', Buffer.from('<x/>'));
    expect(seen.calls).toEqual(['https://transaction-engine.tax.service.gov.uk/submission']);
    expect(reply.body.length).toBe(1024 * 1024);
  });

  it('stops reading a reply without Content-Length as soon as it passes the limit, and cancels the rest', async () => {
    const { fetchLike, seen } = streamingFetch(200);
    await expect(httpTransport({ fetch: fetchLike }).post('http://127.0.0.1:9/submission', Buffer.from('<x/>'))).rejects.toThrow(TransportError);
    expect(seen.pulled).toBeLessThanOrEqual(MAX_REPLY_BYTES / (1024 * 1024) + 2);
    expect(seen.cancelled).toBe(true);
  });

  it('refuses a reply whose Content-Length is over the limit without reading it', async () => {
    const { fetchLike, seen } = streamingFetch(200, { 'content-length': String(200 * 1024 * 1024) });
    await expect(httpTransport({ fetch: fetchLike }).post('http://127.0.0.1:9/submission', Buffer.from('<x/>'))).rejects.toThrow(/larger than/);
    expect(seen.pulled).toBeLessThanOrEqual(1);
  });
});
