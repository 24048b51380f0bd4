/**
 * Returns with a value at the edge of XML Schema's lexical rules or XPath's
 * and EXSLT's readings of it, one field and one value at a time, for the
 * differential test against HMRC's own processors (edge-returns.test.ts;
 * the verdicts are recorded by scripts/record-edge-returns.ts).
 *
 * Each field is of one of the simple types the CT600 schema uses (an amount,
 * a rate, an integer code, a period date, a supplementary page's period date
 * of plain xs:date, a year), and each gets the values that type's edges call
 * for: whitespace XML counts and whitespace it does not, signs, exponents,
 * time zones, year 0000. The list is generated, so its order and ids are
 * stable: a recorded verdict is looked up by id.
 */
import { builtXml, remarked, replaceOnce, v1994AdditionsXml } from '../fixtures.js';

export interface EdgeField {
  /** The base return (edgeBases) it is in. */
  base: string;
  /** Its element, as the edit writes it. */
  element: string;
  /** Its value in the base, unique there as `<element>value</element>`. */
  value: string;
  kind: 'amount' | 'rate' | 'integer' | 'period date' | 'page period date' | 'year';
  /** Where it is, in words, for test names. */
  where: string;
}

export interface EdgeCase {
  id: string;
  field: EdgeField;
  /** The value put in its place, as characters (written with character references where XML would otherwise change it). */
  value: string;
  /** What the value tries, in words. */
  edge: string;
}

const pageReturn = (flag: string, page: string) => {
  let xml = builtXml();
  xml = replaceOnce(xml, /<\/Computations>\s*<\/ReturnInfoSummary>/, `</Computations><SupplementaryPages><${flag}>yes</${flag}></SupplementaryPages></ReturnInfoSummary>`);
  return remarked(replaceOnce(xml, /<\/Declaration>/, `</Declaration>${page}`));
};

const period = (from: string, to: string) => `<AccountingPeriod><From>${from}</From><To>${to}</To></AccountingPeriod>`;

/** CT600C: a claim to group relief, a surrender, and a claim for carried-forward losses, each naming the other company's accounting period. */
const groupReliefPage = () =>
  '<GroupAndConsortium>' +
  `<ClaimToGroupRelief><CompanyInformation><Company><Name>Surrendering Co Ltd</Name>${period('2024-01-01', '2024-12-31')}<TaxReference>1234567890</TaxReference><AmountClaimed>1000.00</AmountClaimed></Company><TotalAmountClaimed>1000.00</TotalAmountClaimed></CompanyInformation></ClaimToGroupRelief>` +
  `<SurrenderedGroupRelief><TradingLosses>500.00</TradingLosses><TotalSurrender>500.00</TotalSurrender><SurrenderInformation><Company><Name>Claimant Co Ltd</Name>${period('2024-02-01', '2025-01-31')}<TaxReference>2234567890</TaxReference><AmountSurrendered>500.00</AmountSurrendered></Company><AmountSurrenderedTotal>500.00</AmountSurrenderedTotal></SurrenderInformation><ConsentToSurrender><ConsentOptions><NoticeOfConsentCompleted>yes</NoticeOfConsentCompleted></ConsentOptions></ConsentToSurrender></SurrenderedGroupRelief>` +
  `<GroupReliefForCarriedForwardLosses><CompanyInformation><Company><Name>Loss Co Ltd</Name>${period('2024-03-01', '2025-02-28')}<TaxReference>3234567890</TaxReference><AmountClaimed>200.00</AmountClaimed></Company><TotalAmountClaimed>200.00</TotalAmountClaimed></CompanyInformation></GroupReliefForCarriedForwardLosses>` +
  '</GroupAndConsortium>';

/** CT600N: the residential property developer tax allocation period of a nominated allocating member. */
const rpdtPage = () =>
  '<ResidentialPropertyDeveloperTax><Section1><NominatedAllocatingMember>yes</NominatedAllocatingMember><AllocationStatementSent>yes</AllocationStatementSent>' +
  '<AllocationPeriod><From>2024-05-01</From><To>2025-04-30</To></AllocationPeriod></Section1></ResidentialPropertyDeveloperTax>';

/** CT600P: the creative industries page, its surrender naming the other company's period. */
const creativeIndustriesReturn = () =>
  remarked(replaceOnce(v1994AdditionsXml(), `${period('2024-04-01', '2025-03-31')}<Amount>`, `${period('2024-06-01', '2025-05-31')}<Amount>`));

export function edgeBases(): Record<string, string> {
  return {
    'trading return': builtXml(),
    'group relief (CT600C)': pageReturn('CT600C', groupReliefPage()),
    'residential property developer tax (CT600N)': pageReturn('CT600N', rpdtPage()),
    'creative industries (CT600P)': creativeIndustriesReturn(),
  };
}

const TRADING = 'trading return';
const C = 'group relief (CT600C)';
const N = 'residential property developer tax (CT600N)';
const P = 'creative industries (CT600P)';

export const EDGE_FIELDS: EdgeField[] = [
  { base: TRADING, element: 'ChargeableProfits', value: '40000.00', kind: 'amount', where: 'box 315' },
  { base: TRADING, element: 'Tax', value: '7600.00', kind: 'amount', where: 'box 345' },
  { base: TRADING, element: 'TaxRate', value: '19.00', kind: 'rate', where: 'box 340' },
  { base: TRADING, element: 'Total', value: '120000.00', kind: 'amount', where: 'box 145' },
  { base: TRADING, element: 'CompanyType', value: '0', kind: 'integer', where: 'box 4' },
  { base: TRADING, element: 'ThisPeriod', value: '0', kind: 'integer', where: 'box 326' },
  { base: TRADING, element: 'From', value: '2024-04-01', kind: 'period date', where: 'box 30' },
  { base: TRADING, element: 'To', value: '2025-03-31', kind: 'period date', where: 'box 35' },
  { base: TRADING, element: 'Year', value: '2024', kind: 'year', where: 'box 330' },
  { base: C, element: 'From', value: '2024-01-01', kind: 'page period date', where: 'CT600C group relief claimed, period from' },
  { base: C, element: 'To', value: '2024-12-31', kind: 'page period date', where: 'CT600C group relief claimed, period to' },
  { base: C, element: 'From', value: '2024-02-01', kind: 'page period date', where: 'CT600C group relief surrendered, period from' },
  { base: C, element: 'To', value: '2025-01-31', kind: 'page period date', where: 'CT600C group relief surrendered, period to' },
  { base: C, element: 'From', value: '2024-03-01', kind: 'page period date', where: 'CT600C carried-forward losses claimed, period from' },
  { base: C, element: 'To', value: '2025-02-28', kind: 'page period date', where: 'CT600C carried-forward losses claimed, period to' },
  { base: N, element: 'From', value: '2024-05-01', kind: 'page period date', where: 'CT600N allocation period from' },
  { base: N, element: 'To', value: '2025-04-30', kind: 'page period date', where: 'CT600N allocation period to' },
  { base: P, element: 'From', value: '2024-06-01', kind: 'page period date', where: 'CT600P surrender, period from' },
  { base: P, element: 'To', value: '2025-05-31', kind: 'page period date', where: 'CT600P surrender, period to' },
];

/** Characters XML Schema's whiteSpace facet and XPath's number() treat as whitespace, and characters people take for spaces that they do not. */
const XML_SPACES: [string, string][] = [
  [' ', 'space'],
  ['\t', 'tab'],
  ['\n', 'line feed'],
  ['\r', 'carriage return'],
];
const LOOKALIKES: [string, string][] = [
  ['\u00a0', 'no-break space U+00A0'],
  ['\u3000', 'ideographic space U+3000'],
  ['\u2003', 'em space U+2003'],
  ['\ufeff', 'byte-order mark U+FEFF'],
];

function spaced(v: string): [string, string][] {
  return [
    ...XML_SPACES.map(([s, name]): [string, string] => [`${s}${v}${s}`, `${name} around`]),
    ...LOOKALIKES.flatMap(([s, name]): [string, string][] => [
      [`${s}${v}`, `${name} before`],
      [`${v}${s}`, `${name} after`],
    ]),
  ];
}

function valuesFor(field: EdgeField): [string, string][] {
  const v = field.value;
  switch (field.kind) {
    case 'amount':
    case 'rate': {
      const whole = v.replace(/\.00$/, '');
      return [
        ...spaced(v),
        [`+${v}`, 'leading plus sign'],
        [`-${v}`, 'minus sign'],
        [`${whole}.`, 'point without decimals'],
        [whole, 'no point'],
        [`${whole}e0`, 'exponent e0'],
        [`${v}E0`, 'exponent E0 after decimals'],
        [`${whole.slice(0, -1)}e1`, 'exponent e1'],
        [`0x${Number(whole).toString(16)}`, 'hexadecimal'],
        [`0${v}`, 'leading zero'],
        [`${v}0`, 'third decimal place'],
      ];
    }
    case 'integer':
      return [...spaced(v), [`+${v}`, 'leading plus sign'], [`-${v}`, 'minus zero'], [`${v}.`, 'point'], [`${v}e0`, 'exponent'], [`0${v}`, 'leading zero']];
    case 'period date':
    case 'page period date': {
      const year = v.slice(0, 4);
      return [
        ...spaced(v),
        [`${v}Z`, 'zone Z'],
        [`${v}+01:00`, 'zone +01:00'],
        [`${v}-12:00`, 'zone -12:00'],
        [`${v}+14:00`, 'zone +14:00'],
        [`${v}+15:00`, 'zone +15:00, beyond XML Schema'],
        [`${v}T00:00:00`, 'a time of day'],
        [`0000${v.slice(4)}`, 'year 0000'],
        [`0${v}`, 'five-digit year with a leading zero'],
        [`${year}-${v.slice(5, 7)}-${v.slice(8)}`.replace(/-0(\d)-/, '-$1-'), 'one-digit month'],
      ].filter(([value], i, all) => all.findIndex(([other]) => other === value) === i) as [string, string][];
    }
    case 'year':
      return [...spaced(v), [`${v}Z`, 'zone Z'], [`${v}+01:00`, 'zone +01:00'], [`${v}-12:00`, 'zone -12:00'], ['0000', 'year 0000'], [`+${v}`, 'leading plus sign'], [`${v}.0`, 'decimal point']];
  }
}

export function edgeCases(): EdgeCase[] {
  const out: EdgeCase[] = [];
  EDGE_FIELDS.forEach((field, f) => {
    valuesFor(field).forEach(([value, edge], i) => {
      if (value === field.value) return;
      out.push({ id: `${f}.${i}`, field, value, edge });
    });
  });
  return out;
}

/** XML text for a value: every character kept as it is read back (a carriage return or tab written as a character reference). */
const asXml = (value: string) => value.replace(/[\t\n\r]/g, (c) => `&#x${c.charCodeAt(0).toString(16).toUpperCase()};`);

/** The base with the case's value in its field, the IRmark filled in again: a return HMRC would receive. */
export function edgeReturn(c: EdgeCase, bases: Record<string, string>): string {
  const base = bases[c.field.base]!;
  return remarked(replaceOnce(base, `<${c.field.element}>${c.field.value}</${c.field.element}>`, `<${c.field.element}>${asXml(c.value)}</${c.field.element}>`));
}
