/**
 * XPath expressions of the kinds HMRC's rules are made of (EXSLT date
 * functions; number(), arithmetic, comparisons and sum() on text), each
 * evaluated on an element <c a="…" b="…"/> holding the value under test.
 * scripts/hmrc-rules/record-edge-returns.ts records what libxslt gives for
 * each in exslt-xpath-readings.json; exslt-xpath-readings.test.ts requires
 * the same of our evaluator.
 */
export interface Reading {
  expression: string;
  a: string;
  b?: string;
}

const DATES = [
  '2025-03-31',
  '2025-03-31Z',
  '2025-03-31+01:00',
  '2025-03-31-12:00',
  '2025-03-31+14:00',
  '2025-03-31+23:59',
  '2025-03-31+24:00',
  '2025-03-31-00:00',
  '2024-02-29',
  '2024-02-29-05:00',
  '2023-02-29',
  '0000-03-31',
  '0001-03-31',
  '-0001-03-31',
  '02025-03-31',
  '12025-03-31',
  '2025-3-31',
  '2025-03-31T00:00:00',
  '2025-03-31T10:00:00+01:00',
  '2025-03-31T23:00:00-02:00',
  '2025-03-31T24:00:00',
  '2025-03-31T10:00:00.5Z',
  '2024',
  '2024Z',
  '2024-03',
  ' 2025-03-31',
  '\u00a02025-03-31',
  '2025-03-31\u3000',
  '\ufeff2025-03-31',
  '',
];
const DURATIONS = ['-P12M', '-P3M', 'P1D', '-P1D', '-P9M1D', 'P1DT12H', 'PT24H', 'P1Y', 'P0D', 'P1M1D', 'P', 'P1.5D', 'x'];
const DIFFERENCE_DATES = ['2025-03-31', '2025-03-31Z', '2025-03-31+01:00', '2025-03-31-12:00', '2024-04-01', '2024-04-01+01:00', '2024-04-01-12:00', '2024-04-01T10:00:00', '2024-04-01T00:00:00Z', '2024', '2024-03', '0000-04-01'];
const DURATION_TEXTS = ['P1D', '-P1D', 'P1M', 'P1Y', 'PT1H', 'P0D', 'P1DT12H', 'P364DT1H', '-P363DT23H', 'PT1.5S', 'P', 'PT', 'P1DT', 'P-1D', 'PT86400S'];

const NUMBER_TEXTS = [
  '19',
  '19.',
  '19.00',
  '.5',
  '-19',
  '-.5',
  '-0',
  '-',
  '+19',
  '+19.00',
  '19e0',
  '19E0',
  '1.9e1',
  '3420e0',
  '19e',
  '19e+1',
  '19e-1',
  '1e400',
  ' 19 ',
  '\t19\n',
  '\r19',
  '\u00a019',
  '19\u00a0',
  '\u300019',
  '\u200319',
  '\ufeff19',
  '0x13',
  'Infinity',
  '- 19',
  '1 9',
  '.',
  '',
  '18000.',
  '+18000.00',
  '0018000.00',
];
/** Pence sums where building the value digit by digit (libxml2) and rounding once (JavaScript) give different doubles. */
const PENCE = [
  ['1.14', '2.28'],
  ['1.36', '0.64'],
  ['1.39', '1.61'],
  ['1.57', '8.43'],
  ['7600.07', '0.93'],
  ['0.1', '0.2'],
  ['19.99', '0.01'],
];

export const READINGS: Reading[] = [
  ...DATES.flatMap((a): Reading[] => [
    { expression: 'date:seconds(string(@a))', a },
    { expression: 'date:year(string(@a))', a },
    { expression: 'date:month-in-year(string(@a))', a },
    { expression: 'date:day-in-month(string(@a))', a },
    { expression: 'date:date(string(@a))', a },
    { expression: 'date:seconds(normalize-space(@a))', a },
    ...DURATIONS.map((b): Reading => ({ expression: 'date:add(string(@a), string(@b))', a, b })),
    { expression: "translate(date:add(normalize-space(string(@a)),normalize-space('-P12M')),'-','') < translate(@b,'-','')", a, b: '2024-04-01' },
  ]),
  ...DIFFERENCE_DATES.flatMap((a) => DIFFERENCE_DATES.map((b): Reading => ({ expression: 'date:difference(string(@a), string(@b))', a, b }))),
  ...DIFFERENCE_DATES.map((a): Reading => ({ expression: 'date:seconds(date:difference(string(@a), string(@b))) div 86400', a, b: '2025-03-31' })),
  ...DURATION_TEXTS.map((a): Reading => ({ expression: 'date:seconds(string(@a))', a })),
  ...NUMBER_TEXTS.flatMap((a): Reading[] => [
    { expression: 'number(@a)', a },
    { expression: 'number(@a) != number(@a)', a },
    { expression: '@a + 1', a },
    { expression: '@a = 19', a },
    { expression: '@a > 5', a },
    { expression: '@a < 20', a },
    { expression: 'sum(@a | @b)', a, b: '1' },
    { expression: 'round(@a)', a },
    { expression: 'number(@a) * 100', a },
  ]),
  ...PENCE.flatMap(([a, b]): Reading[] => [
    { expression: '@a + @b', a: a!, b: b! },
    { expression: `@a + @b = ${(Number(a) + Number(b)).toFixed(2)}`, a: a!, b: b! },
    { expression: `round((@a + @b) * 100) = ${Math.round((Number(a) + Number(b)) * 100)}`, a: a!, b: b! },
    { expression: `@a * 100 = ${Math.round(Number(a) * 100)}`, a: a!, b: b! },
    { expression: `@a = ${a}`, a: a!, b: b! },
  ]),
];
