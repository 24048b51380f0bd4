import { describe, expect, it, vi } from 'vitest';
import { referenceCaseZip } from './fixture-packages.js';

// Counts every entry the validator inflates, through the real reader.
const inflated: string[] = [];
vi.mock('../../../main/engine/package/zip-reader.js', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../../main/engine/package/zip-reader.js')>();
  return {
    ...real,
    openZip: (...args: Parameters<typeof real.openZip>) => {
      const archive = real.openZip(...args);
      const read = archive.read.bind(archive);
      archive.read = ((entry: Parameters<typeof read>[0]) => {
        inflated.push(entry.name);
        return read(entry);
      }) as typeof archive.read;
      return archive;
    },
  };
});

const { validatePackage } = await import('../../../main/engine/package/validate-package.js');

describe('validating a report package', () => {
  it('inflates each file once: the bytes of the format check serve the reports, catalog.xml and the taxonomy', async () => {
    inflated.length = 0;
    const result = await validatePackage('remapped.xbri', referenceCaseZip('remapped'));
    const errors = result.validations.flatMap((v) => v.messages).filter((m) => m.category === 'error');
    expect(errors, JSON.stringify(errors)).toEqual([]);
    const counts = new Map<string, number>();
    for (const name of inflated) counts.set(name, (counts.get(name) ?? 0) + 1);
    const catalog = [...counts.keys()].find((n) => n.endsWith('/META-INF/catalog.xml'));
    const reports = [...counts.keys()].filter((n) => n.includes('/reports/'));
    expect(catalog).toBeDefined();
    expect(reports.length).toBeGreaterThan(0);
    expect([...counts].filter(([, count]) => count > 1)).toEqual([]);
  });
});
