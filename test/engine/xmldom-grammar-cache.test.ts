import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { XMLSerializer } from '@xmldom/xmldom';
// @ts-expect-error xmldom's grammar module has no type declarations
import * as grammarModule from '@xmldom/xmldom/lib/grammar.js';
import { cacheGrammarExpressions, DOMParser, uncacheGrammarExpressions } from '../../main/engine/xmldom.js';
import { ixbrlText } from '../../scripts/bench/lib/ct600-inputs.js';

const shared = join(__dirname, '..', '..', '..', 'shared');
const grammar = ((grammarModule as { default?: unknown }).default ?? grammarModule) as { reg: (...parts: unknown[]) => RegExp; QName_group: RegExp; S_OPT: RegExp };

function filesUnder(dir: string, pattern: RegExp): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path, pattern) : pattern.test(name) ? [path] : [];
  });
}

/** The tree as text, or every message the parser gave when it refused. */
function parsed(text: string): string {
  const messages: string[] = [];
  try {
    const doc = new DOMParser({ onError: (level, message) => messages.push(`${level}: ${message}`) }).parseFromString(text, 'text/xml');
    return `${new XMLSerializer().serializeToString(doc)}\n${messages.join('\n')}`;
  } catch (error) {
    return `thrown: ${(error as Error).message}\n${messages.join('\n')}`;
  }
}

const documents = [
  ...filesUnder(join(shared, 'xbrl', 'hmrc-conformance'), /\.(xbrl|xml)$/).map((f) => readFileSync(f, 'utf8')),
  readFileSync(join(shared, 'ct600', 'vectors', 'tpvs-accepted-sample.xml'), 'utf8'),
  ixbrlText(200_000, 3),
  // Refused or warned about: the parser's messages must be the same too.
  '<a><b></a>',
  '<a></a >',
  '<a></a\n trailing>',
  '<a></1b>',
  '<p:a xmlns:p="urn:x"></p:a><extra/>',
  '<?xml version="1.0"?><!-- c --><a x="1" x="2"/>',
  '<a><![CDATA[ </a> ]]></a>',
];

describe('xmldom with its grammar expressions cached', () => {
  afterAll(() => cacheGrammarExpressions());

  it('is in effect: the same arguments give the very same expression', () => {
    expect(grammar.reg('^', grammar.QName_group, grammar.S_OPT, '$')).toBe(grammar.reg('^', grammar.QName_group, grammar.S_OPT, '$'));
    expect(grammar.reg('^', grammar.QName_group)).not.toBe(grammar.reg('^', grammar.QName_group, grammar.S_OPT, '$'));
  });

  it(`parses ${documents.length} documents (HMRC's conformance instances, a return, a large Inline XBRL report, malformed ones) exactly as xmldom does without it`, () => {
    const cached = documents.map(parsed);
    uncacheGrammarExpressions();
    expect(grammar.reg('^', grammar.QName_group)).not.toBe(grammar.reg('^', grammar.QName_group));
    const shipped = documents.map(parsed);
    cacheGrammarExpressions();
    expect(cached.length).toBeGreaterThan(100);
    for (let i = 0; i < documents.length; i++) expect(cached[i], `document ${i}`).toBe(shipped[i]);
  });
});
