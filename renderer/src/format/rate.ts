/**
 * A rate of tax as HMRC prints it: "19%", "26.5%". The schema carries two
 * decimals ("19.00"); the trailing zeros are dropped from the text, not
 * through a float, so "26.50" is never "26.499999%".
 */
export function formatRate(rate: string | number): string {
  const text = String(rate).trim().replace(/%$/, '').trim();
  const m = /^(-?\d+)(?:\.(\d+))?$/.exec(text);
  if (!m) return text === '' ? '' : `${text}%`;
  const whole = m[1]!.replace(/^(-?)0+(?=\d)/, '$1');
  const fraction = (m[2] ?? '').replace(/0+$/, '');
  return `${whole}${fraction ? `.${fraction}` : ''}%`;
}

/**
 * Rates inside a check's own sentence ("rate 21.00% is not allowed") as the
 * window writes them ("rate 21% is not allowed"). Only figures written with a
 * % sign are touched; the copied and exported text keeps the message as the
 * check wrote it.
 */
export const ratesInText = (text: string) => text.replace(/\b(\d+\.\d+)%/g, (_, rate: string) => formatRate(rate));
