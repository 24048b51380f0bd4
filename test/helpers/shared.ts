/** Paths into ../shared (reference data the tests read; never copied into the repo). */
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';

export const repoRoot = join(fileURLToPath(new URL('.', import.meta.url)), '..', '..');
export const sharedDir = join(repoRoot, '..', 'shared');
export const ct600Vectors = join(sharedDir, 'ct600', 'vectors');
export const ct600XsdDir = join(sharedDir, 'ct600', 'xsd');
/** HMRC's artefacts as published: the v1.994 CT schema and the envelope beside it. */
export const ct600HmrcDir = join(sharedDir, 'ct600', 'hmrc');
/** Driver for the v1.991 CT schema with the envelope (see ct600V1994Schema in xmllint.ts for v1.994). */
export const ct600EnvelopeXsd = join(ct600XsdDir, 'ct600-with-envelope.xsd');
