import { describe, expect, it } from 'vitest';
import { APP_ENTRY_URL } from '../../main/window/app-origin.js';
import { isAppUrl } from '../../main/window/trusted-sender.js';

describe('IPC sender check', () => {
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
});
