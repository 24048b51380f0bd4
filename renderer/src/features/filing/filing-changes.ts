/**
 * "A filing started, resumed or changed state": said by the screens that
 * start or follow a filing, heard by the side bar, so it never shows
 * "Nothing being filed" beside a return being sent.
 */
const changes = new EventTarget();

export function announceFilingChange(): void {
  changes.dispatchEvent(new Event('change'));
}

export function onFilingChange(listener: () => void): () => void {
  changes.addEventListener('change', listener);
  return () => changes.removeEventListener('change', listener);
}
