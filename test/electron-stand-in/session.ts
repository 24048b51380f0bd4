/**
 * session.defaultSession: the permission handlers main installs, asked the
 * way Electron's permission manager asks them when Chromium needs a decision
 * (with a user gesture the request handler, otherwise the check handler);
 * with no handler Electron grants, and so does this. Downloads are offered
 * to 'will-download' listeners.
 */
import { EventEmitter } from 'node:events';

type RequestHandler = (contents: unknown, permission: string, callback: (granted: boolean) => void, details: Record<string, unknown>) => void;
type CheckHandler = (contents: unknown, permission: string, requestingOrigin: string, details: Record<string, unknown>) => boolean;

function originOf(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.protocol}//${parsed.host}`;
  } catch {
    return '';
  }
}

export class StandInSession extends EventEmitter {
  private requestHandler: RequestHandler | null = null;
  private checkHandler: CheckHandler | null = null;
  /** Every decision asked for, with its answer: what a test reads. */
  readonly decisions: { permission: string; url: string; asked: 'request' | 'check'; granted: boolean }[] = [];

  setPermissionRequestHandler(handler: RequestHandler | null): void {
    this.requestHandler = handler;
  }

  setPermissionCheckHandler(handler: CheckHandler | null): void {
    this.checkHandler = handler;
  }

  /** Would main grant `permission` to a page at `url` (in app:// terms)? */
  async decide(contents: unknown, permission: string, url: string, gesture: boolean): Promise<boolean> {
    let granted: boolean;
    if (gesture) {
      const handler = this.requestHandler;
      granted = handler
        ? await new Promise<boolean>((resolve) => handler(contents, permission, (answer) => resolve(answer === true), { requestingUrl: url, isMainFrame: true }))
        : true;
    } else {
      granted = this.checkHandler ? this.checkHandler(contents, permission, originOf(url), { requestingUrl: url, isMainFrame: true, embeddingOrigin: originOf(url) }) === true : true;
    }
    this.decisions.push({ permission, url, asked: gesture ? 'request' : 'check', granted });
    return granted;
  }
}
