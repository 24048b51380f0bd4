/** Paths into ../shared (reference data the tests read; never copied into the repo). */
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';

export const repoRoot = join(fileURLToPath(new URL('.', import.meta.url)), '..', '..');
export const sharedDir = join(repoRoot, '..', 'shared');
export const ct600Vectors = join(sharedDir, 'ct600', 'vectors');
export const ct600EnvelopeXsd = join(sharedDir, 'ct600', 'xsd', 'ct600-with-envelope.xsd');
