/**
 * What the filing service built for each draft, kept beside the draft's own
 * files: `<data>/service-results/<draftId>.json` (the record and the
 * agreement with the engine) and the built bytes next to it, so the review
 * step can show the difference and the user can save the service's copy.
 */
import { join } from 'node:path';
import { z } from 'zod';
import type { BuildAgreement, ServiceBuildRecord } from '../../preload/contract.js';
import { writeFileAtomic } from '../engine/atomic-write.js';
import { checkDataFolder, ensureDataFolder } from '../store/data-folder.js';
import { readRegularText } from '../store/regular-file.js';
import { StoreError } from '../store/store-error.js';
import { describeFsError, nodeStoreFs, type StoreFs } from '../store/store-fs.js';

export const SERVICE_RESULTS_DIR = 'service-results';
/** A record is a build's metadata and a comparison with excerpts of 80 characters: a few KB; 1 MB is far more. */
export const MAX_SERVICE_RESULT_BYTES = 1024 * 1024;

const sha = z.string().regex(/^[0-9a-f]{64}$/);
const recordSchema = z.strictObject({
  lastServiceBuild: z
    .strictObject({
      outboxId: z.string(),
      builtAt: z.string(),
      answeredBy: z.literal('service'),
      service: z.string(),
      apiVersion: z.string(),
      fingerprint: sha,
      size: z.number().int().nonnegative(),
      sha256: sha,
      irMark: z.string().optional(),
      hash: z.string().optional(),
    })
    .nullable(),
  agreement: z
    .strictObject({
      fingerprint: sha,
      comparedAt: z.string(),
      agrees: z.boolean(),
      parts: z.array(z.strictObject({ part: z.enum(['document', 'irmark', 'package', 'hash']), agrees: z.boolean(), engine: z.string(), service: z.string() })),
      firstDifference: z.strictObject({ offset: z.number(), line: z.number(), engine: z.string(), service: z.string() }).nullable(),
    })
    .nullable(),
}) satisfies z.ZodType<{ lastServiceBuild: ServiceBuildRecord | null; agreement: BuildAgreement | null }>;

export type ServiceResultRecord = z.infer<typeof recordSchema>;

export class ServiceResults {
  private readonly dir: string;

  constructor(private readonly dataDir: string, private readonly fs: StoreFs = nodeStoreFs) {
    this.dir = join(dataDir, SERVICE_RESULTS_DIR);
  }

  async get(draftId: string): Promise<ServiceResultRecord> {
    const none = { lastServiceBuild: null, agreement: null };
    let read;
    try {
      if (!(await checkDataFolder(this.fs, this.dataDir, SERVICE_RESULTS_DIR, { create: false }))) return none;
      read = await readRegularText(join(this.dir, `${draftId}.json`), { maxBytes: MAX_SERVICE_RESULT_BYTES, kind: 'service results', fs: this.fs });
    } catch (error) {
      throw new StoreError('failed', `The filing service's result for this draft could not be read: ${describeFsError(error)}.`);
    }
    if (!read.ok && read.problem === 'missing') return none;
    if (!read.ok) throw new StoreError('failed', `The filing service's result for this draft could not be read: ${read.reason}.`);
    try {
      const parsed = recordSchema.safeParse(JSON.parse(read.value));
      if (parsed.success) return parsed.data;
    } catch {
      // A half-written or foreign record: as if the service had built nothing yet; its next build replaces it.
    }
    return none;
  }

  /** The bytes first, then the record that describes them. */
  async record(draftId: string, build: ServiceBuildRecord, bytes: Uint8Array, agreement: BuildAgreement | null): Promise<void> {
    try {
      await ensureDataFolder(this.fs, this.dataDir, SERVICE_RESULTS_DIR);
    } catch (error) {
      throw new StoreError('failed', `The filing service's build could not be kept: ${describeFsError(error)}.`);
    }
    await writeFileAtomic(join(this.dir, `${draftId}.service-build`), bytes, { fs: this.fs, mode: 0o600 });
    await writeFileAtomic(join(this.dir, `${draftId}.json`), JSON.stringify({ lastServiceBuild: build, agreement }), { fs: this.fs, mode: 0o600 });
  }
}
