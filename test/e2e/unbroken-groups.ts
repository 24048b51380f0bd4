/**
 * Whether the groups of a reference are kept whole on screen: an IRmark's
 * groups of four, a UTR's two halves, a file name's parts between hyphens
 * and dots. Each group's characters are measured with a DOM Range; a group
 * whose boxes sit on more than one line was broken inside.
 */
import type { Locator } from 'playwright-core';

/** The groups of the element's text (split at spaces, and at `separators` too) that are drawn over more than one line. */
export async function brokenGroups(element: Locator, separators = /\s+/): Promise<string[]> {
  return element.evaluate(
    (el, source) => {
      const split = new RegExp(source, 'g');
      const broken: string[] = [];
      const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent ?? '';
        let start = 0;
        const ends = [...text.matchAll(split)].map((m) => [m.index!, m.index! + m[0].length] as const);
        for (const [gapStart, gapEnd] of [...ends, [text.length, text.length] as const]) {
          if (gapStart > start) {
            const range = document.createRange();
            range.setStart(node, start);
            range.setEnd(node, gapStart);
            const lines = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
            if (lines.size > 1) broken.push(text.slice(start, gapStart));
          }
          start = gapEnd;
        }
      }
      return broken;
    },
    separators.source,
  );
}

/** How many lines the element's text takes. */
export async function linesOf(element: Locator): Promise<number> {
  return element.evaluate((el) => {
    const range = document.createRange();
    range.selectNodeContents(el);
    return new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top))).size;
  });
}
