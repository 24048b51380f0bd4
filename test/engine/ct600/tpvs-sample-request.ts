/**
 * HMRC's valid CT600 sample (the IRmark vectors' tpvs-accepted-sample.xml),
 * read figure by figure into a build-ct600 request.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DOMParser, type Element } from '@xmldom/xmldom';
import type { Ct600RequestInput } from '../../../main/engine/ct600/index.js';
import { ct600Codes } from '../../../main/engine/ct600/index.js';
import { ct600Vectors } from '../../helpers/shared.js';

export const sampleXml = readFileSync(join(ct600Vectors, 'tpvs-accepted-sample.xml'), 'utf8');

export function parse(xml: string) {
  return new DOMParser().parseFromString(xml, 'text/xml').documentElement!;
}

export function children(e: Element): Element[] {
  return Array.from(e.childNodes).filter((n): n is Element => n.nodeType === 1);
}

/** The one element at a path of local names below `from`. */
export function at(from: Element, path: string): Element {
  let e = from;
  for (const name of path.split('/')) {
    const next = children(e).find((c) => c.localName === name);
    if (!next) throw new Error(`no ${path} in the sample`);
    e = next;
  }
  return e;
}
const text = (from: Element, path: string) => at(from, path).textContent!.trim();
const money = (from: Element, path: string) => ({ currency: 1, value: Number(text(from, path)) });

export function requestFromSample(root: Element): Ct600RequestInput {
  const env = at(root, 'Body/IRenvelope');
  const ret = at(env, 'CompanyTaxReturn');
  const calc = at(ret, 'CompanyTaxCalculation');
  const fy = at(calc, 'CorporationTaxChargeable/FinancialYearOne');
  const owed = at(ret, 'CalculationOfTaxOutstandingOrOverpaid');
  const info = at(ret, 'CompanyInformation');
  const code = (words: readonly string[], word: string) => {
    const i = words.indexOf(word);
    if (i < 0) throw new Error(`unknown word ${word}`);
    return i;
  };
  return {
    companyName: text(info, 'CompanyName'),
    registrationNumber: text(info, 'RegistrationNumber'),
    reference: text(info, 'Reference'),
    utrValue: text(env, 'IRheader/Keys/Key'),
    companyType: Number(text(info, 'CompanyType')),
    periodCovered: { from: `${text(info, 'PeriodCovered/From')}T00:00:00`, to: `${text(info, 'PeriodCovered/To')}T00:00:00` },
    returnType: code(ct600Codes.RETURN_TYPES, ret.getAttribute('ReturnType')!),
    sender: code(ct600Codes.SENDERS, text(env, 'IRheader/Sender')),
    accounts: { itemElementName: 2, noAccountsReason: code(ct600Codes.NO_ACCOUNTS_REASONS, text(ret, 'ReturnInfoSummary/Accounts/NoAccountsReason')) },
    computations: {
      itemElementName: 2,
      nocomputationsReason: code(ct600Codes.NO_COMPUTATIONS_REASONS, text(ret, 'ReturnInfoSummary/Computations/NoComputationsReason')),
    },
    total: money(ret, 'Turnover/Total'),
    lossesBroughtForward: money(calc, 'Income/Trading/LossesBroughtForward'),
    netProfits: money(calc, 'Income/Trading/NetProfits'),
    profitsBeforeOtherDeductions: money(calc, 'ProfitsBeforeOtherDeductions'),
    profitsBeforeDonationsAndGroupRelief: money(calc, 'ChargesAndReliefs/ProfitsBeforeDonationsAndGroupRelief'),
    chargeableProfits: money(calc, 'ChargeableProfits'),
    financialYearProfit: money(fy, 'Details/Profit'),
    financialYearTaxRate: Number(text(fy, 'Details/TaxRate')),
    financialYearTax: money(fy, 'Details/Tax'),
    netCorporationTaxChargeable: money(calc, 'NetCorporationTaxChargeable'),
    totalReliefsAndDeductions: money(calc, 'TaxReliefsAndDeductions/TotalReliefsAndDeductions'),
    taxChargeable: money(owed, 'TaxChargeable'),
    taxPayable: money(owed, 'TaxPayable'),
    declaration: { acceptDeclaration: text(ret, 'Declaration/AcceptDeclaration') === 'yes', name: text(ret, 'Declaration/Name'), status: text(ret, 'Declaration/Status') },
  };
}

