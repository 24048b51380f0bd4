/**
 * The Deadlines list scrolls with the page, not in a box of its own, and each
 * row is as tall as its text (a long name or a narrow window wraps it). A
 * firm's list can run to thousands of periods (the benchmark's 1,000 clients
 * with 5 periods each), too many to put in the page at once, so it stays
 * virtualised: only the rows near the view are drawn, each measured once
 * drawn, on the page's own scroll (the content pane's, or the window's when
 * the document itself scrolls).
 */
import { observeWindowOffset, observeWindowRect, useVirtualizer, windowScroll, type Virtualizer } from '@tanstack/react-virtual';
import { useLayoutEffect, useState, type RefObject } from 'react';

/** The nearest ancestor that scrolls vertically; null when none does and the window scrolls the page. */
export function pageScrollerOf(element: Element): HTMLElement | null {
  for (let node = element.parentElement; node; node = node.parentElement) {
    if (node === document.body || node === document.documentElement) return null;
    if (/^(auto|scroll|overlay)$/.test(getComputedStyle(node).overflowY)) return node;
  }
  return null;
}

interface PageListOptions {
  count: number;
  estimateSize: (index: number) => number;
  getItemKey: (index: number) => string;
}

/**
 * A virtualiser over the page's scroll for the list `list` (null until it is
 * in the page), which sits
 * somewhere down the page: its distance from the top of the scrolled content
 * (the scroll margin) is measured again whenever the page around it changes
 * size (`page`: the element holding the list and everything above it).
 */
export function usePageVirtualizer(list: HTMLElement | null, page: RefObject<HTMLElement | null>, options: PageListOptions): Virtualizer<Element, HTMLElement> {
  const [scroller, setScroller] = useState<HTMLElement | Window | null>(null);
  const [margin, setMargin] = useState(0);

  useLayoutEffect(() => {
    const element = list;
    if (!element) return undefined;
    const found = pageScrollerOf(element) ?? window;
    setScroller(found);
    const measure = () => {
      const top = element.getBoundingClientRect().top;
      const offset = found instanceof HTMLElement ? top - found.getBoundingClientRect().top - found.clientTop + found.scrollTop : top + window.scrollY;
      setMargin((known) => (Math.abs(known - offset) < 1 ? known : Math.round(offset)));
    };
    measure();
    if (typeof ResizeObserver === 'undefined' || !page.current) return undefined;
    const observer = new ResizeObserver(measure);
    observer.observe(page.current);
    return () => observer.disconnect();
  }, [list, page]);

  const onWindow = scroller !== null && !(scroller instanceof HTMLElement);
  return useVirtualizer<Element, HTMLElement>({
    ...options,
    overscan: 8,
    scrollMargin: margin,
    getScrollElement: () => scroller as Element | null,
    initialOffset: () => (scroller instanceof HTMLElement ? scroller.scrollTop : typeof window === 'undefined' ? 0 : window.scrollY),
    // The window's own rect, offset and scrolling when the document scrolls (the library's window virtualiser, on one hook).
    ...(onWindow ? { observeElementRect: observeWindowRect as never, observeElementOffset: observeWindowOffset as never, scrollToFn: windowScroll as never } : {}),
  });
}
