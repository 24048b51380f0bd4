/**
 * One desk's conversation with the office: signs in on first use (and again
 * when the office says the session lapsed), sends JSON or a file's bytes,
 * and checks every reply against the protocol's schema, so a reply this
 * desk does not understand is refused rather than half-used. Failures come
 * in three kinds the user can act on: the office could not be reached, it
 * refused (with its code, sentence and fields), or it showed a certificate
 * other than the one pinned when joining.
 */
import type { z } from 'zod';
import { OFFICE_API, officeErrorBody, signInReply, type OfficeErrorBody, type SignInReply } from '../../common/office/protocol.js';
import type { OfficeSettings } from './office-settings.js';
import { isCertificateRefusal, pinnedTransport, type OfficeHttpReply, type OfficeTransport } from './office-transport.js';

/** The office could not be reached (no network, no answer, or a gateway in front of it said so). */
export class OfficeUnreachable extends Error {
  constructor(
    readonly url: string,
    reason: string,
  ) {
    super(`the office at ${url} could not be reached: ${reason}`);
    this.name = 'OfficeUnreachable';
  }
}

/** The office answered and refused: its code and sentence, and the fields at fault. */
export class OfficeRefused extends Error {
  constructor(
    readonly code: OfficeErrorBody['error']['code'],
    message: string,
    readonly fields: { field: string; message: string }[] = [],
    readonly status = 0,
  ) {
    super(message);
    this.name = 'OfficeRefused';
  }
}

/** The office's address answered with a certificate other than the pinned one: nothing was sent. */
export class OfficeCertificateRefused extends Error {
  constructor(
    readonly url: string,
    reason: string,
  ) {
    super(
      `the office at ${url} did not present the certificate this desk pinned when it joined (${reason}); nothing was sent. If the office's certificate was replaced, confirm its new fingerprint with the office's administrator, then leave and join again`,
    );
    this.name = 'OfficeCertificateRefused';
  }
}

/** Gateways answer these when the office behind them is down: the office was not reached. */
const UNREACHABLE_STATUSES = new Set([502, 503, 504]);

/** Asks for a reply's raw bytes (an attachment) instead of JSON. */
export const OFFICE_BYTES = 'bytes' as const;

export interface OfficeConnectionOptions {
  settings: Pick<OfficeSettings, 'url' | 'user' | 'desk' | 'fingerprint'>;
  /** The pinned certificate (PEM) for https; null for http on this computer. */
  certificatePem: string | null;
  /** The user's office password, asked for only when signing in. */
  password: () => Promise<string>;
  /** Only for tests, or a transport already set up; default the pinned https or loopback http transport. */
  transport?: OfficeTransport;
}

export class OfficeConnection {
  private readonly transport: OfficeTransport;
  private session: SignInReply | undefined;

  constructor(private readonly options: OfficeConnectionOptions) {
    const { certificatePem, settings } = options;
    this.transport =
      options.transport ?? pinnedTransport(certificatePem && settings.fingerprint ? { pem: certificatePem, fingerprint: settings.fingerprint } : null);
  }

  get url(): string {
    return this.options.settings.url;
  }

  /** Whether a session with the office is open now. */
  get signedIn(): boolean {
    return this.session !== undefined;
  }

  /** Whether the signed-in user is an office admin (false until signed in). */
  get admin(): boolean {
    return this.session?.user.admin ?? false;
  }

  /** Signs in now (joining checks the password this way before saving anything). */
  async signIn(): Promise<SignInReply> {
    const { user, desk } = this.options.settings;
    const body = { user, password: await this.options.password(), desk };
    const reply = await this.send('POST', '/sessions', body, undefined);
    if (reply.status === 401) throw new OfficeRefused('unauthorised', `the office refused the password for ${user}`, [{ field: 'password', message: 'is not this office user\'s password' }], 401);
    this.session = this.parse(reply, '/sessions', signInReply);
    return this.session;
  }

  request<T>(method: string, path: string, body: unknown, reply: z.ZodType<T>): Promise<T>;
  request(method: string, path: string, body: unknown, reply: typeof OFFICE_BYTES): Promise<Buffer>;
  async request<T>(method: string, path: string, body: unknown, reply: z.ZodType<T> | typeof OFFICE_BYTES): Promise<T | Buffer> {
    if (!this.session) await this.signIn();
    let answer = await this.send(method, path, body, this.session!.token);
    if (answer.status === 401) {
      // The session lapsed (12 hours) or the office restarted: sign in once more.
      this.session = undefined;
      await this.signIn();
      answer = await this.send(method, path, body, this.session!.token);
    }
    if (reply === OFFICE_BYTES) {
      if (answer.status < 200 || answer.status >= 300) throw this.refusal(answer);
      return answer.body;
    }
    return this.parse(answer, path, reply);
  }

  private async send(method: string, path: string, body: unknown, token: string | undefined): Promise<OfficeHttpReply> {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (token) headers.authorization = `Bearer ${token}`;
    let bytes: Buffer | undefined;
    if (Buffer.isBuffer(body)) {
      bytes = body;
      headers['content-type'] = 'application/octet-stream';
    } else if (body !== undefined) {
      bytes = Buffer.from(JSON.stringify(body), 'utf8');
      headers['content-type'] = 'application/json';
    }
    let reply: OfficeHttpReply;
    try {
      reply = await this.transport({ method, url: `${this.url}${OFFICE_API}${path}`, headers, ...(bytes ? { body: bytes } : {}) });
    } catch (error) {
      if (isCertificateRefusal(error)) throw new OfficeCertificateRefused(this.url, (error as Error).message);
      throw new OfficeUnreachable(this.url, (error as Error).message);
    }
    if (UNREACHABLE_STATUSES.has(reply.status)) throw new OfficeUnreachable(this.url, `a gateway in front of it answered ${reply.status}`);
    return reply;
  }

  private parse<T>(reply: OfficeHttpReply, path: string, schema: z.ZodType<T>): T {
    if (reply.status < 200 || reply.status >= 300) throw this.refusal(reply);
    let json: unknown;
    try {
      json = reply.body.length === 0 ? undefined : JSON.parse(reply.body.toString('utf8'));
    } catch {
      throw new OfficeRefused('internal', `the office's answer to ${path} is not JSON; is ${this.url} a Filing Desk office?`, [], reply.status);
    }
    const parsed = schema.safeParse(json);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      throw new OfficeRefused('internal', `the office's answer to ${path} is not what this desk expects (${issue.path.join('.') || 'the answer'}: ${issue.message}); the office may run another version of Filing Desk`, [], reply.status);
    }
    return parsed.data;
  }

  private refusal(reply: OfficeHttpReply): OfficeRefused {
    let json: unknown;
    try {
      json = JSON.parse(reply.body.toString('utf8'));
    } catch {
      json = undefined;
    }
    const body = officeErrorBody.safeParse(json);
    if (body.success) return new OfficeRefused(body.data.error.code, body.data.error.message, body.data.error.fields ?? [], reply.status);
    return new OfficeRefused('internal', `the office answered ${reply.status} without saying why`, [], reply.status);
  }
}
