/**
 * Every rule of ../shared/xbrl/conformance/rules-checklist.csv (the official
 * report-package conformance suite's rules, one row each): the test builds a
 * package that exercises the rule and checks that the validator reports one
 * of the listed codes (none for a valid row) and the listed report count.
 * Packages are synthesised here from the row's description, never copied.
 * A row without a builder fails the test, so a new checklist row cannot pass
 * silently; rows that cannot be synthesised are skipped with their reason.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { reportCountOf, validatePackage } from '../../../main/engine/package/index.js';
import { rawZip } from '../../fixtures/raw-zip.js';
import { conformanceDir } from './shared-paths.js';

interface Row {
  id: string;
  errors: string[];
  reportCount: number;
  description: string;
}

/** The CSV has quoted descriptions holding commas; a small RFC 4180 reader is enough. */
function readChecklist(): Row[] {
  const text = readFileSync(join(conformanceDir, 'rules-checklist.csv'), 'utf8');
  const rows: string[][] = [];
  let field = '';
  let row: string[] = [];
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else if (c !== '\r') field += c;
  }
  if (field !== '' || row.length > 0) rows.push([...row, field]);
  return rows.slice(1).map(([id, errors, count, description]) => ({
    id: id!,
    errors: errors ? errors.split(/\s+/) : [],
    reportCount: Number(count),
    description: description!,
  }));
}

const XBRI = 'https://xbrl.org/report-package/2023/xbri';
const XBR = 'https://xbrl.org/report-package/2023/xbr';
const ZIP = 'https://xbrl.org/report-package/2023';
const FUTURE = 'https://xbrl.org/report-package/2099';

const utf8 = (s: string) => new TextEncoder().encode(s);
const utf16 = (s: string) => new Uint8Array(Buffer.from(`\ufeff${s}`, 'utf16le'));
const utf32 = (s: string) => {
  const out = Buffer.alloc((s.length + 1) * 4);
  [0xfeff, ...[...s].map((c) => c.codePointAt(0)!)].forEach((cp, i) => out.writeUInt32LE(cp, i * 4));
  return new Uint8Array(out);
};
/** UTF-7 with its BOM ("+/v8-"): ASCII JSON text preceded by bytes no UTF-8 JSON parser accepts. */
const utf7 = (s: string) => utf8(`+/v8-${s}`);
const packageJson = (documentType: string) => `{"documentInfo":{"documentType":"${documentType}"}}`;
const rpJson = (documentType: string) => utf8(packageJson(documentType));

const inline = utf8('<html xmlns="http://www.w3.org/1999/xhtml"><body/></html>');
const xbrlXml = utf8('<xbrli:xbrl xmlns:xbrli="http://www.xbrl.org/2003/instance"/>');
const jsonReport = (prefix = '') => utf8(`${prefix}{"documentInfo":{"documentType":"https://xbrl.org/2021/xbrl-json"},"facts":{}}`);
const csvMetadata = utf8('{"documentInfo":{"documentType":"https://xbrl.org/2021/xbrl-csv"},"tableTemplates":{}}');
const taxonomyPackage = (identifier = '<tp:identifier>http://example.com/tp</tp:identifier>') =>
  utf8(`<?xml version="1.0" encoding="UTF-8"?><tp:taxonomyPackage xmlns:tp="http://xbrl.org/2016/taxonomy-package" xml:lang="en">${identifier}<tp:name>T</tp:name></tp:taxonomyPackage>`);
const xsd = utf8('<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema"/>');

type Entry = [name: string, data?: Uint8Array, flags?: number];
interface Built {
  file: string;
  bytes: Uint8Array;
}
const zip = (file: string, entries: Entry[]): Built => ({
  file,
  bytes: rawZip(entries.map(([name, data, flags]) => ({ name, data: data ?? (name.endsWith('/') ? undefined : utf8('x')), flags }))),
});
/** A current report package: STLD "P" with META-INF/reportPackage.json and the given files. */
const current = (file: string, documentType: string | Uint8Array | undefined, entries: Entry[]): Built =>
  zip(file, [
    ...(documentType === undefined ? [] : [['P/META-INF/reportPackage.json', typeof documentType === 'string' ? rpJson(documentType) : documentType] as Entry]),
    ...entries,
  ]);
/** A "future" report package: META-INF/reportPackage.json at the zip root, no STLD. */
const future = (file: string, json: Uint8Array, extra: Entry[] = [['reports/a.xhtml', inline]]): Built =>
  zip(file, [['META-INF/reportPackage.json', json], ...extra]);

const builders: Record<string, () => Built> = {
  'V-000-invalid-zip': () => ({ file: 'p.xbri', bytes: utf8('PK\u0003\u0004 this is not a zip archive') }),
  'V-001-valid-taxonomy-package': () => zip('p.zip', [['P/META-INF/taxonomyPackage.xml', taxonomyPackage()], ['P/tax/a.xsd', xsd]]),
  'V-002-invalid-taxonomy-package-metadata': () => zip('p.zip', [['P/META-INF/taxonomyPackage.xml', taxonomyPackage('')], ['P/tax/a.xsd', xsd]]),
  'V-003-multiple-top-level-directories': () => current('p.xbri', XBRI, [['P/reports/a.xhtml', inline], ['Q/readme.txt']]),
  'V-004-empty-zip': () => zip('p.xbri', []),
  'V-005-leading-slash-in-zip-entry': () => current('p.xbri', XBRI, [['/P/reports/a.xhtml', inline]]),
  'V-006-dot-slash-in-zip-entry': () => current('p.xbri', XBRI, [['P/./reports/a.xhtml', inline]]),
  'V-007-dot-dot-slash-in-zip-entry': () => current('p.xbri', XBRI, [['P/reports/../reports/a.xhtml', inline]]),
  'V-008-double-slash-in-zip-entry': () => current('p.xbri', XBRI, [['P/reports//a.xhtml', inline]]),
  'V-009-backslash-in-zip-entry': () => current('p.xbri', XBRI, [['P\\reports\\a.xhtml', inline]]),
  'V-010-duplicate-paths-in-zip-entry': () => current('p.xbri', XBRI, [['P/reports/a.xhtml', inline], ['P/reports/a.xhtml', inline]]),
  'V-011-duplicate-paths-in-zip-entry-dir-under-file': () =>
    current('p.xbri', XBRI, [['P/META-INF/reportPackage.json/x.json', rpJson(XBRI)], ['P/reports/a.xhtml', inline]]),
  'V-012-encrypted-zip': () => current('p.xbri', XBRI, [['P/reports/a.xhtml', inline, 0x1]]),
  'V-100-invalid-documentType': () => current('p.xbri', utf8('{"documentInfo":{"documentType":1}}'), [['P/reports/a.xhtml', inline]]),
  'V-101-missing-documentType': () => current('p.xbri', utf8('{"documentInfo":{}}'), [['P/reports/a.xhtml', inline]]),
  'V-102-invalid-documentInfo': () => current('p.xbri', utf8('{"documentInfo":"xbri"}'), [['P/reports/a.xhtml', inline]]),
  'V-103-missing-documentInfo': () => current('p.xbri', utf8('{}'), [['P/reports/a.xhtml', inline]]),
  'V-104-invalid-reportPackage-json': () => current('p.xbri', utf8('{"documentInfo":'), [['P/reports/a.xhtml', inline]]),
  'V-105-invalid-reportPackage-json-duplicate-keys': () =>
    current('p.xbri', utf8(`{"documentInfo":{"documentType":"${XBRI}","documentType":"${XBRI}"}}`), [['P/reports/a.xhtml', inline]]),
  'V-106-utf16-reportPackage-json': () => current('p.xbri', utf16(packageJson(XBRI)), [['P/reports/a.xhtml', inline]]),
  'V-107-utf7-reportPackage-json': () => current('p.xbri', utf7(packageJson(XBRI)), [['P/reports/a.xhtml', inline]]),
  'V-108-utf32-reportPackage-json': () => current('p.xbri', utf32(packageJson(XBRI)), [['P/reports/a.xhtml', inline]]),
  'V-109-utf8-reportPackage-json': () => current('p.xbri', utf8(`\ufeff${packageJson(XBRI)}`), [['P/reports/a.xhtml', inline]]),
  'V-200-unsupportedReportPackageVersion': () => current('p.xbri', FUTURE, [['P/reports/a.xhtml', inline]]),
  'V-201-missing-report-package-json': () => current('p.xbr', undefined, [['P/reports/a.xbrl', xbrlXml]]),
  'V-202-missing-report-package-json': () => current('p.xbri', undefined, [['P/reports/a.xhtml', inline]]),
  'V-203-xbri-documentType': () => current('p.zip', XBRI, [['P/reports/a.xhtml', inline]]),
  'V-204-xbr-documentType': () => current('p.xbri', XBR, [['P/reports/a.xbrl', xbrlXml]]),
  'V-205-unconstrained-documentType': () => current('p.xbri', ZIP, [['P/reports/a.xhtml', inline]]),
  'V-206-xbri-documentType': () => current('p.xbr', XBRI, [['P/reports/a.xhtml', inline]]),
  'V-207-xbri-without-reportPackage-json': () => current('p.xbri', undefined, [['P/reports/r/a.xhtml', inline]]),
  'V-208-xbri-without-reportPackage-json-and-reports': () => current('p.xbri', undefined, [['P/tax/a.xsd', xsd]]),
  'V-209-xbr-without-reportPackage-json': () => current('p.xbr', undefined, [['P/reports/a.json', jsonReport()]]),
  'V-210-xbr-without-reportPackage-json-and-reports': () => current('p.xbr', undefined, [['P/tax/a.xsd', xsd]]),
  'V-211-unsupported-file-extension': () => current('p.xbrx', XBRI, [['P/reports/a.xhtml', inline]]),
  'V-300-xbri-with-single-xhtml': () => current('p.xbri', XBRI, [['P/reports/a.xhtml', inline]]),
  'V-301-xbri-with-single-ixds': () => current('p.xbri', XBRI, [['P/reports/r/a.xhtml', inline], ['P/reports/r/b.xhtml', inline]]),
  'V-302-xbri-with-single-html': () => current('p.xbri', XBRI, [['P/reports/a.html', inline]]),
  'V-303-xbri-with-single-htm': () => current('p.xbri', XBRI, [['P/reports/a.htm', inline]]),
  'V-304-xbri-with-no-taxonomy': () => current('p.xbri', XBRI, [['P/reports/a.xhtml', inline]]),
  'V-305-xbri-with-xhtml-in-dot-json-directory': () => current('p.xbri', XBRI, [['P/reports/tricky.json/', undefined], ['P/reports/tricky.json/a.xhtml', inline]]),
  'V-306-xbri-with-xhtml-in-dot-xbrl-directory': () => current('p.xbri', XBRI, [['P/reports/tricky.xbrl/', undefined], ['P/reports/tricky.xbrl/a.xhtml', inline]]),
  'V-400-xbri-without-reports-directory': () => current('p.xbri', XBRI, [['P/other/a.xhtml', inline]]),
  'V-401-xbri-with-only-txt-in-reports-directory': () => current('p.xbri', XBRI, [['P/reports/readme.txt']]),
  'V-402-xbri-with-xhtml-too-deep': () => current('p.xbri', XBRI, [['P/reports/a/b/c.xhtml', inline]]),
  'V-403-xbri-with-multiple-reports': () => current('p.xbri', XBRI, [['P/reports/a.xhtml', inline], ['P/reports/b.xhtml', inline]]),
  'V-404-xbri-with-json-report': () => current('p.xbri', XBRI, [['P/reports/a.json', jsonReport()]]),
  'V-405-xbri-with-xbrl-report': () => current('p.xbri', XBRI, [['P/reports/a.xbrl', xbrlXml]]),
  'V-406-xbri-with-multiple-reports-in-a-subdirectory': () => current('p.xbri', XBRI, [['P/reports/r/a.xhtml', inline], ['P/reports/r/b.xbrl', xbrlXml]]),
  'V-502-xbr-with-single-json': () => current('p.xbr', XBR, [['P/reports/a.json', jsonReport()]]),
  'V-503-xbr-with-single-csv': () => current('p.xbr', XBR, [['P/reports/a.json', csvMetadata], ['P/reports/a.csv', utf8('a,b\n1,2\n')]]),
  'V-504-xbr-with-single-xbrl': () => current('p.xbr', XBR, [['P/reports/a.xbrl', xbrlXml]]),
  'V-505-xbr-with-single-xbrl-in-subdir': () => current('p.xbr', XBR, [['P/reports/r/a.xbrl', xbrlXml]]),
  'V-506-xbr-with-single-json-and-extra-files': () =>
    current('p.xbr', XBR, [['P/reports/a.json', jsonReport()], ['P/reports/notes.txt'], ['P/reports/extra.xml', utf8('<x/>')]]),
  'V-507-xbr-with-single-json-with-bom': () => current('p.xbr', XBR, [['P/reports/a.json', jsonReport('\ufeff')]]),
  'V-508-xbr-with-no-taxonomy': () => current('p.xbr', XBR, [['P/reports/a.xbrl', xbrlXml]]),
  'V-509-xbr-with-json-in-dot-xhtml-directory': () => current('p.xbr', XBR, [['P/reports/tricky.xhtml/', undefined], ['P/reports/tricky.xhtml/a.json', jsonReport()]]),
  'V-600-xbr-without-reports-directory': () => current('p.xbr', XBR, [['P/other/a.json', jsonReport()]]),
  'V-601-xbr-with-only-txt-in-reports-directory': () => current('p.xbr', XBR, [['P/reports/readme.txt']]),
  'V-603-xbr-with-invalid-jrr': () => current('p.xbr', XBR, [['P/reports/a.json', utf8('{"documentInfo":')]]),
  'V-604-xbr-with-invalid-jrr-duplicate-keys': () => current('p.xbr', XBR, [['P/reports/a.json', utf8('{"documentInfo":{"documentType":"a","documentType":"b"}}')]]),
  'V-605-xbr-with-invalid-jrr-utf32': () => current('p.xbr', XBR, [['P/reports/a.json', utf32('{"documentInfo":{"documentType":"https://xbrl.org/2021/xbrl-json"}}')]]),
  'V-606-xbr-with-invalid-jrr-utf16': () => current('p.xbr', XBR, [['P/reports/a.json', utf16('{"documentInfo":{"documentType":"https://xbrl.org/2021/xbrl-json"}}')]]),
  'V-607-xbr-with-invalid-jrr-utf7': () => current('p.xbr', XBR, [['P/reports/a.json', utf7('{"documentInfo":{"documentType":"https://xbrl.org/2021/xbrl-json"}}')]]),
  'V-608-xbr-with-invalid-jrr-missing-documentInfo': () => current('p.xbr', XBR, [['P/reports/a.json', utf8('{"facts":{}}')]]),
  'V-609-xbr-with-invalid-jrr-missing-documentType': () => current('p.xbr', XBR, [['P/reports/a.json', utf8('{"documentInfo":{}}')]]),
  'V-610-xbr-with-invalid-jrr-non-string-documentType': () => current('p.xbr', XBR, [['P/reports/a.json', utf8('{"documentInfo":{"documentType":7}}')]]),
  'V-611-xbr-with-invalid-jrr-non-object-documentInfo': () => current('p.xbr', XBR, [['P/reports/a.json', utf8('{"documentInfo":[]}')]]),
  'V-612-xbr-with-multiple-reports': () => current('p.xbr', XBR, [['P/reports/a.json', jsonReport()], ['P/reports/b.xbrl', xbrlXml]]),
  'V-613-xbr-with-json-and-xbrl-too-deep': () => current('p.xbr', XBR, [['P/reports/a/b/c.json', jsonReport()], ['P/reports/a/b/d.xbrl', xbrlXml]]),
  'V-614-xbr-with-xhtml-report': () => current('p.xbr', XBR, [['P/reports/a.xhtml', inline]]),
  'V-615-xbr-with-html-report': () => current('p.xbr', XBR, [['P/reports/a.html', inline]]),
  'V-616-xbr-with-htm-report': () => current('p.xbr', XBR, [['P/reports/a.htm', inline]]),
  'V-617-xbr-with-multiple-reports-in-a-subdirectory': () => current('p.xbr', XBR, [['P/reports/r/a.json', jsonReport()], ['P/reports/r/b.xbrl', xbrlXml]]),
  'V-700-zip-with-multiple-reports': () =>
    current('p.zip', ZIP, [['P/reports/a/a.xhtml', inline], ['P/reports/b/b.json', jsonReport()], ['P/reports/c/c.xbrl', xbrlXml], ['P/reports/d/d.html', inline]]),
  'V-701-zip-with-no-taxonomy': () => current('p.zip', ZIP, [['P/reports/a.xhtml', inline]]),
  'V-800-zip-without-reports-directory': () => current('p.zip', ZIP, [['P/other/a.xhtml', inline]]),
  'V-801-zip-with-only-txt-in-reports-directory': () => current('p.zip', ZIP, [['P/reports/readme.txt']]),
  'V-802-zip-with-reports-too-deep': () =>
    current('p.zip', ZIP, [['P/reports/a/b/c.json', jsonReport()], ['P/reports/a/b/d.xbrl', xbrlXml], ['P/reports/a/b/e.xhtml', inline]]),
  'V-803-zip-with-multiple-reports-in-a-subdirectory': () => current('p.zip', ZIP, [['P/reports/r/a.xbrl', xbrlXml], ['P/reports/r/b.json', jsonReport()]]),
  'V-804-zip-with-multiple-reports-in-a-subdirectory-uppercase': () =>
    current('p.ZIP', undefined, [['P/reports/r/a.xbrl', xbrlXml], ['P/reports/r/b.xbrl', xbrlXml]]),
  'V-900-future-zip': () => future('p.zip', rpJson(FUTURE)),
  'V-901-future-xbri': () => future('p.xbri', rpJson(FUTURE)),
  'V-902-future-xbr': () => future('p.xbr', rpJson(FUTURE), [['reports/a.xbrl', xbrlXml]]),
  'V-903-future-xbrx': () => future('p.xbrx', rpJson(FUTURE)),
  'V-904-future-package-with-invalid-reportPackage-json': () => future('p.xbri', utf8('{"documentInfo":')),
  'V-905-future-package-with-invalid-reportPackage-json-duplicate-keys': () =>
    future('p.xbri', utf8(`{"documentInfo":{"documentType":"${FUTURE}"},"documentInfo":{}}`)),
  'V-906-future-package-with-invalid-reportPackage-json-utf32': () => future('p.xbri', utf32(packageJson(FUTURE))),
  'V-907-future-package-with-invalid-reportPackage-json-utf16': () => future('p.xbri', utf16(packageJson(FUTURE))),
  'V-908-future-package-with-invalid-reportPackage-json-utf7': () => future('p.xbri', utf7(packageJson(FUTURE))),
  'V-909-future-package-with-invalid-reportPackage-json-missing-documentInfo': () => future('p.zip', utf8('{}')),
  'V-910-future-package-with-invalid-reportPackage-json-missing-documentType': () => future('p.zip', utf8('{"documentInfo":{}}')),
  'V-911-future-package-with-invalid-reportPackage-json-non-string-documentType': () => future('p.zip', utf8('{"documentInfo":{"documentType":2099}}')),
  'V-912-future-package-with-invalid-reportPackage-json-non-object-documentInfo': () => future('p.zip', utf8('{"documentInfo":"future"}')),
  'V-913-future-package-with-bom-in-reportPackage-json': () => future('p.xbri', utf8(`\ufeff${packageJson(FUTURE)}`)),
  // META-INF is the only top-level directory, so it reads as a current package's STLD; the root path wins.
  'V-914-current-and-future-package': () => future('p.xbri', rpJson(XBRI), [['META-INF/reports/a.xhtml', inline]]),
};

/** Rows the test cannot build, with the reason; each is reported as a skipped test. */
const cannotSynthesise: Record<string, string> = {};

/** Extra variants of a row: the same rule reached another way. */
const variants: [id: string, label: string, build: () => Built][] = [
  ['V-914-current-and-future-package', 'root META-INF beside a current STLD', () =>
    zip('p.xbri', [['META-INF/reportPackage.json', rpJson(XBRI)], ['P/META-INF/reportPackage.json', rpJson(XBRI)], ['P/reports/a.xhtml', inline]])],
  ['V-900-future-zip', 'future .zip holding only reportPackage.json', () => future('p.zip', rpJson(FUTURE), [])],
  ['V-904-future-package-with-invalid-reportPackage-json', 'invalid JSON in a future .zip', () => future('p.zip', utf8('{'))],
  ['V-003-multiple-top-level-directories', 'the extra directory listed first', () =>
    zip('p.xbri', [['Q/readme.txt'], ['P/META-INF/reportPackage.json', rpJson(XBRI)], ['P/reports/a.xhtml', inline]])],
];

const rows = readChecklist();
const rowById = new Map(rows.map((r) => [r.id, r]));

/**
 * The suite's report count is what a processor loads: every report of a valid
 * package, none from an invalid one (every error row lists 0). Our result's
 * reportCount attribute says how many reports Arelle's loader still finds in
 * an invalid package (index.csv pins that: bad-invalid-json.xbri counts 1),
 * so for an error row the suite's 0 is checked as "invalid, nothing loads".
 */
async function check(row: Row, built: Built): Promise<void> {
  const result = await validatePackage(built.file, built.bytes, { now: () => new Date('2025-03-01T12:00:00Z') });
  const codes = result.validations.flatMap((v) => v.messages.filter((m) => m.category === 'error').map((m) => m.code));
  if (row.errors.length === 0) {
    expect(codes, row.description).toEqual([]);
    expect(reportCountOf(result), `report count for ${row.id}`).toBe(row.reportCount);
    return;
  }
  expect(codes.some((c) => row.errors.includes(c)), `${row.description}\nexpected one of ${row.errors.join(' ')}, got [${codes.join(' ')}]`).toBe(true);
  expect(row.reportCount, 'an invalid package loads no report').toBe(0);
  expect(result.validations.some((v) => v.validationResult === 'invalid')).toBe(true);
}

describe('report package rules checklist (rules-checklist.csv)', () => {
  it('has a builder or a stated reason for every row', () => {
    expect(rows.length).toBeGreaterThan(90);
    const missing = rows.filter((r) => !(r.id in builders) && !(r.id in cannotSynthesise)).map((r) => r.id);
    expect(missing).toEqual([]);
    expect(Object.keys(builders).filter((id) => !rowById.has(id))).toEqual([]);
  });

  for (const row of rows) {
    const reason = cannotSynthesise[row.id];
    if (reason !== undefined) {
      it.skip(`${row.id}: cannot be synthesised: ${reason}`, () => {});
      continue;
    }
    const build = builders[row.id];
    if (build) it(`${row.id} — ${row.description.slice(0, 90)}`, () => check(row, build()));
  }

  it.each(variants)('%s (%s)', async (id, _label, build) => {
    await check(rowById.get(id)!, build());
  });
});
