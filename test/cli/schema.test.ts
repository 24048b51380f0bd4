/**
 * `cli schema ct600|package` prints JSON Schema generated from the engine's
 * zod schemas. Every example request validates against it, and each
 * field-level breakage below, which the engine refuses, is refused by the
 * schema too (checked with Ajv, an independent JSON Schema validator).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { ct600RequestSchema } from '../../main/engine/ct600/index.js';
import { reportPackageRequestSchema } from '../../main/engine/package/index.js';
import { requestJsonSchema } from '../../main/engine/request-json-schema.js';
import { examplesDir, runCli } from './run-cli.js';

type Json = Record<string, unknown>;
const readJson = (path: string) => JSON.parse(readFileSync(path, 'utf8')) as Json;
const ct600Examples = readdirSync(join(examplesDir, 'ct600')).filter((f) => f.endsWith('.json')).map((f) => join(examplesDir, 'ct600', f));
const packageExample = join(examplesDir, 'package', 'report-package.json');

/** A copy of `request` with the value at `path` replaced (undefined deletes it). */
function withValue(request: Json, path: (string | number)[], value: unknown): Json {
  const copy = structuredClone(request);
  let node = copy as Record<string | number, unknown>;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  const last = path.at(-1)!;
  if (value === undefined) delete node[last];
  else node[last] = value;
  return copy;
}

const AMOUNT_FIELDS = ['chargeableProfits', 'netCorporationTaxChargeable', 'taxPayable', 'total', 'financialYearProfit'];

const ct600Breakages: [string, (string | number)[], unknown][] = [
  ...(['', 'A', 'x'.repeat(57), 'Café £ Ltd', '   ', 42, null] as unknown[]).map((v): [string, (string | number)[], unknown] => ['companyName', ['companyName'], v]),
  ['reference too short', ['reference'], '123'],
  ['reference as a number', ['reference'], 8596148860],
  ['utrValue letters', ['utrValue'], 'ABCDEFGHIJ'],
  ['registrationNumber lower case', ['registrationNumber'], 'ab123'],
  ['companyType 12', ['companyType'], 12],
  ['companyType negative', ['companyType'], -1],
  ['companyType fraction', ['companyType'], 1.5],
  ['companyType word', ['companyType'], 'charity'],
  ['returnType 2', ['returnType'], 2],
  ['returnType word', ['returnType'], 'draft'],
  ['sender 10', ['sender'], 10],
  ['accounts choice 3', ['accounts', 'itemElementName'], 3],
  ['computations reason 6', ['computations', 'nocomputationsReason'], 6],
  ['period from with a time', ['periodCovered', 'from'], '2024-04-01T10:00:00'],
  ['period from in UK order', ['periodCovered', 'from'], '01/04/2024'],
  ['period to with a zone', ['periodCovered', 'to'], '2025-03-31T00:00:00Z'],
  ['period missing to', ['periodCovered', 'to'], undefined],
  ...AMOUNT_FIELDS.flatMap((field): [string, (string | number)[], unknown][] => [
    [`${field} negative`, [field], { currency: 1, value: -1 }],
    [`${field} as text`, [field], { currency: 1, value: '100' }],
    [`${field} in euros`, [field], { currency: 0, value: 1 }],
    [`${field} without value`, [field], { currency: 1 }],
    [`${field} with an unknown key`, [field], { currency: 1, value: 1, pence: 0 }],
    [`${field} too large`, [field], { currency: 1, value: 1e12 }],
  ]),
  ['whole-pound box with pence', ['chargeableProfits'], { currency: 1, value: 100.5 }],
  ['tax rate over 100', ['financialYearTaxRate'], 101],
  ['tax rate as text', ['financialYearTaxRate'], '19'],
  ['declaration not accepted', ['declaration', 'acceptDeclaration'], false],
  ['declarant name with €', ['declaration', 'name'], 'Jane € Director'],
  ['declaration without status', ['declaration', 'status'], undefined],
  ['attachment file name with a slash', ['attachedFiles', 0, 'filename'], 'accounts/2025.xhtml'],
  ['attachment that is not base64', ['attachedFiles', 0, 'value'], '!!!not base64!!!'],
  ['attachment kind 2', ['attachedFiles', 0, 'itemsElementName'], 2],
  ['attachments as text', ['attachedFiles'], 'accounts.xhtml'],
  ['a misspelt field', ['turnover'], { currency: 1, value: 1 }],
  ...['companyName', 'reference', 'companyType', 'periodCovered', 'chargeableProfits', 'taxPayable', 'declaration'].map(
    (field): [string, (string | number)[], unknown] => [`missing ${field}`, [field], undefined],
  ),
];

const packageBreakages: [string, (string | number)[], unknown][] = [
  ['missing name', ['name'], undefined],
  ['blank name', ['name'], '   '],
  ['name with a control character', ['name'], 'ACME\u0001'],
  ['identifier not a URI', ['identifier'], 'not a uri'],
  ['publisherCountry lower case', ['publisherCountry'], 'gb'],
  ['publicationDate in UK order', ['publicationDate'], '15/01/2025'],
  ['reportPackageLanguage with a space', ['reportPackageLanguage'], 'en gb'],
  ['reportName without a report extension', ['reportName'], 'acme.pdf'],
  ['reportName with a folder', ['reportName'], 'reports/acme.xhtml'],
  ['reportName only an extension', ['reportName'], '.xhtml'],
  ['reportPackageName only dots', ['reportPackageName'], '..'],
  ['missing reportName', ['reportName'], undefined],
  ['report content not base64', ['reportBase64Content'], 'PGh0bWw+!'],
  ['report content with a line break', ['reportBase64Content'], 'PGh0\nbWw+'],
  ['zip files with bad padding length', ['base64ZipFiles'], 'abc'],
  ['entry point without href', ['entrypoints', 0, 'entryPointDocument'], {}],
  ['entry point language not a tag', ['entrypoints', 0, 'languages'], ['english!']],
  ['entry points not an array', ['entrypoints'], { name: 'x' }],
  ['a misspelt field', ['publisherURL'], 'https://example.com/'],
  ['name too long', ['name'], 'x'.repeat(1001)],
];

describe('cli schema', () => {
  it('prints the same schema the engine module generates, for ct600 and package', async () => {
    for (const which of ['ct600', 'package'] as const) {
      const run = runCli(['schema', which]);
      expect(run.code, run.stderr).toBe(0);
      expect(JSON.parse(run.stdout)).toEqual(await requestJsonSchema(which));
    }
  });

  it('refuses an unknown schema name by name', () => {
    const run = runCli(['schema', 'vat']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('unknown schema "vat"');
  });
});

describe.each([
  { which: 'ct600' as const, examples: ct600Examples, zod: ct600RequestSchema, breakages: ct600Breakages },
  { which: 'package' as const, examples: [packageExample], zod: reportPackageRequestSchema, breakages: packageBreakages },
])('the $which request schema', ({ which, examples, zod, breakages }) => {
  const load = async () => new Ajv2020({ allErrors: true, strict: false }).compile(await requestJsonSchema(which));

  it('accepts every example request', async () => {
    const validate = await load();
    for (const file of examples) expect(validate(readJson(file)), `${file}: ${JSON.stringify(validate.errors)}`).toBe(true);
  });

  it.each(breakages)('refuses what the engine refuses: %s', async (_label, path, value) => {
    const validate = await load();
    for (const file of examples) {
      const broken = withValue(readJson(file), path, value);
      expect(zod.safeParse(broken).success, `the engine should refuse this (${file})`).toBe(false);
      expect(validate(broken), `the schema accepted it (${file})`).toBe(false);
    }
  });
});
