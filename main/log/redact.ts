/**
 * What may reach the log file. Whoever supports a firm asks for the log, so
 * it must never hold a secret, a token, a figure from a return or a file's
 * contents. Everything logged passes through here first, as values (not one
 * formatted string), so each kind of value gets its own rule:
 *  - a secret main knows (registered at run time) is replaced wherever it
 *    appears, in every form it takes in transit (URL- and form-encoded,
 *    JSON-escaped, base64, hex: secret-forms.ts), also spelled as XML
 *    character data (references, split by a comment or CDATA section) and
 *    when one log call carries it split over several of its values: the
 *    same search the submission records are masked with (secret-mask.ts);
 *  - a value under a key that names a secret (password, pwd, client_secret,
 *    secret_key, access_token, tokenValue, creds, session_id,
 *    authorization, …) is replaced whatever it is;
 *  - a value under a key that holds content (bytes, form, xmlDoc, body,
 *    attachments, …) is replaced by its size at most;
 *  - bytes are logged as their length only;
 *  - in free text: bearer/basic credentials, key=value secrets, long base64 or
 *    hex runs, XML markup and every number of two or more digits in any
 *    script (a figure, a UTR, a date, typed in ASCII, Arabic-Indic,
 *    Devanagari or full-width digits) are masked; stack frame lines keep
 *    their line numbers.
 * Numbers and short strings under keys that are known to be harmless (a
 * count, a duration, a status code, a version, a channel name, an outbox item's
 * or a validation job's random id, the service's host) pass as they are.
 */

import { findSecrets, MIN_SECRET_LENGTH, replaceRanges, secretForms } from './secret-forms.js';

// Unanchored: a key that merely contains one of these words (Secret_Key, tokenValue, session_id, userCreds) is a secret's key too.
const SECRET_KEY = /pass(word|wd|phrase)?|pwd|secret|token|session|authori[sz]ation|cookie|api[-_]?key|cred(s|ential)|private[-_]?key|gateway[-_]?(user|id)|\bsig(nature)?\b/i;
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
// A value already masked ("[secret]", "[user name]") is taken whole, so no stray "]" is left behind.
const KEY_VALUE = new RegExp(
  String.raw`(["']?[\w.-]*(?:pass(?:word|wd|phrase)?|pwd|secret|token|session|authori[sz]ation|cookie|api[-_]?key|cred(?:s|ential))[\w.-]*["']?\s*[:=]\s*)("(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'|\[[\w ]{1,20}\]|[^\s,;&}\]]+)`,
  'gi',
);
const JWT = /\beyJ[\w-]*\.[\w-]+\.[\w-]*/g;
/** base64 (no '-', '_' or '.', so a file path is left alone) and base64url or hex tokens (no '/'). */
const BASE64_RUN = /[A-Za-z0-9+/]{40,}={0,2}/g;
const TOKEN_RUN = /[A-Za-z0-9_-]{32,}/g;
const MARKUP = /<[A-Za-z?!/][^<>]{0,500}>/g;
/**
 * A number of two or more digits, with its sign, currency, thousands
 * separators and decimals; dates and times too. Digits of any script count
 * (\p{Nd}: Arabic-Indic ٤٨٢٣, Devanagari ४८२३, full-width ４８２３), with their
 * scripts' separators (Arabic ٬ and ٫, full-width ， and ．): a figure typed on
 * an Arabic or Hindi keyboard is as much a client's figure as one in ASCII. A
 * digit of any script next to the number counts as part of it, as an ASCII
 * one does, so the rule is the same whichever digits a figure is written in.
 */
const NUMBER = /[-+£$€]?(?<![\w.\p{Nd}])\p{Nd}[\p{Nd},٬，]*(?:[.:/\-٫．]\p{Nd}+)*(?![\w\p{Nd}])/gu;
const NOT_DIGIT = /\P{Nd}/gu;
const ALLOWED_BEFORE_NUMBER = /(status(?: code)?|HTTP\/?[\d.]*|port|attempt|exit code|code|errno)[\s:=]*$/i;
const STACK_FRAME = /^\s+at\s/;

function maskNumbers(line: string): string {
  if (STACK_FRAME.test(line)) return line;
  return line.replace(NUMBER, (match, offset: number) => {
    const digits = match.replace(NOT_DIGIT, '');
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

const SECRET = '[secret]';

/**
 * How one log call's printed values reach the formatter: each string and
 * number passes through `leaf` before its rules apply. Keys, error names and
 * stack frames are labels around the values, not values, and do not.
 */
interface Call {
  leaf(value: string): string;
}
const asPrinted: Call = { leaf: (value) => value };

export function createRedactor(): Redactor {
  /** Every form of every secret learnt (secret-forms.ts); overlapping finds are masked as one. */
  const forms = new Set<string>();

  const scrubSecrets = (text: string): string => (forms.size === 0 ? text : replaceRanges(text, findSecrets(text, forms), SECRET));
  const text = (value: string) => freeText(scrubSecrets(value));

  function formatError(error: Error, depth: number, call: Call): string {
    const code = (error as { code?: unknown }).code;
    const frames = (error.stack ?? '')
      .split('\n')
      .filter((line) => STACK_FRAME.test(line))
      .slice(0, 12);
    const name = scrubSecrets(error.name);
    const message = text(call.leaf(error.message));
    const codeText = typeof code === 'string' || typeof code === 'number' ? ` (code ${text(call.leaf(String(code)))})` : '';
    const shownFrames = frames.map(scrubSecrets);
    const cause = error.cause !== undefined && depth < MAX_DEPTH ? `\n  caused by ${formatValue(error.cause, depth + 1, '', call)}` : '';
    return [`${name}: ${message}${codeText}`, ...shownFrames].join('\n') + cause;
  }

  function formatValue(value: unknown, depth: number, key: string, call: Call): string {
    if (key && SECRET_KEY.test(key)) return '[redacted]';
    if (value === null || value === undefined || typeof value === 'boolean') return String(value);
    if (isBytes(value)) return `[${value.byteLength} bytes]`;
    if (key && CONTENT_KEY.test(key)) {
      if (typeof value === 'string') return `[${value.length} characters withheld]`;
      return '[withheld]';
    }
    const plain = key !== '' && PLAIN_KEY.test(key);
    if (typeof value === 'number' || typeof value === 'bigint') {
      const digits = scrubSecrets(call.leaf(String(value)));
      return plain ? digits : maskNumbers(digits);
    }
    if (typeof value === 'string') {
      const printed = call.leaf(value);
      if (plain && printed.length <= 80) return scrubSecrets(printed);
      return depth === 0 && key === '' ? text(printed) : JSON.stringify(text(printed));
    }
    if (typeof value === 'function' || typeof value === 'symbol') return `[${typeof value}]`;
    if (value instanceof Error) return formatError(value, depth, call);
    if (value instanceof Date) return Number.isNaN(value.getTime()) ? 'Invalid Date' : '[date]';
    if (depth >= MAX_DEPTH) return Array.isArray(value) ? '[array]' : '[object]';
    if (Array.isArray(value)) {
      const items = value.slice(0, MAX_ITEMS).map((item) => formatValue(item, depth + 1, '', call));
      if (value.length > MAX_ITEMS) items.push(`… ${value.length - MAX_ITEMS} more`);
      return `[${items.join(', ')}]`;
    }
    if (value instanceof Map || value instanceof Set) return `[${value.constructor.name} of ${value.size}]`;
    const entries = Object.entries(value as Record<string, unknown>);
    const shown = entries.slice(0, MAX_ITEMS).map(([k, v]) => `${text(k)}: ${formatValue(v, depth + 1, k, call)}`);
    if (entries.length > MAX_ITEMS) shown.push(`… ${entries.length - MAX_ITEMS} more`);
    return `{ ${shown.join(', ')} }`;
  }

  const formatCall = (values: readonly unknown[], call: Call) => values.map((value) => formatValue(value, 0, '', call)).join(' ');

  /**
   * A secret split over several values of one call ('hunter2-Cor', 'rect',
   * or two members of one object) is in none of them whole, so no rule that
   * looks at one value at a time finds it; yet whoever reads the line can put
   * it together. So a call is formatted once while its printed values
   * (strings and numbers, not the keys between them) are collected in
   * printing order; the secrets' forms are looked for in those values joined
   * end to end, and where a find spans several values the call is formatted
   * again with each value's share of it masked. (Joined
   * with nothing between them: a split at a space, or two top-level values
   * that the line itself joins with a space, is then caught by scrubbing the
   * finished line.) A call that repeats a getter with a different answer the
   * second time gets no split masking for that string, only the usual rules.
   * What this cannot catch is a secret split over two separate log calls.
   */
  function format(values: readonly unknown[]): string {
    if (forms.size === 0) return formatCall(values, asPrinted);
    const printed: string[] = [];
    const once = formatCall(values, {
      leaf: (value) => {
        printed.push(value);
        return value;
      },
    });
    if (printed.length < 2) return scrubSecrets(once);
    const spans = findSecrets(printed.join(''), forms);
    if (spans.length === 0) return scrubSecrets(once);
    const shares = printed.map(() => [] as [number, number][]);
    let start = 0;
    printed.forEach((piece, i) => {
      const end = start + piece.length;
      for (const [from, to] of spans) if (from < end && to > start) shares[i]!.push([Math.max(from, start) - start, Math.min(to, end) - start]);
      start = end;
    });
    let next = 0;
    const masked = (value: string) => {
      const i = next++;
      return printed[i] === value && shares[i]!.length > 0 ? replaceRanges(value, shares[i]!, SECRET) : value;
    };
    return scrubSecrets(formatCall(values, { leaf: masked }));
  }

  return {
    registerSecret(value) {
      if (typeof value !== 'string' || value.length < MIN_SECRET_LENGTH) return;
      for (const form of secretForms(value)) forms.add(form);
    },
    format,
    text,
  };
}
