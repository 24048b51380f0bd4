/**
 * Tells the redactor every secret main learns, at the two places all of them
 * pass: the credential store (the client secret, password and refresh token
 * going into the keychain or read back from it) and the HTTP transport (the
 * secrets of a token request, the access and refresh tokens of its answer,
 * the bearer token of every call). Once registered, a secret is masked
 * wherever it would appear in the log, even in a line nobody meant to hold it.
 *
 * Neither wrapper changes what passes through it: values, errors and
 * answers are handed on untouched.
 */
import type { CredentialStore } from '../credentials/credential-store.js';
// floor: types only: the watch wraps the service's transport, the one place every token and bearer passes.
import type { HttpAnswer, HttpExchange, Transport } from '../service/remote/http-transport.js';

export type RegisterSecret = (value: string) => void;

/** Form fields and JSON members that carry a secret in the OAuth token exchange. */
const SECRET_FIELD = /^(client_secret|password|refresh_token|access_token|id_token)$/i;

/** A credential store that registers every secret saved to it or read from it. */
export function watchCredentialStore(store: CredentialStore, registerSecret: RegisterSecret): CredentialStore {
  return {
    // Getters, not copies: a store still being opened changes kind and description once it knows.
    get kind() {
      return store.kind;
    },
    get description() {
      return store.description;
    },
    async get(account) {
      const secret = await store.get(account);
      if (secret) registerSecret(secret);
      return secret;
    },
    async set(account, secret) {
      registerSecret(secret);
      return store.set(account, secret);
    },
    delete: (account) => store.delete(account),
  };
}

const isTokenEndpoint = (url: string) => {
  try {
    return new URL(url).pathname.replace(/\/+$/, '').endsWith('/connect/token');
  } catch {
    return false;
  }
};

function registerFromRequest(exchange: HttpExchange, registerSecret: RegisterSecret): void {
  for (const [name, value] of Object.entries(exchange.headers)) {
    if (name.toLowerCase() !== 'authorization') continue;
    const credential = /^\s*\S+\s+(.+)$/.exec(value)?.[1];
    if (credential) registerSecret(credential.trim());
  }
  if (!exchange.body || !isTokenEndpoint(exchange.url)) return;
  for (const [name, value] of new URLSearchParams(exchange.body)) if (SECRET_FIELD.test(name) && value) registerSecret(value);
}

function registerFromAnswer(exchange: HttpExchange, answer: HttpAnswer, registerSecret: RegisterSecret): void {
  if (!isTokenEndpoint(exchange.url) || answer.status !== 200) return;
  let body: unknown;
  try {
    body = JSON.parse(answer.text);
  } catch {
    return; // not a token answer; the session reports that itself
  }
  if (typeof body !== 'object' || body === null) return;
  for (const [name, value] of Object.entries(body as Record<string, unknown>)) {
    if (SECRET_FIELD.test(name) && typeof value === 'string' && value) registerSecret(value);
  }
}

/** A transport that registers the secrets of each exchange, then tells `onAnswer` (status and headers only are of use there). */
export function watchTransport(transport: Transport, registerSecret: RegisterSecret, onAnswer?: (exchange: HttpExchange, answer: HttpAnswer) => void): Transport {
  return async (exchange) => {
    registerFromRequest(exchange, registerSecret);
    const answer = await transport(exchange);
    registerFromAnswer(exchange, answer, registerSecret);
    onAnswer?.(exchange, answer);
    return answer;
  };
}
