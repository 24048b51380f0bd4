import { describe, expect, it } from 'vitest';
import { APP_ENTRY_URL } from '../../main/window/app-origin.js';
import { createSenderCheck, isAppUrl, isOwnPageUrl } from '../../main/window/trusted-sender.js';

describe('IPC sender check: the URL', () => {
  it('trusts our own app:// page', () => {
    expect(isAppUrl(APP_ENTRY_URL)).toBe(true);
    expect(isAppUrl('app://filing-desk/index.html#/validate')).toBe(true);
  });

  it('refuses every other origin, a vanished frame and lookalikes', () => {
    for (const url of [
      null,
      undefined,
      '',
      'https://filing-desk/index.html',
      'http://127.0.0.1:5173/index.html',
      'file:///app/dist/renderer/index.html',
      'app://evil/index.html',
      'app://filing-desk.evil.com/index.html',
      'app://user:pass@filing-desk/index.html',
      'app://filing-desk:8080/index.html',
      'about:blank',
      'devtools://devtools/bundled/inspector.html',
    ]) {
      expect(isAppUrl(url), String(url)).toBe(false);
    }
  });

  it('compares http origins with their port', () => {
    expect(isOwnPageUrl('http://127.0.0.1:4000/index.html', 'http://127.0.0.1:4000')).toBe(true);
    expect(isOwnPageUrl('http://127.0.0.1:4001/index.html', 'http://127.0.0.1:4000')).toBe(false);
    expect(isOwnPageUrl('http://u@127.0.0.1:4000/index.html', 'http://127.0.0.1:4000')).toBe(false);
  });
});

describe('IPC sender check: frame and web contents', () => {
  let mainWindowId: number | null = 7;
  const check = createSenderCheck({ ownContentsId: () => mainWindowId });
  const top = { url: APP_ENTRY_URL, parent: null };

  it("trusts the top frame of the main window's web contents on our origin", () => {
    mainWindowId = 7;
    expect(check({ senderFrame: top, sender: { id: 7 } })).toBe(true);
  });

  it('refuses a subframe, even one on our origin', () => {
    mainWindowId = 7;
    expect(check({ senderFrame: { url: APP_ENTRY_URL, parent: top }, sender: { id: 7 } })).toBe(false);
  });

  it('refuses another web contents, and everything while there is no main window', () => {
    mainWindowId = 7;
    expect(check({ senderFrame: top, sender: { id: 8 } })).toBe(false);
    mainWindowId = null;
    expect(check({ senderFrame: top, sender: { id: 7 } })).toBe(false);
  });

  it('refuses a vanished frame and a foreign URL in the right place', () => {
    mainWindowId = 7;
    expect(check({ senderFrame: null, sender: { id: 7 } })).toBe(false);
    expect(check({ senderFrame: { url: 'https://evil.example/', parent: null }, sender: { id: 7 } })).toBe(false);
  });
});
