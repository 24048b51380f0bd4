/**
 * From a computation to a build-ct600 request: every computed box in the
 * request's fields, the declaration, and the computation and the accounts
 * attached, so that `ct600 build` and then `ct600 validate` take the user from
 * the client's figures to a return.
 */
import { RequestValidationError, type FieldError } from '../errors.js';
import type { ComputationOutput } from './compute.js';
import { ct600FiguresOf } from './ct600-request.js';
import type { ComputationInput } from './input.js';

export interface AttachedDocument {
  filename: string;
  bytes: Uint8Array;
}

const base64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64');

export function returnRequest(input: ComputationInput, out: ComputationOutput, computation: AttachedDocument, accounts: AttachedDocument | null): Record<string, unknown> {
  const errors: FieldError[] = [];
  if (!input.declaration) errors.push({ field: 'declaration', message: 'is required to write a return: the declarant’s {name, status} (boxes 975 and 985)' });
  if (!accounts) errors.push({ field: 'accountsFile', message: 'is required to write a return: the accounts’ Inline XBRL file (box 80A)' });
  if (errors.length) throw new RequestValidationError(errors);
  return {
    companyName: input.company.name,
    ...(input.company.registrationNumber ? { registrationNumber: input.company.registrationNumber } : {}),
    reference: input.company.utr,
    utrValue: input.company.utr,
    companyType: 0,
    returnType: 1,
    sender: 1,
    declaration: { acceptDeclaration: true, name: input.declaration!.name, status: input.declaration!.status },
    periodCovered: { from: `${input.period.from}T00:00:00`, to: `${input.period.to}T00:00:00` },
    accounts: { itemElementName: 0 },
    computations: { itemElementName: 0 },
    ...ct600FiguresOf(out),
    // HMRC's AttachedFiles order is Computation before Accounts; the builder puts them in that order whatever ours.
    attachedFiles: [
      { filename: accounts!.filename, value: base64(accounts!.bytes), itemsElementName: 0 },
      { filename: computation.filename, value: base64(computation.bytes), itemsElementName: 1 },
    ],
  };
}
