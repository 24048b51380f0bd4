/**
 * The computation's CT600A as build-ct600 request fields: the page
 * (`loansByCloseCompanies`, by its schema elements), box 480
 * (`loansToParticipators`) and box 485 (`ct600aReliefDue`).
 */
import type { Ct600aPage, LoansToParticipatorsOutput, ReliefLine } from './types.js';

function reliefPart(lines: ReliefLine[], repaid: number | undefined, released: number | undefined, total: number | undefined, relief: number | undefined) {
  if (!lines.length || total === undefined || relief === undefined) return undefined;
  return {
    loans: lines.map((l) => ({ name: l.name, ...(l.repaid ? { amountRepaid: l.repaid } : {}), ...(l.releasedOrWrittenOff ? { amountReleasedOrWrittenOff: l.releasedOrWrittenOff } : {}), date: l.date })),
    ...(repaid ? { totalAmountRepaid: repaid } : {}),
    ...(released ? { totalAmountReleasedOrWritten: released } : {}),
    totalLoans: total,
    reliefDue: relief,
  };
}

export function ct600aPageRequest(page: Ct600aPage): Record<string, unknown> {
  const p2 = reliefPart(page.A25, page.A30, page.A35, page.A40, page.A45);
  const p3 = reliefPart(page.A50, page.A55, page.A60, page.A65, page.A70);
  return {
    beforeEndPeriod: page.A5,
    ...(page.A10.length && page.A15 !== undefined ? { loansInformation: { loans: page.A10.map((l) => ({ name: l.name, amountOfLoan: l.amount })), totalLoans: page.A15, taxChargeable: page.A20 } } : {}),
    ...(p2 ? { reliefEarlierThan: p2 } : {}),
    ...(p3 ? { loanLaterReliefNow: p3 } : {}),
    ...(page.A75 !== undefined ? { totalLoansOutstanding: page.A75 } : {}),
    taxPayable: page.A80,
  };
}

export function ct600aRequestFields(loans: LoansToParticipatorsOutput | null): Record<string, unknown> {
  const page = loans?.page;
  if (!page) return {};
  return {
    loansToParticipators: { value: page.A80 },
    ...(page.A70 !== undefined ? { ct600aReliefDue: true } : {}),
    loansByCloseCompanies: ct600aPageRequest(page),
  };
}
