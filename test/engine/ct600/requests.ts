/** Hand-written build-ct600 requests shared by the CT600 tests. */
import type { Ct600RequestInput } from '../../../main/engine/ct600/index.js';

export const gbp = (value: number) => ({ currency: 1, value });

/** The smallest return HMRC accepts: no accounts or computations (not within charge), nil tax. */
export function minimumReturn(): Ct600RequestInput {
  return {
    companyName: 'Dormant Holdings Ltd',
    reference: '8596148860',
    utrValue: '8596148860',
    companyType: 0,
    periodCovered: { from: '2024-04-01T00:00:00', to: '2025-03-31T00:00:00' },
    returnType: 1,
    sender: 1,
    accounts: { itemElementName: 2, noAccountsReason: 3 },
    computations: { itemElementName: 2, nocomputationsReason: 3 },
    chargeableProfits: gbp(0),
    netCorporationTaxChargeable: gbp(0),
    taxPayable: gbp(0),
    declaration: { acceptDeclaration: true, name: 'Jane Director', status: 'Director' },
  };
}

const ixbrl = (title: string) =>
  Buffer.from(
    `<?xml version="1.0" encoding="UTF-8"?><html xmlns="http://www.w3.org/1999/xhtml" xmlns:ix="http://www.xbrl.org/2013/inlineXBRL"><head><title>${title}</title></head><body><p>${title}</p></body></html>`,
  ).toString('base64');

/** A trading company at the small profits rate, with accounts and computations attached. */
export function fullReturn(): Ct600RequestInput {
  return {
    companyName: 'Example Trading Ltd',
    registrationNumber: '12345678',
    reference: '8596148860',
    utrValue: '8596148860',
    companyType: 0,
    periodCovered: { from: '2024-04-01T00:00:00', to: '2025-03-31T00:00:00' },
    returnType: 'new',
    sender: 'Company',
    accounts: { itemElementName: 0, noAccountsReason: 0 },
    computations: { itemElementName: 0, nocomputationsReason: null },
    total: gbp(120000),
    lossesBroughtForward: gbp(0),
    netProfits: gbp(40000),
    profitsBeforeOtherDeductions: gbp(40000),
    profitsBeforeDonationsAndGroupRelief: gbp(40000),
    chargeableProfits: gbp(40000),
    financialYearProfit: gbp(40000),
    financialYearTaxRate: 19,
    financialYearTax: gbp(7600),
    netCorporationTaxChargeable: gbp(7600),
    totalReliefsAndDeductions: gbp(0),
    taxChargeable: gbp(7600),
    taxPayable: gbp(7600),
    declaration: { acceptDeclaration: true, name: 'Jane Director', status: 'Director' },
    attachedFiles: [
      { filename: 'accounts-2025.xhtml', value: ixbrl('Accounts'), itemsElementName: 0 },
      { filename: 'computations-2025.xhtml', value: ixbrl('Computations'), itemsElementName: 1 },
    ],
  };
}
