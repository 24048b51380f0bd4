/**
 * The app's Inline XBRL checks against the reference processor's: each
 * one-change mutant of HMRC's sample computation
 * (test/fixtures/ixbrl-mutants/ct2015-sample.mutants.json), and of a small
 * company's FRS 102 accounts of our own against the FRC 2014 suite
 * (frs102-small-accounts.mutants.json), is checked the way `cli ixbrl
 * validate` checks a file (checkDocument with the set's packages installed)
 * and compared with Arelle's verdict recorded once (<set>.arelle.json;
 * re-record with scripts/record-arelle-verdicts.ts). Errors Arelle logs
 * against the taxonomy alone (recorded apart, the same on every mutant) are
 * no verdict on the document and are left out.
 *
 * They agree when both call the document faulty or both call it clean, and,
 * where Arelle names a code, the app's errors include that code (at least one
 * of Arelle's codes when it gives several for one fault). Arelle's errors
 * count, and so do its inconsistencies (an unmet requires-element arc is how
 * HMRC's package states a mandatory item); its warnings do not, as the app's
 * warnings do not make a document invalid either.
 *
 * Every mutant is its own test. Where the two are known to disagree the test
 * is in KNOWN_DISAGREEMENTS with the reason in its name, and is expected to
 * fail (it.fails): once the app agrees, that test fails with "remove it from
 * the table", so the table only ever shrinks to what is true.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkDocument } from '../../../main/engine/taxonomy/check-document.js';
import type { TaxonomyLibrary } from '../../../main/engine/taxonomy/library.js';
import { verdictOf } from '../../../main/engine/validation/verdict.js';
import { TaxonomyStore } from '../../../main/taxonomies/taxonomy-store.js';
import {
  loadMutantSet,
  loadRecordedVerdicts,
  mutantBytes,
  MUTANT_CLASSES,
  originalDocument,
  sharedPackagesDir,
  type Mutant,
  type RecordedVerdict,
} from '../../fixtures/ixbrl-mutants/mutants.js';
import { ACCOUNTS_KNOWN_DISAGREEMENTS, KNOWN_DISAGREEMENTS } from './arelle-known-disagreements.js';

/** Installs the set's packages into a fresh data folder as a firm installs them, and reads them back as `cli ixbrl validate` does. */
async function installed(packages: readonly string[]): Promise<{ dataFolder: string; library: TaxonomyLibrary }> {
  const dataFolder = mkdtempSync(join(tmpdir(), 'fd-arelle-diff-'));
  const store = TaxonomyStore.inDataFolder(dataFolder);
  for (const zip of packages) {
    const outcome = await store.install(zip, new Uint8Array(readFileSync(join(sharedPackagesDir, zip))));
    if (!outcome.ok) throw new Error(`${zip} did not install: ${JSON.stringify(outcome.problems)}`);
  }
  return { dataFolder, library: await store.library() };
}

interface Comparison {
  agrees: boolean;
  /** What differs, in words, for the failure message. */
  difference: string;
  appFaulty: boolean;
  arelleFaulty: boolean;
  specFaulty: boolean;
}

type Tally = Map<string, { agree: number; disagree: number; appMatchesSpec: number; arelleMatchesSpec: number }>;

function compare(mutant: Mutant, arelle: RecordedVerdict, original: string, library: TaxonomyLibrary): Comparison {
  const check = checkDocument(mutantBytes(original, mutant), library);
  const verdict = verdictOf(check.findings).verdict;
  const appErrors = [...new Set(check.findings.filter((f) => f.category === 'error').map((f) => f.code))];
  const appFaulty = verdict === 'invalid';
  // An inconsistency (a requires-element arc unmet: how HMRC's package states its mandatory items) is a fault too.
  const arelleCodes = arelle.errors.length > 0 ? arelle.errors : arelle.inconsistencies;
  const arelleFaulty = arelleCodes.length > 0;
  const specFaulty = mutant.spec.verdict === 'invalid';
  let difference = '';
  if (verdict === 'notChecked') difference = `the app did not check the document (${check.findings.map((f) => f.message).join('; ')})`;
  else if (appFaulty !== arelleFaulty) difference = appFaulty ? `the app reports ${appErrors.join(', ')}; Arelle reports no fault` : `Arelle reports ${arelleCodes.join(', ')}; the app reports no error`;
  else if (arelleFaulty && !arelleCodes.some((c) => appErrors.includes(c))) difference = `both find a fault, but the app's codes ${appErrors.join(', ')} include none of Arelle's ${arelleCodes.join(', ')}`;
  return { agrees: difference === '', difference, appFaulty, arelleFaulty, specFaulty };
}

function differential(title: string, name: string, known: Record<string, string>, atLeast: number, classes: readonly string[]): void {
  const set = loadMutantSet(name);
  const recorded = loadRecordedVerdicts(name);
  const original = originalDocument(set);
  const tally: Tally = new Map();
  let dataFolder: string | undefined;
  let library: TaxonomyLibrary;
  describe(title, () => {
    beforeAll(async () => {
      ({ dataFolder, library } = await installed(set.taxonomyPackages));
    });

    it('every mutant has a recorded verdict, every recorded verdict a mutant, and every known disagreement a mutant', () => {
      const ids = set.mutants.map((m) => m.id);
      expect(new Set(ids).size).toBe(ids.length);
      expect(Object.keys(recorded.verdicts).sort()).toEqual([...ids].sort());
      expect(Object.keys(known).filter((id) => !ids.includes(id))).toEqual([]);
      expect(set.mutants.length).toBeGreaterThanOrEqual(atLeast);
      expect(new Set(set.mutants.map((m) => m.class))).toEqual(new Set(classes));
    });

    for (const mutant of set.mutants) {
      const reason = known[mutant.id];
      const testName = `${mutant.class}: ${mutant.id} (${mutant.description}; the specification: ${mutant.spec.verdict}${mutant.spec.section ? `, ${mutant.spec.section}` : ''})`;
      const body = () => {
        const arelle = recorded.verdicts[mutant.id]!;
        const result = compare(mutant, arelle, original, library);
        const counts = tally.get(mutant.class) ?? { agree: 0, disagree: 0, appMatchesSpec: 0, arelleMatchesSpec: 0 };
        counts[result.agrees ? 'agree' : 'disagree']++;
        if (result.appFaulty === result.specFaulty) counts.appMatchesSpec++;
        if (result.arelleFaulty === result.specFaulty) counts.arelleMatchesSpec++;
        tally.set(mutant.class, counts);
        expect(result.agrees, reason ? `now agrees with Arelle: remove ${mutant.id} from its table of known disagreements` : result.difference).toBe(true);
      };
      if (reason) it.fails(`${testName} — KNOWN DISAGREEMENT: ${reason}`, body);
      else it(testName, body);
    }

    afterAll(() => {
      if (dataFolder) rmSync(dataFolder, { recursive: true, force: true });
      if (tally.size === 0) return;
      const rows = [...tally].map(([c, t]) => `  ${c.padEnd(11)} agree ${String(t.agree).padStart(3)}  disagree ${String(t.disagree).padStart(3)}  app=spec ${t.appMatchesSpec}  Arelle=spec ${t.arelleMatchesSpec}`);
      console.log(`Agreement with Arelle by class (${name}):\n${rows.join('\n')}`);
    });
  });
}

differential("the app's Inline XBRL checks against Arelle's recorded verdicts on one-change mutants of HMRC's sample computation", 'ct2015-sample', KNOWN_DISAGREEMENTS, 100, MUTANT_CLASSES);
differential(
  "the app's Inline XBRL checks against Arelle's recorded verdicts on one-change mutants of a small company's FRS 102 accounts (FRC 2014 suite)",
  'frs102-small-accounts',
  ACCOUNTS_KNOWN_DISAGREEMENTS,
  12,
  MUTANT_CLASSES.filter((c) => c !== 'hmrc'),
);
