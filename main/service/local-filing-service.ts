import type { EngineOperations } from './engine-operations.js';
import type { FilingService, ServiceAnswer } from './filing-service.js';
import { NotFoundError } from './service-errors.js';

const local = <T>(value: T): ServiceAnswer<T> => ({ answeredBy: 'local', value });

/**
 * The engine in process: works offline. Bad requests reject with the
 * engine's RequestValidationError (same field errors the service would send).
 * Call options (client company, idempotency key) matter only on the wire.
 */
export class LocalFilingService implements FilingService {
  readonly kind = 'local' as const;

  constructor(private readonly engine: EngineOperations) {}

  async buildCt600(request: unknown) {
    return local(await this.engine.buildCt600(request));
  }

  async createReportPackage(request: unknown, switches: { includeHash: boolean }) {
    return local(await this.engine.createReportPackage(request, { includeHash: switches.includeHash }));
  }

  async createValidationJob(fileName: string, bytes: Uint8Array) {
    return local(await this.engine.createValidationJob(fileName, bytes));
  }

  async getValidationStatus(id: string) {
    const result = await this.engine.getValidationStatus(id);
    if (!result) throw new NotFoundError(`There is no validation job ${id}.`, 404);
    return local(result);
  }

  async getFilteredValidationStatus(id: string) {
    const result = await this.engine.getFilteredValidationStatus(id);
    if (!result) throw new NotFoundError(`There is no validation job ${id}.`, 404);
    return local(result);
  }
}
