/**
 * XML Schema's regular expressions (XML Schema 1.0 Part 2, Appendix F) as
 * JavaScript regular expressions. They look alike but are not the same
 * language: an XSD pattern always matches the whole value, `^` and `$` are
 * ordinary characters, `.` excludes only line feed and carriage return,
 * `\d` `\w` are Unicode categories, `\i` `\c` are XML's name characters,
 * `\p{IsBasicLatin}` names a Unicode block and `[a-z-[aeiou]]` subtracts a
 * class. A pattern is parsed and written again in JavaScript's `v` mode
 * (Unicode sets, which can nest and subtract classes); a pattern that uses
 * what JavaScript cannot say (a block name) or that is not a valid XSD
 * pattern is returned as untranslatable, for the caller to report once.
 */

export type TranslatedPattern = { ok: true; re: RegExp } | { ok: false; reason: string };

class Untranslatable extends Error {}

const hex = (cp: number) => `\\u{${cp.toString(16)}}`;

/** XML 1.0 (fifth edition) NameStartChar and NameChar, as class contents. */
const NAME_START = `${hex(0x3a)}A-Z${hex(0x5f)}a-z\\u{c0}-\\u{d6}\\u{d8}-\\u{f6}\\u{f8}-\\u{2ff}\\u{370}-\\u{37d}\\u{37f}-\\u{1fff}\\u{200c}-\\u{200d}\\u{2070}-\\u{218f}\\u{2c00}-\\u{2fef}\\u{3001}-\\u{d7ff}\\u{f900}-\\u{fdcf}\\u{fdf0}-\\u{fffd}\\u{10000}-\\u{effff}`;
const NAME_CHAR = `${NAME_START}${hex(0x2d)}${hex(0x2e)}0-9\\u{b7}\\u{300}-\\u{36f}\\u{203f}-\\u{2040}`;

/** Multi-character escapes (Appendix F §F.1.1): each as a class JavaScript's v mode can nest. */
const MULTI: Record<string, string> = {
  s: `[${hex(0x20)}${hex(0x9)}${hex(0xa)}${hex(0xd)}]`,
  S: `[^${hex(0x20)}${hex(0x9)}${hex(0xa)}${hex(0xd)}]`,
  i: `[${NAME_START}]`,
  I: `[^${NAME_START}]`,
  c: `[${NAME_CHAR}]`,
  C: `[^${NAME_CHAR}]`,
  d: '\\p{Nd}',
  D: '\\P{Nd}',
  w: '[^\\p{P}\\p{Z}\\p{C}]',
  W: '[\\p{P}\\p{Z}\\p{C}]',
};

const SINGLE: Record<string, number> = { n: 0xa, r: 0xd, t: 0x9 };
const ESCAPABLE = new Set([...'\\|.-^?*+{}()[]']);

/** XSD category names JavaScript's \p{…} takes as they are. */
const CATEGORIES = new Set('L Lu Ll Lt Lm Lo M Mn Mc Me N Nd Nl No P Pc Pd Ps Pe Pi Pf Po Z Zs Zl Zp S Sm Sc Sk So C Cc Cf Co Cn'.split(' '));

class Parser {
  private pos = 0;
  private readonly cps: number[];

  constructor(source: string) {
    this.cps = [...source].map((c) => c.codePointAt(0)!);
  }

  private peek(): string | undefined {
    const cp = this.cps[this.pos];
    return cp === undefined ? undefined : String.fromCodePoint(cp);
  }

  private fail(what: string): never {
    throw new Untranslatable(`${what} at character ${this.pos + 1}`);
  }

  parse(): string {
    const out = this.branches();
    if (this.pos < this.cps.length) this.fail(`an unmatched "${this.peek()}"`);
    return out;
  }

  private branches(): string {
    const parts = [this.branch()];
    while (this.peek() === '|') {
      this.pos++;
      parts.push(this.branch());
    }
    return parts.join('|');
  }

  private branch(): string {
    let out = '';
    for (let c = this.peek(); c !== undefined && c !== '|' && c !== ')'; c = this.peek()) out += this.atom() + this.quantifier();
    return out;
  }

  private quantifier(): string {
    const c = this.peek();
    if (c === '?' || c === '*' || c === '+') {
      this.pos++;
      return c;
    }
    if (c !== '{') return '';
    let text = '';
    for (this.pos++; this.peek() !== '}'; this.pos++) {
      if (this.peek() === undefined) this.fail('an unclosed quantifier');
      text += this.peek();
    }
    this.pos++;
    if (!/^\d+(,\d*)?$/.test(text)) this.fail(`the quantifier {${text}}`);
    return `{${text}}`;
  }

  private atom(): string {
    const c = this.peek()!;
    if (c === '(') {
      this.pos++;
      const inner = this.branches();
      if (this.peek() !== ')') this.fail('an unclosed group');
      this.pos++;
      return `(?:${inner})`;
    }
    if (c === '[') return this.charClass();
    if (c === '.') {
      this.pos++;
      return `[^${hex(0xa)}${hex(0xd)}]`;
    }
    if (c === '\\') return this.escape(false);
    if (c === '?' || c === '*' || c === '+' || c === '{' || c === '}' || c === ']') this.fail(`a misplaced "${c}"`);
    this.pos++;
    return hex(c.codePointAt(0)!);
  }

  /** An escape: a literal code point, or (multi) a class. `inClass` returns class contents for a category. */
  private escape(inClass: boolean): string {
    this.pos++;
    const c = this.peek();
    if (c === undefined) this.fail('a "\\" at the end');
    this.pos++;
    if (c in SINGLE) return hex(SINGLE[c]!);
    if (ESCAPABLE.has(c)) return hex(c.codePointAt(0)!);
    if (c in MULTI) return MULTI[c]!;
    if (c === 'p' || c === 'P') {
      if (this.peek() !== '{') this.fail(`\\${c} without {…}`);
      let name = '';
      for (this.pos++; this.peek() !== '}'; this.pos++) {
        if (this.peek() === undefined) this.fail(`an unclosed \\${c}{`);
        name += this.peek();
      }
      this.pos++;
      if (name.startsWith('Is')) throw new Untranslatable(`the Unicode block \\${c}{${name}} has no JavaScript equivalent`);
      if (!CATEGORIES.has(name)) this.fail(`the unknown category \\${c}{${name}}`);
      return `\\${c}{${name}}`;
    }
    return this.fail(`the escape \\${c}${inClass ? ' in a class' : ''}`);
  }

  /** One code point of a class (for a range's ends), or undefined for a multi-character escape. */
  private classChar(): { cp?: number; text: string } {
    const c = this.peek();
    if (c === undefined) this.fail('an unclosed class');
    if (c === '\\') {
      const save = this.pos;
      const text = this.escape(true);
      const next = this.cps[save + 1]!;
      const ch = String.fromCodePoint(next);
      const cp = ch in SINGLE ? SINGLE[ch] : ESCAPABLE.has(ch) ? next : undefined;
      return { cp, text };
    }
    if (c === '[') this.fail('a "[" inside a class');
    this.pos++;
    const cp = c.codePointAt(0)!;
    return { cp, text: hex(cp) };
  }

  private charClass(): string {
    this.pos++;
    let negated = false;
    if (this.peek() === '^') {
      negated = true;
      this.pos++;
    }
    let items = '';
    let first = true;
    for (;;) {
      const c = this.peek();
      if (c === undefined) this.fail('an unclosed class');
      if (c === ']' && !first) break;
      if (c === '-' && this.cps[this.pos + 1] === 0x5b /* [ */ && !first) {
        this.pos++;
        const subtracted = this.charClass();
        if (this.peek() !== ']') this.fail('a class after a subtraction');
        this.pos++;
        return `[[${negated ? '^' : ''}${items}]--${subtracted}]`;
      }
      // "-" is a character only first or last in a class (F.1.1: [-a] and [a-]).
      if (c === '-' && !first && this.cps[this.pos + 1] !== 0x5d /* ] */) this.fail('a "-" that is not part of a range');
      const from = this.classChar();
      if (this.peek() === '-' && this.cps[this.pos + 1] !== 0x5d && this.cps[this.pos + 1] !== 0x5b) {
        this.pos++;
        const to = this.classChar();
        if (from.cp === undefined || to.cp === undefined) this.fail('a range with a multi-character escape');
        if (to.cp < from.cp) this.fail('a range whose end comes before its start');
        items += `${hex(from.cp)}-${hex(to.cp)}`;
      } else items += from.text;
      first = false;
    }
    this.pos++;
    return `[${negated ? '^' : ''}${items}]`;
  }
}

/** The pattern as an anchored JavaScript regular expression, or why it cannot be one. */
export function translateXsdPattern(source: string): TranslatedPattern {
  try {
    const js = new Parser(source).parse();
    return { ok: true, re: new RegExp(`^(?:${js})$`, 'v') };
  } catch (err) {
    if (err instanceof Untranslatable) return { ok: false, reason: err.message };
    if (err instanceof SyntaxError) return { ok: false, reason: err.message };
    throw err;
  }
}
