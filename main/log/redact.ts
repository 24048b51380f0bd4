/**
 * What may reach the log file. Whoever supports a firm asks for the log, so
 * it must never hold a secret, a token, a figure from a return or a file's
 * contents. Everything logged passes through here first, as values (not one
 * formatted string), so each kind of value gets its own rule:
 *  - a secret main knows (registered at run time) is replaced wherever it appears;
 *  - a value under a key that names a secret (password, client_secret,
 *    access_token, authorization, …) is replaced whatever it is;
 *  - a value under a key that holds content (bytes, form, xmlDoc, body,
 *    attachments, …) is replaced by its size at most;
 *  - bytes are logged as their length only;
 *  - in free text: bearer/basic credentials, key=value secrets, long base64 or
 *    hex runs, XML markup and every number of two or more digits (a figure,
 *    a UTR, a date) are masked; stack frame lines keep their line numbers.
 * Numbers and short strings under keys that are known to be harmless (a
 * count, a duration, a status code, a version, a channel name, an outbox item's
 * or a validation job's random id, the service's host) pass as they are.
 */

const SECRET_KEY = /pass(word|wd|phrase)?|secret|token|authori[sz]ation|cookie|api[-_]?key|credential|private[-_]?key|gateway[-_]?(user|id)|\bsig(nature)?\b/i;
const CONTENT_KEY = /^(bytes|data|content|contents|content[-_]?base64|body|form|xml|xml[-_]?doc|original[-_]?xml[-_]?doc|value|values|attachments?|attached[-_]?files|base64.*|.*base64|request|response|payload|figures|boxes|request[-_]?body)$/i;
/** Fields whose numbers and short texts are facts about the app, never about a client. */
const PLAIN_KEY = /^(count|total|removed|kept|attempts?|attempt|status|status[-_]?code|code|http[-_]?status|duration[-_]?ms|elapsed[-_]?ms|ms|size|bytes[-_]?length|length|port|pid|exit[-_]?code|version|electron|node|chrome|platform|arch|channel|kind|outcome|operation|reason|scope|level|errno|syscall|name|outbox[-_]?id|job[-_]?id|delay[-_]?ms|host)$/i;

const MAX_TEXT = 2000;
const MAX_DEPTH = 4;
const MAX_ITEMS = 20;

export interface Redactor {
  /** A value main holds that must never be written (a token, a secret from the keychain). Short values (under 4 characters) are ignored. */
  registerSecret(value: string): void;
  /** Formats values as one log line's text, every rule above applied. */
  format(values: readonly unknown[]): string;
  /** One free text with every rule for free text applied. */
  text(value: string): string;
}

const BEARER = /\b(Bearer|Basic|Digest)\s+[A-Za-z0-9._~+/=-]{4,}/gi;
const KEY_VALUE = new RegExp(
  String.raw`(["']?[\w.-]*(?:pass(?:word|wd|phrase)?|secret|token|authori[sz]ation|cookie|api[-_]?key)[\w.-]*["']?\s*[:=]\s*)("(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'|[^\s,;&}\]]+)`,
  'gi',
);
const JWT = /\beyJ[\w-]*\.[\w-]+\.[\w-]*/g;
/** base64 (no '-', '_' or '.', so a file path is left alone) and base64url or hex tokens (no '/'). */
const BASE64_RUN = /[A-Za-z0-9+/]{40,}={0,2}/g;
const TOKEN_RUN = /[A-Za-z0-9_-]{32,}/g;
const MARKUP = /<[A-Za-z?!/][^<>]{0,500}>/g;
/** A number of two or more digits, with its sign, currency, thousands separators and decimals; dates and times too. */
const NUMBER = /[-+£$€]?(?<![\w.])\d[\d,]*(?:[.:/-]\d+)*(?![\w])/g;
const ALLOWED_BEFORE_NUMBER = /(status(?: code)?|HTTP\/?[\d.]*|port|attempt|exit code|code|errno)[\s:=]*$/i;
const STACK_FRAME = /^\s+at\s/;

function maskNumbers(line: string): string {
  if (STACK_FRAME.test(line)) return line;
  return line.replace(NUMBER, (match, offset: number) => {
    const digits = match.replace(/\D/g, '');
    if (digits.length < 2) return match;
    if (ALLOWED_BEFORE_NUMBER.test(line.slice(Math.max(0, offset - 20), offset))) return match;
    return '#';
  });
}

function freeText(value: string): string {
  const clipped = value.length > MAX_TEXT ? `${value.slice(0, MAX_TEXT)}… [${value.length - MAX_TEXT} more characters]` : value;
  return clipped
    .replace(BEARER, '$1 [redacted]')
    .replace(JWT, '[token]')
    .replace(KEY_VALUE, '$1[redacted]')
    .replace(MARKUP, '<…>')
    .replace(BASE64_RUN, '[data]')
    .replace(TOKEN_RUN, '[data]')
    .split('\n')
    .map(maskNumbers)
    .join('\n');
}

function isBytes(value: unknown): value is ArrayBuffer | ArrayBufferView {
  return value instanceof ArrayBuffer || ArrayBuffer.isView(value);
}

export function createRedactor(): Redactor {
  const secrets = new Set<string>();

  const scrubSecrets = (text: string): string => {
    let out = text;
    // Longest first, so a secret containing another is replaced whole.
    for (const secret of [...secrets].sort((a, b) => b.length - a.length)) out = out.split(secret).join('[secret]');
    return out;
  };
  const text = (value: string) => freeText(scrubSecrets(value));

  function formatError(error: Error, depth: number): string {
    const code = (error as { code?: unknown }).code;
    const frames = (error.stack ?? '')
      .split('\n')
      .filter((line) => STACK_FRAME.test(line))
      .slice(0, 12);
    const head = `${error.name}: ${text(error.message)}${typeof code === 'string' || typeof code === 'number' ? ` (code ${text(String(code))})` : ''}`;
    const cause = error.cause !== undefined && depth < MAX_DEPTH ? `\n  caused by ${formatValue(error.cause, depth + 1, '')}` : '';
    return [head, ...frames.map(scrubSecrets)].join('\n') + cause;
  }

  function formatValue(value: unknown, depth: number, key: string): string {
    if (key && SECRET_KEY.test(key)) return '[redacted]';
    if (value === null || value === undefined || typeof value === 'boolean') return String(value);
    if (isBytes(value)) return `[${value.byteLength} bytes]`;
    if (key && CONTENT_KEY.test(key)) {
      if (typeof value === 'string') return `[${value.length} characters withheld]`;
      return '[withheld]';
    }
    const plain = key !== '' && PLAIN_KEY.test(key);
    if (typeof value === 'number' || typeof value === 'bigint') return plain ? String(value) : maskNumbers(String(value));
    if (typeof value === 'string') {
      if (plain && value.length <= 80) return scrubSecrets(value);
      return depth === 0 && key === '' ? text(value) : JSON.stringify(text(value));
    }
    if (typeof value === 'function' || typeof value === 'symbol') return `[${typeof value}]`;
    if (value instanceof Error) return formatError(value, depth);
    if (value instanceof Date) return Number.isNaN(value.getTime()) ? 'Invalid Date' : '[date]';
    if (depth >= MAX_DEPTH) return Array.isArray(value) ? '[array]' : '[object]';
    if (Array.isArray(value)) {
      const items = value.slice(0, MAX_ITEMS).map((item) => formatValue(item, depth + 1, ''));
      if (value.length > MAX_ITEMS) items.push(`… ${value.length - MAX_ITEMS} more`);
      return `[${items.join(', ')}]`;
    }
    if (value instanceof Map || value instanceof Set) return `[${value.constructor.name} of ${value.size}]`;
    const entries = Object.entries(value as Record<string, unknown>);
    const shown = entries.slice(0, MAX_ITEMS).map(([k, v]) => `${text(k)}: ${formatValue(v, depth + 1, k)}`);
    if (entries.length > MAX_ITEMS) shown.push(`… ${entries.length - MAX_ITEMS} more`);
    return `{ ${shown.join(', ')} }`;
  }

  return {
    registerSecret(value) {
      if (typeof value === 'string' && value.length >= 4) secrets.add(value);
    },
    format(values) {
      return values.map((value) => formatValue(value, 0, '')).join(' ');
    },
    text,
  };
}
