/**
 * What "reflows" means on a screen of the window (WCAG 1.4.10 Reflow, 1.4.4
 * Resize text), checked in the page as it is drawn, as a list of faults a
 * developer can act on (none is an empty list):
 * - the page does not scroll sideways, and no box in it does, except a table
 *   with two dimensions of data in a region of its own (role region, a name,
 *   focusable from the keyboard), which scrolls alone with its header row;
 * - nothing sticks out of the window's width, unless inside such a region;
 * - no text is cut: no ellipsis, no box clipping text it has no room for;
 * - no word of a label, heading, button, legend, key or cell is broken
 *   across lines (a 75-pixel column breaks "Taxpayer" into "Taxp / ayer");
 * - no Deadlines row lies over another, no summary-list key over its value.
 */
import type { Page } from 'playwright-core';

export function reflowFaults(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const faults: string[] = [];
    const name = (e: Element) => {
      const classes = typeof e.className === 'string' && e.className.trim() ? `.${e.className.trim().split(/\s+/).join('.')}` : '';
      return `<${e.tagName.toLowerCase()}${e.id ? `#${e.id}` : ''}${classes}> "${(e.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 50)}"`;
    };
    const page = document.scrollingElement!;
    if (page.scrollWidth > page.clientWidth) faults.push(`the page scrolls sideways: ${page.scrollWidth} CSS pixels wide in a window of ${page.clientWidth}`);
    const windowWidth = document.documentElement.clientWidth;

    /** A table that may scroll sideways on its own: a two-dimensional table (a header row and cells) in a named, focusable region. */
    const tableRegion = (e: Element): boolean =>
      e.getAttribute('role') === 'region' &&
      e.getAttribute('tabindex') === '0' &&
      Boolean(e.getAttribute('aria-label') || e.getAttribute('aria-labelledby')) &&
      e.querySelector('table thead th') !== null;
    const insideTableRegion = (e: Element): boolean => {
      for (let node = e.parentElement; node; node = node.parentElement) if (tableRegion(node)) return true;
      return false;
    };
    /** Inside a closed disclosure (details), only its summary is drawn. */
    const folded = (e: Element) => {
      const closed = e.closest('details:not([open])');
      return closed !== null && !closed.querySelector(':scope > summary')?.contains(e);
    };
    /** Text for screen readers only: the visually-hidden class, or its pattern in a layout's own rules (a stacked table's header row). */
    const hiddenCache = new Map<Element, boolean>();
    const screenReaderOnly = (e: Element | null): boolean => {
      if (!e) return false;
      if (!hiddenCache.has(e)) hiddenCache.set(e, e.classList.contains('visually-hidden') || getComputedStyle(e).clipPath === 'inset(50%)' || screenReaderOnly(e.parentElement));
      return hiddenCache.get(e)!;
    };
    const shown = (e: HTMLElement, style: CSSStyleDeclaration) =>
      style.display !== 'none' && style.visibility !== 'hidden' && e.getClientRects().length > 0 && !e.closest('.skip-link') && !screenReaderOnly(e) && !folded(e);
    const ownText = (e: Element) => [...e.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && (n.textContent ?? '').trim() !== '');

    for (const e of document.body.querySelectorAll<HTMLElement>('*')) {
      const style = getComputedStyle(e);
      if (!shown(e, style)) continue;
      const text = (e.textContent ?? '').trim() !== '';
      if (text && style.textOverflow === 'ellipsis' && e.scrollWidth > e.clientWidth) faults.push(`cut short with an ellipsis: ${name(e)}`);
      else if (text && /^(hidden|clip)$/.test(style.overflowX) && e.scrollWidth > e.clientWidth + 1) faults.push(`text cut at its right edge: ${name(e)} (${e.scrollWidth} CSS pixels in ${e.clientWidth})`);
      if (text && /^(hidden|clip)$/.test(style.overflowY) && e.scrollHeight > e.clientHeight + 1) faults.push(`text cut at its foot: ${name(e)} (${e.scrollHeight} CSS pixels in ${e.clientHeight})`);
      if (/^(auto|scroll)$/.test(style.overflowX) && e.scrollWidth > e.clientWidth + 1 && !tableRegion(e))
        faults.push(`scrolls sideways and is not a table in a region of its own: ${name(e)} (${e.scrollWidth} CSS pixels in ${e.clientWidth})`);
      if (ownText(e) && !insideTableRegion(e)) {
        const box = e.getBoundingClientRect();
        if (box.right > windowWidth + 0.5 || box.left < -0.5) faults.push(`outside the window (${Math.round(box.left)} to ${Math.round(box.right)} of ${windowWidth}): ${name(e)}`);
      }
    }

    // Words broken across lines inside what a user reads as one label.
    const labels = document.body.querySelectorAll<HTMLElement>('label, legend, h1, h2, h3, h4, h5, button, th, td, dt, dd, summary, .tag, a');
    for (const e of labels) {
      if (!shown(e, getComputedStyle(e))) continue;
      const walker = document.createTreeWalker(e, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const parent = node.parentElement!;
        // Codes (an IRmark's groups) have rules of their own; screen-reader-only text is not drawn.
        if (screenReaderOnly(parent) || parent.closest('code')) continue;
        for (const word of (node.textContent ?? '').matchAll(/\p{L}[\p{L}’']+/gu)) {
          const range = document.createRange();
          range.setStart(node, word.index);
          range.setEnd(node, word.index + word[0].length);
          const tops = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
          if (tops.size > 1) faults.push(`the word "${word[0]}" broken across lines in ${name(e)}`);
        }
      }
    }

    const rows = [...document.querySelectorAll<HTMLElement>('[data-testid="deadline-row"], .deadline-heading')].map((r) => r.getBoundingClientRect()).sort((a, b) => a.top - b.top);
    for (let i = 1; i < rows.length; i += 1) if (rows[i]!.top < rows[i - 1]!.bottom - 0.5) faults.push(`Deadlines rows overlap at ${Math.round(rows[i]!.top)} CSS pixels down`);
    for (const row of document.querySelectorAll('.summary-list__row')) {
      const [key, value] = [row.querySelector('dt'), row.querySelector('dd')].map((x) => x?.getBoundingClientRect());
      const overlap = key && value && key.right > value.left + 0.5 && key.left < value.right - 0.5 && key.bottom > value.top + 0.5 && key.top < value.bottom - 0.5;
      if (overlap) faults.push(`a key lies over its value: ${name(row)}`);
    }
    return [...new Set(faults)];
  });
}
