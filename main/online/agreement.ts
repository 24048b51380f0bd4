/**
 * Do the service and the local engine agree? For the same figures (the same
 * draft fingerprint) both should give the same document and IRmark, or the
 * same package bytes and hash. A pure function, so the review step and the
 * tests see the same answer.
 */
import type { BuildAgreement } from '../../preload/contract.js';

export interface BuiltResult {
  bytes: Uint8Array;
  /** The IRmark (CT600) or the package hash; undefined when that side gave none. */
  mark?: string;
}

const EXCERPT = 40;

/** Where two byte strings first differ, with the line (1-based) and a little text either side. */
export function firstDifference(engine: Uint8Array, service: Uint8Array): BuildAgreement['firstDifference'] {
  const shorter = Math.min(engine.length, service.length);
  let offset = 0;
  while (offset < shorter && engine[offset] === service[offset]) offset++;
  if (offset === shorter && engine.length === service.length) return null;
  let line = 1;
  for (let i = 0; i < offset; i++) if (engine[i] === 0x0a) line++;
  const from = Math.max(0, offset - EXCERPT);
  const text = (b: Uint8Array) => Buffer.from(b.subarray(from, offset + EXCERPT)).toString('latin1').replace(/[^\x20-\x7e\n\t]/g, '·');
  return { offset, line, engine: text(engine), service: text(service) };
}

export function compareBuilds(
  kind: 'ct600' | 'report-package',
  fingerprint: string,
  engine: BuiltResult,
  service: BuiltResult,
  comparedAt: Date,
): BuildAgreement {
  const difference = firstDifference(engine.bytes, service.bytes);
  const bytesPart = kind === 'ct600' ? 'document' : 'package';
  const markPart = kind === 'ct600' ? 'irmark' : 'hash';
  const describe = (b: BuiltResult) => `${b.bytes.length} bytes`;
  const parts: BuildAgreement['parts'] = [{ part: bytesPart, agrees: difference === null, engine: describe(engine), service: describe(service) }];
  // A hash only one side computed (the switch was off for the other) is not a disagreement about the package.
  if (kind === 'ct600' || (engine.mark !== undefined && service.mark !== undefined)) {
    parts.push({ part: markPart, agrees: engine.mark === service.mark, engine: engine.mark ?? '(none)', service: service.mark ?? '(none)' });
  }
  return { fingerprint, comparedAt: comparedAt.toISOString(), agrees: parts.every((p) => p.agrees), parts, firstDifference: difference };
}
