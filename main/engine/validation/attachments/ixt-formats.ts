/**
 * A fact's value as the Inline XBRL reader takes it: through its format's
 * transform from the registry version the format's namespace names
 * (main/engine/xbrl/transforms/), or as written when it has no format. A
 * value that does not fit its transform, or a format that is not a
 * transform, leaves the fact unread, with the reason and the finding.
 */
import { applyFormat, type FactElement, type FormatFault } from '../../xbrl/transforms/apply-format.js';

export interface FactReading {
  /** The value after transformation; the text as written when it could not be read. */
  value: string;
  readable: boolean;
  /** Why it could not be read, in words. */
  reason?: string;
  /** What the document should be told: the fault, or a warning on a value that was read. */
  fault?: FormatFault;
}

/** A number without a format must be written as digits with at most one decimal point (Inline XBRL 1.1 §10.1.1). */
const PLAIN_NUMBER = /^\d+(\.\d+)?$/;

export function readFactValue(
  format: string | null,
  text: string,
  element: FactElement,
  ixVersion: '1.0' | '1.1',
  lookupNamespace: (prefix: string | null) => string | null,
): FactReading {
  const numeric = element !== 'nonNumeric';
  if (format === null || format.trim() === '') {
    if (!numeric) return { value: text, readable: true };
    const t = text.trim();
    return PLAIN_NUMBER.test(t) ? { value: t, readable: true } : { value: text, readable: false, reason: `"${t.slice(0, 40)}" is not a number written as digits, and the fact has no format to read it by` };
  }
  const result = applyFormat(format, text, { element, ixVersion, lookupNamespace });
  if (result.ok) return { value: result.value, readable: true, ...(result.warning ? { fault: result.warning } : {}) };
  return { value: text, readable: false, reason: result.fault.reason, fault: result.fault };
}
