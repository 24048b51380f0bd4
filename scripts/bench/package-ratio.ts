/**
 * Report package builder and validator against Info-ZIP on the same content.
 * Two packages of taxonomy and report content, 50 files / 5 MB and 2,000
 * files / 50 MB: building ours (request in, validated package bytes out)
 * against `zip -X -r -6` of the same tree on disk, and validating the result
 * against `unzip -t`.
 */
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import JSZip from 'jszip';
import type { BenchResult } from '../bench.js';
import { buildReportPackage } from '../../main/engine/package/create-report-package.js';
import { isValidResult, validatePackage } from '../../main/engine/package/index.js';
import { openZip } from '../../main/engine/package/zip-reader.js';
import { ixbrlText } from './lib/ct600-inputs.js';
import { interleaved, requireTools, round, row, RUNS, sh, type SummaryRow } from './lib/measure.js';
import { sized, type BenchOptions } from './lib/cases.js';

/** A taxonomy schema of about `bytes` bytes (varied element names, as real ones are). */
function taxonomyFile(i: number, bytes: number): string {
  const parts = [`<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema" targetNamespace="http://example.com/acme/2024/p${i}">\n`];
  let size = parts[0]!.length;
  for (let j = 0; size < bytes; j++) {
    const e = `  <xs:element name="Item${i}x${j}" id="acme_Item${i}x${j}" type="xbrli:monetaryItemType" substitutionGroup="xbrli:item" xbrli:periodType="${j % 3 ? 'duration' : 'instant'}" nillable="true"/>\n`;
    parts.push(e);
    size += e.length;
  }
  parts.push('</xs:schema>\n');
  return parts.join('');
}

export async function requestOf(files: number, totalBytes: number): Promise<Record<string, unknown>> {
  const reportBytes = Math.floor(totalBytes / 5);
  const perFile = Math.floor((totalBytes - reportBytes) / (files - 1));
  const zip = new JSZip();
  for (let i = 0; i < files - 2; i++) zip.file(`example.com/acme/2024/part-${String(i).padStart(4, '0')}.xsd`, taxonomyFile(i, perFile));
  zip.file('example.com/acme/2024/acme-2024.xsd', '<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema"/>');
  const report = ixbrlText(reportBytes, 3).replace('<body>', '<body><div style="display:none"><ix:header><ix:references><link:schemaRef xmlns:link="http://www.xbrl.org/2003/linkbase" xmlns:xlink="http://www.w3.org/1999/xlink" xlink:type="simple" xlink:href="http://example.com/acme/2024/acme-2024.xsd"/></ix:references></ix:header></div>');
  return {
    name: 'ACME 2024',
    identifier: 'http://example.com/acme/2024/package',
    reportPackageName: 'ACME-2024',
    reportName: 'acme.xhtml',
    reportBase64Content: Buffer.from(`${report}</table></body></html>\n`).toString('base64'),
    // Stored: unpacking the request is part of our build, not of zip's.
    base64ZipFiles: Buffer.from(await zip.generateAsync({ type: 'uint8array', compression: 'STORE' })).toString('base64'),
    entrypoints: [{ name: 'ACME', entryPointDocument: { href: 'http://example.com/acme/2024/acme-2024.xsd' } }],
  };
}

export async function run(options?: BenchOptions): Promise<BenchResult> {
  const sizes = sized<(readonly [number, number])[]>(options, [[50, 5], [2000, 50]], [[5, 0.05]]);
  const runs = sized(options, RUNS, 1);
  requireTools('zip', 'unzip');
  const rows: SummaryRow[] = [];
  const figures: Record<string, number | string> = {};
  const dir = mkdtempSync(join(tmpdir(), 'fd-bench-package-'));
  try {
    for (const [files, mb] of sizes) {
      const label = `${files} files / ${mb} MB`;
      const request = await requestOf(files, mb * 1_000_000);
      const built = await buildReportPackage(request);
      // The same tree on disk, file for file, for zip to pack.
      const tree = join(dir, `tree-${files}`);
      const archive = openZip(built.zip);
      let contentBytes = 0;
      for (const entry of archive.entries) {
        const path = join(tree, entry.name);
        mkdirSync(dirname(path), { recursive: true });
        const bytes = archive.read(entry);
        contentBytes += bytes.length;
        writeFileSync(path, bytes);
      }
      figures[`${label}: entries`] = archive.entries.length;
      figures[`${label}: content bytes`] = contentBytes;
      figures[`${label}: our package bytes`] = built.zip.length;
      const zipPath = join(dir, `native-${files}.zip`);
      const nativeZip = () => {
        rmSync(zipPath, { force: true });
        sh(`cd '${tree}' && zip -X -r -6 -q '${zipPath}' ACME-2024`);
      };
      const build = await interleaved(() => buildReportPackage(request), nativeZip, runs);
      rows.push(row(`Report package build, ${label}`, build, `ours ${built.zip.length} B, zip -6 ${sh(`stat -c %s '${zipPath}'`).trim()} B`));

      const ourPath = join(dir, `ours-${files}.xbri`);
      writeFileSync(ourPath, built.zip);
      const validate = await interleaved(
        async () => {
          if (!isValidResult(await validatePackage('ACME-2024.xbri', built.zip))) throw new Error('the benchmark package did not validate');
        },
        () => sh(`unzip -tqq '${ourPath}'`),
        runs,
      );
      rows.push(row(`Report package validation, ${label}`, validate));
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const ratioOf = (name: string) => rows.find((r) => r.case === name)?.ratio ?? Number.POSITIVE_INFINITY;
  return {
    name: 'package-ratio',
    figures: Object.fromEntries(Object.entries(figures).map(([k, v]) => [k, round(v as number, 0)])),
    rows,
    targets: [
      { description: 'report package build at 2,000 files / 50 MB ≤ 1.2× zip -6', met: ratioOf('Report package build, 2000 files / 50 MB') <= 1.2 },
      { description: 'report package validation at 2,000 files / 50 MB ≤ 2× unzip -t', met: ratioOf('Report package validation, 2000 files / 50 MB') <= 2 },
    ],
  };
}
