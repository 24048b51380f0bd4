/**
 * Size limits for a build request's payload, checked before the engine runs
 * it (by the IPC handlers on what the renderer sends, and by the outbox again
 * on what it queued): a structured-clone payload can be as large as the renderer can
 * allocate, and the engine would otherwise parse, decode and copy all of it
 * before finding it too big. The engine keeps its own exact rules (HMRC's 25
 * MiB of attachments, the package validator's limits); these bounds sit just
 * above them, so nothing the engine would accept is refused here.
 */
import { MAX_ATTACHMENTS_BASE64_BYTES } from './ct600/index.js';
import { DEFAULT_ZIP_LIMITS } from './package/index.js';

const MiB = 1024 * 1024;

/** Characters of base64 that encode `bytes` bytes. */
export const base64Length = (bytes: number) => 4 * Math.ceil(bytes / 3);

export interface PayloadLimits {
  /** ct600.build attachedFiles: the engine's 25 MiB of base64, plus 5% for the line breaks it tolerates. */
  ct600AttachmentChars: number;
  /** ct600.build everything else: company details, figures and declarations are a few kilobytes. */
  ct600OtherChars: number;
  /** The package validator's limit on a package's content; the report and the zip files each fit in it. */
  packageContentBytes: number;
  /** report-package.json is metadata: a megabyte of base64 is far more than any real one. */
  packageJsonBase64Chars: number;
  /** package.build everything else: up to 1000 entry points with descriptions of 10,000 characters. */
  packageOtherChars: number;
  /** Nesting and number of values in any build request: the engine's requests are shallow. */
  maxDepth: number;
  maxValues: number;
}

export const DEFAULT_PAYLOAD_LIMITS: PayloadLimits = {
  ct600AttachmentChars: MAX_ATTACHMENTS_BASE64_BYTES * 1.05,
  ct600OtherChars: 4 * MiB,
  packageContentBytes: DEFAULT_ZIP_LIMITS.maxTotalUncompressedBytes,
  packageJsonBase64Chars: MiB,
  packageOtherChars: 16 * MiB,
  maxDepth: 32,
  maxValues: 200_000,
};

/** "30.0 MB" for a size found, one decimal, MiB as the rest of the app counts them. */
export const sizeText = (n: number) => `${(n / MiB).toFixed(1)} MB`;
/** "30 MB" for a whole-MiB limit, "26.3 MB" otherwise. */
export const limitText = (n: number) => (Number.isInteger(n / MiB) ? `${n / MiB} MB` : sizeText(n));

export interface PayloadMeasure {
  /** Characters of text (and bytes of binary data) under each top-level key, keys included. */
  charsByKey: Map<string, number>;
  tooDeep: boolean;
  tooMany: boolean;
}

/**
 * Walks a payload without recursion (a deep one must not overflow the stack)
 * and adds up its text per top-level key. Stops early once it is too deep or
 * holds too many values.
 */
export function measurePayload(value: Record<string, unknown>, limits: Pick<PayloadLimits, 'maxDepth' | 'maxValues'>): PayloadMeasure {
  const charsByKey = new Map<string, number>();
  const stack: { value: unknown; depth: number; key: string }[] = Object.entries(value).map(([key, v]) => ({ value: v, depth: 1, key }));
  for (const key of Object.keys(value)) charsByKey.set(key, key.length);
  let values = 0;
  while (stack.length > 0) {
    const item = stack.pop()!;
    if (++values > limits.maxValues) return { charsByKey, tooDeep: false, tooMany: true };
    if (item.depth > limits.maxDepth) return { charsByKey, tooDeep: true, tooMany: false };
    const add = (n: number) => charsByKey.set(item.key, (charsByKey.get(item.key) ?? 0) + n);
    const v = item.value;
    if (typeof v === 'string') add(v.length);
    else if (ArrayBuffer.isView(v)) add(v.byteLength);
    else if (v !== null && typeof v === 'object') {
      for (const [k, child] of Object.entries(v)) {
        add(k.length);
        stack.push({ value: child, depth: item.depth + 1, key: item.key });
      }
    }
  }
  return { charsByKey, tooDeep: false, tooMany: false };
}
