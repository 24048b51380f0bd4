/** The Government Gateway password as a server might echo it into its reply's XML, in each form a secret takes in transit. */
import { GATEWAY } from './filing-support.js';

const { password, senderId } = GATEWAY;
const base64 = (text: string) => Buffer.from(text).toString('base64');
const everyByteEscaped = (text: string) => [...Buffer.from(text)].map((b) => `%${b.toString(16).toUpperCase().padStart(2, '0')}`).join('');

export const ECHOED_FORMS: Record<string, string> = {
  base64: base64(password),
  base64url: base64(`>>?${password}`).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, ''),
  'Basic user:password': `Basic ${base64(`${senderId}:${password}`)}`,
  'percent-encoded, every byte': everyByteEscaped(password),
  hex: Buffer.from(password).toString('hex'),
  'split by CDATA': `${password.slice(0, 5)}<![CDATA[${password.slice(5, 11)}]]>${password.slice(11)}`,
  'split by a comment': `${password.slice(0, 7)}<!-- x -->${password.slice(7)}`,
  'character references': [...password].map((c, i) => (i % 2 ? `&#x${c.codePointAt(0)!.toString(16)};` : `&#${c.codePointAt(0)};`)).join(''),
};

