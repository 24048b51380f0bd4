/**
 * Every status tag in the window (task list, drafts, deadlines, outbox) is
 * small bold text on a tint: WCAG 1.4.3 asks 4.5:1 for it, in the light and
 * the dark theme alike. The e2e accessibility check sees only the tags the
 * journeys happen to show; this reads every tag rule from the style sheets.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const src = join(import.meta.dirname, '..', '..', '..', 'renderer', 'src');
const sheets = ['styles.css', 'components/components.css', 'features/deadlines/deadlines.css', 'features/online/online.css'].map((f) => readFileSync(join(src, f), 'utf8'));
const root = readFileSync(join(src, 'styles.css'), 'utf8');

function variables(block: string): Map<string, string> {
  return new Map([...block.matchAll(/--([\w-]+):\s*(#[0-9a-f]{6})/gi)].map((m) => [m[1]!, m[2]!.toLowerCase()]));
}
const light = variables(root.slice(0, root.indexOf('@media (prefers-color-scheme: dark)')));
const dark = new Map([...light, ...variables(root.slice(root.indexOf('@media (prefers-color-scheme: dark)')))]);

function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}
function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

/** Each rule whose selector names a tag, with the variables it sets for ink and background. */
const tagRules = sheets.flatMap((css) =>
  [...css.matchAll(/([^{}]*tag[^{}]*)\{([^}]*)\}/g)]
    .filter((m) => /(^|[\s,])\.[\w-]*tag(--[\w-]+)?\b/.test(m[1]!) && !/derived__tag|coming-later__tag|deadline-heading/.test(m[1]!))
    .map((m) => ({
      selector: m[1]!.trim(),
      ink: /(?:^|;)\s*color:\s*var\(--([\w-]+)\)/.exec(m[2]!)?.[1],
      background: /background:\s*var\(--([\w-]+)\)/.exec(m[2]!)?.[1],
    })),
);

describe('status tag colours', () => {
  it('finds the tag rules of every screen', () => {
    expect(tagRules.map((r) => r.selector)).toEqual(expect.arrayContaining(['.tag--green', '.tag--red', '.tag--state-built', '.state-tag--failed']));
  });

  for (const [theme, vars] of [['light', light], ['dark', dark]] as const) {
    it(`keeps 4.5:1 for every tag's text in the ${theme} theme, on its tint or, without one, on the page and the cards`, () => {
      const weak: string[] = [];
      for (const rule of tagRules) {
        const ink = vars.get(rule.ink ?? 'ink')!;
        const grounds = rule.background ? [rule.background] : ['paper', 'canvas', 'tag-bg'];
        for (const ground of grounds) {
          const ratio = contrast(ink, vars.get(ground)!);
          if (ratio < 4.5) weak.push(`${rule.selector}: --${rule.ink ?? 'ink'} on --${ground} is ${ratio.toFixed(2)}:1`);
        }
      }
      expect(weak).toEqual([]);
    });
  }
});
