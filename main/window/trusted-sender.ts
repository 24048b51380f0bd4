import { APP_ORIGIN } from './app-origin.js';

/**
 * IPC handlers answer only our own page. The URL alone is not enough: an
 * iframe on our origin or our page loaded in some other web contents would
 * pass it. So a caller must be (1) the top frame (no parent), (2) of the main
 * window's web contents, and (3) on our origin. A frame that is gone (null)
 * is refused.
 */

/** The part of Electron's IpcMainInvokeEvent the check reads. */
export interface SenderLike {
  senderFrame: { url: string; parent: unknown } | null;
  sender: { id: number };
}

/** True when url is on `origin` ("scheme://host[:port]"), with no user or password. */
export function isOwnPageUrl(url: string | null | undefined, origin: string): boolean {
  if (!url) return false;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  // Compared by protocol and host because URL.origin is "null" for app://.
  return `${parsed.protocol}//${parsed.host}` === origin && parsed.username === '' && parsed.password === '';
}

/** Our app:// page. */
export function isAppUrl(url: string | null | undefined): boolean {
  return isOwnPageUrl(url, APP_ORIGIN);
}

export interface SenderCheckOptions {
  /** The id of the main window's webContents, or null while there is no window. */
  ownContentsId(): number | null;
  /** The origin our page is served from; app://filing-desk in the app. */
  origin?: string;
}

export function createSenderCheck(options: SenderCheckOptions): (event: SenderLike) => boolean {
  const origin = options.origin ?? APP_ORIGIN;
  return (event) => {
    const frame = event.senderFrame;
    if (!frame || frame.parent !== null) return false;
    const own = options.ownContentsId();
    if (own === null || event.sender?.id !== own) return false;
    return isOwnPageUrl(frame.url, origin);
  };
}
