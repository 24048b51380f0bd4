import { describe, it, expect } from 'vitest';
import { RequestValidationError } from '../../main/engine/errors.js';
import { remoteServiceSettings } from '../../main/service/remote/settings.js';

const base = { baseUrl: 'https://api.example.com', authUrl: 'https://auth.example.com', clientId: 'c', username: 'u@example.co.uk' };

function fieldErrors(input: Parameters<typeof remoteServiceSettings>[0]) {
  try {
    remoteServiceSettings(input);
  } catch (err) {
    expect(err).toBeInstanceOf(RequestValidationError);
    return (err as RequestValidationError).errors;
  }
  throw new Error('expected the settings to be refused');
}

describe('remote service settings: credentials never travel in clear text', () => {
  it('accepts https for any host, trimming trailing slashes', () => {
    const s = remoteServiceSettings({ ...base, baseUrl: 'https://api.example.com/v1/' });
    expect(s.baseUrl).toBe('https://api.example.com/v1');
    expect(s.authUrl).toBe('https://auth.example.com');
  });

  it.each(['http://127.0.0.1:4000', 'http://127.8.9.10', 'http://localhost:4000', 'http://LOCALHOST', 'http://[::1]:4000'])(
    'accepts http on the loopback host %s',
    (url) => {
      expect(remoteServiceSettings({ ...base, baseUrl: url, authUrl: url }).baseUrl).toBe(url.replace(/\/+$/, ''));
    },
  );

  it.each(['http://api.example.com', 'http://192.168.1.10:8080', 'http://128.0.0.1', 'http://localhost.example.com', 'http://[::2]', 'http://10.0.0.1'])(
    'refuses http to %s, naming both settings and the rule',
    (url) => {
      expect(fieldErrors({ ...base, baseUrl: url, authUrl: url })).toEqual([
        { field: 'baseUrl', message: 'must use https (http is allowed only for this computer: localhost, 127.0.0.0/8 or ::1)' },
        { field: 'authUrl', message: 'must use https (http is allowed only for this computer: localhost, 127.0.0.0/8 or ::1)' },
      ]);
    },
  );

  it('refuses only the setting that is wrong', () => {
    expect(fieldErrors({ ...base, authUrl: 'http://auth.example.com' }).map((e) => e.field)).toEqual(['authUrl']);
  });

  it('refuses what is not an http(s) URL, and a URL carrying a user name or password', () => {
    expect(fieldErrors({ ...base, baseUrl: 'api.example.com' })).toEqual([{ field: 'baseUrl', message: 'must be an absolute https URL' }]);
    expect(fieldErrors({ ...base, baseUrl: 'ftp://api.example.com' })).toEqual([{ field: 'baseUrl', message: 'must use https (http is allowed only for this computer: localhost, 127.0.0.0/8 or ::1)' }]);
    expect(fieldErrors({ ...base, authUrl: 'https://me:pw@auth.example.com' })).toEqual([
      { field: 'authUrl', message: 'must not contain a user name or password (they belong in the keychain)' },
    ]);
  });
});
