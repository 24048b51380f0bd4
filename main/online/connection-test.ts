/**
 * "Test connection": one request to the token endpoint, and what its answer
 * (or the lack of one) means, in words a person can act on. With the stored
 * credentials it is a real password grant, so wrong credentials show up
 * here; without them an incomplete grant still proves the endpoint is there
 * (a token endpoint answers it with 400).
 *
 * Nothing of the exchange is kept: not the tokens a successful grant
 * returns, not the body of an error (it could echo what was sent).
 */
import type { ConnectionProblem, ConnectionTestResult, OnlineSettings } from '../../preload/contract.js';
import { NetworkError, TimeoutError } from '../service/service-errors.js';
import type { Transport } from '../service/remote/http-transport.js';
import { retryAfterMs } from '../service/remote/status-errors.js';
import { isConfigured } from './online-settings.js';

export interface TestCredentials {
  clientId: string;
  clientSecret: string;
  username: string;
  password: string;
}

const TLS_CODE = /CERT|SELF_SIGNED|UNABLE_TO_VERIFY|UNABLE_TO_GET_ISSUER|ERR_TLS|ERR_SSL|HOSTNAME_MISMATCH|EPROTO/i;
const NAME_CODE = /^(ENOTFOUND|EAI_AGAIN|EAI_NONAME|ERR_INVALID_URL)$/;

const fail = (problem: ConnectionProblem, message: string): ConnectionTestResult => ({ ok: false, problem, message });

export async function testConnection(
  settings: OnlineSettings,
  transport: Transport,
  credentials?: TestCredentials,
  now: () => Date = () => new Date(),
): Promise<ConnectionTestResult> {
  if (!isConfigured(settings)) {
    return fail('not-configured', 'Enter the service address and the token address first.');
  }
  const authUrl = settings.authUrl.replace(/\/+$/, '');
  const endpoint = `${authUrl}/connect/token`;
  const host = new URL(authUrl).host;
  const form: Record<string, string> = credentials
    ? {
        grant_type: 'password',
        client_id: credentials.clientId,
        client_secret: credentials.clientSecret,
        username: credentials.username,
        password: credentials.password,
      }
    : { grant_type: 'password' };
  let answer;
  try {
    answer = await transport({
      method: 'POST',
      url: endpoint,
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams(form).toString(),
      timeoutMs: 15_000,
    });
  } catch (error) {
    if (error instanceof TimeoutError) return fail('timeout', `${host} did not answer within 15 seconds: the service may be down or very slow, or a firewall is dropping the connection.`);
    if (error instanceof NetworkError) {
      const code = (error.cause as { code?: string } | undefined)?.code ?? '';
      if (TLS_CODE.test(code)) {
        return fail('certificate', `The secure connection to ${host} failed because its certificate is not trusted (${code}). Check the address, or ask whoever runs the service about its certificate.`);
      }
      if (NAME_CODE.test(code)) return fail('bad-url', `No computer called ${new URL(authUrl).hostname} could be found. Check the token address for typing mistakes.`);
      if (code === 'ECONNREFUSED') return fail('service-down', `Nothing is answering at ${host}: the service is down, or the port in the address is wrong.`);
      return fail('unreachable', `Could not reach ${host} (${code || 'no answer'}). Check the network connection and the address.`);
    }
    throw error;
  }
  const s = answer.status;
  if (s === 200) {
    const looksLikeToken = (() => {
      try {
        const body = JSON.parse(answer.text) as Record<string, unknown>;
        return typeof body.access_token === 'string' && typeof body.refresh_token === 'string';
      } catch {
        return false;
      }
    })();
    return looksLikeToken
      ? { ok: true, message: `Connected to ${host}: the service accepted the client id, user name and password.` }
      : fail('unexpected', `${host} answered, but not with a token: the token address may point at another kind of server.`);
  }
  if (s === 400 && !credentials) {
    return {
      ok: true,
      message: `The token endpoint at ${host} is answering. No credentials are stored, so only that was checked: sign in to check the client id, client secret, user name and password.`,
    };
  }
  if (s === 400) return fail('unexpected', `The token endpoint at ${host} refused the request as not valid. Check the client id.`);
  if (s === 401) return fail('wrong-client', 'The service refused the client id or client secret (401). Check them with whoever issued them, then sign in again.');
  if (s === 403) return fail('wrong-user', 'The service refused the user name or password (403). Sign in again with the right ones.');
  if (s === 404 || s === 405) return fail('not-found', `${host} has no token endpoint at ${new URL(endpoint).pathname}: the token address is probably wrong.`);
  if (s === 429) {
    const wait = retryAfterMs(answer.headers['retry-after'], now());
    return fail('rate-limited', `The service is refusing sign-in attempts for now${wait !== undefined ? `; try again in ${Math.ceil(wait / 1000)} seconds` : '; try again later'}.`);
  }
  if (s >= 500) return fail('service-down', `The service at ${host} is having trouble (${s}). Try again later.`);
  return fail('unexpected', `The token endpoint at ${host} answered with an unexpected status ${s}.`);
}
