/**
 * `ixbrl validate`'s check of one Inline XBRL computation against Arelle's on
 * the same document with the same package: HMRC's own sample computation
 * (CT2015, 0.4 MB) and a 10 MB computation (the sample's table rows repeated,
 * contexts and units as they are). Ours is what the command does for a file:
 * the installed package opened afresh, its DTS loaded, the document checked
 * (checkDocument); the median of RUNS after a warm-up. Arelle is run once per
 * document in the same run (scripts/bench/lib/arelle.ts: offline, Inline
 * XBRL plugin, --validate --calc c10) and its baseline is the load and
 * validation time it reports itself, not its interpreter's start-up, so the
 * ratio does not flatter us; its whole process time is a figure beside it.
 * Target: ≤ 0.25 × Arelle's time on each document.
 *
 * Where Arelle is not installed (ARELLE_DIR unset, as in CI) ours is still
 * timed, the rows say Arelle was not there, and no target is judged.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { BenchResult } from '../bench.js';
import { checkDocument } from '../../main/engine/taxonomy/check-document.js';
import { installedFromZip, TaxonomyLibrary } from '../../main/engine/taxonomy/library.js';
import { readTaxonomyPackage, TAXONOMY_ZIP_LIMITS } from '../../main/engine/taxonomy/read-package.js';
import { openZip } from '../../main/engine/package/zip-reader.js';
import { ct2015AsTaxonomyPackages10 } from '../../test/engine/taxonomy/ct2015.js';
import { findArelle, runArelle } from './lib/arelle.js';
import { median, peakRssMB, resetPeakRss, round, RUNS, type SummaryRow } from './lib/measure.js';
import { sized, type BenchOptions } from './lib/cases.js';

const ZIP = join(import.meta.dirname, '..', '..', '..', 'shared', 'xbrl', 'taxonomy-packages', 'CT2015-v1.3.0.zip');
const SAMPLE = 'CT2015-v1.3.0/instances/iXBRL-sample-ct-comp-2015.xhtml';
const TARGET = 0.25;

/** The sample's table rows (its facts) repeated until the document is about `targetBytes`; contexts and units stay as they are. */
function computationOfSize(sample: string, targetBytes: number): string {
  const start = sample.indexOf('<tr class="row">');
  const end = sample.lastIndexOf('</tr>') + '</tr>'.length;
  const rows = sample.slice(start, end);
  const copies = Math.max(1, Math.ceil((targetBytes - sample.length) / rows.length));
  return sample.slice(0, end) + rows.repeat(copies) + sample.slice(end);
}

export async function run(options?: BenchOptions): Promise<BenchResult> {
  const runs = sized(options, RUNS, 1);
  const zipBytes = new Uint8Array(readFileSync(ZIP));
  const archive = openZip(zipBytes, TAXONOMY_ZIP_LIMITS);
  const sampleEntry = archive.entries.find((e) => e.name === SAMPLE);
  if (!sampleEntry) throw new Error(`${SAMPLE} is not in ${ZIP}`);
  const sample = Buffer.from(archive.read(sampleEntry)).toString('latin1');
  const documents = [
    { name: 'HMRC sample computation', text: sample },
    { name: '10 MB computation', text: computationOfSize(sample, sized(options, 10 * 1024 * 1024, 512 * 1024)) },
  ];

  // What `ixbrl validate` does for one file: the installed package opened, its DTS loaded, the document checked.
  const ours = (bytes: Uint8Array) => {
    const read = readTaxonomyPackage('CT2015-v1.3.0.zip', zipBytes);
    if (!read.ok) throw new Error(JSON.stringify(read.problems));
    return checkDocument(bytes, new TaxonomyLibrary([installedFromZip(read.info, zipBytes)]));
  };

  // Arelle only at full size: the smoke run proves the case runs, it times nothing.
  const found = options?.smoke ? ({ ok: false, reason: 'smoke run: Arelle not run' } as const) : findArelle();
  const work = mkdtempSync(join(tmpdir(), 'bench-ixbrl-arelle-'));
  const figures: Record<string, number | string> = { runs };
  const rows: SummaryRow[] = [];
  const targets: { description: string; met: boolean }[] = [];
  try {
    let packages: string[] = [];
    if (found.ok) {
      packages = [join(work, 'CT2015-v1.3.0-tp10.zip')];
      writeFileSync(packages[0]!, ct2015AsTaxonomyPackages10());
    } else {
      figures.arelle = found.reason;
    }
    for (const doc of documents) {
      const bytes = new Uint8Array(Buffer.from(doc.text, 'latin1'));
      const key = doc.name.replace(/\W+/g, '_');
      figures[`${key}_bytes`] = bytes.byteLength;
      resetPeakRss();
      const warmUp = performance.now();
      const check = ours(bytes); // the warm-up, and what was found (the same every run)
      // The smoke run times its one pass only: it proves the case runs, within the suite's time.
      const times: number[] = options?.smoke ? [performance.now() - warmUp] : [];
      figures[`${key}_facts`] = check.facts;
      figures[`${key}_ourFindings`] = check.findings.length;
      if (!options?.smoke) resetPeakRss();
      for (let i = 0; i < (options?.smoke ? 0 : runs); i++) {
        const start = performance.now();
        ours(bytes);
        times.push(performance.now() - start);
      }
      const oursMs = median(times);
      const peak = peakRssMB();
      if (!found.ok) {
        rows.push({ case: `ixbrl validate: ${doc.name}`, oursMs: round(oursMs, 1), baselineMs: null, ratio: null, peakRssMB: round(peak, 0), note: `${found.reason}: no ratio` });
        continue;
      }
      const file = join(work, `${key}.xhtml`);
      writeFileSync(file, bytes);
      const arelle = await runArelle(found.arelle, file, packages);
      if (arelle.loadMs === null || arelle.validateMs === null) throw new Error(`Arelle reported no load or validation time for ${doc.name}`);
      const baselineMs = arelle.loadMs + arelle.validateMs;
      figures[`${key}_arelleWallMs`] = round(arelle.wallMs, 0);
      figures[`${key}_arelleLoadMs`] = round(arelle.loadMs, 0);
      figures[`${key}_arelleValidateMs`] = round(arelle.validateMs, 0);
      const ratio = oursMs / baselineMs;
      rows.push({
        case: `ixbrl validate: ${doc.name} vs Arelle`,
        oursMs: round(oursMs, 1),
        baselineMs: round(baselineMs, 1),
        ratio: round(ratio, 2),
        peakRssMB: round(peak, 0),
        note: `${(bytes.byteLength / 1048576).toFixed(1)} MB, ${check.facts} facts; Arelle's whole process ${round(arelle.wallMs / 1000, 1)} s`,
      });
      targets.push({ description: `ixbrl validate on the ${doc.name} ≤ ${TARGET} × Arelle's time (now ${round(ratio, 2)})`, met: ratio <= TARGET });
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  return { name: 'ixbrl-arelle', figures, rows, targets };
}
