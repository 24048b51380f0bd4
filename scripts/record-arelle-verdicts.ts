/**
 * Records the reference processor's verdicts on the one-change mutants in
 * test/fixtures/ixbrl-mutants/ (`<set>.mutants.json` → `<set>.arelle.json`),
 * so the differential test (test/engine/taxonomy/arelle-differential.test.ts)
 * compares the app with Arelle without Arelle being installed.
 *
 *   ARELLE_DIR=/path/to/arelle-source [ARELLE_PYTHON=python3] npx tsx scripts/record-arelle-verdicts.ts [set…]
 *
 * The sets are named as their files are (ct2015-sample, frs102-small-accounts); without a name, every set.
 *
 * ARELLE_DIR is a directory holding arelleCmdLine.py (Arelle's source or an
 * unpacked release); its Python dependencies must be importable by
 * ARELLE_PYTHON (PYTHONPATH is passed through). Arelle runs offline with the
 * Inline XBRL document set plugin, the same taxonomy package the test installs
 * (an older-format package converted to Taxonomy Packages 1.0 first, the
 * format Arelle reads), full validation and XBRL 2.1 calculations (the
 * command is in scripts/bench/lib/arelle.ts). A mutant's verdict is the set of
 * error, inconsistency and warning codes Arelle logged (informational messages left
 * out); errors Arelle logged against the taxonomy alone (every reference in
 * one of its files, none in the document) are kept apart as taxonomyErrors. Without Arelle it says so and exits with status 2, changing nothing.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ct2015AsTaxonomyPackages10, frc2014AsTaxonomyPackages10 } from '../test/engine/taxonomy/ct2015.js';
import {
  loadMutantSet,
  mutantBytes,
  originalDocument,
  recordedVerdictsPath,
  type RecordedVerdict,
  type RecordedVerdicts,
} from '../test/fixtures/ixbrl-mutants/mutants.js';
import { ARELLE_COMMAND, arelleVersion, codesAt, findArelle, runArelle, type ArelleInstall, type ArelleLogEntry } from './bench/lib/arelle.js';

const SETS = ['ct2015-sample', 'frs102-small-accounts'];
/** Older-format packages the recorder hands to Arelle as Taxonomy Packages 1.0. */
const AS_TP10: Record<string, () => Uint8Array> = { 'CT2015-v1.3.0.zip': ct2015AsTaxonomyPackages10, 'FRC-Taxonomy-v2-1-0.zip': frc2014AsTaxonomyPackages10 };
/** Arelle runs at a time (ARELLE_PARALLEL, default 2). */
const PARALLEL = Math.max(1, Number(process.env.ARELLE_PARALLEL ?? 2));

const found = findArelle();
if (!found.ok) {
  console.error(`${found.reason}. The recorded verdicts in test/fixtures/ixbrl-mutants/*.arelle.json are left as they are.`);
  process.exit(2);
}
const arelle = found.arelle;
const wanted = process.argv.slice(2);
const unknown = wanted.filter((w) => !SETS.includes(w));
if (unknown.length > 0) throw new Error(`no mutant set named ${unknown.join(', ')}; the sets are ${SETS.join(', ')}`);
const work = mkdtempSync(join(tmpdir(), 'arelle-verdicts-'));
try {
  for (const name of wanted.length > 0 ? wanted : SETS) await record(name, arelle);
} finally {
  rmSync(work, { recursive: true, force: true });
}

async function record(name: string, arelle: ArelleInstall): Promise<void> {
  const set = loadMutantSet(name);
  const packages = set.taxonomyPackages.map((zip) => {
    const convert = AS_TP10[zip];
    if (!convert) throw new Error(`no Taxonomy Packages 1.0 conversion known for ${zip}`);
    const path = join(work, zip);
    writeFileSync(path, convert());
    return path;
  });
  const original = originalDocument(set);
  const verdicts: Record<string, RecordedVerdict> = {};
  const queue = [...set.mutants];
  let done = 0;
  await Promise.all(
    Array.from({ length: PARALLEL }, async () => {
      for (let mutant = queue.shift(); mutant; mutant = queue.shift()) {
        const file = join(work, `${mutant.id}.xhtml`);
        writeFileSync(file, mutantBytes(original, mutant));
        const run = await runArelle(arelle, file, packages);
        // The taxonomy's URLs are absolute (remapped into its package); the document's are not.
        const ofTaxonomy = (e: ArelleLogEntry) => (e.refs ?? []).length > 0 && e.refs!.every((r) => /^https?:\/\//.test(r.href ?? ''));
        const entries = run.entries.filter((e) => !ofTaxonomy(e));
        const errors = codesAt(entries, ['error', 'critical', 'fatal']);
        const inconsistencies = codesAt(entries, ['inconsistency']);
        const warnings = codesAt(entries, ['warning']);
        const taxonomyErrors = codesAt(run.entries.filter(ofTaxonomy), ['error', 'critical', 'fatal']);
        const verdict: RecordedVerdict = { flagged: errors.length + inconsistencies.length + warnings.length > 0, errors, inconsistencies, warnings, ...(taxonomyErrors.length > 0 ? { taxonomyErrors } : {}) };
        verdicts[mutant.id] = verdict;
        console.log(`${String(++done).padStart(3)}/${set.mutants.length} ${mutant.id}: ${verdict.flagged ? [...errors, ...inconsistencies, ...warnings].join(' ') : 'clean'}`);
      }
    }),
  );
  const recorded: RecordedVerdicts = {
    processor: `Arelle ${arelleVersion(arelle)}`,
    command: ARELLE_COMMAND,
    recordedAt: new Date().toISOString().slice(0, 10),
    verdicts: Object.fromEntries(set.mutants.map((m) => [m.id, verdicts[m.id]!])),
  };
  writeFileSync(recordedVerdictsPath(name), `${JSON.stringify(recorded, null, 2)}\n`);
  console.log(`wrote ${recordedVerdictsPath(name)}`);
}
