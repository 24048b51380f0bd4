/**
 * Taxonomy checks. HMRC's CT2015 package (547 files): the DTS of all its
 * entry points loaded from the zip as installed (the zip opened afresh each
 * run), and the same asked again (cached per package set). A 20 MB
 * computation (HMRC's own sample's facts repeated): the attachment check
 * without and with the taxonomy checks, the difference being what checking
 * against the taxonomy adds. Targets: the DTS under 1 s, the addition under 2 s.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { BenchResult } from '../bench.js';
import { dtsOf } from '../../main/engine/taxonomy/dts-cache.js';
import { installedFromZip, TaxonomyLibrary } from '../../main/engine/taxonomy/library.js';
import { readTaxonomyPackage } from '../../main/engine/taxonomy/read-package.js';
import { checkAttachment } from '../../main/engine/validation/attachments/check-attachment.js';
import { openZip } from '../../main/engine/package/zip-reader.js';
import { median, round, RUNS, type SummaryRow } from './lib/measure.js';
import { sized, type BenchOptions } from './lib/cases.js';

const ZIP = join(import.meta.dirname, '..', '..', '..', 'shared', 'xbrl', 'taxonomy-packages', 'CT2015-v1.3.0.zip');
const SAMPLE = 'CT2015-v1.3.0/instances/iXBRL-sample-ct-comp-2015.xhtml';

function time(fn: () => unknown): number {
  const start = performance.now();
  fn();
  return performance.now() - start;
}

/** The sample's table rows (its facts) repeated until the document is about 20 MB; contexts and units stay as they are. */
function bigComputation(sample: string, targetBytes: number): Uint8Array {
  const start = sample.indexOf('<tr class="row">');
  const end = sample.lastIndexOf('</tr>') + '</tr>'.length;
  const rows = sample.slice(start, end);
  const copies = Math.max(1, Math.ceil((targetBytes - sample.length) / rows.length));
  return new TextEncoder().encode(sample.slice(0, end) + rows.repeat(copies) + sample.slice(end));
}

export async function run(options?: BenchOptions): Promise<BenchResult> {
  // The suite's smoke run: one pass over a small computation, no timing asked of it.
  const runs = sized(options, RUNS, 1);
  const targetBytes = sized(options, 20 * 1024 * 1024, 512 * 1024);
  const bytes = new Uint8Array(readFileSync(ZIP));
  const read = readTaxonomyPackage('CT2015-v1.3.0.zip', bytes);
  if (!read.ok) throw new Error(JSON.stringify(read.problems));
  const entryPoints = read.info.entryPoints.flatMap((e) => e.urls);
  const fresh = () => new TaxonomyLibrary([installedFromZip(read.info, bytes)]);

  const loads: number[] = [];
  let documents = 0;
  let concepts = 0;
  for (let i = 0; i < runs; i++) {
    const library = fresh();
    loads.push(time(() => {
      const dts = dtsOf(library, entryPoints);
      documents = dts.documentCount;
      concepts = dts.concepts.size;
    }));
  }
  const library = fresh();
  dtsOf(library, entryPoints);
  const cached = median(Array.from({ length: runs }, () => time(() => dtsOf(library, entryPoints))));
  const load = median(loads);

  const archive = openZip(bytes);
  const sample = new TextDecoder().decode(archive.read(archive.entries.find((e) => e.name === SAMPLE)!));
  const big = bigComputation(sample, targetBytes);
  const ct2015 = fresh();
  const ctRef = ['http://www.hmrc.gov.uk/schemas/ct/comp/2015-02-01/ct-2015-02-01.xsd'];
  dtsOf(ct2015, ctRef); // loaded once per package set in the app too
  const without = median(Array.from({ length: Math.min(runs, 3) }, () => time(() => checkAttachment(big, 'computations'))));
  const withTaxonomy = median(Array.from({ length: Math.min(runs, 3) }, () => time(() => checkAttachment(big, 'computations', {}, ct2015))));
  const added = Math.max(0, withTaxonomy - without);

  const rows: SummaryRow[] = [
    { case: 'taxonomy: DTS of CT2015, every entry point (fresh zip)', oursMs: round(load, 1), baselineMs: null, ratio: null, peakRssMB: null, note: `${documents} documents read of 547 (label, reference and presentation linkbases are not needed), ${concepts} concepts` },
    { case: 'taxonomy: DTS of CT2015 again (cached)', oursMs: round(cached, 3), baselineMs: null, ratio: null, peakRssMB: null },
    { case: 'taxonomy: checks added to a 20 MB computation', oursMs: round(added, 1), baselineMs: round(without, 1), ratio: null, peakRssMB: null, note: `${(big.byteLength / 1048576).toFixed(1)} MB; baseline = the attachment check without the taxonomy` },
  ];
  return {
    name: 'taxonomy',
    figures: { dtsLoadMs: round(load, 1), dtsCachedMs: round(cached, 3), dtsDocuments: documents, dtsConcepts: concepts, attachmentBytes: big.byteLength, attachmentWithoutMs: round(without, 1), attachmentWithMs: round(withTaxonomy, 1), taxonomyAddedMs: round(added, 1) },
    rows,
    targets: [
      { description: `CT2015's DTS loads in under 1 s (${round(load, 1)} ms)`, met: load < 1000 },
      { description: `the cached DTS is ready at once (${round(cached, 3)} ms)`, met: cached < 5 },
      { description: `checking a 20 MB attachment against the taxonomy adds under 2 s (${round(added, 1)} ms)`, met: added < 2000 },
    ],
  };
}
