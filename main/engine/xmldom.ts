/**
 * The XML parser every engine file uses: @xmldom/xmldom, imported from here
 * so that one fix to its speed applies everywhere.
 *
 * Why the fix: xmldom 0.9's SAX loop builds a fresh regular expression from
 * its grammar (`grammar.reg('^', QName_group, S_OPT, '$')`) for every end
 * tag and every declaration it matches: joining a few kilobytes of Unicode
 * character-class source and looking the pattern up again each time. On a
 * 10 MB Inline XBRL report that was half the parse. The grammar's parts are
 * fixed objects, so the same arguments always give the same expression;
 * this caches it by the identity of the arguments. The expressions carry
 * only the `u` flag (no `g` or `y`), so sharing one keeps no state between
 * calls. If a later xmldom no longer has `reg`, nothing is patched and it
 * parses as it ships (test/engine/xmldom.test.ts compares trees both ways).
 */
import * as xmldom from '@xmldom/xmldom';
// @ts-expect-error xmldom's grammar module has no type declarations
import * as grammarModule from '@xmldom/xmldom/lib/grammar.js';

type Reg = (...parts: (RegExp | string)[]) => RegExp;
interface Grammar {
  reg?: Reg & { cachedByFilingDesk?: Reg };
}

/** A trie of Maps keyed by each argument (a RegExp by identity, a string by value). */
interface Node {
  next: Map<RegExp | string, Node>;
  expression?: RegExp;
}

function cachedReg(original: Reg, grammar: Grammar): Reg {
  const root: Node = { next: new Map() };
  return function reg(...parts: (RegExp | string)[]): RegExp {
    let node = root;
    for (const part of parts) {
      let child = node.next.get(part);
      if (child === undefined) {
        child = { next: new Map() };
        node.next.set(part, child);
      }
      node = child;
    }
    return (node.expression ??= original.apply(grammar, parts));
  };
}

/** The grammar object sax.js calls `reg` on (the CommonJS exports, seen as the default import or the namespace). */
const grammar: Grammar = (grammarModule as { default?: Grammar }).default ?? (grammarModule as Grammar);

export function cacheGrammarExpressions(): boolean {
  const original = grammar.reg;
  if (typeof original !== 'function') return false;
  if (original.cachedByFilingDesk) return true;
  const cached = cachedReg(original, grammar) as Reg & { cachedByFilingDesk?: Reg };
  cached.cachedByFilingDesk = original;
  grammar.reg = cached;
  return true;
}

/** Puts xmldom's own grammar back (for the test that compares both). */
export function uncacheGrammarExpressions(): void {
  const current = grammar.reg;
  if (current?.cachedByFilingDesk) grammar.reg = current.cachedByFilingDesk;
}

cacheGrammarExpressions();

export const { DOMParser } = xmldom;
