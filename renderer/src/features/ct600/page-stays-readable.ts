/**
 * React Aria's combo box hides everything but its own input and list from
 * screen readers (aria-hidden) while the list is open: a help for touch
 * screen readers that swipe past the list. In a desktop window it leaves the
 * rest of the page focusable yet silent, so a Tab out of the picker lands on a
 * field a screen reader cannot announce (WCAG 4.1.2). The client list is an
 * ordinary non-modal list, as in the WAI-ARIA combobox pattern, so the page
 * must stay readable while it is open. React Aria leaves alone anything
 * marked `data-react-aria-top-layer` (its own toasts use it); the picker marks
 * the window's root element that way for as long as its list is open.
 */
const MARK = 'data-react-aria-top-layer';

/** The outermost element under <body> that holds `inside`: the app's root (#root), or a test's container. */
function pageRoot(inside: Element): Element {
  let element = inside;
  while (element.parentElement && element.parentElement !== element.ownerDocument.body) element = element.parentElement;
  return element;
}

/**
 * Call with `open` true before the list opens (ComboBox's onOpenChange runs
 * before React Aria hides the page) and false when it closes or the picker
 * goes away.
 */
export function keepPageReadable(inside: Element | null, open: boolean): void {
  if (!inside) return;
  const root = pageRoot(inside);
  if (open) root.setAttribute(MARK, '');
  else root.removeAttribute(MARK);
}
