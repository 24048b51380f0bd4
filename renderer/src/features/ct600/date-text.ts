/** A date as typed in the GOV.UK date input's three boxes, kept as typed so a reload shows what was on screen. */
export interface DateText {
  day: string;
  month: string;
  year: string;
}
