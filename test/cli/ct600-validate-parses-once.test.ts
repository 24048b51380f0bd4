/** `ct600 validate` reads a return's XML once: the kind is found from the document the checks then use. */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { buildCt600 } from '../../main/engine/ct600/index.js';
import { fullReturn } from '../fixtures/ct600-requests.js';

let parses = 0;
vi.mock('../../main/engine/ct600/xml-dom.js', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../main/engine/ct600/xml-dom.js')>();
  return {
    ...real,
    readXml: (...args: Parameters<typeof real.readXml>) => {
      parses++;
      return real.readXml(...args);
    },
  };
});

const { validateReturnFile } = await import('../../main/cli/ct600-validate.js');

describe('ct600 validate', () => {
  it('parses each return once and still runs every check on it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'fd-validate-once-'));
    const file = join(dir, 'return.xml');
    writeFileSync(file, Buffer.from(buildCt600(fullReturn(), { vendorId: '1234' }).xmlDoc, 'base64'));
    parses = 0;
    const result = await validateReturnFile(file);
    expect(parses).toBe(1);
    expect(result.status).toBe('valid');
  });
});
