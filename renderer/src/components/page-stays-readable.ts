/**
 * React Aria's combo box hides everything but its own input and list from
 * screen readers (aria-hidden) while the list is open: a help for touch
 * screen readers that swipe past the list. In a desktop window it leaves the
 * rest of the page focusable yet silent, so a Tab out of the picker lands on a
 * field a screen reader cannot announce (WCAG 4.1.2). A picker's list is an
 * ordinary non-modal list, as in the WAI-ARIA combobox pattern, so the page
 * must stay readable while it is open. React Aria leaves alone anything
 * marked `data-react-aria-top-layer` (its own toasts use it); a picker marks
 * the window's root element that way for as long as its list is open.
 */
import { useEffect, useRef, type RefObject } from 'react';

const MARK = 'data-react-aria-top-layer';

/** The outermost element under <body> that holds `inside`: the app's root (#root), or a test's container. */
function pageRoot(inside: Element): Element {
  let element = inside;
  while (element.parentElement && element.parentElement !== element.ownerDocument.body) element = element.parentElement;
  return element;
}

/**
 * Marks the page readable (`open` true) or lets React Aria have its way again.
 * Called from ComboBox's onOpenChange, which runs before React Aria hides the page.
 */
export function keepPageReadable(inside: Element | null, open: boolean): void {
  if (!inside) return;
  const root = pageRoot(inside);
  if (open) root.setAttribute(MARK, '');
  else root.removeAttribute(MARK);
}

/** For a ComboBox: its `ref` and `onOpenChange`; the mark goes when the list closes or the picker leaves the page. */
export function usePageStaysReadable(): { ref: RefObject<HTMLDivElement | null>; onOpenChange(open: boolean): void } {
  const ref = useRef<HTMLDivElement | null>(null);
  useEffect(() => {
    const element = ref.current;
    return () => keepPageReadable(element, false);
  }, []);
  return { ref, onOpenChange: (open) => keepPageReadable(ref.current, open) };
}
