/**
 * `npx tsx scripts/hmrc-rules/record-edge-returns.ts`: records what HMRC's
 * own processors say of the edge returns (test/engine/validation/hmrc/
 * edge-returns.ts) and of the EXSLT and XPath number readings behind them,
 * for the differential tests, which then run without these tools:
 *
 * - HMRC's Schematron, run by xsltproc (Debian's libxslt, with libexslt for
 *   EXSLT, the processor HMRC's queryBinding="exslt" rules are written for):
 *   the file is turned into a stylesheet that, for each rule's context node,
 *   prints the number of every assertion that fails there (one rule per
 *   pattern in HMRC's file, so this is the Schematron semantics exactly);
 * - HMRC's v1.994 schema with the GovTalk envelope, run by xmllint (libxml2).
 *
 * Writes test/engine/validation/hmrc/edge-returns.json,
 * exslt-xpath-readings.json and fail-cases-libxslt.json (the assertions
 * libxslt fails on each return of the per-rule cases, fail-cases.json).
 * Rules that read today's date see the day of recording; the files record
 * it, and the tests give our rules the same day.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ct600V1994Schema } from '../../test/helpers/xmllint.js';
import { HMRC_SCHEMATRON } from '../../test/engine/validation/hmrc/bases.js';
import { edgeBases, edgeCases, edgeReturn } from '../../test/engine/validation/hmrc/edge-returns.js';
import { READINGS } from '../../test/engine/validation/hmrc/exslt-xpath-readings.js';
import { schematronStylesheet } from './schematron-xslt.js';
import { perRuleReturns } from '../../test/engine/validation/hmrc/per-rule-returns.js';

const OUT = join(import.meta.dirname, '..', '..', 'test', 'engine', 'validation', 'hmrc');
const attr = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');

/** One entry a line, so a re-recording's diff shows the cases that changed. */
const lines = (items: unknown[]) => `[\n  ${items.map((i) => JSON.stringify(i)).join(',\n  ')}\n ]`;

function run(command: string, args: string[], env: NodeJS.ProcessEnv = {}) {
  const r = spawnSync(command, args, { encoding: 'utf8', maxBuffer: 1024 * 1024 * 1024, env: { ...process.env, ...env } });
  if (r.error) throw r.error;
  return r;
}

const dir = mkdtempSync(join(tmpdir(), 'fd-edge-returns-'));
try {
  const stylesheet = join(dir, 'hmrc.xsl');
  writeFileSync(stylesheet, schematronStylesheet(readFileSync(HMRC_SCHEMATRON, 'utf8')));
  const bases = edgeBases();
  const cases = edgeCases();
  const docs = [...Object.entries(bases).map(([name, xml]) => ({ key: `base:${name}`, xml })), ...cases.map((c) => ({ key: c.id, xml: edgeReturn(c, bases) }))];
  const files = docs.map((d, i) => {
    const file = join(dir, `${i}.xml`);
    writeFileSync(file, d.xml);
    return file;
  });

  const driver = ct600V1994Schema();
  const schemaValid = new Set<string>();
  const lint = run('xmllint', ['--huge', '--nonet', '--noout', '--schema', driver.xsd, ...files], driver.env);
  for (const m of lint.stderr.matchAll(/(\d+)\.xml validates$/gm)) schemaValid.add(docs[Number(m[1])]!.key);

  const xslt = run('xsltproc', ['--nonet', stylesheet, ...files]);
  if (xslt.status !== 0) throw new Error(`xsltproc failed: ${xslt.stderr.slice(0, 2000)}`);
  const outputs = xslt.stdout.split('END\n').slice(0, -1);
  if (outputs.length !== docs.length) throw new Error(`xsltproc gave ${outputs.length} results for ${docs.length} returns: ${xslt.stderr.slice(0, 2000)}`);
  const rulesOf = (out: string) => [...new Set(out.split('\n').filter(Boolean).map((line) => line.split(' ')[1]!))].sort((a, b) => Number(a) - Number(b));

  const today = new Date().toISOString().slice(0, 10);
  const versions = (run('xsltproc', ['--version']).stdout.split('\n')[0] ?? '').trim();
  const baseVerdicts = Object.keys(bases).map((name, i) => ({ base: name, schemaValid: schemaValid.has(`base:${name}`), hmrcRules: rulesOf(outputs[i]!) }));
  const caseVerdicts = cases.map((c, i) => {
    const k = Object.keys(bases).length + i;
    return { id: c.id, base: c.field.base, where: c.field.where, edge: c.edge, value: c.value, schemaValid: schemaValid.has(c.id), hmrcRules: rulesOf(outputs[k]!) };
  });
  writeFileSync(
    join(OUT, 'edge-returns.json'),
    `{\n "recordedOn": ${JSON.stringify(today)},\n "processors": ${JSON.stringify(`${versions}; HMRC CT-2014-v1-994.sch and .xsd`)},\n "bases": ${lines(baseVerdicts)},\n "cases": ${lines(caseVerdicts)}\n}\n`,
  );

  // The per-rule returns (fail-cases.json): the assertions libxslt fails on each failing return, and on each passing one.
  const ruleReturns = perRuleReturns();
  const ruleFiles = ruleReturns.map((r, i) => {
    const file = join(dir, `rule-${i}.xml`);
    writeFileSync(file, r.xml);
    return file;
  });
  const ruleOutputs: string[] = [];
  for (let from = 0; from < ruleFiles.length; from += 500) {
    const r = run('xsltproc', ['--nonet', stylesheet, ...ruleFiles.slice(from, from + 500)]);
    if (r.status !== 0) throw new Error(`xsltproc failed: ${r.stderr.slice(0, 2000)}`);
    ruleOutputs.push(...r.stdout.split('END\n').slice(0, -1));
  }
  if (ruleOutputs.length !== ruleReturns.length) throw new Error(`xsltproc gave ${ruleOutputs.length} results for ${ruleReturns.length} per-rule returns`);
  const assertionsOf = (out: string) => [...new Set(out.split('\n').filter(Boolean).map((line) => line.split(' ')[0]!))].sort();
  writeFileSync(
    join(OUT, 'fail-cases-libxslt.json'),
    `{\n "recordedOn": ${JSON.stringify(today)},\n "processors": ${JSON.stringify(`${versions}; HMRC CT-2014-v1-994.sch`)},\n "returns": ${lines(ruleReturns.map((r, i) => ({ id: r.id, return: r.kind, failed: assertionsOf(ruleOutputs[i]!) })))}\n}\n`,
  );

  // The readings: one document of values, one stylesheet evaluating each expression on its own element.
  const readingsXml = join(dir, 'readings.xml');
  const attrValue = (v: string) => attr(v).replace(/[\t\n\r]/g, (ch) => `&#x${ch.charCodeAt(0).toString(16)};`);
  writeFileSync(readingsXml, `<r>${READINGS.map((r) => `<c a="${attrValue(r.a)}"${r.b === undefined ? '' : ` b="${attrValue(r.b)}"`}/>`).join('')}</r>`);
  const readingsXsl = join(dir, 'readings.xsl');
  writeFileSync(
    readingsXsl,
    `<xsl:stylesheet version="1.0" xmlns:xsl="http://www.w3.org/1999/XSL/Transform" xmlns:date="http://exslt.org/dates-and-times" extension-element-prefixes="date">
<xsl:output method="text" encoding="UTF-8"/>
<xsl:template match="/">
${READINGS.map((r, i) => `<xsl:for-each select="/r/c[${i + 1}]"><xsl:value-of select="${attr(r.expression)}"/></xsl:for-each><xsl:text>&#10;</xsl:text>`).join('\n')}
</xsl:template>
</xsl:stylesheet>
`,
  );
  const readings = run('xsltproc', ['--nonet', readingsXsl, readingsXml]);
  if (readings.status !== 0) throw new Error(`xsltproc failed on the readings: ${readings.stderr}`);
  const results = readings.stdout.split('\n');
  writeFileSync(
    join(OUT, 'exslt-xpath-readings.json'),
    `{\n "processors": ${JSON.stringify(versions)},\n "readings": ${lines(READINGS.map((r, i) => ({ ...r, libxslt: results[i] })))}\n}\n`,
  );

  console.log(`${ruleReturns.length} per-rule returns recorded`);
  const agreeing = caseVerdicts.filter((c) => c.schemaValid).length;
  console.log(`${caseVerdicts.length} edge returns recorded (${agreeing} valid by HMRC's schema), ${READINGS.length} readings; bases: ${baseVerdicts.map((b) => `${b.base} ${b.schemaValid ? 'schema-valid' : 'NOT schema-valid'} [${b.hmrcRules.join(' ')}]`).join('; ')}`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
