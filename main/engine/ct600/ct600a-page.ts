/**
 * The CT600A supplementary page (LoansByCloseCompanies) in the schema's
 * element order (CT-2014 v1.994, complexType CTA): BeforeEndPeriod (A5),
 * LoansInformation (A10–A20), ReliefEarlierThan (A25–A45),
 * LoanLaterReliefNow (A50–A70), TotalLoansOutstanding (A75), TaxPayable (A80).
 */
import type { Ct600aReturnPage } from './ct600a-request.js';
import { formatPence, type Pence } from './money.js';
import { el, type XmlElement } from './xml-writer.js';

const money = (name: string, pence: Pence | undefined) => (pence === undefined ? undefined : el(name, formatPence(pence)));

type ReliefPart = NonNullable<Ct600aReturnPage['reliefEarlierThan']>;

function reliefPart(name: string, part: ReliefPart | undefined): XmlElement | undefined {
  if (!part) return undefined;
  return el(name, [
    ...part.loans.map((l) => el('Loan', [el('Name', l.name), money('AmountRepaid', l.amountRepaid), money('AmountReleasedOrWrittenOff', l.amountReleasedOrWrittenOff), el('Date', l.date)])),
    money('TotalAmountRepaid', part.totalAmountRepaid),
    money('TotalAmountReleasedOrWritten', part.totalAmountReleasedOrWritten),
    money('TotalLoans', part.totalLoans),
    money('ReliefDue', part.reliefDue),
  ]);
}

export function loansByCloseCompanies(page: Ct600aReturnPage | undefined): XmlElement | undefined {
  if (!page) return undefined;
  const info = page.loansInformation;
  return el('LoansByCloseCompanies', [
    el('BeforeEndPeriod', page.beforeEndPeriod ? 'yes' : 'no'),
    info
      ? el('LoansInformation', [
          ...info.loans.map((l) => el('Loan', [el('Name', l.name), money('AmountOfLoan', l.amountOfLoan)])),
          money('TotalLoans', info.totalLoans),
          money('TaxChargeable', info.taxChargeable),
        ])
      : undefined,
    reliefPart('ReliefEarlierThan', page.reliefEarlierThan),
    reliefPart('LoanLaterReliefNow', page.loanLaterReliefNow),
    money('TotalLoansOutstanding', page.totalLoansOutstanding),
    money('TaxPayable', page.taxPayable),
  ]);
}
