/**
 * build-ct600 offline: the service's request in, the service's response out
 * ({ xmlDoc, originalXmlDoc, irMark }, base64 of UTF-8 bytes).
 */
import { z } from 'zod';
import { EngineInternalError, RequestValidationError, type FieldError } from '../errors.js';
import { fieldErrorsFromZod } from '../zod-errors.js';
import type { GovTalkHeaderOptions } from './govtalk-message.js';
import { writeMarkedMessage } from './marked-message.js';
import { ct600RequestSchema } from './request-schema.js';
import { crossFieldErrors, toReturnModel, type PartialCt600Request } from './return-model.js';

export interface Ct600BuildResponse {
  xmlDoc: string;
  originalXmlDoc: string;
  irMark: string;
}

/** GovTalk header text: printable ASCII, so no setting can make the message unparseable. */
const headerText = (max: number) =>
  z
    .string({ error: 'must be text' })
    .min(1, 'must not be empty')
    .max(max, `must be at most ${max} characters`)
    .regex(/^[\x20-\x7E]*$/, 'must be printable ASCII characters (letters, digits, spaces and punctuation)');

export const ct600BuildOptionsSchema = z.strictObject({
  vendorId: z.string().regex(/^[0-9]{4}$/, "must be HMRC's 4-digit vendor id for this software").default('0000'),
  product: headerText(64).default('Filing Desk'),
  productVersion: headerText(32).default('0.1.0'),
  gatewayTest: z.boolean({ error: 'must be true or false' }).default(false),
  testInLive: z.boolean({ error: 'must be true or false' }).default(false),
  transactionId: z.string().regex(/^[0-9A-F]{1,32}$/, 'must be 1–32 upper-case hexadecimal digits').optional(),
  senderId: headerText(64).optional(),
  authenticationValue: headerText(256).optional(),
  schemaVersion: z
    .string()
    .regex(/^[0-9]{4}-v[0-9]{1,3}\.[0-9]{1,3}(\.[0-9]{1,3})?$/, 'must look like 2025-v1.994')
    .max(13, 'must be at most 13 characters')
    .default('2025-v1.994'),
});
export type Ct600BuildOptions = z.input<typeof ct600BuildOptionsSchema>;

/**
 * The request schema with every field optional and a failed field read as
 * missing: what lets the cross-field rules run beside the field errors.
 */
const lenientRequestSchema = z.object(
  Object.fromEntries(Object.entries(ct600RequestSchema.shape).map(([k, v]) => [k, (v as z.ZodType).optional().catch(undefined)])),
);

/** Every problem of a request that failed the schema: field errors, then the cross-field rules on what did parse. */
function allRequestErrors(request: unknown, fieldErrors: FieldError[], schemaVersion: string): FieldError[] {
  const lenient = lenientRequestSchema.safeParse(request);
  if (!lenient.success) return fieldErrors;
  const failedFields = new Set(fieldErrors.map((e) => e.field.split(/[.[]/)[0]!));
  const more = crossFieldErrors(lenient.data as PartialCt600Request, { schemaVersion, failedFields });
  const seen = new Set(fieldErrors.map((e) => `${e.field}\n${e.message}`));
  return [...fieldErrors, ...more.filter((e) => !failedFields.has(e.field.split(/[.[]/)[0]!) && !seen.has(`${e.field}\n${e.message}`))];
}

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

export function buildCt600(request: unknown, options?: Ct600BuildOptions): Ct600BuildResponse {
  const header = parseOptions(options);
  const parsed = ct600RequestSchema.safeParse(request);
  if (!parsed.success) throw new RequestValidationError(allRequestErrors(request, fieldErrorsFromZod(parsed.error), header.schemaVersion));
  const model = toReturnModel(parsed.data, { schemaVersion: header.schemaVersion });
  if (!model.ok) throw new RequestValidationError(model.errors);

  let originalXmlDoc = '';
  let xmlDoc = '';
  const irMark = writeMarkedMessage(model.ret, header, (stage, bytes) => {
    if (stage === 'original') originalXmlDoc = bytes.toString('base64');
    else xmlDoc = bytes.toString('base64');
  });
  return { xmlDoc, originalXmlDoc, irMark };
}
