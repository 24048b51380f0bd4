/**
 * Shared by the server and client tests: credentials, a controllable clock,
 * an in-memory engine for tests about transport and auth (the real engine is
 * used where the operation's result matters), and a server on 127.0.0.1:0.
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RequestValidationError } from '../../main/engine/errors.js';
import type { ValidationJobResult } from '../../main/engine/validation-result.js';
import type { EngineOperations } from '../../main/service/engine-operations.js';
import { createServiceServer, type SeenRequest, type ServiceServer, type ServiceServerOptions } from '../../main/server/service-server.js';

export const credentials = {
  clientId: 'filing-desk-test-client',
  clientSecret: 'client-secret-7f3a9c',
  username: 'clerk@example.co.uk',
  password: 'correct horse battery staple',
};

/** A clock tests move by hand. */
export class TestClock {
  private ms = Date.parse('2025-06-01T09:00:00Z');
  readonly now = (): Date => new Date(this.ms);
  advanceSeconds(seconds: number): void {
    this.ms += seconds * 1000;
  }
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/**
 * Small but honest: refuses requests without the field it needs with a
 * RequestValidationError, as the engine does, and keeps jobs in memory.
 */
export class InMemoryEngine implements EngineOperations {
  readonly jobs = new Map<string, { fileName: string; bytes: Uint8Array }>();
  closed = false;

  async buildCt600(request: unknown) {
    if (!isRecord(request)) throw new RequestValidationError([{ field: '', message: 'must be a JSON object' }]);
    if (typeof request.companyName !== 'string') {
      throw new RequestValidationError([{ field: 'companyName', message: 'is required' }]);
    }
    const xml = `<CompanyName>${request.companyName}</CompanyName>`;
    return { xmlDoc: Buffer.from(xml).toString('base64'), originalXmlDoc: Buffer.from(xml).toString('base64'), irMark: 'x'.repeat(28) };
  }

  async createReportPackage(request: unknown, options: { includeHash: boolean }) {
    if (!isRecord(request) || typeof request.name !== 'string') {
      throw new RequestValidationError([{ field: 'name', message: 'is required' }]);
    }
    const zip = Buffer.from(`zip of ${request.name}`).toString('base64');
    return options.includeHash ? { zipContentBase64: zip, hashResult: { Hash_Result: 'hash-of-zip' } } : { zipContentBase64: zip };
  }

  async createValidationJob(fileName: string, bytes: Uint8Array) {
    const id = randomUUID();
    this.jobs.set(id, { fileName, bytes });
    return { id };
  }

  async getValidationStatus(id: string): Promise<ValidationJobResult | undefined> {
    if (!this.jobs.has(id)) return undefined;
    return {
      jobStatus: 'success',
      startDateTime: '2025-06-01T09:00:00.000Z',
      endDateTime: '2025-06-01T09:00:01.000Z',
      validations: [
        {
          validationType: 0,
          validationResult: 'valid',
          messages: [{ category: 'info', type: 'schema', code: 'ok', message: 'fine', attributes: [] }],
        },
      ],
    };
  }

  async getFilteredValidationStatus(id: string) {
    const full = await this.getValidationStatus(id);
    if (!full) return undefined;
    return { ...full, validations: full.validations.map((v) => ({ ...v, messages: [] })) };
  }

  async close() {
    this.closed = true;
  }
}

export interface RunningServer {
  server: ServiceServer;
  url: string;
  seen: SeenRequest[];
  dataDir: string;
  stop(): Promise<void>;
}

export async function startServer(options: Partial<ServiceServerOptions> = {}): Promise<RunningServer> {
  const dataDir = options.dataDir ?? (await mkdtemp(join(tmpdir(), 'fd-server-test-')));
  const seen: SeenRequest[] = [];
  const server = await createServiceServer({
    credentials,
    engine: new InMemoryEngine(),
    ...options,
    dataDir,
    onRequest: (r) => {
      seen.push(r);
      options.onRequest?.(r);
    },
  });
  const url = await server.listen(0);
  return {
    server,
    url,
    seen,
    dataDir,
    async stop() {
      await server.close();
      if (!options.dataDir) await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** Password grant by plain fetch: the server tests do not depend on the client under test. */
export async function passwordToken(url: string): Promise<{ access_token: string; refresh_token: string; expires_in: number }> {
  const res = await fetch(`${url}/connect/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'password',
      client_id: credentials.clientId,
      client_secret: credentials.clientSecret,
      username: credentials.username,
      password: credentials.password,
    }),
  });
  if (res.status !== 200) throw new Error(`token request failed: ${res.status} ${await res.text()}`);
  return (await res.json()) as { access_token: string; refresh_token: string; expires_in: number };
}
