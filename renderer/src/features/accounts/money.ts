/** Figures as the Accounts wizard shows them: pounds from main, shown through the app's one money format. */
import { formatMoney } from '../../format/index.js';

/** "£1,234.50" from pounds (main sends pence divided by 100, exact to the penny). */
export const pounds = (value: number) => formatMoney(BigInt(Math.round(value * 100)), 'pence');
/** "£1,234" for a whole-pound statement figure; a negative one in brackets as accounts show it. */
export const statementPounds = (value: number) => (value < 0 ? `(${formatMoney(BigInt(Math.round(-value * 100)), 'whole-pounds')})` : formatMoney(BigInt(Math.round(value * 100)), 'whole-pounds'));
