/**
 * Run in a child process by the hostile-replies benchmark: does with one
 * reply of the given shape and size what the filing desk does with any reply
 * (reads it, masks the credentials in the text kept in the log, masks the
 * password's every form in what the record keeps) and sends its parent the
 * CPU time of each run and how far the resident set rose. A child of its own
 * per shape, so no other shape's garbage is on its heap.
 */
import { parseGatewayReply, ReplyFormatError } from '../../../main/filing/gateway-reply.js';
import { maskCredentials, maskSecrets } from '../../../main/filing/submission-message.js';
import { hostileReply, type HostileShape } from './hostile-replies.js';
import { median, peakRssMB, resetPeakRss, rssMB } from './measure.js';

export interface HostileReplyFigures {
  shape: HostileShape;
  bytes: number;
  /** "acknowledgement", "error", … or "refused: <why>". */
  verdict: string;
  cpuMs: number;
  cpuRuns: number[];
  beforeMB: number;
  peakMB: number;
}

const shape = process.argv[2] as HostileShape;
const bytes = Number(process.argv[3]);
const runs = Number(process.argv[4] ?? 3);
const credentials = [{ senderId: 'AGENT-USER-8841', password: 'Gw-pass-word-5521!' }];
const ours = { messageClass: 'HMRC-CT-CT600-TIL', transactionId: 'A1B2C3D4E5F60718293A4B5C6D7E8F90', correlationId: '0123456789ABCDEF0123456789ABCDEF', pollUrl: 'https://test-transaction-engine.tax.service.gov.uk/poll' };

function handle(body: Buffer): string {
  let verdict: string;
  try {
    const reply = parseGatewayReply(body);
    verdict = reply.kind;
    maskSecrets(reply, credentials);
  } catch (err) {
    if (!(err instanceof ReplyFormatError)) throw err;
    verdict = `refused: ${err.message}`;
  }
  const text = body.toString('utf8');
  maskSecrets(maskCredentials(text), credentials);
  return verdict;
}

// Warm up on a small reply of the same shape, so loading and compiling the code is not counted.
handle(Buffer.from(hostileReply(shape, ours, 16 * 1024)));
const body = Buffer.from(hostileReply(shape, ours, bytes));
(globalThis as { gc?: () => void }).gc?.();
const before = rssMB();
resetPeakRss();
let verdict = '';
const cpuRuns: number[] = [];
let peak = 0;
for (let i = 0; i < runs; i++) {
  const start = process.cpuUsage();
  verdict = handle(body);
  const used = process.cpuUsage(start);
  cpuRuns.push((used.user + used.system) / 1000);
  if (i === 0) peak = peakRssMB();
  (globalThis as { gc?: () => void }).gc?.();
}
const figures: HostileReplyFigures = { shape, bytes: body.length, verdict, cpuMs: median(cpuRuns), cpuRuns, beforeMB: before, peakMB: peak };
if (!process.send) throw new Error("hostile-reply-child.ts reports on an IPC channel: spawn it with stdio [..., 'ipc']");
process.send(figures);
