/**
 * What a reply built to be slow or large costs the filing desk at the 4 MiB
 * reply limit, against a well-formed reply of the same size read the same
 * way in the same run: CPU time (median of runs) and the peak resident set,
 * per shape — unclosed comments, a comment of "<Authentication>" openers, a
 * million empty elements, some 36,000 business errors, nesting 100,000 deep,
 * nothing but references. Each shape runs in a child process of its own
 * (lib/hostile-reply-child.ts): read, credentials masked for the log, the
 * password's every form masked for the record, as the desk does.
 */
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BenchResult } from '../bench.js';
import { MAX_REPLY_BYTES } from '../../main/filing/protocol-rules.js';
import { sized, type BenchOptions } from './lib/cases.js';
import { runReportingChild } from './lib/child-report.js';
import type { HostileReplyFigures } from './lib/hostile-reply-child.js';
import { HOSTILE_SHAPES, SHAPE_NAMES, type HostileShape } from './lib/hostile-replies.js';
import { round, type SummaryRow } from './lib/measure.js';

const here = fileURLToPath(new URL('.', import.meta.url));
/** What any reply up to the limit may cost, the bounds the filing desk is held to. */
const MAX_CPU_MS = 1000;
const MAX_PEAK_MB = 300;

const measure = (shape: HostileShape, bytes: number, runs: number) =>
  runReportingChild<HostileReplyFigures>(['--expose-gc', '--import', 'tsx', join(here, 'lib', 'hostile-reply-child.ts'), shape, String(bytes), String(runs)]);

export async function run(options?: BenchOptions): Promise<BenchResult> {
  const bytes = sized(options, MAX_REPLY_BYTES - 1024, 64 * 1024);
  const runs = sized(options, 3, 1);
  // The well-formed reply before and after the hostile ones: the baseline is their mean, so a neighbour's load early or late hits both sides.
  const first = await measure('well-formed', bytes, runs);
  const hostile: HostileReplyFigures[] = [];
  for (const shape of HOSTILE_SHAPES) hostile.push(await measure(shape, bytes, runs));
  const last = await measure('well-formed', bytes, runs);
  const baselineMs = (first.cpuMs + last.cpuMs) / 2;
  const baselinePeak = Math.max(first.peakMB, last.peakMB);
  const mib = round(bytes / 1048576, 2);
  const figures: Record<string, number | string> = {
    [`well-formed reply, ${mib} MiB: CPU (ms)`]: round(baselineMs, 1),
    [`well-formed reply, ${mib} MiB: peak RSS (MB)`]: round(baselinePeak, 0),
  };
  const rows: SummaryRow[] = [];
  const targets: { description: string; met: boolean }[] = [];
  for (const h of hostile) {
    const verdict = h.verdict.length > 90 ? `${h.verdict.slice(0, 90)}…` : h.verdict;
    figures[`${h.shape}: CPU (ms)`] = round(h.cpuMs, 1);
    figures[`${h.shape}: peak RSS (MB)`] = round(h.peakMB, 0);
    figures[`${h.shape}: verdict`] = verdict;
    const oursMs = round(h.cpuMs, 1);
    const base = round(baselineMs, 1);
    rows.push({
      case: `Hostile reply at ${mib} MiB, ${SHAPE_NAMES[h.shape]}: CPU vs a well-formed reply of the same size`,
      oursMs,
      baselineMs: base,
      ratio: round(oursMs / Math.max(base, 0.1), 2),
      peakRssMB: round(h.peakMB, 0),
      note: `peak ${round(h.peakMB / Math.max(baselinePeak, 1), 2)}× the well-formed reply's ${round(baselinePeak, 0)} MB; ${verdict}`,
    });
    targets.push({ description: `${SHAPE_NAMES[h.shape]} at ${mib} MiB: under ${MAX_CPU_MS} ms of CPU and ${MAX_PEAK_MB} MB peak (${round(h.cpuMs, 0)} ms, ${round(h.peakMB, 0)} MB)`, met: h.cpuMs < MAX_CPU_MS && h.peakMB < MAX_PEAK_MB });
  }
  return { name: 'hostile-replies', figures, rows, targets };
}
