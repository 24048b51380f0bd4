import { describe, expect, it } from 'vitest';
import { decideWindowOpen, guardFrameNavigation, isWebLink, openWebLink, refuseNavigation, webLinkHref } from '../../main/window/external-links.js';

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

  it('denies and opens nothing for any other scheme, for credentials and for hidden characters', () => {
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
      // Reads as gov.uk, goes to evil.example.
      'https://www.gov.uk@evil.example/',
      'https://user:pw@evil.example/',
      // Whitespace and controls the URL parser would drop or trim silently.
      ' https://x.example',
      'https://x.example/ ',
      'ht\ntps://x.example',
      'https://x.exa\tmple/',
      'https://x.example/\u0000',
      // Bidi override and zero-width characters change what the user sees.
      'https://x.example/\u202egpj.exe',
      'https://x.example/\u200b',
    ];
    for (const url of others) {
      const { opened, openExternal } = recorder();
      expect(decideWindowOpen(url, openExternal)).toEqual({ action: 'deny' });
      expect(opened, JSON.stringify(url)).toEqual([]);
    }
  });

  it('hands the browser the parsed href, not the raw string', () => {
    const { opened, openExternal } = recorder();
    decideWindowOpen('HTTPS://WWW.GOV.UK', openExternal);
    decideWindowOpen('https:\\\\evil.example\\path', openExternal);
    expect(opened).toEqual(['https://www.gov.uk/', 'https://evil.example/path']);
    expect(webLinkHref('http://example.com:80/a b')).toBeNull();
    expect(webLinkHref('http://example.com:80/a%20b')).toBe('http://example.com/a%20b');
  });

  it('logs a browser that refuses to open (a rejected promise or a throw) instead of leaving it unhandled', async () => {
    const logged: unknown[] = [];
    const log = (_message: string, error: unknown) => void logged.push(error);
    const refused = new Error('no browser registered');
    openWebLink('https://www.gov.uk/', () => Promise.reject(refused), log);
    openWebLink('https://www.gov.uk/', () => {
      throw refused;
    }, log);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(logged).toEqual([refused, refused]);
  });

  it('isWebLink accepts only absolute http(s) with a host', () => {
    expect(isWebLink('https://hmrc.gov.uk')).toBe(true);
    expect(isWebLink('HTTPS://HMRC.GOV.UK/x')).toBe(true);
    expect(isWebLink('/relative/path')).toBe(false);
    expect(isWebLink('file://host/share')).toBe(false);
  });
});

describe('navigation guards', () => {
  it('will-frame-navigate is always prevented; only a main-frame web link opens in the browser', () => {
    for (const [url, isMainFrame, expected] of [
      ['https://www.gov.uk/', true, ['https://www.gov.uk/']],
      ['https://evil.example/', false, []],
      ['app://filing-desk/other.html', true, []],
      ['file:///C:/Windows', true, []],
      ['javascript:void 0', true, []],
    ] as const) {
      let prevented = false;
      const { opened, openExternal } = recorder();
      guardFrameNavigation({ preventDefault: () => (prevented = true), url, isMainFrame }, openExternal);
      expect(prevented, url).toBe(true);
      expect(opened).toEqual(expected);
    }
  });

  it('will-navigate and will-redirect are always prevented', () => {
    let prevented = 0;
    refuseNavigation({ preventDefault: () => void prevented++ });
    expect(prevented).toBe(1);
  });
});
