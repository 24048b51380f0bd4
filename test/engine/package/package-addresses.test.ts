import { describe, expect, it } from 'vitest';
import {
  addressOfPath,
  isPlainHttpUrl,
  longestRewrite,
  pathOfAddress,
  publishedFilePlaceOf,
  publishedPlaceOf,
} from '../../../main/engine/package/package-addresses.js';

describe('a published URL and its place in the package', () => {
  it('keeps http://host/dir/file at host/dir/file, decoding escapes', () => {
    expect(publishedPlaceOf('http://example.com/acme/2024/acme.xsd')).toBe('example.com/acme/2024/acme.xsd');
    expect(publishedPlaceOf('https://Example.COM:8080/caf%C3%A9/a.xsd')).toBe('example.com:8080/café/a.xsd');
    expect(publishedPlaceOf(new URL('http://example.com/dir/'))).toBe('example.com/dir/');
  });

  it('gives no place to a query, a fragment, a user name, another scheme or a broken escape', () => {
    for (const url of ['http://example.com/a.xsd?v=1', 'http://example.com/a.xsd#x', 'http://me@example.com/a.xsd', 'file:///a.xsd', 'http://example.com/%E0%A4%A.xsd', 'a.xsd']) {
      expect(publishedPlaceOf(url), url).toBeUndefined();
    }
    expect(publishedPlaceOf(new URL('ftp://example.com/a.xsd'))).toBeUndefined();
  });

  it('gives a file place only to a file, never to a folder or a decoded dot segment', () => {
    expect(publishedFilePlaceOf('http://example.com/dir/')).toBeUndefined();
    expect(publishedFilePlaceOf('http://example.com/dir/..%2Fsecret/a.xsd')).toBeUndefined();
    expect(publishedFilePlaceOf('http://example.com/dir//a.xsd')).toBeUndefined();
    expect(publishedFilePlaceOf('http://example.com/dir/a.xsd')).toBe('example.com/dir/a.xsd');
  });

  it('gives every file of the zip an address whose path comes back whole, "#" and "?" included', () => {
    for (const path of ['ACME #2/reports/a.xhtml', 'pkg/what?.xsd', 'pkg/café/a b.xsd']) {
      const address = addressOfPath(path);
      expect(new URL(address).hash).toBe('');
      expect(pathOfAddress(address)).toBe(path);
    }
    expect(pathOfAddress('http://example.com/a.xsd')).toBeUndefined();
    expect(isPlainHttpUrl('HTTP://EXAMPLE.COM/a.xsd')).toBe(true);
  });

  it('applies the rewrite with the longest start string that prefixes the URL as written', () => {
    const rules = [
      { uriStartString: 'http://example.com/', rewritePrefix: '../a/' },
      { uriStartString: 'http://example.com/acme/', rewritePrefix: '../b/' },
    ];
    expect(longestRewrite('http://example.com/acme/x.xsd', rules)?.rewritePrefix).toBe('../b/');
    expect(longestRewrite('http://example.com/other.xsd', rules)?.rewritePrefix).toBe('../a/');
    expect(longestRewrite('HTTP://example.com/acme/x.xsd', rules)).toBeUndefined();
  });
});
