/**
 * The Online settings on disk: `<data>/online-settings.json`, written
 * atomically so a crash leaves the old settings or the new, never half.
 * A file that fails to parse or to meet the rules is moved aside and
 * reported, and the defaults are used: the app still starts, offline.
 */
import { join } from 'node:path';
import type { OnlineSettings } from '../../preload/contract.js';
import { fieldErrorsFromZod } from '../engine/zod-errors.js';
import { writeFileAtomic } from '../engine/atomic-write.js';
import { readRegularText } from '../store/regular-file.js';
import { StoreError } from '../store/store-error.js';
import { describeFsError, fileStamp, nodeStoreFs, type StoreFs } from '../store/store-fs.js';
import { SerialQueue } from '../store/serial-queue.js';
import { DEFAULT_ONLINE_SETTINGS, onlineSettingsSchema } from './online-settings.js';

export const SETTINGS_FILE = 'online-settings.json';
/** Settings are a dozen short fields (addresses of at most 2,000 characters): 64 KB is far more than the app writes. */
export const MAX_SETTINGS_FILE_BYTES = 64 * 1024;

export interface SettingsStoreOptions {
  dataDir: string;
  fs?: StoreFs;
  clock?: () => Date;
  log?: (message: string) => void;
}

export class SettingsStore {
  private readonly fs: StoreFs;
  private readonly clock: () => Date;
  private readonly log: (message: string) => void;
  private readonly queue = new SerialQueue();
  private current: OnlineSettings | undefined;
  /** Set when the file on disk could not be used; the Settings screen shows it. */
  problem: string | null = null;

  constructor(private readonly options: SettingsStoreOptions) {
    this.fs = options.fs ?? nodeStoreFs;
    this.clock = options.clock ?? (() => new Date());
    this.log = options.log ?? ((m) => console.warn(m));
  }

  private get path() {
    return join(this.options.dataDir, SETTINGS_FILE);
  }

  /** The saved settings, or the defaults when none were ever saved. */
  get(): Promise<OnlineSettings> {
    return this.queue.run(async () => (this.current ??= await this.load()));
  }

  /**
   * Checks every field, then writes. A refused or failed save leaves the
   * saved settings exactly as they were.
   */
  save(settings: unknown): Promise<OnlineSettings> {
    const parsed = onlineSettingsSchema.safeParse(settings);
    if (!parsed.success) {
      return Promise.reject(new StoreError('invalid', 'The settings were not saved.', fieldErrorsFromZod(parsed.error)));
    }
    return this.queue.run(async () => {
      try {
        await this.fs.mkdir(this.options.dataDir, { recursive: true });
        await writeFileAtomic(this.path, `${JSON.stringify(parsed.data, null, 2)}\n`, { fs: this.fs, mode: 0o600 });
      } catch (error) {
        throw new StoreError('failed', `The settings could not be saved: ${describeFsError(error)}. The previous settings are unchanged.`);
      }
      this.current = parsed.data;
      this.problem = null;
      return parsed.data;
    });
  }

  private async load(): Promise<OnlineSettings> {
    const read = await readRegularText(this.path, { maxBytes: MAX_SETTINGS_FILE_BYTES, kind: 'settings files', fs: this.fs });
    if (!read.ok && read.problem === 'missing') return structuredClone(DEFAULT_ONLINE_SETTINGS);
    // Permission refused and the like: nothing is wrong with the file itself, so it stays where it is.
    if (!read.ok && read.problem === 'unreadable') {
      this.problem = `The saved settings could not be read (${read.reason}); the defaults are in use.`;
      return structuredClone(DEFAULT_ONLINE_SETTINGS);
    }
    // A file refused before parsing (a pipe, a link, too large, not UTF-8) is set aside like one that does not parse.
    let reason = read.ok ? '' : read.reason;
    if (read.ok) {
      try {
        const parsed = onlineSettingsSchema.safeParse(JSON.parse(read.value));
        if (parsed.success) return parsed.data;
        reason = fieldErrorsFromZod(parsed.error)
          .map((e) => `${e.field}: ${e.message}`)
          .join('; ');
      } catch {
        reason = 'it is not valid JSON';
      }
    }
    const movedTo = `${SETTINGS_FILE}.unreadable-${fileStamp(this.clock())}`;
    await this.fs.rename(this.path, join(this.options.dataDir, movedTo)).catch(() => undefined);
    this.problem = `The saved settings could not be used (${reason}); they were kept as ${movedTo} and the defaults are in use.`;
    this.log(`settings: ${this.problem}`);
    return structuredClone(DEFAULT_ONLINE_SETTINGS);
  }
}
