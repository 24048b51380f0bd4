/**
 * `npx tsx scripts/hmrc-rules/compile.ts <HMRC .sch> <schema version> <out.ts>`:
 * compiles HMRC's published Schematron for a CT600 schema version into the
 * rule table the app ships (main/engine/validation/hmrc/tables/). A new
 * schema version is one more run and one more line in tables/index.ts.
 * test/engine/validation/hmrc/hmrc-rules.test.ts checks the committed table
 * is what HMRC's file compiles to.
 */
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { basename } from 'node:path';
import { tableModuleText } from '../../main/engine/validation/hmrc/table-module.js';
import { compileSchematron } from '../../main/engine/validation/hmrc/schematron-compiler.js';
import { assertionCount } from '../../main/engine/validation/hmrc/rule-table.js';

const [schPath, version, outPath] = process.argv.slice(2);
if (!schPath || !version || !outPath) {
  console.error('usage: tsx scripts/hmrc-rules/compile.ts <HMRC .sch> <schema version, e.g. v1.994> <out.ts>');
  process.exit(2);
}
const bytes = readFileSync(schPath);
const source = `HMRC ${basename(schPath)} (sha256 ${createHash('sha256').update(bytes).digest('hex')})`;
const table = compileSchematron(bytes.toString('utf8'), version, source);
writeFileSync(outPath, tableModuleText(table));
console.log(`${outPath}: ${table.rules.length} rules, ${assertionCount(table)} assertions`);
