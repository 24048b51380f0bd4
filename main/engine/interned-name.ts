/**
 * A name or namespace read from a document, made the engine's own copy of
 * that text. The engine compares them with its constants at every element
 * (`ns === IX_NS`, `localName === 'nonFraction'`): a string sliced from a
 * document is another string than the constant, so each such comparison
 * reads both strings' characters, some 35 of them for a namespace, while
 * two strings V8 has internalized (as it does every property name and
 * every literal in the code) are equal only when they are one string, and
 * compare as pointers. Property names are internalized, so making the text
 * one gives the one copy. Done once per distinct name or declaration of a
 * document, never per element: reading a 10 MB report's 280,000 elements
 * took about 12% less time (docs/performance.md).
 */
export function interned(text: string): string {
  for (const key in { [text]: 0 }) return key;
  return text;
}
