#!/usr/bin/env node
/**
 * Regenerates main/engine/xbrl/values/iso4217-codes.json, the ISO 4217
 * currency codes the XBRL unit checks accept, from Debian's iso-codes package
 * (which carries SIX's published list): `apt-get install iso-codes`, then
 * `node scripts/iso4217-codes.mjs`. The file records the package version and
 * the date it was taken; review the diff (a code withdrawn or added) before
 * committing it.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const SOURCE = '/usr/share/iso-codes/json/iso_4217.json';
const version = execFileSync('dpkg-query', ['-W', '-f', '${Version}', 'iso-codes'], { encoding: 'utf8' }).trim();
const codes = JSON.parse(readFileSync(SOURCE, 'utf8'))['4217'].map((c) => c.alpha_3).sort();
const out = {
  source: `ISO 4217 currency codes (list one, as published by SIX Financial Information, the ISO 4217 maintenance agency), taken from Debian's iso-codes package ${version}, ${SOURCE}; the package does not record the amendment number of the list it carries`,
  package: `iso-codes ${version} (Debian)`,
  taken: new Date().toISOString().slice(0, 10),
  codes,
};
const target = join(import.meta.dirname, '..', 'main', 'engine', 'xbrl', 'values', 'iso4217-codes.json');
writeFileSync(target, `${JSON.stringify(out, null, 1)}\n`);
console.log(`${codes.length} codes from iso-codes ${version} written to ${target}`);
