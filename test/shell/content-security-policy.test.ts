import { describe, expect, it } from 'vitest';
import {
  contentSecurityPolicyHeader,
  contentSecurityPolicyMeta,
  parseContentSecurityPolicy,
} from '../../main/window/content-security-policy.js';

const policies = { header: contentSecurityPolicyHeader(), meta: contentSecurityPolicyMeta() };

describe('renderer Content-Security-Policy', () => {
  for (const [carrier, policy] of Object.entries(policies)) {
    describe(`as ${carrier}`, () => {
      const csp = parseContentSecurityPolicy(policy);

      it('denies everything by default', () => {
        expect(csp.get('default-src')).toEqual(["'none'"]);
      });

      it("runs only the app's own scripts: no inline, no eval, no remote origin", () => {
        expect(csp.get('script-src')).toEqual(["'self'"]);
      });

      it('has no unsafe-* keyword, wildcard or remote origin in any directive', () => {
        for (const [name, sources] of csp) {
          for (const source of sources) {
            expect(source, `${name} ${source}`).not.toMatch(/unsafe-|^\*$|^https?:|^wss?:|^\*\.|^blob:$/i);
          }
        }
      });

      it('loads images only from our own files (no data: URLs)', () => {
        expect(csp.get('img-src')).toEqual(["'self'"]);
      });

      it('requires Trusted Types for script sinks and allows only the one default policy, created once', () => {
        expect(csp.get('require-trusted-types-for')).toEqual(["'script'"]);
        expect(csp.get('trusted-types')).toEqual(['default']);
      });

      it('lets the renderer open no network connection and load no plugins, frames or forms', () => {
        expect(csp.get('connect-src')).toEqual(["'none'"]);
        expect(csp.get('object-src')).toEqual(["'none'"]);
        expect(csp.get('base-uri')).toEqual(["'none'"]);
        expect(csp.get('form-action')).toEqual(["'none'"]);
      });
    });
  }

  it('sends frame-ancestors only in the header, where browsers honour it', () => {
    expect(parseContentSecurityPolicy(policies.header).get('frame-ancestors')).toEqual(["'none'"]);
    expect(parseContentSecurityPolicy(policies.meta).has('frame-ancestors')).toBe(false);
  });
});
