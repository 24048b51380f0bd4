/**
 * The one origin our renderer is served from. Everything that decides "is this
 * our own page?" (the protocol handler, the IPC sender check, the CSP's 'self')
 * hangs off these two constants, so they cannot drift apart.
 */
export const APP_SCHEME = 'app';
export const APP_HOST = 'filing-desk';
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;
export const APP_ENTRY_URL = `${APP_ORIGIN}/index.html`;
