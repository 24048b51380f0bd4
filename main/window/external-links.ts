/**
 * What happens when the renderer tries to leave the app: a new window, or a
 * navigation away from our page. The window never navigates and never opens a
 * child window; a plain web link (http/https) goes to the user's browser, and
 * every other scheme (file:, javascript:, custom handlers, …) is dropped.
 */
export type OpenExternal = (url: string) => void | Promise<void>;

/** True only for absolute http(s) URLs with a host, the links we hand to the system browser. */
export function isWebLink(url: string): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  return (parsed.protocol === 'http:' || parsed.protocol === 'https:') && parsed.hostname !== '';
}

/** setWindowOpenHandler: always deny; web links open in the system browser. */
export function decideWindowOpen(url: string, openExternal: OpenExternal): { action: 'deny' } {
  if (isWebLink(url)) void openExternal(url);
  return { action: 'deny' };
}

/** will-navigate: always prevented; a web link the user clicked goes to the system browser. */
export function guardNavigation(
  event: { preventDefault(): void },
  url: string,
  openExternal: OpenExternal,
): void {
  event.preventDefault();
  if (isWebLink(url)) void openExternal(url);
}
