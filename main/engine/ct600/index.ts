export { buildCt600, ct600BuildOptionsSchema, type Ct600BuildOptions, type Ct600BuildResponse } from './build.js';
export { canonicalBody, computeIrmark, computeIrmarkByDom, verifyIrmark, type IrmarkCheck, type IrmarkValue } from './irmark.js';
export { toBase32 } from './base32.js';
export { ct600RequestSchema, REGISTRATION_NUMBER_PATTERN, UTR_PATTERN, type Ct600Request, type Ct600RequestInput } from './request-schema.js';
export { MAX_ATTACHMENTS_BASE64_BYTES } from './request-attachments.js';
export * as ct600Codes from './codes.js';
export { XmlInputError } from './xml-dom.js';
