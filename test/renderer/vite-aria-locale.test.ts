import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { keepAriaLocale } from '../../renderer/vite.config.js';

const ariaDir = join(dirname(createRequire(import.meta.url).resolve('react-aria/package.json')), 'dist', 'private');

describe('the renderer build keeps React Aria strings in English only', () => {
  it('keeps the en-US import and entry of a real strings file and drops the 33 others', () => {
    const id = join(ariaDir, 'combobox', 'intlStrings.mjs');
    const code = readFileSync(id, 'utf8');
    const out = keepAriaLocale(code, id)!;
    expect(out.match(/^import /gm)).toHaveLength(1);
    expect(out).toMatch(/^import \S+ from "\.\.\/intl\/combobox\/en-US\.mjs";$/m);
    expect(out).toMatch(/^\s*"en-US": \S+,?$/m);
    expect(out).not.toContain('de-DE');
    expect(out).toContain('export {');
  });

  it('leaves every other module alone', () => {
    expect(keepAriaLocale('export const a = 1;', join(ariaDir, 'combobox', 'useComboBox.mjs'))).toBeUndefined();
  });

  it('fails the build when the layout changes instead of shipping no strings', () => {
    expect(() => keepAriaLocale('export default {};', join(ariaDir, 'combobox', 'intlStrings.mjs'))).toThrow(/expected one en-US import/);
  });
});
