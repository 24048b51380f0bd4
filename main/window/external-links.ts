/**
 * What happens when the renderer tries to leave the app: a new window, or a
 * navigation away from our page. The window never navigates and never opens a
 * child window; a plain web link (http/https) goes to the user's browser, and
 * every other scheme (file:, javascript:, custom handlers, …) is dropped.
 */
export type OpenExternal = (url: string) => void | Promise<void>;
export type LogError = (message: string, error: unknown) => void;

const defaultLog: LogError = (message, error) => console.error(message, error);

// Whitespace, C0/C1 controls, and invisible formatting characters (bidi
// overrides, zero-width joiners, BOM). The URL parser silently drops or
// re-encodes some of these, so the link the user saw and the one the browser
// opens could differ: a string holding any of them is not a link we open.
const hiddenCharacters = /[\s\u0000-\u001f\u007f-\u009f\u00ad\u061c\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]/u;

/**
 * The normalised href of an absolute http(s) URL with a host and no user or
 * password, or null. Credentials are refused because
 * "https://www.gov.uk@evil.example/" reads as gov.uk but goes to evil.example.
 */
export function webLinkHref(url: string): string | null {
  if (hiddenCharacters.test(url)) return null;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return null;
  if (parsed.hostname === '' || parsed.username !== '' || parsed.password !== '') return null;
  return parsed.href;
}

/** True only for the links we hand to the system browser. */
export function isWebLink(url: string): boolean {
  return webLinkHref(url) !== null;
}

/**
 * Opens a web link in the system browser: the parsed href (what we checked is
 * what the OS gets), never the raw string. openExternal rejects when no
 * browser is registered; that is logged, never left unhandled.
 */
export function openWebLink(url: string, openExternal: OpenExternal, logError: LogError = defaultLog): void {
  const href = webLinkHref(url);
  if (href === null) return;
  try {
    Promise.resolve(openExternal(href)).catch((error: unknown) => logError('Could not open a link in the browser', error));
  } catch (error) {
    logError('Could not open a link in the browser', error);
  }
}

/** setWindowOpenHandler: always deny; web links open in the system browser. */
export function decideWindowOpen(url: string, openExternal: OpenExternal, logError?: LogError): { action: 'deny' } {
  openWebLink(url, openExternal, logError);
  return { action: 'deny' };
}

/**
 * will-frame-navigate: always prevented. Electron emits it before
 * will-navigate and skips will-navigate once it is prevented, so a web link
 * the user clicked in the page opens in the browser from here (main frame
 * only: no frame of ours ever hosts another page's links).
 */
export function guardFrameNavigation(
  details: { preventDefault(): void; url: string; isMainFrame: boolean },
  openExternal: OpenExternal,
  logError?: LogError,
): void {
  details.preventDefault();
  if (details.isMainFrame) openWebLink(details.url, openExternal, logError);
}

/**
 * will-navigate and will-redirect: always prevented, nothing opened. A
 * redirect's target is chosen by a server, not the user, and will-navigate
 * only fires if will-frame-navigate let a navigation through.
 */
export function refuseNavigation(event: { preventDefault(): void }): void {
  event.preventDefault();
}
