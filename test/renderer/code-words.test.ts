/**
 * Every code the engine can put in a validation message has plain words for
 * the window. The codes are read from the engine's own source (its code
 * unions and every literal it reports), so a new code without words fails
 * here rather than reaching a bookkeeper as a bare identifier.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REFERENCE_NOT_RESOLVED, REFERENCES_NOT_READ } from '../../main/engine/package/reference-checks.js';
import { PHRASES } from '../../main/engine/validation/attachments/statement-phrases.js';
import { codeInWords, wordsForCode } from '../../renderer/src/format/code-words.js';

const ENGINE = join(import.meta.dirname, '..', '..', 'main', 'engine');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? sources(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : []));
}

/** The members of `export type Name = 'a' | 'b' …;` in the engine. */
function unionMembers(text: string, name: string): string[] {
  const m = new RegExp(`type ${name} =([^;]+);`).exec(text);
  return m ? [...m[1]!.matchAll(/'([^']+)'/g)].map((x) => x[1]!) : [];
}

function engineCodes(): Set<string> {
  const codes = new Set<string>();
  for (const file of sources(ENGINE)) {
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(/\bcode: '([^']+)'/g)) codes.add(m[1]!);
    for (const m of text.matchAll(/'((?:rpe|tpe):\w+)'/g)) codes.add(m[1]!);
    // `${kind === 'report' ? 'rpe' : 'tpe'}:invalidArchiveFormat`
    for (const m of text.matchAll(/'rpe' : 'tpe'\}:(\w+)`/g)) for (const prefix of ['rpe', 'tpe']) codes.add(`${prefix}:${m[1]!}`);
    for (const m of text.matchAll(/\b(?:errorFinding|warningFinding)\('([^']+)'/g)) codes.add(m[1]!);
    for (const m of text.matchAll(/\bversionMessage\('\w+', '([^']+)'/g)) codes.add(m[1]!);
    for (const m of text.matchAll(/\bfindings\.(?:error|warning|info)\(\s*'\w+',\s*'([^']+)'/g)) codes.add(m[1]!);
    for (const m of text.matchAll(/\bfindings\.add\(\s*'\w+',\s*'\w+',\s*'([^']+)'/g)) codes.add(m[1]!);
    for (const name of ['StructureCode', 'XmlProblemCode']) for (const c of unionMembers(text, name)) codes.add(c);
    // The accounts' required statements are checked by code, from the engine's tables.
    if (file.endsWith('accounts-statements.ts')) for (const m of text.matchAll(/code === '([^']+)'/g)) codes.add(m[1]!);
  }
  for (const code of [...Object.keys(PHRASES), REFERENCE_NOT_RESOLVED, REFERENCES_NOT_READ]) codes.add(code);
  // zod's issue code, never a validation message's.
  codes.delete('custom');
  return codes;
}

describe('words for the codes the checks report', () => {
  const codes = engineCodes();

  it('finds the engine’s codes (the reading of the source still works)', () => {
    for (const known of ['irmark-valid', 'rpe:invalidDirectoryStructure', 'tpe:invalidDirectoryStructure', 'tpe:invalidCatalogFile', 'not-well-formed', 'missing-element', 'schema-version-not-accepted', 'xbrl.ixbrl.HeaderAbsent', 'Char.DirResp', 'Co.Audit', '9200']) {
      expect(codes, known).toContain(known);
    }
    expect(codes.size).toBeGreaterThan(60);
  });

  it('has words for every one of them', () => {
    const without = [...codes].filter((c) => !wordsForCode(c)).sort();
    expect(without, 'codes the engine reports with no words for the window').toEqual([]);
  });

  it('puts the words first and the code beside them', () => {
    expect(codeInWords('irmark-valid')).toBe('IRmark matches (irmark-valid)');
    expect(codeInWords('rpe:invalidDirectoryStructure')).toBe('Files not laid out as a package (rpe:invalidDirectoryStructure)');
    expect(codeInWords('9200')).toBe('HMRC business rule (9200)');
    expect(codeInWords('made-up')).toBe('made-up');
  });
});
