/**
 * Applies the fault switches at the very start of a request, before
 * authentication, so any operation (the token request included) can be made
 * to misbehave.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FaultSwitches } from './faults.js';

export interface HangingRequests {
  /** Resolves when the server closes: hung requests then lose their connection. */
  readonly released: Promise<void>;
}

const answersToDrop = new WeakSet<FastifyRequest>();

/** onSend: loses the answer of a request marked by a drop-response fault. */
export async function dropResponseHook(request: FastifyRequest, _reply: FastifyReply, payload: unknown) {
  if (answersToDrop.has(request)) request.raw.socket?.destroy();
  return payload;
}

export function faultHook(faults: FaultSwitches, hanging: HangingRequests) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const path = request.url.split('?')[0] ?? request.url;
    const fault = faults.take(request.method, path);
    if (!fault) return undefined;
    switch (fault.kind) {
      case 'delay':
        await new Promise((resolve) => setTimeout(resolve, fault.ms));
        return undefined;
      case 'hang':
        reply.hijack();
        await hanging.released;
        request.raw.socket?.destroy();
        return reply;
      case 'drop-connection':
        reply.hijack();
        request.raw.socket?.destroy();
        return reply;
      case 'drop-response':
        answersToDrop.add(request);
        return undefined;
      case 'status':
        return reply
          .code(fault.status)
          .send({ error: fault.status >= 500 ? 'server-error' : 'injected', message: `Injected fault: status ${fault.status}.` });
      case 'rate-limit':
        return reply
          .code(429)
          .header('retry-after', String(fault.retryAfterSeconds))
          .send({ error: 'rate-limited', message: `Too many requests; retry after ${fault.retryAfterSeconds} s.` });
      case 'unauthorized':
        return reply
          .code(401)
          .header('www-authenticate', 'Bearer error="invalid_token"')
          .send({ error: 'unauthorized', message: 'The access token is not accepted.' });
      case 'malformed-body':
        // Claims JSON, is not JSON: a truncated object.
        return reply.code(200).header('content-type', 'application/json; charset=utf-8').send('{"xmlDoc": "PD94bWwg');
    }
  };
}
