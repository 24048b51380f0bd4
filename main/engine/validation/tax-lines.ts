/**
 * The tax lines of boxes 330–425: each financial year block holds up to
 * three Details lines, and each line has boxes of its own (CT600 (2015)
 * version 3: FY1 335/340/345, 350/355/360, 365/370/375; FY2 385/390/395,
 * 400/405/410, 415/420/425). Messages quote the box of the line they are about.
 */
export interface TaxLineBoxes {
  profit: string;
  rate: string;
  tax: string;
}

export type YearBlock = 'FinancialYearOne' | 'FinancialYearTwo';

export const YEAR_BLOCKS: readonly YearBlock[] = ['FinancialYearOne', 'FinancialYearTwo'];

export const TAX_LINE_BOXES: Record<YearBlock, readonly TaxLineBoxes[]> = {
  FinancialYearOne: [
    { profit: '335', rate: '340', tax: '345' },
    { profit: '350', rate: '355', tax: '360' },
    { profit: '365', rate: '370', tax: '375' },
  ],
  FinancialYearTwo: [
    { profit: '385', rate: '390', tax: '395' },
    { profit: '400', rate: '405', tax: '410' },
    { profit: '415', rate: '420', tax: '425' },
  ],
};

/** Boxes of line `index` (from 0) of a block; a line beyond the third (a schema error) has no box. */
export function taxLineBoxes(block: YearBlock, index: number): TaxLineBoxes | undefined {
  return TAX_LINE_BOXES[block][index];
}

/** Every tax box, for messages about their sum (box 430). */
export const ALL_TAX_BOXES: readonly string[] = YEAR_BLOCKS.flatMap((b) => TAX_LINE_BOXES[b].map((l) => l.tax));
