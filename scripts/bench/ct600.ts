/**
 * CT600 engine against the native route to the same IRmark. For 1, 5 and 20
 * MB of inline XBRL attached: building the return (message and IRmark) and
 * verifying the built document's IRmark, each against `xmllint --huge --c14n`
 * of the Body piped to `openssl sha1`. Then, in a child process, the peak
 * resident-set growth while building a return with 20 MB attached, as a
 * multiple of the attachment size.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import type { BenchResult } from '../bench.js';
import { buildCt600, verifyIrmark } from '../../main/engine/ct600/index.js';
import { bodyForNativeRoute, returnWithAttachments } from './lib/ct600-inputs.js';
import { interleaved, requireTools, round, row, RUNS, sh, type SummaryRow } from './lib/measure.js';
import { runReportingChild } from './lib/child-report.js';
import { sized, type BenchOptions } from './lib/cases.js';
import type { MemoryFigures } from './lib/ct600-memory-child.js';

const here = fileURLToPath(new URL('.', import.meta.url));

export async function run(options?: BenchOptions): Promise<BenchResult> {
  const sizesMB = sized(options, [1, 5, 20], [0.01]);
  const memoryMB = sized(options, 20, 0.05);
  const runs = sized(options, RUNS, 1);
  const typicalBuilds = sized(options, 50, 2);
  requireTools('xmllint', 'openssl');
  const dir = mkdtempSync(join(tmpdir(), 'fd-bench-ct600-'));
  const rows: SummaryRow[] = [];
  const figures: Record<string, number | string> = {};
  try {
    const t0 = performance.now();
    const typical = returnWithAttachments(2000);
    for (let i = 0; i < typicalBuilds; i++) buildCt600(typical);
    figures['build typical return (ms)'] = round((performance.now() - t0) / typicalBuilds, 2);

    for (const mb of sizesMB) {
      const request = returnWithAttachments(mb * 1_000_000);
      const built = buildCt600(request);
      const message = Buffer.from(built.xmlDoc, 'base64');
      const bodyPath = join(dir, `body-${mb}.xml`);
      writeFileSync(bodyPath, bodyForNativeRoute(message.toString('utf8')));
      const native = () => sh(`xmllint --huge --c14n '${bodyPath}' | openssl sha1 -binary | base64`).trim();
      // The two routes must agree, or the comparison means nothing.
      if (native() !== built.irMark) throw new Error(`the native route's IRmark differs at ${mb} MB`);
      const build = await interleaved(() => buildCt600(request), native, runs);
      rows.push(row(`CT600 build with IRmark, ${mb} MB attachments`, build));
      const verify = await interleaved(() => {
        if (!verifyIrmark(message).matches) throw new Error('the built document does not verify');
      }, native, runs);
      rows.push(row(`CT600 IRmark verification, ${mb} MB attachments`, verify, `document ${round(message.length / 1048576, 1)} MiB`));
    }

    const mem = await runReportingChild<MemoryFigures>(['--expose-gc', '--import', 'tsx', join(here, 'lib', 'ct600-memory-child.ts'), String(memoryMB)]);
    rows.push({
      case: `CT600 build memory: peak RSS growth / attachment size, ${memoryMB} MB attachments`,
      oursMs: null,
      baselineMs: null,
      ratio: round(mem.growthMB / mem.attachmentMB, 2),
      peakRssMB: round(mem.peakMB, 0),
      note: `growth ${round(mem.growthMB, 1)} MB over ${round(mem.attachmentMB, 1)} MB of attachments (base64); ${round(mem.growthMB / mem.ixbrlMB, 2)}× the ${round(mem.ixbrlMB, 1)} MB of iXBRL they encode`,
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const ratioOf = (prefix: string) => rows.find((r) => r.case.startsWith(prefix))?.ratio ?? Number.POSITIVE_INFINITY;
  return {
    name: 'ct600',
    figures,
    rows,
    targets: [
      { description: 'a typical return builds in under 20 ms', met: Number(figures['build typical return (ms)']) < 20 },
      { description: 'CT600 build with IRmark at 20 MB ≤ 1.0× the xmllint + openssl route', met: ratioOf('CT600 build with IRmark, 20 MB') <= 1.0 },
      { description: 'CT600 IRmark verification at 20 MB ≤ 1.0× the xmllint + openssl route', met: ratioOf('CT600 IRmark verification, 20 MB') <= 1.0 },
      { description: 'CT600 build memory ≤ 4× the attachment size', met: ratioOf('CT600 build memory') <= 4 },
    ],
  };
}
