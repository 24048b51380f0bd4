/**
 * Our own words for the HMRC rules a return built by Filing Desk (or a plain
 * small-company return from other software) can break. HMRC's message stays
 * beside ours on every finding; a rule not listed here is shown in HMRC's
 * words, which are plain English for nearly all of them. Keyed by HMRC's error
 * number; `boxes` replaces the boxes read off HMRC's words where they name none.
 */
export interface OurWords {
  message: string;
  boxes?: string[];
}

export const OUR_MESSAGES: Record<string, OurWords> = {
  '5004': { message: 'the IR header must carry the company’s UTR as a key', boxes: ['3'] },
  '5005': { message: 'the UTR in the GovTalk header must be the same as the UTR in the IR header (box 3)', boxes: ['3'] },
  '9100': { message: 'the UTR in the IR header must be the company’s tax reference in box 3' },
  '9101': { message: 'the period in boxes 30 to 35 must not be longer than 12 months: a longer period of account needs two returns' },
  '9103': { message: 'the start of the period (box 30) must be yesterday or earlier' },
  '9105': { message: 'the end of the period (box 35) must be on or after its start (box 30)' },
  '9106': { message: 'the end of the period (box 35) must not be later than today, unless the company is in liquidation (box 4 code 3)' },
  '9113': { message: 'iXBRL accounts must be attached, or box 90A must give the reason there are none' },
  '9114': { message: 'say whether the accounts are for this period (box 80A) or a different period (box 85A)' },
  '9116': { message: 'box 90A gives a reason for not providing accounts, so boxes 80A and 85A must be left empty' },
  '9143': { message: 'for a company of this type (box 4) the tax rate in box 340 must be the main rate (or the Northern Ireland rate)' },
  '9144': { message: 'the financial year (box 330) must be completed when there are chargeable profits (box 315)' },
  '9145': { message: 'the tax rate in box 340 is not one HMRC allows for this type of company (box 4) and financial year' },
  '9149': { message: 'trading losses brought forward (box 160) must not be more than the trading profits (box 155)' },
  '9150': { message: 'trading profits (box 155) must be more than zero when losses brought forward (box 160) are set against them' },
  '9151': { message: 'net trading profits (box 165) must be box 155 less box 160' },
  '9186': { message: 'the profits taxed in boxes 335 to 415 must add up to the chargeable profits in box 315' },
  '9188': { message: 'the period runs into a second financial year, so the second year’s profits and tax (boxes 380 to 425) must be given' },
  '9195': { message: 'the financial year in box 330 must be the one the period starts in (box 30): financial year 2024 runs from 1 April 2024 to 31 March 2025' },
  '9197': { message: 'the period lies in one financial year, so the profits in boxes 335, 350 and 365 must add up to box 315' },
  '9198': { message: 'the profits in boxes 335, 350 and 365 must be box 315’s share for the first financial year, by days' },
  '9200': {
    message:
      'the tax rate in box 340 is not one HMRC allows for this financial year. From 1 April 2023 the small profits rate (19%) may be used only with the claim in box 329 (small profits rate or marginal relief); without it the main rate, 25%, applies',
  },
  '9209': {
    message:
      'the tax rate in box 390 is not one HMRC allows for the second financial year. From 1 April 2023 the small profits rate (19%) may be used only with the claim in box 329 (small profits rate or marginal relief); without it the main rate, 25%, applies',
  },
  '9204': { message: 'the tax on each line must be its profit times its rate (box 345 = box 335 × box 340), to the penny' },
  '9207': { message: 'the second financial year (box 380) must be the year after box 330' },
  '9213': { message: 'the tax on each line of the second financial year must be its profit times its rate (box 395 = box 385 × box 390), to the penny' },
  '9214': { message: 'corporation tax (box 430) must be the sum of the tax lines (boxes 345 to 425)' },
  '9234': { message: 'net corporation tax chargeable (box 440) must be box 430 less marginal relief in box 435' },
  '9247': { message: 'total reliefs and deductions (box 470) must be the sum of boxes 445, 450 and 465' },
  '9248': { message: 'net corporation tax liability (box 475) must be box 440 less box 470' },
  '9315': { message: 'accounts must be attached, or box 90A must give the reason there are none' },
  '9316': { message: 'computations must be attached, or box 90B must give the reason there are none' },
  '9319': { message: 'net corporation tax liability (box 475) must be completed when box 440 is more than zero' },
  '9320': { message: 'profits before deductions and reliefs (box 300) must be completed when box 235 is more than zero' },
  '9321': { message: 'profits before other deductions and reliefs (box 235) must be completed when net trading profits (box 165) are more than zero' },
  '9332': { message: 'box 235 must be the total of the profits and gains in boxes 165 to 220, less boxes 225 and 230' },
  '9333': { message: 'box 300 must be box 235 less the deductions and reliefs in boxes 240 to 290' },
  '9335': { message: 'chargeable profits (box 315) must be box 300 less boxes 305, 310 and 312' },
  '9338': { message: 'chargeable profits (box 315) must be box 235 less the deductions in boxes 240 to 312' },
  '9339': { message: 'tax chargeable (box 510) must be the sum of boxes 475, 480, 500, 501, 502 and 505' },
  '9340': { message: 'tax chargeable (box 510) must be completed when box 475 is' },
  '9344': { message: 'without box 475, tax chargeable (box 510) must be boxes 440, 480, 500, 501, 502 and 505 less box 470' },
  '9347': { message: 'tax payable (box 525) must be box 510 less the income tax repayable in box 515, or 0 when that is negative' },
  '9348': { message: 'tax payable (box 525) must be boxes 440, 480, 500 and 505 less boxes 515 and 470, or 0 when that is negative' },
  '9349': { message: 'iXBRL accounts are attached, so box 90A must not give a reason for not providing them' },
  '9417': { message: 'marginal relief (box 435) may be claimed only with the claim to the small profits rate or marginal relief in box 329 (for periods ending after 31 March 2023)' },
  '9900': { message: 'accounts or computations in several files need one file marked as the entry point' },
  '9965': { message: 'tax computations must be attached, or box 90B must give the reason there are none' },
  '9966': { message: 'attach the computations either as iXBRL or as PDF, not both' },
  '9970': { message: 'accounts or computations in several files need a file name on each file' },
  '9971': { message: 'box 90A says PDF accounts are attached, so a PDF of type "accounts" must be attached' },
};
