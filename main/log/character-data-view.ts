/**
 * A text as the character data an XML reader would take from it: character
 * and entity references decoded, comments and processing instructions
 * dropped, CDATA sections' markers dropped and their content kept. A server
 * that echoes a password may spell it "Gw-pa<![CDATA[ss]]>word",
 * "Gw-pa<!-- -->ssword" or "&#71;w-password": in the text as written none of
 * those is the password, in this view each is. Built in one pass (each
 * closing marker looked for once from where it could next matter); every
 * range found in the view maps back to the range of the text that spells it.
 */

const PREDEFINED: Record<string, string | undefined> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

export interface CharacterDataView {
  /** The character data. */
  text: string;
  /** The range of the original text that spells the view's [start, end). */
  sourceOf(start: number, end: number): [number, number];
}

/**
 * A view being built: runs of the source copied as they are, between pieces
 * spelled otherwise (a reference, or markup dropped: a piece of no
 * characters). Only the pieces are recorded, four integers each in typed
 * arrays; a run maps character for character from where the last piece
 * ended, so a text of a million references costs a few megabytes, not a
 * million objects.
 */
class ViewBuilder {
  private viewAt = new Int32Array(64);
  private viewEnd = new Int32Array(64);
  private srcFrom = new Int32Array(64);
  private srcTo = new Int32Array(64);
  private count = 0;
  private out = '';

  constructor(private readonly source: string) {}

  /** The source's [from, to) as it is; `from` is where the last piece ended. */
  run(from: number, to: number): void {
    if (to > from) this.out += this.source.slice(from, to);
  }

  /** `text` in the view, spelled by the source's [from, to); '' for markup dropped. */
  piece(text: string, from: number, to: number): void {
    if (this.count === this.viewAt.length) {
      const grow = (a: Int32Array) => {
        const b = new Int32Array(a.length * 2);
        b.set(a);
        return b;
      };
      this.viewAt = grow(this.viewAt);
      this.viewEnd = grow(this.viewEnd);
      this.srcFrom = grow(this.srcFrom);
      this.srcTo = grow(this.srcTo);
    }
    const i = this.count++;
    this.viewAt[i] = this.out.length;
    this.out += text;
    this.viewEnd[i] = this.out.length;
    this.srcFrom[i] = from;
    this.srcTo[i] = to;
  }

  done(): CharacterDataView {
    const { viewAt, viewEnd, srcFrom, srcTo, count } = this;
    // The last piece starting at or before view index `index`, or -1.
    const find = (index: number) => {
      let low = -1;
      let high = count - 1;
      while (low < high) {
        const mid = (low + high + 1) >> 1;
        if (viewAt[mid]! <= index) low = mid;
        else high = mid - 1;
      }
      return low;
    };
    // Where the view's character at `index` starts in the source, and where it ends.
    const spelled = (index: number): [number, number] => {
      const p = find(index);
      if (p < 0) return [index, index + 1];
      if (index < viewEnd[p]!) return [srcFrom[p]!, srcTo[p]!];
      const at = srcTo[p]! + (index - viewEnd[p]!);
      return [at, at + 1];
    };
    return {
      text: this.out,
      sourceOf: (start, end) => [spelled(start)[0], spelled(end - 1)[1]],
    };
  }
}

/** The view of `text`, or undefined when it holds no reference or markup to read (the text is its own view). */
export function characterDataView(text: string): CharacterDataView | undefined {
  if (text.indexOf('&') < 0 && text.indexOf('<!') < 0 && text.indexOf('<?') < 0) return undefined;
  const view = new ViewBuilder(text);
  const missing = new Set<string>();
  const closing = (marker: string, from: number) => {
    if (missing.has(marker)) return -1;
    const at = text.indexOf(marker, from);
    if (at < 0) missing.add(marker);
    return at;
  };
  let amp = -1;
  let lt = -1;
  let runFrom = 0;
  let at = 0;
  const endRun = (to: number) => view.run(runFrom, to);
  while (at < text.length) {
    if (amp !== -2 && amp < at) amp = text.indexOf('&', at);
    if (amp === -1) amp = -2;
    if (lt !== -2 && lt < at) lt = text.indexOf('<', at);
    if (lt === -1) lt = -2;
    const next = amp < 0 ? lt : lt < 0 ? amp : Math.min(amp, lt);
    if (next < 0) break;
    if (next === amp) {
      const reference = referenceAt(text, amp);
      if (reference) {
        endRun(amp);
        view.piece(reference.value, amp, reference.end);
        runFrom = reference.end;
      }
      at = reference ? reference.end : amp + 1;
      continue;
    }
    const markup = text.startsWith('<!--', lt) ? (['-->', 4] as const) : text.startsWith('<![CDATA[', lt) ? ([']]>', 9] as const) : text.startsWith('<?', lt) ? (['?>', 2] as const) : undefined;
    const close = markup ? closing(markup[0], lt + markup[1]) : -1;
    if (!markup || close < 0) {
      at = lt + 1;
      continue;
    }
    endRun(lt);
    if (markup[0] === ']]>') {
      view.piece('', lt, lt + 9);
      view.run(lt + 9, close);
      view.piece('', close, close + 3);
    } else view.piece('', lt, close + markup[0].length);
    runFrom = close + markup[0].length;
    at = runFrom;
  }
  endRun(text.length);
  return view.done();
}

/**
 * `text` with its percent escapes of ASCII characters decoded (%47 is "G"):
 * a server may percent-encode every character of a password it echoes in a
 * URL, not only those encodeURIComponent would. Escapes of other bytes stay
 * as written (their usual form is among the secret's forms already). Undefined
 * when the text holds no '%'.
 */
export function percentDecodedView(text: string): CharacterDataView | undefined {
  let at = text.indexOf('%');
  if (at < 0) return undefined;
  const view = new ViewBuilder(text);
  let runFrom = 0;
  for (; at >= 0; at = text.indexOf('%', at + 1)) {
    const high = hexValue(text.charCodeAt(at + 1));
    const low = hexValue(text.charCodeAt(at + 2));
    if (high < 0 || low < 0 || high > 7) continue;
    view.run(runFrom, at);
    view.piece(String.fromCharCode(high * 16 + low), at, at + 3);
    runFrom = at + 3;
    at += 2;
  }
  view.run(runFrom, text.length);
  return view.done();
}

const hexValue = (c: number) => (c >= 0x30 && c <= 0x39 ? c - 0x30 : c >= 0x41 && c <= 0x46 ? c - 0x37 : c >= 0x61 && c <= 0x66 ? c - 0x57 : -1);

/** The reference starting at `amp` (its character and where it ends), or undefined when none does. */
function referenceAt(text: string, amp: number): { value: string; end: number } | undefined {
  let at = amp + 1;
  if (text.charCodeAt(at) === 0x23 /* # */) {
    const hex = text.charCodeAt(at + 1) === 0x78 || text.charCodeAt(at + 1) === 0x58; /* x or X: a reader may be lenient, a mask must be */
    at += hex ? 2 : 1;
    const digitsFrom = at;
    while (text.charCodeAt(at) === 0x30 /* 0 */) at++; // leading zeros change nothing: "&#000071;" is "G"
    const start = at;
    let code = 0;
    for (; at - start < 8; at++) {
      const c = text.charCodeAt(at);
      const digit = c >= 0x30 && c <= 0x39 ? c - 0x30 : hex && c >= 0x41 && c <= 0x46 ? c - 0x37 : hex && c >= 0x61 && c <= 0x66 ? c - 0x57 : -1;
      if (digit < 0) break;
      code = code * (hex ? 16 : 10) + digit;
    }
    if (at === digitsFrom || text.charCodeAt(at) !== 0x3b /* ; */ || code > 0x10ffff) return undefined;
    return { value: String.fromCodePoint(code), end: at + 1 };
  }
  let semi = at;
  while (semi < at + 5 && semi < text.length && text.charCodeAt(semi) !== 0x3b) semi++;
  const name = text.charCodeAt(semi) === 0x3b ? text.slice(at, semi) : '';
  const value = Object.hasOwn(PREDEFINED, name) ? PREDEFINED[name] : undefined;
  return value === undefined ? undefined : { value, end: semi + 1 };
}
