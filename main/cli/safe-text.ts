/**
 * Text the command line prints about things it did not write itself: file
 * names, entry names inside a package, messages quoting either. A name may
 * hold an escape sequence (which a terminal obeys: colours, a moved cursor, a
 * changed title), a line break (a forged row in a table), or a bidi control
 * (which shows "evil\u202Egpj.xml" as "evilxml.jpg"). So every such character
 * is shown as its escape, visibly, and never reaches the terminal raw.
 */

/**
 * C0 and C1 controls and DEL; the line and paragraph separators; the bidi
 * marks, embeddings, overrides and isolates (U+061C, U+200E/F,
 * U+202A–U+202E, U+2066–U+2069).
 */
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

/** What JSON.stringify leaves raw among them: it escapes C0 only. */
const UNSAFE_IN_JSON = /[\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

const NAMED: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };

const hex = (c: string, digits: number) => c.charCodeAt(0).toString(16).padStart(digits, '0');

/** One line for a terminal: "\x1b", "\n", "\u202e" in place of the characters themselves. */
export function terminalText(text: string): string {
  return text.replace(UNSAFE, (c) => NAMED[c] ?? (c <= '\u00ff' ? `\\x${hex(c, 2)}` : `\\u${hex(c, 4)}`));
}

/**
 * JSON for a terminal or a JSON Lines file: JSON.stringify's text with the
 * C1 and bidi controls it leaves raw escaped as \uXXXX. They can only occur
 * inside strings, so the escaped text parses to the same value.
 */
export function jsonText(value: unknown, indent?: number): string {
  return JSON.stringify(value, null, indent).replace(UNSAFE_IN_JSON, (c) => `\\u${hex(c, 4)}`);
}

/** Several lines (a usage message, a stack): each line made safe, the line breaks between them kept. */
export function terminalLines(text: string): string {
  return text.split('\n').map(terminalText).join('\n');
}
