/**
 * Carries values that have ALREADY passed a structured clone across a channel
 * that only takes text (a CDP binding, Runtime.evaluate). It is not the
 * clone: the page side runs structuredClone() first and the Node side runs
 * v8.serialize/deserialize, so a value Electron's IPC would refuse is refused
 * here too. This only has to be exact for what structured clone produces:
 * primitives (with undefined, NaN, ±Infinity, -0, bigint), Date, RegExp,
 * Map, Set, ArrayBuffer, typed arrays, DataView, Error and plain containers.
 * Runs in the page (no Buffer) and in Node.
 */
export type Carried =
  | null
  | boolean
  | string
  | number
  | { $: 'undefined' | 'NaN' | 'Infinity' | '-Infinity' | '-0' }
  | { $: 'bigint' | 'date' | 'string'; v: string }
  | { $: 'regexp'; source: string; flags: string }
  | { $: 'array'; v: Carried[] }
  | { $: 'object'; v: Record<string, Carried> }
  | { $: 'map'; v: [Carried, Carried][] }
  | { $: 'set'; v: Carried[] }
  | { $: 'bytes'; type: string; v: string }
  | { $: 'error'; name: string; message: string; stack?: string };

const TYPED_ARRAYS: Record<string, new (buffer: ArrayBuffer) => ArrayBufferView> = {
  Int8Array,
  Uint8Array,
  Uint8ClampedArray,
  Int16Array,
  Uint16Array,
  Int32Array,
  Uint32Array,
  Float32Array,
  Float64Array,
  BigInt64Array,
  BigUint64Array,
};

function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

function fromBase64(text: string): ArrayBuffer {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes.buffer;
}

export function carry(value: unknown, seen: Set<object> = new Set()): Carried {
  switch (typeof value) {
    case 'undefined':
      return { $: 'undefined' };
    case 'boolean':
    case 'string':
      return value;
    case 'bigint':
      return { $: 'bigint', v: value.toString() };
    case 'number':
      if (Number.isNaN(value)) return { $: 'NaN' };
      if (value === Infinity) return { $: 'Infinity' };
      if (value === -Infinity) return { $: '-Infinity' };
      if (Object.is(value, -0)) return { $: '-0' };
      return value;
    case 'object':
      break;
    default:
      throw new TypeError(`the carrier got a ${typeof value}, which structured clone would have refused`);
  }
  if (value === null) return null;
  if (seen.has(value)) throw new TypeError('the carrier does not carry cycles');
  seen.add(value);
  try {
    if (value instanceof Date) return { $: 'date', v: String(value.getTime()) };
    if (value instanceof RegExp) return { $: 'regexp', source: value.source, flags: value.flags };
    if (value instanceof String) return { $: 'string', v: value.valueOf() };
    if (value instanceof ArrayBuffer) return { $: 'bytes', type: 'ArrayBuffer', v: toBase64(new Uint8Array(value)) };
    if (ArrayBuffer.isView(value)) {
      const bytes = new Uint8Array(value.buffer, value.byteOffset, value.byteLength);
      // Node's Buffer is a Uint8Array to structured clone: it arrives as one, as in Electron.
      const type = value instanceof DataView ? 'DataView' : (Object.keys(TYPED_ARRAYS).find((name) => value instanceof TYPED_ARRAYS[name]!) ?? 'Uint8Array');
      return { $: 'bytes', type, v: toBase64(bytes) };
    }
    if (value instanceof Error) return { $: 'error', name: value.name, message: value.message, ...(value.stack ? { stack: value.stack } : {}) };
    if (value instanceof Map) return { $: 'map', v: [...value].map(([k, v]) => [carry(k, seen), carry(v, seen)] as [Carried, Carried]) };
    if (value instanceof Set) return { $: 'set', v: [...value].map((v) => carry(v, seen)) };
    if (Array.isArray(value)) return { $: 'array', v: value.map((v) => carry(v, seen)) };
    return { $: 'object', v: Object.fromEntries(Object.entries(value).map(([k, v]) => [k, carry(v, seen)])) };
  } finally {
    seen.delete(value);
  }
}

export function uncarry(carried: Carried): unknown {
  if (carried === null || typeof carried !== 'object') return carried;
  switch (carried.$) {
    case 'undefined':
      return undefined;
    case 'NaN':
      return NaN;
    case 'Infinity':
      return Infinity;
    case '-Infinity':
      return -Infinity;
    case '-0':
      return -0;
    case 'bigint':
      return BigInt(carried.v);
    case 'date':
      return new Date(Number(carried.v));
    case 'string':
      return carried.v;
    case 'regexp':
      return new RegExp(carried.source, carried.flags);
    case 'bytes': {
      const buffer = fromBase64(carried.v);
      if (carried.type === 'ArrayBuffer') return buffer;
      if (carried.type === 'DataView') return new DataView(buffer);
      return new (TYPED_ARRAYS[carried.type] ?? Uint8Array)(buffer);
    }
    case 'error': {
      const error = new Error(carried.message);
      error.name = carried.name;
      if (carried.stack) error.stack = carried.stack;
      return error;
    }
    case 'map':
      return new Map(carried.v.map(([k, v]) => [uncarry(k), uncarry(v)]));
    case 'set':
      return new Set(carried.v.map(uncarry));
    case 'array':
      return carried.v.map(uncarry);
    case 'object':
      return Object.fromEntries(Object.entries(carried.v).map(([k, v]) => [k, uncarry(v)]));
  }
}
