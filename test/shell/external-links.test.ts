import { describe, expect, it } from 'vitest';
import { decideWindowOpen, guardNavigation, isWebLink } from '../../main/window/external-links.js';

function recorder() {
  const opened: string[] = [];
  return { opened, openExternal: (url: string) => void opened.push(url) };
}

describe('window.open and links', () => {
  it('denies every new window and sends http(s) links to the system browser', () => {
    for (const url of ['https://www.gov.uk/guidance/corporation-tax', 'http://example.com/a?b=c']) {
      const { opened, openExternal } = recorder();
      expect(decideWindowOpen(url, openExternal)).toEqual({ action: 'deny' });
      expect(opened).toEqual([url]);
    }
  });

  it('denies and opens nothing for any other scheme', () => {
    const others = [
      'file:///etc/passwd',
      'javascript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'app://filing-desk/index.html',
      'smb://server/share',
      'ms-msdt:/id PCWDiagnostic',
      'mailto:someone@example.com',
      'about:blank',
      'not a url',
      'https://',
    ];
    for (const url of others) {
      const { opened, openExternal } = recorder();
      expect(decideWindowOpen(url, openExternal)).toEqual({ action: 'deny' });
      expect(opened, url).toEqual([]);
    }
  });

  it('isWebLink accepts only absolute http(s) with a host', () => {
    expect(isWebLink('https://hmrc.gov.uk')).toBe(true);
    expect(isWebLink('HTTPS://HMRC.GOV.UK/x')).toBe(true);
    expect(isWebLink('/relative/path')).toBe(false);
    expect(isWebLink('file://host/share')).toBe(false);
  });
});

describe('will-navigate', () => {
  it('is always prevented, whatever the target', () => {
    for (const url of ['app://filing-desk/other.html', 'https://evil.example/', 'file:///C:/Windows', 'javascript:void 0']) {
      let prevented = false;
      const { opened, openExternal } = recorder();
      guardNavigation({ preventDefault: () => (prevented = true) }, url, openExternal);
      expect(prevented, url).toBe(true);
      expect(opened).toEqual(url.startsWith('https:') ? [url] : []);
    }
  });
});
