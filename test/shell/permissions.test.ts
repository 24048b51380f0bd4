import { describe, expect, it } from 'vitest';
import { createPermissionHandlers, GRANTED_PERMISSION, isPermissionGranted } from '../../main/window/permissions.js';

const OWN = 7;
const handlers = (own: number | null = OWN) => createPermissionHandlers({ ownContentsId: () => own });
const request = (contents: { id: number } | null, permission: string, details: { isMainFrame?: boolean; requestingUrl?: string }, own: number | null = OWN) => {
  let answer: boolean | undefined;
  handlers(own).request(contents, permission, (granted) => (answer = granted), details);
  return answer;
};
const ownPage = { isMainFrame: true, requestingUrl: 'app://filing-desk/index.html' };

describe('web permissions: only the clipboard write of our own page', () => {
  it('grants the clipboard write ("Copy") to the main frame of our window on app://', () => {
    expect(request({ id: OWN }, 'clipboard-sanitized-write', ownPage)).toBe(true);
    expect(handlers().check({ id: OWN }, 'clipboard-sanitized-write', 'app://filing-desk', ownPage)).toBe(true);
    expect(handlers().check({ id: OWN }, 'clipboard-sanitized-write', 'app://filing-desk/', { isMainFrame: true })).toBe(true);
  });

  it('refuses every other permission, even to our own page', () => {
    for (const permission of ['clipboard-read', 'deprecated-sync-clipboard-read', 'media', 'notifications', 'geolocation', 'openExternal', 'fileSystem', 'unknown']) {
      expect(request({ id: OWN }, permission, ownPage), permission).toBe(false);
      expect(handlers().check({ id: OWN }, permission, 'app://filing-desk', ownPage), permission).toBe(false);
    }
  });

  it('refuses the clipboard write to a page that is not ours, a subframe, another web contents and when there is no window', () => {
    for (const url of ['https://evil.example/', 'http://127.0.0.1:5173/index.html', 'file:///opt/filing-desk/index.html', 'app://evil/index.html', 'app://user:pw@filing-desk/', 'about:blank', '']) {
      expect(request({ id: OWN }, GRANTED_PERMISSION, { isMainFrame: true, requestingUrl: url }), url).toBe(false);
      expect(handlers().check({ id: OWN }, GRANTED_PERMISSION, url, { isMainFrame: true }), url).toBe(false);
    }
    // Our origin, but an iframe: only the top frame of our window may write.
    expect(request({ id: OWN }, GRANTED_PERMISSION, { ...ownPage, isMainFrame: false })).toBe(false);
    expect(handlers().check({ id: OWN }, GRANTED_PERMISSION, 'app://filing-desk', { isMainFrame: false })).toBe(false);
    expect(handlers().check({ id: OWN }, GRANTED_PERMISSION, 'app://filing-desk', { isMainFrame: true, embeddingOrigin: 'https://evil.example' })).toBe(false);
    // An origin of ours with a frame URL that is not.
    expect(handlers().check({ id: OWN }, GRANTED_PERMISSION, 'app://filing-desk', { isMainFrame: true, requestingUrl: 'https://evil.example/' })).toBe(false);
    // Our page in some other web contents, no web contents, no main window.
    expect(request({ id: OWN + 1 }, GRANTED_PERMISSION, ownPage)).toBe(false);
    expect(request(null, GRANTED_PERMISSION, ownPage)).toBe(false);
    expect(handlers().check(null, GRANTED_PERMISSION, 'app://filing-desk', ownPage)).toBe(false);
    expect(request({ id: OWN }, GRANTED_PERMISSION, ownPage, null)).toBe(false);
  });

  it('decides from the asker alone (the pure rule)', () => {
    expect(isPermissionGranted({ contentsId: 1, permission: GRANTED_PERMISSION, isMainFrame: true, url: 'app://filing-desk/index.html#/results' }, 1)).toBe(true);
    expect(isPermissionGranted({ contentsId: 1, permission: GRANTED_PERMISSION, isMainFrame: true, url: undefined }, 1)).toBe(false);
  });
});
