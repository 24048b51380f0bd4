import { describe, expect, it } from 'vitest';
import { refusalText } from '../../../renderer/src/features/package/FilesStep.js';

describe('the words of a refused taxonomy file', () => {
  it('says "Refused" once, whether or not the engine’s own words begin with it', () => {
    expect(refusalText('refused: the name uses "CON.xsd", a device name', null)).toBe('Refused: the name uses "CON.xsd", a device name');
    expect(refusalText('too many files in the package', null)).toBe('Refused: too many files in the package');
  });

  it('names the file inside a dropped zip before the reason', () => {
    expect(refusalText('refused: the entry is encrypted', 'acme.zip › acme/acme.xsd')).toBe('Refused: acme.zip › acme/acme.xsd: the entry is encrypted');
  });
});
