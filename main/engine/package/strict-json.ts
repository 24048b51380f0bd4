/**
 * RFC 8259 JSON as Report Packages 1.0 wants it: UTF-8 (a BOM is tolerated),
 * and no duplicate keys — which JSON.parse silently accepts, hence this parser.
 */
export class StrictJsonError extends Error {}

const utf8 = new TextDecoder('utf-8', { fatal: true });

export function decodeUtf8Json(bytes: Uint8Array): string {
  let text: string;
  try {
    text = utf8.decode(bytes);
  } catch {
    throw new StrictJsonError('is not UTF-8 text');
  }
  // TextDecoder already drops one leading BOM (ignoreBOM defaults to false).
  return text;
}

export function parseStrictJson(text: string): unknown {
  const parser = new Parser(text);
  parser.skipSpace();
  const value = parser.value(0);
  parser.skipSpace();
  if (parser.pos !== text.length) parser.fail('unexpected text after the JSON value');
  return value;
}

/** Bytes → value, or a StrictJsonError saying why not. */
export function parseStrictJsonBytes(bytes: Uint8Array): unknown {
  return parseStrictJson(decodeUtf8Json(bytes));
}

const MAX_DEPTH = 512;

class Parser {
  pos = 0;
  constructor(private readonly text: string) {}

  fail(message: string): never {
    throw new StrictJsonError(`${message} at offset ${this.pos}`);
  }

  skipSpace(): void {
    while (this.pos < this.text.length) {
      const c = this.text.charCodeAt(this.pos);
      if (c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d) this.pos++;
      else break;
    }
  }

  value(depth: number): unknown {
    if (depth > MAX_DEPTH) this.fail('nesting is too deep');
    const c = this.text[this.pos];
    if (c === '{') return this.object(depth);
    if (c === '[') return this.array(depth);
    if (c === '"') return this.string();
    if (c === 't') return this.literal('true', true);
    if (c === 'f') return this.literal('false', false);
    if (c === 'n') return this.literal('null', null);
    return this.number();
  }

  private literal<T>(word: string, result: T): T {
    if (!this.text.startsWith(word, this.pos)) this.fail('unexpected token');
    this.pos += word.length;
    return result;
  }

  private number(): number {
    const m = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/.exec(this.text.slice(this.pos, this.pos + 400));
    if (!m) this.fail('unexpected token');
    this.pos += m[0].length;
    return Number(m[0]);
  }

  private string(): string {
    const start = this.pos;
    this.pos++;
    while (this.pos < this.text.length) {
      const c = this.text.charCodeAt(this.pos);
      if (c === 0x22) {
        this.pos++;
        return JSON.parse(this.text.slice(start, this.pos)) as string;
      }
      if (c < 0x20) this.fail('control character in a string');
      if (c === 0x5c) {
        const e = this.text[this.pos + 1];
        if (e === 'u') {
          if (!/^[0-9a-fA-F]{4}$/.test(this.text.slice(this.pos + 2, this.pos + 6))) this.fail('bad \\u escape');
          this.pos += 6;
        } else if (e !== undefined && '"\\/bfnrt'.includes(e)) {
          this.pos += 2;
        } else {
          this.fail('bad escape');
        }
      } else {
        this.pos++;
      }
    }
    return this.fail('unterminated string');
  }

  private array(depth: number): unknown[] {
    const out: unknown[] = [];
    this.pos++;
    this.skipSpace();
    if (this.text[this.pos] === ']') {
      this.pos++;
      return out;
    }
    for (;;) {
      this.skipSpace();
      out.push(this.value(depth + 1));
      this.skipSpace();
      const c = this.text[this.pos++];
      if (c === ']') return out;
      if (c !== ',') this.fail('expected "," or "]"');
    }
  }

  private object(depth: number): Record<string, unknown> {
    const out: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
    const seen = new Set<string>();
    this.pos++;
    this.skipSpace();
    if (this.text[this.pos] === '}') {
      this.pos++;
      return out;
    }
    for (;;) {
      this.skipSpace();
      if (this.text[this.pos] !== '"') this.fail('expected a property name');
      const key = this.string();
      if (seen.has(key)) this.fail(`duplicate key "${key}"`);
      seen.add(key);
      this.skipSpace();
      if (this.text[this.pos++] !== ':') this.fail('expected ":"');
      this.skipSpace();
      out[key] = this.value(depth + 1);
      this.skipSpace();
      const c = this.text[this.pos++];
      if (c === '}') return out;
      if (c !== ',') this.fail('expected "," or "}"');
    }
  }
}

/** The JSON pointer /documentInfo/documentType, if it resolves to a string. */
export function documentTypeOf(json: unknown): string | undefined {
  if (typeof json !== 'object' || json === null || Array.isArray(json)) return undefined;
  const info = (json as Record<string, unknown>)['documentInfo'];
  if (typeof info !== 'object' || info === null || Array.isArray(info)) return undefined;
  const type = (info as Record<string, unknown>)['documentType'];
  return typeof type === 'string' ? type : undefined;
}
