/**
 * The attached documents of a build-ct600 request (accounts and computations
 * as Inline XBRL, base64 inside the message): CTfilenameType names, strict
 * canonical xs:base64Binary, and HMRC's 25 MB cap on the message.
 */
import { z } from 'zod';
import { ATTACHMENT_ITEMS } from './codes.js';
import { decodesAsCanonicalBase64 } from '../base64.js';
import { enumCode, expected, oneOrMany } from './request-fields.js';

/** CTfilenameType: CT_CTstringType without / : * " < >. */
const FILENAME_CHARS = /^[A-Za-z0-9 ,.()&'\-!%_+@?=;]+$/;

/** Attachments travel inside the message, which HMRC caps at 25 MB; we count 25 MiB of base64. */
export const MAX_ATTACHMENTS_BASE64_BYTES = 25 * 1024 * 1024;

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

const attachedFile = z
  .strictObject({
    filename: z.string({ error: expected('the file name of the attached document') }).superRefine((name, ctx) => {
      if (name.length < 1 || name.length > 255) ctx.addIssue({ code: 'custom', message: 'must be 1–255 characters long' });
      else if (!FILENAME_CHARS.test(name)) {
        ctx.addIssue({
          code: 'custom',
          message: "contains a character HMRC does not allow in attachment file names (letters, digits, space and , . ( ) & ' - ! % _ + @ ? = ; only)",
        });
      }
    }).meta({ minLength: 1, maxLength: 255, pattern: FILENAME_CHARS.source }),
    value: z
      .string({ error: expected('the document as base64 text') })
      .meta({ pattern: '^[\\r\\n\\t ]*[A-Za-z0-9+/][A-Za-z0-9+/\\r\\n\\t ]*(=[\\r\\n\\t ]*){0,2}$' })
      .transform((text, ctx) => {
      // What Node's decoder proves compact, strict and canonical (decodesAsCanonicalBase64) is
      // kept as it is: no copy, no scan of a multi-megabyte text, and no string made of its size.
      if (text.length > 0 && typeof Buffer !== 'undefined' && decodesAsCanonicalBase64(text)) return text;
      // Line breaks are tolerated on input (PEM-style tools add them); the document never has them.
      const compact = text.replace(/[\r\n\t ]/g, '');
      if (compact.length === 0) {
        ctx.addIssue({ code: 'custom', message: 'is empty: attach the inline XBRL document as base64' });
        return z.NEVER;
      }
      if (compact.length % 4 !== 0 || !BASE64.test(compact)) {
        ctx.addIssue({ code: 'custom', message: 'is not valid base64 (characters A–Z a–z 0–9 + / with = padding, length a multiple of 4)' });
        return z.NEVER;
      }
      // xs:base64Binary also wants the unused bits before the padding to be zero
      // ("AB==" is not canonical); lenient decoders hide that, HMRC's schema does not.
      if (Buffer.from(compact, 'base64').toString('base64') !== compact) {
        ctx.addIssue({ code: 'custom', message: 'is not canonical base64: the last character before the "=" padding carries bits that must be zero' });
        return z.NEVER;
      }
      return compact;
    }),
    itemsElementName: enumCode(ATTACHMENT_ITEMS, 'attachment kind'),
  }, { error: expected('an attached file {filename, value, itemsElementName}') })
  .transform((f) => ({ filename: f.filename, base64: f.value, kind: f.itemsElementName }));

/** The request's attachedFiles: one or many, together within HMRC's cap. */
export const attachedFiles = oneOrMany(attachedFile, 'an attached file {filename, value, itemsElementName} or an array of them')
  .superRefine((files, ctx) => {
    const totalBase64 = files.reduce((n, f) => n + f.base64.length, 0);
    if (totalBase64 > MAX_ATTACHMENTS_BASE64_BYTES) {
      ctx.addIssue({
        code: 'custom',
        message: `are ${(totalBase64 / 1048576).toFixed(1)} MiB of base64 in total; HMRC accepts at most 25 MiB of attachments per return`,
      });
    }
  });
