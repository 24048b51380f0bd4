/**
 * Before the first submission of a company's accounts: Companies House is
 * asked for the company's data with its authentication code
 * (CompanyDataRequest, companies-house.md §4), which proves the presenter's
 * credentials, the company number and the code work together (a wrong code
 * answers 502 "Authorisation Failure") and gives the name as registered,
 * which the accounts must carry. Nothing is submitted by this question, so a
 * refusal here costs no submission number.
 */
import { randomBytes } from 'node:crypto';
import type { GatewayExchange } from './gateway-exchange.js';
import { companyDataMessage, companyTypeOf } from './gateway-messages.js';
import type { CompaniesHouseEnvironment } from './gateway-rules.js';
import type { FilingSecrets } from './presenter-secrets.js';

export interface CompanyCheck {
  /** The name on the register, when Companies House gave it. */
  companyName?: string;
  /** Why Companies House refused the question: the credentials or the code, in its words (masked). */
  refused?: string;
  /** No usable answer: nothing is known, and nothing was submitted. */
  unanswered?: string;
}

export async function checkCompany(q: {
  exchange: GatewayExchange;
  gatewayUrl: string;
  environment: CompaniesHouseEnvironment;
  secrets: FilingSecrets;
  companyNumber: string;
  madeUpDate: string;
  email?: string | undefined;
}): Promise<CompanyCheck> {
  const message = companyDataMessage(
    { transactionId: randomBytes(8).toString('hex').toUpperCase(), environment: q.environment, secrets: q.secrets, ...(q.email ? { email: q.email } : {}) },
    { companyNumber: q.companyNumber, companyType: companyTypeOf(q.companyNumber), madeUpDate: q.madeUpDate },
  );
  const ex = await q.exchange.post(q.gatewayUrl, message);
  if ('problem' in ex) return { unanswered: ex.problem };
  const { answer } = ex;
  if (answer.qualifier === 'error') {
    const said = answer.errors.map((e) => `${e.number ? `${e.number} ` : ''}${e.text || e.type}`).join('; ') || 'an error without a reason';
    return { refused: q.exchange.masked(`Companies House refused the presenter's credentials or company ${q.companyNumber}'s authentication code (${said}); check them in Settings › Companies House`) };
  }
  if (answer.company && answer.company.companyNumber.toUpperCase() !== q.companyNumber) {
    return { refused: `Companies House answered with the data of company ${answer.company.companyNumber}, not ${q.companyNumber}` };
  }
  return answer.company?.companyName ? { companyName: answer.company.companyName } : {};
}
