/**
 * From a computation to a build-ct600 request: the computed boxes in the
 * request's fields, the declaration, and the computation and the accounts
 * attached, so that `ct600 build` and then `ct600 validate` take the user from
 * the client's figures to a return. Boxes the request has no field for are
 * said, not dropped in silence: income and reliefs that change the return's
 * arithmetic (170–305) are refused, the capital allowances boxes (690–780)
 * are listed as left out (the return's figures do not depend on them).
 */
import { RequestValidationError, type FieldError } from '../errors.js';
import type { ComputationOutput } from './compute.js';
import type { ComputationInput } from './input.js';

export interface AttachedDocument {
  filename: string;
  bytes: Uint8Array;
}

export interface ReturnRequestResult {
  request: Record<string, unknown>;
  /** Boxes the computation fills that the build-ct600 request cannot carry. */
  leftOut: string[];
}

/** Income and reliefs between box 155 and box 315 that the request has no field for. */
const NOT_CARRIED = ['170', '190', '210', '220', '275', '295', '305'];
const ALLOWANCE_BOXES = /^(69\d|7\d\d)$/;

const gbp = (value: number) => ({ currency: 1, value });
const base64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64');

export function returnRequest(input: ComputationInput, out: ComputationOutput, computation: AttachedDocument, accounts: AttachedDocument | null): ReturnRequestResult {
  const errors: FieldError[] = [];
  if (!input.declaration) errors.push({ field: 'declaration', message: 'is required to write a return: the declarant’s {name, status} (boxes 975 and 985)' });
  if (!accounts) errors.push({ field: 'accountsFile', message: 'is required to write a return: the accounts’ Inline XBRL file (box 80A)' });
  const blocked = NOT_CARRIED.filter((box) => typeof out.boxes[box] === 'number' && out.boxes[box] !== 0);
  if (blocked.length) {
    errors.push({ field: 'boxes', message: `boxes ${blocked.join(', ')} are not fields of the build-ct600 request yet, so a return built from it would not add up; enter this return in the wizard or the request by hand` });
  }
  if (errors.length) throw new RequestValidationError(errors);

  const b = out.boxes;
  const num = (box: string) => b[box] as number;
  const has = (box: string) => typeof b[box] === 'number';
  const request: Record<string, unknown> = {
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
    total: gbp(num('145')),
    tradingProfits: gbp(num('155')),
    lossesBroughtForward: gbp(has('160') ? num('160') : 0),
    netProfits: gbp(num('165')),
    profitsBeforeOtherDeductions: gbp(num('235')),
    profitsBeforeDonationsAndGroupRelief: gbp(num('300')),
    chargeableProfits: gbp(num('315')),
  };
  if (has('326') || has('327')) {
    request.associatedCompanies = {
      ...(has('326') ? { thisPeriod: num('326') } : { firstYear: num('327'), secondYear: num('328') }),
      ...(b['329'] === true ? { startingOrSmallCompaniesRate: true } : {}),
    };
  }
  if (has('330')) {
    request.financialYear = num('330');
    request.financialYearProfit = gbp(num('335'));
    request.financialYearTaxRate = num('340');
    request.financialYearTax = gbp(num('345'));
  }
  if (has('380')) request.financialYearTwo = { year: num('380'), profit: gbp(num('385')), taxRate: num('390'), tax: gbp(num('395')) };
  request.corporationTax = gbp(num('430'));
  if (has('435')) request.marginalReliefForRingFenceTrades = gbp(num('435'));
  request.netCorporationTaxChargeable = gbp(num('440'));
  request.totalReliefsAndDeductions = gbp(0);
  request.netCorporationTaxLiability = gbp(num('475'));
  request.taxChargeable = gbp(num('510'));
  request.taxPayable = gbp(num('525'));
  // HMRC's AttachedFiles order is Computation before Accounts; the builder puts them in that order whatever ours.
  request.attachedFiles = [
    { filename: accounts!.filename, value: base64(accounts!.bytes), itemsElementName: 0 },
    { filename: computation.filename, value: base64(computation.bytes), itemsElementName: 1 },
  ];
  const leftOut = Object.keys(b).filter((box) => ALLOWANCE_BOXES.test(box) && b[box] !== 0);
  return { request, leftOut };
}
