import { isAppUrl } from './trusted-sender.js';

/**
 * The one web permission Filing Desk grants: writing plain text to the
 * clipboard, which the "Copy" buttons on validation results need
 * (navigator.clipboard.writeText). Reading the clipboard, notifications,
 * camera, location and everything else stay refused: nothing in the app
 * needs them, and a page that is not ours must never get them.
 */
export const GRANTED_PERMISSION = 'clipboard-sanitized-write';

/** The parts of Electron's permission request and check the decision reads. */
export interface PermissionAsker {
  /** The web contents that asks; null for a check not made by a page. */
  contentsId: number | null;
  permission: string;
  isMainFrame: boolean;
  /** The URL of the frame that asks (request) or its origin (check). */
  url: string | null | undefined;
  /** Set by Electron only when a cross-origin subframe asks. */
  embeddingOrigin?: string | undefined;
}

/** True only for the clipboard write, asked by the main frame of our window, on our own app:// page. */
export function isPermissionGranted(asker: PermissionAsker, ownContentsId: number | null): boolean {
  if (asker.permission !== GRANTED_PERMISSION) return false;
  if (ownContentsId === null || asker.contentsId !== ownContentsId) return false;
  if (!asker.isMainFrame || asker.embeddingOrigin) return false;
  return isAppUrl(asker.url);
}

type Contents = { id: number } | null | undefined;

export interface PermissionHandlers {
  /** For session.setPermissionRequestHandler. */
  request(contents: Contents, permission: string, callback: (granted: boolean) => void, details: { isMainFrame?: boolean; requestingUrl?: string }): void;
  /** For session.setPermissionCheckHandler. */
  check(contents: Contents, permission: string, requestingOrigin: string, details: { isMainFrame?: boolean; requestingUrl?: string; embeddingOrigin?: string }): boolean;
}

/** Electron's two permission handlers, deciding with isPermissionGranted against the main window of the moment. */
export function createPermissionHandlers(options: { ownContentsId(): number | null }): PermissionHandlers {
  return {
    request(contents, permission, callback, details) {
      callback(
        isPermissionGranted(
          { contentsId: contents?.id ?? null, permission, isMainFrame: details?.isMainFrame === true, url: details?.requestingUrl },
          options.ownContentsId(),
        ),
      );
    },
    check(contents, permission, requestingOrigin, details) {
      const asker = { contentsId: contents?.id ?? null, permission, isMainFrame: details?.isMainFrame === true, embeddingOrigin: details?.embeddingOrigin };
      const granted = (url: string | undefined) => isPermissionGranted({ ...asker, url }, options.ownContentsId());
      // Both the origin and, when Electron gives it, the frame's URL must be ours.
      return granted(requestingOrigin) && (details?.requestingUrl === undefined || granted(details.requestingUrl));
    },
  };
}
