import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = join(fileURLToPath(new URL('.', import.meta.url)), '..', '..', '..');
/** Reference material lives beside the repository and is read, never copied. */
export const sharedDir = join(repoRoot, '..', 'shared');
export const conformanceDir = join(sharedDir, 'xbrl', 'conformance');
export const schemasDir = join(sharedDir, 'xbrl', 'schemas');
