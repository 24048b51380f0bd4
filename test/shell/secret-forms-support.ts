/** Planted secrets and the forms they are written in, for the log's redaction tests. */

export const b64 = (s: string) => Buffer.from(s, 'utf8').toString('base64');
const b64url = (s: string) => Buffer.from(s, 'utf8').toString('base64url');
const hex = (s: string) => Buffer.from(s, 'utf8').toString('hex');

/** Every written form of `secret` a careless line or a chatty service might carry. */
export function writtenForms(secret: string): Record<string, string> {
  return {
    raw: secret,
    'URL-encoded': encodeURIComponent(secret),
    'form-encoded': new URLSearchParams({ v: secret }).toString().slice(2),
    'form-encoded by hand': encodeURIComponent(secret).replace(/%20/g, '+'),
    'JSON-escaped': JSON.stringify(secret).slice(1, -1),
    base64: b64(secret),
    'base64 unpadded': b64(secret).replace(/=+$/, ''),
    base64url: b64url(secret),
    'base64url padded': b64(secret).replace(/\+/g, '-').replace(/\//g, '_'),
    'hex lower case': hex(secret),
    'hex upper case': hex(secret).toUpperCase(),
  };
}

/** A password with a space, '+', '/', '&', a quote, a backslash and a non-ASCII letter, so every encoding differs from the raw text. */
export const PLANTED = {
  password: 'Corr3ct h0rse+bat/t&ry "st\\plé',
  clientSecret: 'cs_9f/Q+w= x&y',
  token: 'eyQ0.tok-en_Zz/9+Xa',
};
