/**
 * The firm's answers for a client's codes the default mapping cannot place,
 * kept per client (`accounts/mapping-answers/<client id>.json`, written
 * atomically) so next year's accounts ask them no more: asked once, kept for
 * the client's every later period. A file that cannot be read is reported,
 * and the codes are asked again; it is never overwritten until the user answers.
 */
import { join } from 'node:path';
import { z } from 'zod';
import { writeFileAtomic } from '../engine/atomic-write.js';
import { checkDataFolder, ensureDataFolder } from './data-folder.js';
import { DRAFT_ID } from './draft-store.js';
import { readRegularText } from './regular-file.js';
import { SerialQueue } from './serial-queue.js';
import { StoreError } from './store-error.js';
import { describeFsError, nodeStoreFs, type StoreFs } from './store-fs.js';

export const MAPPING_ANSWERS_FOLDER = 'accounts/mapping-answers';
const MAX_ANSWERS_BYTES = 2 * 1024 * 1024;

const storedAnswers = z.strictObject({
  schemaVersion: z.literal(1),
  clientId: z.string(),
  /** code → line key, and when it was answered. */
  answers: z.record(z.string(), z.strictObject({ line: z.string(), answeredAt: z.string() })),
});
type StoredAnswers = z.infer<typeof storedAnswers>;

export type ClientMappingRead = { ok: true; answers: Record<string, string> } | { ok: false; reason: string };

export class ClientMappingAnswers {
  private readonly fs: StoreFs;
  private readonly clock: () => Date;
  private readonly queue = new SerialQueue();

  constructor(private readonly options: { dataDir: string; fs?: StoreFs; clock?: () => Date }) {
    this.fs = options.fs ?? nodeStoreFs;
    this.clock = options.clock ?? (() => new Date());
  }

  /** The client's kept answers (code → line key); none when nothing was kept yet. */
  read(clientId: string): Promise<ClientMappingRead> {
    checkClientId(clientId);
    return this.queue.run(async () => {
      const read = await this.load(clientId);
      return read.ok ? { ok: true, answers: Object.fromEntries(Object.entries(read.stored.answers).map(([code, a]) => [code, a.line])) } : read;
    });
  }

  /**
   * Keeps these answers for the client, over the ones kept before for the same
   * codes ('' forgets a code's answer). A kept file that cannot be read is not
   * overwritten: the answers stay with the draft, and the reason is given.
   */
  remember(clientId: string, answers: Record<string, string>): Promise<void> {
    checkClientId(clientId);
    return this.queue.run(async () => {
      const read = await this.load(clientId);
      if (!read.ok) throw new StoreError('failed', `The mapping answers kept for this client could not be read (${read.reason}), so they were not changed.`);
      const now = this.clock().toISOString();
      const next: StoredAnswers = { ...read.stored, answers: { ...read.stored.answers } };
      for (const [code, line] of Object.entries(answers)) {
        if (line === '') delete next.answers[code];
        else if (next.answers[code]?.line !== line) next.answers[code] = { line, answeredAt: now };
      }
      try {
        await ensureDataFolder(this.fs, this.options.dataDir, MAPPING_ANSWERS_FOLDER);
        await writeFileAtomic(this.pathOf(clientId), `${JSON.stringify(next, null, 2)}\n`, { mode: 0o600, fs: this.fs });
      } catch (error) {
        throw new StoreError('failed', `Could not keep the mapping answers for this client: ${describeFsError(error)}.`);
      }
    });
  }

  private pathOf(clientId: string): string {
    return join(this.options.dataDir, ...MAPPING_ANSWERS_FOLDER.split('/'), `${clientId}.json`);
  }

  private async load(clientId: string): Promise<{ ok: true; stored: StoredAnswers } | { ok: false; reason: string }> {
    const none: StoredAnswers = { schemaVersion: 1, clientId, answers: {} };
    try {
      if (!(await checkDataFolder(this.fs, this.options.dataDir, MAPPING_ANSWERS_FOLDER, { create: false }))) return { ok: true, stored: none };
    } catch (error) {
      return { ok: false, reason: describeFsError(error) };
    }
    const text = await readRegularText(this.pathOf(clientId), { maxBytes: MAX_ANSWERS_BYTES, kind: 'mapping answers', fs: this.fs });
    if (!text.ok) return text.problem === 'missing' ? { ok: true, stored: none } : { ok: false, reason: text.reason };
    try {
      const parsed = storedAnswers.safeParse(JSON.parse(text.value));
      if (parsed.success && parsed.data.clientId === clientId) return { ok: true, stored: parsed.data };
    } catch {
      // Not JSON: said below.
    }
    return { ok: false, reason: 'its contents are not mapping answers this version of Filing Desk can read' };
  }
}

function checkClientId(clientId: string): void {
  if (!DRAFT_ID.test(clientId)) throw new StoreError('invalid', 'That client id is not valid.', [{ field: 'clientId', message: 'is not a valid id' }]);
}
