/**
 * The filing settings on disk: `<data>/filing-settings.json`, written
 * atomically so a crash leaves the old settings or the new, never half. A
 * file that fails to parse or to meet the rules is moved aside and reported,
 * and the defaults are used: filing then says what is missing, nothing is
 * sent with settings nobody chose. No secret is ever in this file.
 */
import { join } from 'node:path';
import type { FilingSettings } from '../../preload/contract.js';
import { fieldErrorsFromZod } from '../engine/zod-errors.js';
import { writeFileAtomic } from '../engine/atomic-write.js';
import { readRegularText } from '../store/regular-file.js';
import { StoreError } from '../store/store-error.js';
import { describeFsError, fileStamp, nodeStoreFs, type StoreFs } from '../store/store-fs.js';
import { SerialQueue } from '../store/serial-queue.js';
import { DEFAULT_FILING_SETTINGS, filingSettingsSchema } from './filing-settings.js';

export const FILING_SETTINGS_FILE = 'filing-settings.json';
/** Five short fields: 64 KB is far more than the app writes. */
export const MAX_FILING_SETTINGS_BYTES = 64 * 1024;

export class FilingSettingsStore {
  private readonly fs: StoreFs;
  private readonly clock: () => Date;
  private readonly log: (message: string) => void;
  private readonly queue = new SerialQueue();
  private current: FilingSettings | undefined;
  /** Set when the file on disk could not be used. */
  problem: string | null = null;

  constructor(private readonly options: { dataDir: string; fs?: StoreFs; clock?: () => Date; log?: (message: string) => void }) {
    this.fs = options.fs ?? nodeStoreFs;
    this.clock = options.clock ?? (() => new Date());
    this.log = options.log ?? ((m) => console.warn(m));
  }

  private get path() {
    return join(this.options.dataDir, FILING_SETTINGS_FILE);
  }

  get(): Promise<FilingSettings> {
    return this.queue.run(async () => (this.current ??= await this.load()));
  }

  /** Checks every field, then writes; a refused or failed save leaves the saved settings as they were. */
  save(settings: unknown): Promise<FilingSettings> {
    const parsed = filingSettingsSchema.safeParse(settings);
    if (!parsed.success) return Promise.reject(new StoreError('invalid', 'The filing settings were not saved.', fieldErrorsFromZod(parsed.error)));
    return this.queue.run(async () => {
      try {
        await this.fs.mkdir(this.options.dataDir, { recursive: true });
        await writeFileAtomic(this.path, `${JSON.stringify(parsed.data, null, 2)}\n`, { fs: this.fs, mode: 0o600 });
      } catch (error) {
        throw new StoreError('failed', `The filing settings could not be saved: ${describeFsError(error)}. The previous settings are unchanged.`);
      }
      this.current = parsed.data;
      this.problem = null;
      return parsed.data;
    });
  }

  private async load(): Promise<FilingSettings> {
    const read = await readRegularText(this.path, { maxBytes: MAX_FILING_SETTINGS_BYTES, kind: 'settings files', fs: this.fs });
    if (!read.ok && read.problem === 'missing') return structuredClone(DEFAULT_FILING_SETTINGS);
    if (!read.ok && read.problem === 'unreadable') {
      this.problem = `The saved filing settings could not be read (${read.reason}); the defaults are in use.`;
      return structuredClone(DEFAULT_FILING_SETTINGS);
    }
    let reason = read.ok ? '' : read.reason;
    if (read.ok) {
      try {
        const parsed = filingSettingsSchema.safeParse(JSON.parse(read.value));
        if (parsed.success) return parsed.data;
        reason = fieldErrorsFromZod(parsed.error).map((e) => `${e.field}: ${e.message}`).join('; ');
      } catch {
        reason = 'it is not valid JSON';
      }
    }
    const movedTo = `${FILING_SETTINGS_FILE}.unreadable-${fileStamp(this.clock())}`;
    await this.fs.rename(this.path, join(this.options.dataDir, movedTo)).catch(() => undefined);
    this.problem = `The saved filing settings could not be used (${reason}); they were kept as ${movedTo} and the defaults are in use.`;
    this.log(`filing settings: ${this.problem}`);
    return structuredClone(DEFAULT_FILING_SETTINGS);
  }
}
