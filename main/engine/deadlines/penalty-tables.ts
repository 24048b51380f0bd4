/**
 * The fixed late-filing penalties as the law has stood over time, each table
 * in force for returns whose filing date falls on or after its first day.
 * The amounts depend on the return's filing date, never on the day the
 * penalty is worked out: a return due 31 March 2026 keeps the old amounts
 * however late it is delivered.
 *
 * Each step is charged on its own, so "more than three months late" adds its
 * amount to the first: £200 + £200 = £400 under the 2026 table.
 */
import { compareIso, type IsoDate } from './calendar.js';

export interface FlatPenaltyTable {
  /** The first filing date the table applies to. */
  filingDateFrom: IsoDate;
  /** From the day after the filing date (FA 1998 Sch 18 para 17(2)(a)). */
  late: number;
  /** Added when the return is more than three months late (para 17(2)(b)). */
  moreThanThreeMonthsLate: number;
  /** Each of the two steps instead, for the third return in a row delivered late (para 17(3)). */
  thirdLateInARow: number;
  source: string;
}

/** Oldest first; the last whose first filing date is on or before a return's filing date applies to it. */
export const FLAT_PENALTY_TABLES: readonly FlatPenaltyTable[] = [
  {
    filingDateFrom: '1999-07-01',
    late: 100,
    moreThanThreeMonthsLate: 100,
    thirdLateInARow: 500,
    source:
      'FA 1998 Sch 18 para 17 as enacted (HMRC Company Taxation Manual CTM61500, CTM61540; gov.uk "Company Tax Returns: penalties for late filing"): £100, another £100 after three months; £500 each for the third late return in a row',
  },
  {
    filingDateFrom: '2026-04-01',
    late: 200,
    moreThanThreeMonthsLate: 200,
    thirdLateInARow: 1000,
    source:
      'FA 1998 Sch 18 paras 17–18 as amended; policy paper "Increases to Corporation Tax late filing penalties" (HM Treasury and HMRC, 26 November 2025): returns with a filing date on or after 1 April 2026 pay £200, £400 when more than three months late, and £1,000 / £2,000 for the third late return in a row',
  },
];

/** The table in force for a return with this filing date. */
export function flatPenaltyTableFor(filingDate: IsoDate): FlatPenaltyTable {
  let found = FLAT_PENALTY_TABLES[0]!;
  for (const table of FLAT_PENALTY_TABLES) if (compareIso(table.filingDateFrom, filingDate) <= 0) found = table;
  return found;
}
