/**
 * The merge limits leave room for the generated entries, and every refusal
 * over them names base64ZipFiles (a request field) and the rule.
 */
import { describe, expect, it } from 'vitest';
import { createReportPackage, DEFAULT_ZIP_LIMITS } from '../../../main/engine/package/index.js';
import { rawZip } from '../../fixtures/raw-zip.js';
import { mergeRefusalOf, minimalPackageRequest } from './minimal-request.js';

const base = minimalPackageRequest();
const bytes = new TextEncoder().encode('x');

describe('entry-count headroom for the generated files', () => {
  it('refuses, naming base64ZipFiles, an archive that leaves no room for the generated entries', async () => {
    const names = Array.from({ length: DEFAULT_ZIP_LIMITS.maxEntries - 2 }, (_, i) => `t/${i}.xsd`);
    const error = await mergeRefusalOf(names);
    expect(error.field).toBe('base64ZipFiles');
    expect(error.message).toMatch(/entries/);
  });

  it('accepts the most entries it advertises and builds the package', async () => {
    const { maxEntries } = DEFAULT_ZIP_LIMITS;
    const limits = { ...DEFAULT_ZIP_LIMITS, maxEntries: 40 };
    const fits = rawZip(Array.from({ length: 36 }, (_, i) => ({ name: `t/${i}.xsd`, data: bytes })));
    const built = await createReportPackage({ ...base, base64ZipFiles: fits.toString('base64') }, { includeHash: false }, { limits });
    expect(built.zipContentBase64.length).toBeGreaterThan(0);
    const over = rawZip(Array.from({ length: 37 }, (_, i) => ({ name: `t/${i}.xsd`, data: bytes })));
    await expect(createReportPackage({ ...base, base64ZipFiles: over.toString('base64') }, { includeHash: false }, { limits })).rejects.toMatchObject({
      errors: [{ field: 'base64ZipFiles' }],
    });
    expect(maxEntries).toBeGreaterThan(40);
  });
});
