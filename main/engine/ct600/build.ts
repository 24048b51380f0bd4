/**
 * build-ct600 offline: the service's request in, the service's response out
 * ({ xmlDoc, originalXmlDoc, irMark }, base64 of UTF-8 bytes).
 */
import { z } from 'zod';
import { EngineInternalError, RequestValidationError } from '../errors.js';
import { fieldErrorsFromZod } from '../zod-errors.js';
import { govTalkMessage, IRMARK_PLACEHOLDER, type GovTalkHeaderOptions } from './govtalk-message.js';
import { computeIrmark } from './irmark.js';
import { ct600RequestSchema } from './request-schema.js';
import { toReturnModel } from './return-model.js';
import { serialize } from './xml-writer.js';

export interface Ct600BuildResponse {
  xmlDoc: string;
  originalXmlDoc: string;
  irMark: string;
}

export const ct600BuildOptionsSchema = z.strictObject({
  vendorId: z.string().regex(/^[0-9]{4}$/, "must be HMRC's 4-digit vendor id for this software").default('0000'),
  product: z.string().min(1, 'must not be empty').max(64, 'must be at most 64 characters').default('Filing Desk'),
  productVersion: z.string().min(1, 'must not be empty').max(32, 'must be at most 32 characters').default('0.1.0'),
  gatewayTest: z.boolean().default(false),
  testInLive: z.boolean().default(false),
  transactionId: z.string().regex(/^[0-9A-F]{1,32}$/, 'must be 1–32 upper-case hexadecimal digits').optional(),
  senderId: z.string().min(1).optional(),
  authenticationValue: z.string().min(1).optional(),
  schemaVersion: z
    .string()
    .regex(/^[0-9]{4}-v[0-9]{1,3}\.[0-9]{1,3}(\.[0-9]{1,3})?$/, 'must look like 2025-v1.994')
    .max(13, 'must be at most 13 characters')
    .default('2025-v1.994'),
});
export type Ct600BuildOptions = z.input<typeof ct600BuildOptionsSchema>;

function parseOptions(options: Ct600BuildOptions | undefined): GovTalkHeaderOptions {
  const parsed = ct600BuildOptionsSchema.safeParse(options ?? {});
  if (!parsed.success) {
    throw new RequestValidationError(fieldErrorsFromZod(parsed.error).map((e) => ({ ...e, field: `options.${e.field}` })));
  }
  const o = parsed.data;
  if ((o.senderId === undefined) !== (o.authenticationValue === undefined)) {
    throw new RequestValidationError([
      { field: 'options.senderId', message: 'Government Gateway sender id and authentication value go together: give both or neither' },
    ]);
  }
  return o;
}

const base64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');

export function buildCt600(request: unknown, options?: Ct600BuildOptions): Ct600BuildResponse {
  const header = parseOptions(options);
  const parsed = ct600RequestSchema.safeParse(request);
  if (!parsed.success) throw new RequestValidationError(fieldErrorsFromZod(parsed.error));
  const model = toReturnModel(parsed.data);
  if (!model.ok) throw new RequestValidationError(model.errors);

  const original = serialize(govTalkMessage(model.ret, header));
  const at = original.indexOf(IRMARK_PLACEHOLDER);
  if (at < 0 || original.indexOf(IRMARK_PLACEHOLDER, at + 1) >= 0) {
    throw new EngineInternalError('the GovTalk message must hold exactly one IRmark placeholder');
  }
  const irMark = computeIrmark(original).base64;
  // Only the mark's text changes: everything the digest covered stays byte-identical.
  const marked = `${original.slice(0, at)}<IRmark Type="generic">${irMark}</IRmark>${original.slice(at + IRMARK_PLACEHOLDER.length)}`;
  return { xmlDoc: base64(marked), originalXmlDoc: base64(original), irMark };
}
