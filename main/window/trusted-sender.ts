import { APP_HOST, APP_SCHEME } from './app-origin.js';

/**
 * IPC handlers answer only our own page: a frame whose URL is on the app://
 * origin. A frame that navigated elsewhere, an iframe from another origin, or a
 * frame that is gone (null) is refused.
 */
export function isAppUrl(url: string | null | undefined): boolean {
  if (!url) return false;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  return parsed.protocol === `${APP_SCHEME}:` && parsed.host === APP_HOST && parsed.username === '' && parsed.password === '';
}
