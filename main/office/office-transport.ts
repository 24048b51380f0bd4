/**
 * How a desk's requests reach the office: Node's https with the certificate
 * pinned when the desk joined, checked in the TLS handshake before any byte
 * of a request is written, or plain http to an office on this computer. A
 * certificate other than the pinned one fails the handshake, so a machine
 * that takes over the office's address never sees a password or a record.
 */
import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import type { PeerCertificate } from 'node:tls';
import tls from 'node:tls';
import { normaliseFingerprint } from './office-settings.js';

export interface OfficeHttpRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: Buffer;
}

export interface OfficeHttpReply {
  status: number;
  contentType: string;
  body: Buffer;
}

/** Sends one request and answers with the office's reply; tests pass their own. */
export type OfficeTransport = (request: OfficeHttpRequest) => Promise<OfficeHttpReply>;

/** The largest reply read: an attachment at its limit, or a page of pulled records, with room to spare. */
const MAX_REPLY_BYTES = 256 * 1024 * 1024;
/** A request with no progress for this long is given up as unreachable. */
const IDLE_TIMEOUT_MS = 60_000;

const LOOPBACK_HOSTS = new Set(['127.0.0.1', '[::1]', 'localhost']);

/** The office's address was not one a desk may use; names the rule broken. */
export class OfficeUrlError extends Error {
  readonly field = 'url';
  constructor(message: string) {
    super(message);
    this.name = 'OfficeUrlError';
  }
}

/**
 * An office's address as a desk keeps it: https anywhere, http only on this
 * computer (nothing would protect the password or the records on a network).
 * Answers the address without a trailing slash.
 */
export function checkOfficeUrl(text: string): URL {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new OfficeUrlError(`url "${text}" is not a web address (for example https://office.example.internal:8477)`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new OfficeUrlError(`url must start with https:// (or http:// for an office on this computer); it starts with ${url.protocol}//`);
  if (url.protocol === 'http:' && !LOOPBACK_HOSTS.has(url.hostname)) {
    throw new OfficeUrlError(`url ${text} uses plain http to another computer: only https may reach an office over the network (http is allowed only to 127.0.0.1, ::1 or localhost)`);
  }
  if (url.username || url.password) throw new OfficeUrlError('url must not carry a user or password: the password is asked for separately and kept in the keychain');
  if (url.search || url.hash) throw new OfficeUrlError('url must be the office\'s address only, without ? or #');
  return url;
}

/** The office's address written the one way this desk stores and compares it. */
export function officeBaseUrl(text: string): string {
  return checkOfficeUrl(text).href.replace(/\/+$/, '');
}

/** The handshake failed because the office showed a certificate other than the pinned one. */
export class PinnedCertificateMismatch extends Error {
  constructor(readonly presented: string | undefined) {
    super(presented ? `it presented a certificate with the fingerprint ${presented}` : 'its certificate is not the one pinned');
    this.name = 'PinnedCertificateMismatch';
  }
}

/** What OpenSSL calls a certificate it would not verify: with only the pinned certificate trusted, any other one ends here. */
const CERTIFICATE_VERIFY_CODES = new Set([
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'CERT_SIGNATURE_FAILURE',
  'CERT_UNTRUSTED',
  'CERT_REJECTED',
  'CERT_HAS_EXPIRED',
  'CERT_NOT_YET_VALID',
  'ERR_TLS_CERT_ALTNAME_INVALID',
]);

export function isCertificateRefusal(error: unknown): boolean {
  if (error instanceof PinnedCertificateMismatch) return true;
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && CERTIFICATE_VERIFY_CODES.has(code);
}

/**
 * The transport for an office: https trusting only the pinned certificate
 * (self-signed office certificates are the norm, so the certificate itself
 * is the trust anchor and its fingerprint is compared in place of the host
 * name), or http for an office on this computer.
 */
export function pinnedTransport(pin: { pem: string; fingerprint: string } | null): OfficeTransport {
  return (request) =>
    new Promise<OfficeHttpReply>((resolve, reject) => {
      const url = new URL(request.url);
      const options: https.RequestOptions = { method: request.method, headers: request.headers, agent: false, timeout: IDLE_TIMEOUT_MS };
      let send: typeof http.request;
      if (url.protocol === 'https:') {
        if (!pin) return reject(new PinnedCertificateMismatch(undefined));
        const expected = normaliseFingerprint(pin.fingerprint);
        options.ca = [pin.pem];
        options.checkServerIdentity = (_host: string, cert: PeerCertificate) =>
          normaliseFingerprint(cert.fingerprint256) === expected ? undefined : new PinnedCertificateMismatch(cert.fingerprint256);
        send = https.request;
      } else {
        send = http.request;
      }
      const outgoing = send(url, options, (incoming) => {
        const chunks: Buffer[] = [];
        let size = 0;
        incoming.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > MAX_REPLY_BYTES) {
            incoming.destroy(new Error(`the office's reply is larger than ${MAX_REPLY_BYTES} bytes`));
            return;
          }
          chunks.push(chunk);
        });
        incoming.on('error', reject);
        incoming.on('end', () => resolve({ status: incoming.statusCode ?? 0, contentType: String(incoming.headers['content-type'] ?? ''), body: Buffer.concat(chunks) }));
      });
      outgoing.on('timeout', () => outgoing.destroy(new Error(`no answer within ${IDLE_TIMEOUT_MS / 1000} seconds`)));
      outgoing.on('error', reject);
      outgoing.end(request.body);
    });
}

export interface OfficeCertificate {
  pem: string;
  /** SHA-256, colon-separated upper-case hex, as the office's administrator reads it from `cli office serve`'s certificate. */
  fingerprint: string;
  subject: string;
}

/**
 * The office's certificate as its https port presents it, for the user to
 * confirm before joining: a bare TLS handshake that sends nothing (nothing
 * is trusted yet, so nothing may be said).
 */
export function fetchOfficeCertificate(urlText: string): Promise<OfficeCertificate> {
  const url = checkOfficeUrl(urlText);
  if (url.protocol !== 'https:') return Promise.reject(new OfficeUrlError('url must be https:// to have a certificate to confirm'));
  const host = url.hostname.replace(/^\[|\]$/g, '');
  return new Promise((resolve, reject) => {
    const socket = tls.connect({ host, port: Number(url.port || 443), rejectUnauthorized: false, ...(isIP(host) === 0 ? { servername: host } : {}) });
    socket.setTimeout(IDLE_TIMEOUT_MS, () => socket.destroy(new Error(`no answer within ${IDLE_TIMEOUT_MS / 1000} seconds`)));
    socket.once('error', reject);
    socket.once('secureConnect', () => {
      const cert = socket.getPeerCertificate();
      socket.destroy();
      if (!cert?.raw) return reject(new Error('the office presented no certificate'));
      const base64 = cert.raw.toString('base64').match(/.{1,64}/g)!.join('\n');
      resolve({
        pem: `-----BEGIN CERTIFICATE-----\n${base64}\n-----END CERTIFICATE-----\n`,
        fingerprint: normaliseFingerprint(cert.fingerprint256)!,
        subject: describeSubject(cert.subject),
      });
    });
  });
}

function describeSubject(subject: PeerCertificate['subject'] | undefined): string {
  if (!subject) return '';
  return Object.entries(subject)
    .map(([key, value]) => `${key}=${Array.isArray(value) ? value.join('+') : value}`)
    .join(', ');
}
