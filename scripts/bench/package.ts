/**
 * Report package figures: build and validate a package with a 5 MB report and
 * 200 taxonomy files; time to refuse a 100,000-entry zip and 1 GB bombs (an
 * honest header and a lying one); time to refuse bombs that pass every size
 * cap (90 MB in base64ZipFiles, 250 MB in a dropped package) by their
 * compression ratio; peak RSS growth over the run.
 * Target: each hostile zip refused in under 2 s.
 */
import JSZip from 'jszip';
import type { BenchResult } from '../bench.js';
import { RequestValidationError } from '../../main/engine/errors.js';
import { createReportPackage, isValidResult, validatePackage } from '../../main/engine/package/index.js';
import { rawZip, zeroBomb } from '../../test/fixtures/raw-zip.js';
import { sized, type BenchOptions } from './lib/cases.js';

export async function run(options?: BenchOptions): Promise<BenchResult> {
  const reportBytes = sized(options, 5 * 1024 * 1024, 64 * 1024);
  const taxonomyFiles = sized(options, 200, 5);
  const rssStart = process.memoryUsage().rss;
  let rssPeak = rssStart;
  const sample = () => {
    rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
  };
  const timer = setInterval(sample, 5);

  const request = await bigRequest(reportBytes, taxonomyFiles);
  const t0 = performance.now();
  const built = await createReportPackage(request, { includeHash: true });
  const buildMs = performance.now() - t0;
  sample();
  const bytes = Buffer.from(built.zipContentBase64, 'base64');
  const t1 = performance.now();
  const result = await validatePackage('ACME-2024.xbri', bytes);
  const validateMs = performance.now() - t1;
  if (!isValidResult(result)) throw new Error('the benchmark package did not validate');

  const manyEntries = zipWithEntries(100_000);
  const refuseManyMs = await timeRefusal(request, manyEntries);
  const bomb = bombZip(1024 * 1024 * 1024, true);
  const refuseBombMs = await timeRefusal(request, bomb);
  const lyingBomb = bombZip(1024 * 1024 * 1024, false);
  const refuseLyingBombMs = await timeRefusal(request, lyingBomb);
  const ratioBombMs = await timeRefusal(request, bombZip(90 * 1024 * 1024, true));
  const t3 = performance.now();
  await validatePackage('ratio-bomb.xbri', bombZip(250 * 1024 * 1024, true)).then(
    () => {
      throw new Error('a 250 MB bomb was validated');
    },
    (err: unknown) => {
      if (!(err instanceof RequestValidationError)) throw err;
    },
  );
  const validateRefuseRatioBombMs = performance.now() - t3;
  const t2 = performance.now();
  await validatePackage('bomb.xbri', lyingBomb).catch((err: unknown) => {
    if (!(err instanceof RequestValidationError)) throw err;
  });
  const validateRefuseBombMs = performance.now() - t2;
  clearInterval(timer);
  sample();

  const round = (n: number) => Math.round(n * 10) / 10;
  return {
    name: 'package',
    figures: {
      reportBytes,
      taxonomyFiles,
      packageBytes: bytes.length,
      buildMs: round(buildMs),
      validateMs: round(validateMs),
      refuse100kEntriesMs: round(refuseManyMs),
      refuse1GbBombMs: round(refuseBombMs),
      refuse1GbLyingBombMs: round(refuseLyingBombMs),
      validateRefuse1GbLyingBombMs: round(validateRefuseBombMs),
      refuse90MbRatioBombMs: round(ratioBombMs),
      validateRefuse250MbRatioBombMs: round(validateRefuseRatioBombMs),
      peakRssGrowthMB: round((rssPeak - rssStart) / 1024 / 1024),
    },
    rows: [
      { case: `Report package build, ${(reportBytes / 1048576).toFixed(2)} MB report and ${taxonomyFiles} taxonomy files, with hash`, oursMs: round(buildMs), baselineMs: null, ratio: null, peakRssMB: round((rssPeak - rssStart) / 1024 / 1024), note: 'the ratio to zip -6 is in package-ratio' },
      { case: 'Report package validation of that package', oursMs: round(validateMs), baselineMs: null, ratio: null, peakRssMB: null },
      { case: 'Report package: refuse a 100,000-entry zip', oursMs: round(refuseManyMs), baselineMs: null, ratio: null, peakRssMB: null },
      { case: 'Report package: refuse a 1 GB bomb (honest header / lying header)', oursMs: round(Math.max(refuseBombMs, refuseLyingBombMs)), baselineMs: null, ratio: null, peakRssMB: null, note: `honest ${round(refuseBombMs)} ms, lying ${round(refuseLyingBombMs)} ms, dropped ${round(validateRefuseBombMs)} ms` },
      { case: 'Report package: refuse bombs under the size caps by their ratio (90 MB built, 250 MB dropped)', oursMs: round(Math.max(ratioBombMs, validateRefuseRatioBombMs)), baselineMs: null, ratio: null, peakRssMB: null },
    ],
    targets: [
      { description: 'refuse a 100,000-entry zip in under 2 s', met: refuseManyMs < 2000 },
      { description: 'refuse a 1 GB bomb (honest header) in under 2 s', met: refuseBombMs < 2000 },
      { description: 'refuse a 1 GB bomb (lying header) in under 2 s', met: refuseLyingBombMs < 2000 },
      { description: 'validator refuses a dropped 1 GB bomb in under 2 s', met: validateRefuseBombMs < 2000 },
      { description: 'refuse a 90 MB bomb in base64ZipFiles (under the size caps) in under 2 s', met: ratioBombMs < 2000 },
      { description: 'validator refuses a dropped 250 MB bomb (under the size cap) in under 2 s', met: validateRefuseRatioBombMs < 2000 },
    ],
  };
}

async function timeRefusal(request: Record<string, unknown>, zip: Buffer): Promise<number> {
  const start = performance.now();
  try {
    await createReportPackage({ ...request, base64ZipFiles: zip.toString('base64') }, { includeHash: false });
  } catch (err) {
    if (err instanceof RequestValidationError) return performance.now() - start;
    throw err;
  }
  throw new Error('a hostile zip was accepted');
}

async function bigRequest(reportBytes: number, taxonomyFiles: number): Promise<Record<string, unknown>> {
  // ~5 MB of inline XBRL-looking text (varied, so it does not compress to nothing).
  const rows: string[] = [];
  let size = 0;
  for (let i = 0; size < reportBytes; i++) {
    const row = `<tr><td>Line ${i}</td><td><ix:nonFraction name="acme:Item${i % 977}" contextRef="c${i % 13}" unitRef="GBP" decimals="0">${(i * 7919) % 1000003}</ix:nonFraction></td></tr>\n`;
    rows.push(row);
    size += row.length;
  }
  const report = `<?xml version="1.0" encoding="UTF-8"?>
<html xmlns="http://www.w3.org/1999/xhtml" xmlns:ix="http://www.xbrl.org/2013/inlineXBRL" xmlns:link="http://www.xbrl.org/2003/linkbase" xmlns:xlink="http://www.w3.org/1999/xlink">
<body><div style="display:none"><ix:header><ix:references><link:schemaRef xlink:type="simple" xlink:href="http://example.com/acme/2024/acme-2024.xsd"/></ix:references></ix:header></div>
<table>${rows.join('')}</table></body></html>
`.slice(0, reportBytes);
  const zip = new JSZip();
  for (let i = 0; i < taxonomyFiles; i++) {
    zip.file(`example.com/acme/2024/part-${String(i).padStart(3, '0')}.xsd`, `<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema" targetNamespace="http://example.com/acme/2024/p${i}">${'<xs:element name="E" type="xs:string"/>'.repeat(20 + (i % 50))}</xs:schema>`);
  }
  zip.file('example.com/acme/2024/acme-2024.xsd', '<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema"/>');
  return {
    name: 'ACME 2024',
    identifier: 'http://example.com/acme/2024/package',
    reportPackageName: 'ACME-2024',
    reportName: 'acme.xhtml',
    reportBase64Content: Buffer.from(report).toString('base64'),
    base64ZipFiles: Buffer.from(await zip.generateAsync({ type: 'uint8array', compression: 'DEFLATE' })).toString('base64'),
    entrypoints: [{ name: 'ACME', entryPointDocument: { href: 'http://example.com/acme/2024/acme-2024.xsd' } }],
  };
}

/** Stored empty entries; zip64 end records because the count needs more than 16 bits. */
function zipWithEntries(count: number): Buffer {
  return rawZip(Array.from({ length: count }, (_, i) => ({ name: `t/${i}.xsd` })));
}

/** One entry that inflates to `size` zeros; `honest` decides whether the header says so. */
function bombZip(size: number, honest: boolean): Buffer {
  const bomb = zeroBomb(size);
  return rawZip([{ name: 'tax/bomb.xsd', deflated: bomb.deflated, crc: bomb.crc, declaredSize: honest ? size : 1000 }]);
}
