/**
 * Run in a child process by the CT600 benchmark: builds one return with the
 * given megabytes of inline XBRL attached and sends its parent how far the
 * resident set rose (in MB of 10^6 bytes, like the attachment size) above where it stood with the request already in memory.
 * A child of its own, so nothing else the benchmark did is on its heap.
 */
import { buildCt600 } from '../../../main/engine/ct600/index.js';
import { returnWithAttachments } from './ct600-inputs.js';
import { peakRssMB, resetPeakRss, rssMB } from './measure.js';

const megabytes = Number(process.argv[2] ?? 20);
const request = returnWithAttachments(megabytes * 1_000_000);
const files = request.attachedFiles as { value: string }[];
const base64Bytes = files.reduce((n, f) => n + f.value.length, 0);
// Warm up on a small return so code loading is not counted as the build's memory.
buildCt600(returnWithAttachments(10_000));
(globalThis as { gc?: () => void }).gc?.();
const before = rssMB();
resetPeakRss();
const response = buildCt600(request);
const peak = peakRssMB();
export interface MemoryFigures {
  beforeMB: number;
  peakMB: number;
  growthMB: number;
  attachmentMB: number;
  ixbrlMB: number;
  xmlDocChars: number;
}
const figures: MemoryFigures = { beforeMB: before, peakMB: peak, growthMB: (peak - before) * 1.048576, attachmentMB: base64Bytes / 1_000_000, ixbrlMB: (base64Bytes * 3) / 4 / 1_000_000, xmlDocChars: response.xmlDoc.length };
// The IPC channel, not stdout: nothing the engine or a library prints can be taken for the figures.
if (!process.send) throw new Error('ct600-memory-child.ts reports on an IPC channel: spawn it with stdio [..., \'ipc\']');
process.send(figures);
