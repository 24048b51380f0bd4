/**
 * What a built CT600 return says about itself, in HMRC's boxes: the lines the
 * confirmation page repeats before anything is sent, read from the bytes that
 * will be sent (never from the form, which may say something else).
 */
import { parseXml, XmlInputError } from '../engine/ct600/xml-dom.js';
import { SubmissionMessageError, textOf } from './submission-message.js';

export interface ReturnSummary {
  /** Box 1. */
  company: string | null;
  /** Box 3. */
  utr: string | null;
  /** Boxes 30 and 35. */
  periodFrom: string | null;
  periodTo: string | null;
  /** The CompanyTaxReturn ReturnType attribute: "new" or "amended". */
  returnType: string;
  /** Box 525 when the return has it, else box 510; pounds as written. */
  taxPayable: { box: '510' | '525'; amount: string } | null;
  /** Box 480, the s455 tax on loans to participators (part of box 510 and 525); pounds as written. */
  s455: string | null;
  /** Boxes 975 and 985. */
  declaration: { name: string | null; status: string | null };
}

const RETURN = ['Body', 'IRenvelope', 'CompanyTaxReturn'];

export function summariseReturn(built: Uint8Array): ReturnSummary {
  let doc;
  try {
    doc = parseXml(built);
  } catch (err) {
    throw new SubmissionMessageError('', err instanceof XmlInputError ? err.message : 'the file is not XML');
  }
  const at = (...path: string[]) => textOf(doc, [...RETURN, ...path]) || null;
  const payable = at('CalculationOfTaxOutstandingOrOverpaid', 'TaxPayable');
  const chargeable = at('CalculationOfTaxOutstandingOrOverpaid', 'TaxChargeable');
  return {
    company: at('CompanyInformation', 'CompanyName'),
    utr: at('CompanyInformation', 'Reference'),
    periodFrom: at('CompanyInformation', 'PeriodCovered', 'From'),
    periodTo: at('CompanyInformation', 'PeriodCovered', 'To'),
    returnType: doc.getElementsByTagName('CompanyTaxReturn')[0]?.getAttribute('ReturnType') || 'new',
    taxPayable: payable !== null ? { box: '525', amount: payable } : chargeable !== null ? { box: '510', amount: chargeable } : null,
    s455: at('CalculationOfTaxOutstandingOrOverpaid', 'LoansToParticipators'),
    declaration: { name: at('Declaration', 'Name'), status: at('Declaration', 'Status') },
  };
}
