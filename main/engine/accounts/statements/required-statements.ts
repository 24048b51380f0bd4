/**
 * The statements the balance sheet carries above the director's signature
 * (CA 2006 s475(4)), chosen by regime, dormancy and what is delivered to
 * Companies House (shared/docs/accounts.md §2). The words contain the phrases
 * HMRC's joint filing checks look for (validation/attachments/statement-phrases.ts).
 */
import type { AccountsRequest, RequiredStatement } from '../types.js';
import { ukDateWords } from './dates.js';

const SEC477 = 'StatementThatCompanyEntitledToExemptionFromAuditUnderSection477CompaniesAct2006RelatingToSmallCompanies';
const SEC480 = 'StatementThatCompanyEntitledToExemptionFromAuditUnderSection480CompaniesAct2006RelatingToDormantCompanies';
const SEC476 = 'StatementThatMembersHaveNotRequiredCompanyToObtainAnAudit';
const DIRECTORS = 'StatementThatDirectorsAcknowledgeTheirResponsibilitiesUnderCompaniesAct';
/** One concept carries the micro-entity, small companies regime and delivery sentences. */
const PREPARED = 'StatementThatAccountsHaveBeenPreparedInAccordanceWithProvisionsSmallCompaniesRegime';
const NOT_DELIVERED = 'StatementThatDirectorsHaveElectedNotToDeliverProfitLossAccountUnderSection4445ACompaniesAct2006';

export function requiredStatements(request: AccountsRequest): RequiredStatement[] {
  const yearEnd = ukDateWords(request.period.to);
  const single = request.directors.length === 1;
  const statements: RequiredStatement[] = [];
  if (request.dormant) {
    statements.push({
      id: 'section480',
      law: 'CA 2006 s475(2), s480',
      text: `For the year ending ${yearEnd} the company was entitled to exemption from audit under section 480 of the Companies Act 2006 relating to dormant companies.`,
      concept: SEC480,
      copy: 'all',
    });
  } else {
    statements.push({
      id: 'section477',
      law: 'CA 2006 s475(2), s477',
      text: `For the year ending ${yearEnd} the company was entitled to exemption from audit under section 477 of the Companies Act 2006 relating to small companies.`,
      concept: SEC477,
      copy: 'all',
    });
  }
  statements.push(
    {
      id: 'section476',
      law: 'CA 2006 s475(3)(a), s476',
      text: 'The members have not required the company to obtain an audit of its accounts for the year in question in accordance with section 476 of the Companies Act 2006.',
      concept: SEC476,
      copy: 'all',
    },
    {
      id: 'directorsResponsibilities',
      law: 'CA 2006 s475(3)(b)',
      text: `The ${single ? 'director acknowledges' : 'directors acknowledge'} their responsibilities for complying with the requirements of the Companies Act 2006 with respect to accounting records and the preparation of accounts.`,
      concept: DIRECTORS,
      copy: 'all',
    },
  );
  if (request.standard === 'FRS 105') {
    statements.push({
      id: 'microEntityProvisions',
      law: 'CA 2006 s414(3)(a)',
      text: 'These accounts have been prepared in accordance with the micro-entity provisions.',
      concept: PREPARED,
      copy: 'all',
    });
  } else {
    statements.push({
      id: 'smallCompaniesRegime',
      law: 'CA 2006 s414(3)(b)',
      text: 'These accounts have been prepared in accordance with the provisions applicable to companies subject to the small companies regime.',
      concept: PREPARED,
      copy: 'all',
    });
  }
  statements.push({
    id: 'deliveredSmallCompaniesRegime',
    law: 'CA 2006 s444(5)',
    text: 'These accounts have been delivered in accordance with the provisions applicable to companies subject to the small companies regime.',
    concept: PREPARED,
    copy: 'filing',
  });
  if (request.deliverProfitAndLossToCompaniesHouse === false) {
    statements.push({
      id: 'profitAndLossNotDelivered',
      law: 'CA 2006 s444(5A)',
      text: `The ${single ? 'director has' : 'directors have'} elected not to deliver the profit and loss account to the registrar, as section 444(1) of the Companies Act 2006 allows.`,
      concept: NOT_DELIVERED,
      copy: 'filing',
    });
  }
  return statements;
}
