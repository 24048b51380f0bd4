/**
 * The builder makes packages whose report finds its taxonomy offline: from
 * the report's schemaRef and the schemas' own imports it works out where
 * each dropped file must land and which prefixes the catalog maps, and it
 * refuses a report whose own schema the package would not resolve. Built
 * from the hand-written report and taxonomy in test/fixtures/report-packages/.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { RequestValidationError } from '../../../main/engine/errors.js';
import { createReportPackage, validatePackage } from '../../../main/engine/package/index.js';
import { acmeDir, filesUnder, referenceCasesDir } from './fixture-packages.js';
import { b64, jszipOf, unzipToMap } from './package-helpers.js';

const dec = (b: Uint8Array) => new TextDecoder().decode(b);
const acme = Object.fromEntries(filesUnder(acmeDir).map((f) => [f.path, f.bytes]));
const report = acme['report/acme-2024.xhtml']!;
const schema = acme['taxonomy/acme-2024.xsd']!;
const labels = acme['taxonomy/acme-2024-lab.xml']!;
const presentation = acme['taxonomy/acme-2024-pre.xml']!;
/** A file of a reference case's tree, under its top-level directory. */
const caseFile = (name: string, path: string) => filesUnder(join(referenceCasesDir, name)).find((f) => f.path === `ACME-2024/${path}`)!.bytes;

const metadata = {
  name: 'Acme Widgets Ltd annual report 2024',
  identifier: 'http://example.com/acme/2024/package',
  reportPackageName: 'ACME-2024',
  reportName: 'acme-2024.xhtml',
  entrypoints: [{ name: 'Acme Widgets Ltd 2024', entryPointDocument: { href: 'http://example.com/acme/2024/acme-2024.xsd' } }],
};

async function build(request: Record<string, unknown>) {
  const response = await createReportPackage(request, { includeHash: false });
  const zip = Buffer.from(response.zipContentBase64, 'base64');
  const result = await validatePackage('ACME-2024.xbri', zip);
  const referenceMessages = result.validations.flatMap((v) => v.messages).filter((m) => m.code.startsWith('reference'));
  return { files: unzipToMap(zip), result, referenceMessages };
}

async function refusal(request: Record<string, unknown>): Promise<RequestValidationError> {
  const error = await createReportPackage(request, { includeHash: false }).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(RequestValidationError);
  return error as RequestValidationError;
}

describe('the builder lays the taxonomy out where the report looks for it', () => {
  it('puts a loose schema beside the linkbases that share its URL prefix and maps the prefix in the catalog', async () => {
    const { files, referenceMessages } = await build({
      ...metadata,
      reportBase64Content: b64(report),
      base64ZipFiles: await jszipOf({
        'example.com/acme/2024/acme-2024-lab.xml': labels,
        'example.com/acme/2024/acme-2024-pre.xml': presentation,
        'acme-2024.xsd': schema,
      }),
    });
    expect([...files.keys()]).toEqual([
      'ACME-2024/META-INF/reportPackage.json',
      'ACME-2024/META-INF/taxonomyPackage.xml',
      'ACME-2024/META-INF/catalog.xml',
      'ACME-2024/reports/acme-2024.xhtml',
      'ACME-2024/example.com/acme/2024/acme-2024-lab.xml',
      'ACME-2024/example.com/acme/2024/acme-2024-pre.xml',
      'ACME-2024/example.com/acme/2024/acme-2024.xsd',
    ]);
    expect(dec(files.get('ACME-2024/META-INF/catalog.xml')!)).toContain('<rewriteURI uriStartString="http://example.com/acme/2024/" rewritePrefix="../example.com/acme/2024/"/>');
    expect(referenceMessages).toEqual([]);
  });

  it('moves every loose file the schema names, linkbases included', async () => {
    const { files, referenceMessages } = await build({
      ...metadata,
      reportBase64Content: b64(report),
      base64ZipFiles: await jszipOf({ 'acme-2024.xsd': schema, 'acme-2024-lab.xml': labels, 'acme-2024-pre.xml': presentation }),
    });
    expect([...files.keys()].filter((p) => p.includes('example.com'))).toEqual([
      'ACME-2024/example.com/acme/2024/acme-2024-lab.xml',
      'ACME-2024/example.com/acme/2024/acme-2024-pre.xml',
      'ACME-2024/example.com/acme/2024/acme-2024.xsd',
    ]);
    expect(referenceMessages).toEqual([]);
  });

  it('follows nested imports: a relative import to another folder and its include get the catalog too', async () => {
    const { files, referenceMessages } = await build({
      ...metadata,
      reportBase64Content: b64(report),
      base64ZipFiles: await jszipOf({
        'example.com/acme/2024/acme-2024.xsd': caseFile('nested-imports', 'example.com/acme/2024/acme-2024.xsd'),
        'example.com/acme/2024/acme-2024-lab.xml': labels,
        'example.com/acme/2024/acme-2024-pre.xml': presentation,
        'example.com/acme/common/acme-common.xsd': caseFile('nested-imports', 'example.com/acme/common/acme-common.xsd'),
        'example.com/acme/common/acme-common-types.xsd': caseFile('nested-imports', 'example.com/acme/common/acme-common-types.xsd'),
      }),
    });
    const catalog = dec(files.get('ACME-2024/META-INF/catalog.xml')!);
    expect(catalog).toContain('uriStartString="http://example.com/acme/2024/"');
    expect(catalog).toContain('uriStartString="http://example.com/acme/common/"');
    expect(referenceMessages).toEqual([]);
  });

  it('two prefixes: a loose schema the extension imports from another host goes to that host’s folder, with its own rewrite', async () => {
    const { files, referenceMessages } = await build({
      ...metadata,
      reportBase64Content: b64(report),
      base64ZipFiles: await jszipOf({
        'acme-2024.xsd': caseFile('two-prefixes', 'example.com/acme/2024/acme-2024.xsd'),
        'acme-2024-lab.xml': labels,
        'acme-2024-pre.xml': presentation,
        'acme-common.xsd': caseFile('two-prefixes', 'taxonomies.acme-group.example/common/2024/acme-common.xsd'),
        'acme-common-types.xsd': caseFile('two-prefixes', 'taxonomies.acme-group.example/common/2024/acme-common-types.xsd'),
      }),
    });
    expect([...files.keys()]).toContain('ACME-2024/taxonomies.acme-group.example/common/2024/acme-common-types.xsd');
    const catalog = dec(files.get('ACME-2024/META-INF/catalog.xml')!);
    expect(catalog.match(/<rewriteURI /g)).toHaveLength(2);
    expect(catalog).toContain('uriStartString="http://taxonomies.acme-group.example/common/2024/" rewritePrefix="../taxonomies.acme-group.example/common/2024/"');
    expect(referenceMessages).toEqual([]);
  });

  it('keeps the catalog of a dropped zip that is itself a taxonomy package, and writes its own metadata', async () => {
    const { files, referenceMessages } = await build({
      ...metadata,
      reportBase64Content: b64(report),
      base64ZipFiles: await jszipOf({
        'acme-taxonomy/META-INF/taxonomyPackage.xml': '<tp:taxonomyPackage xmlns:tp="http://xbrl.org/2016/taxonomy-package"><tp:identifier>urn:acme:old</tp:identifier></tp:taxonomyPackage>',
        'acme-taxonomy/META-INF/catalog.xml':
          '<catalog xmlns="urn:oasis:names:tc:entity:xmlns:xml:catalog"><rewriteURI uriStartString="http://example.com/acme/2024/" rewritePrefix="../taxonomy/2024/"/></catalog>',
        'acme-taxonomy/taxonomy/2024/acme-2024.xsd': schema,
        'acme-taxonomy/taxonomy/2024/acme-2024-lab.xml': labels,
        'acme-taxonomy/taxonomy/2024/acme-2024-pre.xml': presentation,
      }),
    });
    expect(dec(files.get('ACME-2024/META-INF/catalog.xml')!)).toContain('<rewriteURI uriStartString="http://example.com/acme/2024/" rewritePrefix="../taxonomy/2024/"/>');
    expect(dec(files.get('ACME-2024/META-INF/taxonomyPackage.xml')!)).toContain('<tp:identifier>http://example.com/acme/2024/package</tp:identifier>');
    expect([...files.keys()]).toContain('ACME-2024/taxonomy/2024/acme-2024.xsd');
    expect(referenceMessages).toEqual([]);
  });

  it('a report on a public base taxonomy alone builds with no catalog: its schemaRef is resolved from the filer’s cache', async () => {
    const { files, result } = await build({ ...metadata, entrypoints: undefined, reportBase64Content: b64(caseFile('base-taxonomy-only', 'reports/acme-2024.xhtml')) });
    expect(files.has('ACME-2024/META-INF/catalog.xml')).toBe(false);
    expect(result.validations.every((v) => v.validationResult === 'valid')).toBe(true);
  });

  it('refuses a report whose own schema is not among the dropped files, naming the report, the reference and what was looked for', async () => {
    const error = await refusal({
      ...metadata,
      reportBase64Content: b64(report),
      base64ZipFiles: await jszipOf({ 'example.com/acme/2024/acme-2024-lab.xml': labels, 'example.com/acme/2024/acme-2024-pre.xml': presentation }),
    });
    expect(error.errors).toEqual([
      {
        field: 'reportBase64Content',
        message: expect.stringMatching(
          /^acme-2024\.xhtml: its schemaRef "http:\/\/example\.com\/acme\/2024\/acme-2024\.xsd" does not resolve to a file in the package: looked for ACME-2024\/example\.com\/acme\/2024\/acme-2024\.xsd; /,
        ),
      },
    ]);
  });

  it('refuses a dropped catalog that is not a taxonomy package catalog, naming it', async () => {
    const error = await refusal({
      ...metadata,
      reportBase64Content: b64(report),
      base64ZipFiles: await jszipOf({ 'META-INF/catalog.xml': '<catalog xmlns="urn:oasis:names:tc:entity:xmlns:xml:catalog"/>', 'example.com/acme/2024/acme-2024.xsd': schema }),
    });
    expect(error.errors).toEqual([{ field: 'base64ZipFiles', message: expect.stringMatching(/^entry "META-INF\/catalog\.xml": cannot be taken into the package's catalog: the catalog is empty/) }]);
  });
});
