/**
 * JSON-safe encoding for transports that cannot carry a Uint8Array (a
 * Playwright binding serialises its arguments as JSON). Electron's IPC uses
 * structured clone and does not need it.
 */
const BYTES_TAG = '$bytes:base64';

export function encodeWire(value: unknown): unknown {
  if (value instanceof Uint8Array) return { [BYTES_TAG]: bytesToBase64(value) };
  if (Array.isArray(value)) return value.map(encodeWire);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, encodeWire(v)]));
  }
  return value;
}

export function decodeWire(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(decodeWire);
  if (value !== null && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    const tagged = record[BYTES_TAG];
    if (typeof tagged === 'string' && Object.keys(record).length === 1) return base64ToBytes(tagged);
    return Object.fromEntries(Object.entries(record).map(([k, v]) => [k, decodeWire(v)]));
  }
  return value;
}

function bytesToBase64(bytes: Uint8Array): string {
  let binary = '';
  const chunk = 0x8000;
  for (let i = 0; i < bytes.length; i += chunk) binary += String.fromCharCode(...bytes.subarray(i, i + chunk));
  return btoa(binary);
}

function base64ToBytes(text: string): Uint8Array {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}
