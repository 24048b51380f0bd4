/**
 * CT600 engine figures: build time for a typical return and for one carrying
 * the largest attachments HMRC accepts (25 MB of base64), and IRmark
 * verification of the same document.
 */
import { performance } from 'node:perf_hooks';
import type { BenchResult } from '../bench.js';
import { buildCt600, verifyIrmark, type Ct600RequestInput } from '../../main/engine/ct600/index.js';
import { fullReturn } from '../../test/fixtures/ct600-requests.js';

/** The tests' trading company at the small profits rate, with `attachmentBytes` of documents attached (none for 0). */
function typicalReturn(attachmentBytes: number): Ct600RequestInput {
  const half = Buffer.alloc(Math.floor(attachmentBytes / 2), 'x').toString('base64');
  return {
    ...fullReturn(),
    attachedFiles:
      attachmentBytes === 0
        ? undefined
        : [
            { filename: 'accounts.xhtml', value: half, itemsElementName: 0 },
            { filename: 'computations.xhtml', value: half, itemsElementName: 1 },
          ],
  };
}

function time<T>(fn: () => T, runs: number): { ms: number; result: T } {
  let result = fn(); // warm-up
  const start = performance.now();
  for (let i = 0; i < runs; i++) result = fn();
  return { ms: (performance.now() - start) / runs, result };
}

export async function run(): Promise<BenchResult> {
  const small = time(() => buildCt600(typicalReturn(0)), 200);
  // 18.5 MB of documents → about 24.7 MB of base64, just under HMRC's cap.
  const bigRequest = typicalReturn(18_500_000);
  const rssBefore = process.memoryUsage().rss;
  const big = time(() => buildCt600(bigRequest), 3);
  const rssAfter = process.memoryUsage().rss;
  const bigXml = Buffer.from(big.result.xmlDoc, 'base64');
  const verify = time(() => verifyIrmark(bigXml), 3);
  return {
    name: 'ct600',
    figures: {
      'build typical return (ms)': Number(small.ms.toFixed(2)),
      'build with 24.7 MB attachments (ms)': Number(big.ms.toFixed(0)),
      'verify IRmark of that document (ms)': Number(verify.ms.toFixed(0)),
      'document size (MB)': Number((bigXml.length / 1048576).toFixed(1)),
      'RSS growth during large builds (MB)': Number(((rssAfter - rssBefore) / 1048576).toFixed(0)),
    },
    targets: [
      { description: 'a typical return builds in under 20 ms', met: small.ms < 20 },
      { description: 'a return at the 25 MB cap builds in under 5 s', met: big.ms < 5000 },
    ],
  };
}
