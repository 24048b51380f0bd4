/**
 * The reference rule of the package validator, held to the hand-written
 * packages in test/fixtures/report-packages/references/ (their README gives
 * each verdict and its source): every schemaRef, linkbaseRef, import,
 * include and locator of the report and its taxonomy either lands on a file
 * of the package (through catalog.xml where the URL is absolute) or points at
 * a URL the package does not claim.
 */
import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { validatePackage } from '../../../main/engine/package/index.js';
import { resolvePackageReferences } from '../../../main/engine/package/reference-resolution.js';
import type { ValidationMessage } from '../../../main/engine/validation-result.js';
import { rawZip } from '../../fixtures/raw-zip.js';
import { referenceCaseZip, referenceCasesDir } from './fixture-packages.js';

const REPORT = 'ACME-2024/reports/acme-2024.xhtml';
const SCHEMA = 'ACME-2024/example.com/acme/2024/acme-2024.xsd';

async function referenceMessages(name: string): Promise<{ valid: boolean; messages: ValidationMessage[] }> {
  const result = await validatePackage(`${name}.xbri`, referenceCaseZip(name));
  const messages = result.validations.flatMap((v) => v.messages).filter((m) => m.code === 'referenceNotResolved' || m.code === 'referencesNotRead');
  return { valid: result.validations.every((v) => v.validationResult === 'valid'), messages };
}

const attribute = (m: ValidationMessage, name: string) => m.attributes.find((a) => a.name === name)?.value;

describe('package validation follows every reference of the report and its taxonomy', () => {
  it.each(['remapped', 'relative-reference', 'nested-imports', 'two-prefixes', 'base-taxonomy-only'])('%s: valid, no unresolved reference', async (name) => {
    expect(await referenceMessages(name)).toEqual({ valid: true, messages: [] });
  });

  it('loose-schema-without-catalog: the report’s own schema is an error naming the report, the URL and the file the catalog should map', async () => {
    const { valid, messages } = await referenceMessages('loose-schema-without-catalog');
    expect(valid).toBe(false);
    const errors = messages.filter((m) => m.category === 'error');
    expect(errors).toHaveLength(1);
    expect(attribute(errors[0]!, 'entry')).toBe(REPORT);
    expect(attribute(errors[0]!, 'reference')).toBe('http://example.com/acme/2024/acme-2024.xsd');
    expect(errors[0]!.message).toMatch(/^ACME-2024\/reports\/acme-2024\.xhtml: its schemaRef "http:\/\/example\.com\/acme\/2024\/acme-2024\.xsd" does not resolve/);
    expect(errors[0]!.message).toMatch(/a file of that name at ACME-2024\/acme-2024\.xsd, but no rewriteURI in META-INF\/catalog\.xml maps it/);
    // The loose schema's own linkbases are looked for beside it, where they are not: warnings, not errors.
    expect(messages.filter((m) => m.category === 'warning').map((m) => attribute(m, 'lookedFor'))).toEqual(['ACME-2024/acme-2024-lab.xml', 'ACME-2024/acme-2024-pre.xml']);
  });

  it('catalog-to-wrong-folder: an error saying where the catalog sent the URL', async () => {
    const { valid, messages } = await referenceMessages('catalog-to-wrong-folder');
    expect(valid).toBe(false);
    expect(messages).toHaveLength(1);
    expect(messages[0]!.category).toBe('error');
    expect(attribute(messages[0]!, 'lookedFor')).toBe('ACME-2024/taxonomy/acme-2024.xsd');
    expect(messages[0]!.message).toMatch(/catalog\.xml rewrites "http:\/\/example\.com\/acme\/2024\/" to "\.\.\/taxonomy\/"/);
  });

  it('relative-reference-leaves-package: a schemaRef that climbs out of the package is an error', async () => {
    const { valid, messages } = await referenceMessages('relative-reference-leaves-package');
    expect(valid).toBe(false);
    expect(messages.map((m) => [m.category, attribute(m, 'entry'), attribute(m, 'reference')])).toEqual([['error', REPORT, '../../acme-2024.xsd']]);
    expect(messages[0]!.message).toMatch(/outside the package's top-level directory/);
  });

  it('missing-linkbase: a linkbase the schema names and the package lacks is a warning on the schema; the package stays valid', async () => {
    const { valid, messages } = await referenceMessages('missing-linkbase');
    expect(valid).toBe(true);
    expect(messages.map((m) => [m.category, attribute(m, 'entry'), attribute(m, 'reference'), attribute(m, 'lookedFor')])).toEqual([
      ['warning', SCHEMA, 'acme-2024-cal.xml', 'ACME-2024/example.com/acme/2024/acme-2024-cal.xml'],
    ]);
  });

  it('two-prefixes-second-missing: the second prefix’s schema is looked for where its own rewrite sends it', async () => {
    const { valid, messages } = await referenceMessages('two-prefixes-second-missing');
    expect(valid).toBe(true);
    expect(messages.map((m) => [m.category, attribute(m, 'entry'), attribute(m, 'lookedFor')])).toEqual([
      ['warning', SCHEMA, 'ACME-2024/taxonomies.acme-group.example/common/2024/acme-common.xsd'],
    ]);
  });

  it('every case in the fixtures folder has a verdict here', () => {
    expect(readdirSync(referenceCasesDir).sort()).toEqual(
      [
        'base-taxonomy-only',
        'catalog-to-wrong-folder',
        'loose-schema-without-catalog',
        'missing-linkbase',
        'nested-imports',
        'relative-reference',
        'relative-reference-leaves-package',
        'remapped',
        'two-prefixes',
        'two-prefixes-second-missing',
      ].sort(),
    );
  });
});

describe('resolving references', () => {
  const enc = (s: string) => new TextEncoder().encode(s);
  const contents = (files: Record<string, string>) => ({
    stld: 'P',
    files: new Set(Object.keys(files)),
    read: (path: string) => (files[path] === undefined ? undefined : enc(files[path]!)),
  });

  it('resolves a document reached through the catalog against the URL it was reached by, and says where each reference went', () => {
    const files = {
      'P/reports/r.xhtml': '<html xmlns:link="http://www.xbrl.org/2003/linkbase" xmlns:xlink="http://www.w3.org/1999/xlink"><link:schemaRef xlink:href="http://ex.com/t/a.xsd"/><link:schemaRef xlink:href="https://xbrl.frc.org.uk/FRS-102/2025-01-01/FRS-102-2025-01-01.xsd"/></html>',
      'P/ex.com/t/a.xsd': '<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema"><xs:import schemaLocation="../u/b.xsd"/></xs:schema>',
      'P/ex.com/u/b.xsd': '<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema" xml:base="sub/"><xs:include schemaLocation="c.xsd"/></xs:schema>',
    };
    const { references } = resolvePackageReferences(contents(files), { reports: ['P/reports/r.xhtml'], taxonomy: [] }, [{ uriStartString: 'http://ex.com/', rewritePrefix: '../ex.com/' }]);
    expect(references.map((r) => [r.from, r.reference, r.outcome.kind, 'path' in r.outcome ? r.outcome.path : 'url' in r.outcome ? r.outcome.url : r.outcome.lookedFor])).toEqual([
      ['P/reports/r.xhtml', 'http://ex.com/t/a.xsd', 'inPackage', 'P/ex.com/t/a.xsd'],
      // A published taxonomy no installed package holds: the recipient has it; the finding says what to install.
      ['P/reports/r.xhtml', 'https://xbrl.frc.org.uk/FRS-102/2025-01-01/FRS-102-2025-01-01.xsd', 'notInstalled', 'https://xbrl.frc.org.uk/FRS-102/2025-01-01/FRS-102-2025-01-01.xsd'],
      ['P/ex.com/t/a.xsd', '../u/b.xsd', 'inPackage', 'P/ex.com/u/b.xsd'],
      // xml:base on the including schema moves the base to sub/.
      ['P/ex.com/u/b.xsd', 'c.xsd', 'missing', 'P/ex.com/u/sub/c.xsd'],
    ]);
  });

  it('follows a file reached again by a new URL (a catalog mapping a folder onto its parent) and still ends', () => {
    const files = {
      'P/reports/r.xbrl': '<xbrl xmlns:link="http://www.xbrl.org/2003/linkbase" xmlns:xlink="http://www.w3.org/1999/xlink"><link:schemaRef xlink:href="http://ex.com/a.xsd"/></xbrl>',
      'P/a.xsd': '<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema"><xs:include schemaLocation="deeper/a.xsd"/></xs:schema>',
    };
    const { references } = resolvePackageReferences(contents(files), { reports: ['P/reports/r.xbrl'], taxonomy: [] }, [
      { uriStartString: 'http://ex.com/deeper/', rewritePrefix: '../' },
      { uriStartString: 'http://ex.com/', rewritePrefix: '../' },
    ]);
    expect(references.length).toBeLessThan(10);
    expect(references[1]!.outcome).toEqual({ kind: 'inPackage', path: 'P/a.xsd' });
  });

  it('warns, naming the file, when a report cannot be read as XML', async () => {
    const zip = rawZip([
      { name: 'P/META-INF/reportPackage.json', data: enc('{"documentInfo":{"documentType":"https://xbrl.org/report-package/2023/xbri"}}') },
      { name: 'P/reports/r.xhtml', data: enc('<html><p>Turnover</html>') },
    ]);
    const result = await validatePackage('P.xbri', zip);
    const notRead = result.validations.flatMap((v) => v.messages).filter((m) => m.code === 'referencesNotRead');
    expect(notRead.map((m) => [m.category, attribute(m, 'entry')])).toEqual([['warning', 'P/reports/r.xhtml']]);
  });
});
