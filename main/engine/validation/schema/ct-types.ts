/**
 * The simple types of CT-2014 (v1.991 and v1.994) that returns use, named as the schema
 * names them (CT_UTRtype, CTwholePoundStructure...). Facets are copied from
 * the schema's restrictions; successive restrictions' patterns all apply.
 */
import { CURRENCIES, NO_ACCOUNTS_REASONS, NO_COMPUTATIONS_REASONS, RETURN_TYPES, SENDERS } from '../../ct600/codes.js';
import { CT_STRING_CLASS, CT_STRING_XSD_PATTERN, EXCLUDED_CHARS as EXCLUDED_CHAR_LIST } from '../../ct600/ct-string.js';
import { pattern, type SimpleType } from './simple-types.js';

const IR_DECIMAL = pattern('-?(([1-9][0-9]*)|0)\\.[0-9]{2}');
const WHOLE_UNITS = pattern('.*\\.00');

/** CT_CTstringType: HMRC's restricted character set. */
const CT_STRING = pattern(CT_STRING_XSD_PATTERN, `${CT_STRING_CLASS}*`);
/** CTexcludedCharsStringType adds: at least one character and none of £ $ # ~ €. */
const EXCLUDED_CHARS = pattern(`[^${EXCLUDED_CHAR_LIST}]+`);
const HEADER_STRING = pattern(`[A-Za-z0-9 &'\\(\\)\\*,\\-\\./]*`, `[A-Za-z0-9 &'()*,\\-./]*`);
const FILENAME = pattern(`[^£$#~|€/\\\\:*"<>]+`, `[^£$#~|€/\\\\:*"<>]+`);
const AGENT_ADDRESS = pattern(
  `[A-Za-z0-9 ~!"@#$%&'\\(\\)\\*\\+,\\-\\./:;<=>\\?\\[\\\\\\]^_\\{\\}£€]*`,
  `[A-Za-z0-9 ~!"@#$%&'()*+,\\-./:;<=>?\\[\\\\\\]^_{}£€]*`,
);
/** CT_CTaddressLineType: the schema gives it the very pattern of CT_CTstringType. */
const ADDRESS_LINE_CHARS = CT_STRING;
const ADDRESS_LINE_EXCLUDED = pattern(
  `[^!£$%\\^\\*\\+€=_\\{\\}\\[\\];:@~#?<>|\\\\]*`,
  `[^!£$%^*+€=_{}\\[\\];:@~#?<>|\\\\]*`,
);
const NAME_PART = pattern(`[A-Za-z][A-Za-z'\\-]*`, `[A-Za-z][A-Za-z'\\-]*`);

/** The optional Currency attribute of every amount (CT_IRmonetaryStructure and its kin). */
const CURRENCY_ATTRIBUTE = [{ name: 'Currency', type: { describe: '"EUR" or "GBP"', primitive: 'string', enumeration: CURRENCIES } satisfies SimpleType, required: false }];

const MONEY_WORDS = 'an amount with exactly two decimals, e.g. 1234.56';
const WHOLE_WORDS = 'an amount in whole pounds written with .00, e.g. 1234.00';

export const CT = {
  /** CTpoundPenceStructure: non-negative pounds and pence. */
  poundPence: {
    describe: `${MONEY_WORDS}, not negative`,
    primitive: 'decimal',
    patterns: [IR_DECIMAL],
    minInclusive: '0.00',
    maxInclusive: '99999999999.99',
    attributes: CURRENCY_ATTRIBUTE,
  },
  /** CTwholePoundStructure: non-negative whole pounds. */
  wholePound: {
    describe: `${WHOLE_WORDS}, not negative`,
    primitive: 'decimal',
    patterns: [IR_DECIMAL, WHOLE_UNITS],
    minInclusive: '0.00',
    maxInclusive: '99999999999.00',
    attributes: CURRENCY_ATTRIBUTE,
  },
  /** Turnover/Total: whole pounds with a wider range. */
  turnover: {
    describe: `${WHOLE_WORDS}, not negative`,
    primitive: 'decimal',
    patterns: [IR_DECIMAL, WHOLE_UNITS],
    minInclusive: '0.00',
    maxInclusive: '999999999999999999.00',
    attributes: CURRENCY_ATTRIBUTE,
  },
  /** CT_CTnonZeroPoundPenceStructure: pounds and pence above zero. */
  nonZeroPoundPence: {
    describe: `${MONEY_WORDS}, above zero`,
    primitive: 'decimal',
    patterns: [IR_DECIMAL],
    minExclusive: '0.00',
    attributes: CURRENCY_ATTRIBUTE,
  },
  /** CT_CTnonZeroWholePoundStructure. */
  nonZeroWholePound: {
    describe: `${WHOLE_WORDS}, above zero`,
    primitive: 'decimal',
    patterns: [IR_DECIMAL, WHOLE_UNITS],
    minExclusive: '0.00',
    maxInclusive: '99999999999.00',
    attributes: CURRENCY_ATTRIBUTE,
  },
  /** Details/TaxRate (box 340): a percentage with two decimals. */
  taxRate: {
    describe: 'a percentage with exactly two decimals between 0.00 and 100.00, e.g. 19.00',
    primitive: 'decimal',
    patterns: [IR_DECIMAL],
    minInclusive: '0.00',
    maxInclusive: '100.00',
  },
  /** CT_DateType. */
  date: {
    describe: 'a date written YYYY-MM-DD',
    primitive: 'date',
    patterns: [pattern('\\d{4}-\\d{2}-\\d{2}')],
  },
  /** PeriodCovered/From: no return starts before the CT-2014 schema's first day. */
  periodFrom: {
    describe: 'a date written YYYY-MM-DD, on or after 2015-04-01',
    primitive: 'date',
    patterns: [pattern('\\d{4}-\\d{2}-\\d{2}')],
    minInclusive: '2015-04-01',
  },
  gYear: { describe: 'a year written YYYY', primitive: 'gYear' },
  nonNegativeInteger: { describe: 'a whole number, 0 or more', primitive: 'integer', minInclusive: '0' },
  tenDigitCount: {
    describe: 'a whole number between 0 and 9999999999',
    primitive: 'integer',
    minInclusive: '0',
    maxInclusive: '9999999999',
  },
  /** CT_UTRtype. */
  utr: { describe: 'a 10-digit UTR', primitive: 'string', length: 10, patterns: [pattern('[0-9]{10}')] },
  /** CT_YesType: the only value is "yes"; a "no" is written by leaving the element out. */
  yes: { describe: '"yes"', primitive: 'string', enumeration: ['yes'] },
  yesNo: { describe: '"yes" or "no"', primitive: 'string', enumeration: ['yes', 'no'] },
  workHome: { describe: '"home" or "work"', primitive: 'string', enumeration: ['home', 'work'] },
  currency: { describe: 'a currency code', primitive: 'string', enumeration: CURRENCIES },
  gbp: { describe: 'GBP', primitive: 'string', enumeration: ['GBP'] },
  companyName: {
    describe: "2 to 56 characters from HMRC's character set (no £ $ # ~ €)",
    primitive: 'string',
    minLength: 2,
    maxLength: 56,
    patterns: [CT_STRING, EXCLUDED_CHARS],
  },
  registrationNumber: {
    describe: 'a company registration number of 2 to 8 capital letters or digits',
    primitive: 'string',
    minLength: 2,
    maxLength: 8,
    patterns: [CT_STRING, pattern('[A-Z0-9]{2,8}')],
  },
  /** Box 4 in v1.991: codes 0 to 10. */
  companyType: {
    describe: 'a company type code from 0 to 10',
    primitive: 'integer',
    minInclusive: '0',
    maxInclusive: '10',
  },
  /** Box 4 from v1.994: code 11, non-UK-resident company, added. */
  companyType994: {
    describe: 'a company type code from 0 to 11',
    primitive: 'integer',
    minInclusive: '0',
    maxInclusive: '11',
  },
  noAccountsReason: {
    describe: 'one of the schema\'s reasons for not attaching accounts',
    primitive: 'string',
    minLength: 2,
    maxLength: 40,
    patterns: [CT_STRING, EXCLUDED_CHARS],
    enumeration: NO_ACCOUNTS_REASONS,
  },
  noComputationsReason: {
    describe: 'one of the schema\'s reasons for not attaching computations',
    primitive: 'string',
    minLength: 2,
    maxLength: 40,
    patterns: [CT_STRING, EXCLUDED_CHARS],
    enumeration: NO_COMPUTATIONS_REASONS,
  },
  returnType: {
    describe: '"new" or "amended"',
    primitive: 'string',
    patterns: [CT_STRING],
    enumeration: RETURN_TYPES,
  },
  sender: { describe: 'a sender type', primitive: 'string', enumeration: SENDERS },
  irmarkType: { describe: '"generic" or "SAonly"', primitive: 'string', patterns: [HEADER_STRING], enumeration: ['SAonly', 'generic'] },
  headerString: { describe: "text in the IR header character set", primitive: 'string', patterns: [HEADER_STRING] },
  headerString35: {
    describe: 'text of 1 to 35 characters in the IR header character set',
    primitive: 'string',
    minLength: 1,
    maxLength: 35,
    patterns: [HEADER_STRING],
  },
  agentAddressLine: { describe: 'an address line of 1 to 35 characters', primitive: 'string', minLength: 1, maxLength: 35, patterns: [AGENT_ADDRESS] },
  agentPostCode: { describe: 'a postcode of 1 to 8 characters', primitive: 'string', minLength: 1, maxLength: 8, patterns: [AGENT_ADDRESS] },
  schemaVersion: {
    describe: 'a schema version such as 2025-v1.994 (at most 13 characters)',
    primitive: 'string',
    maxLength: 13,
    patterns: [HEADER_STRING, pattern('[0-9]{4}\\-v[0-9]{1,3}\\.[0-9]{1,3}(\\.[0-9]{1,3})?', '[0-9]{4}-v[0-9]{1,3}\\.[0-9]{1,3}(\\.[0-9]{1,3})?')],
  },
  anyURI: { describe: 'a URI', primitive: 'anyURI' },
  ncName: { describe: 'an XML name', primitive: 'NCName' },
  /** CTexcludedCharsStringType with length limits, used for names, statuses, bank details. */
  excluded: (minLength: number | undefined, maxLength: number): SimpleType => ({
    describe: `${minLength ?? 1} to ${maxLength} characters from HMRC's character set (no £ $ # ~ €)`,
    primitive: 'string',
    ...(minLength !== undefined ? { minLength } : {}),
    maxLength,
    patterns: [CT_STRING, EXCLUDED_CHARS],
  }),
  /** CTalphaNumericStringType with length limits: another company's tax reference on a supplementary page. */
  alphaNumeric: (minLength: number, maxLength: number): SimpleType => ({
    describe: `${minLength} to ${maxLength} letters or digits`,
    primitive: 'string',
    minLength,
    maxLength,
    patterns: [CT_STRING, pattern('[A-Za-z0-9]*')],
  }),
  digits: (n: number): SimpleType => ({
    describe: `exactly ${n} digits`,
    primitive: 'string',
    minLength: n,
    maxLength: n,
    patterns: [CT_STRING, pattern(`[0-9]{${n}}`)],
  }),
  filename: { describe: 'a file name without £ $ # ~ | € / \\ : * " < >', primitive: 'string', patterns: [CT_STRING, FILENAME] },
  attachmentFormat: { describe: '"pdf" or "esef"', primitive: 'string', patterns: [CT_STRING], enumeration: ['pdf', 'esef'] },
  attachmentType: {
    describe: 'an attachment type',
    primitive: 'string',
    patterns: [CT_STRING],
    enumeration: ['other', 'amendment other', 'computations', 'accounts', 'group accounts'],
  },
  linkbaseType: {
    describe: 'a linkbase type',
    primitive: 'string',
    patterns: [CT_STRING],
    enumeration: ['label', 'definition', 'presentation', 'calculation', 'reference'],
  },
  base64: { describe: 'base64 data', primitive: 'base64Binary' },
  integer: { describe: 'a whole number', primitive: 'integer' },
  excludedText: { describe: "text from HMRC's character set (no £ $ # ~ €)", primitive: 'string', patterns: [CT_STRING, EXCLUDED_CHARS] },
  nameTitle: { describe: 'a title of 1 to 4 letters', primitive: 'string', minLength: 1, maxLength: 4, patterns: [NAME_PART] },
  foreName: { describe: 'a forename of 1 to 35 letters', primitive: 'string', minLength: 1, maxLength: 35, patterns: [NAME_PART] },
  surname: {
    describe: 'a surname of 1 to 35 characters',
    primitive: 'string',
    minLength: 1,
    maxLength: 35,
    patterns: [pattern(`[A-Za-z0-9 ,\\.\\(\\)/&\\-']+`, `[A-Za-z0-9 ,.()/&\\-']+`)],
  },
  email: {
    describe: 'an e-mail address',
    primitive: 'string',
    minLength: 3,
    maxLength: 254,
    patterns: [pattern(`[^@'<>"]+@[^@'<>"]+`)],
  },
  phoneNumber: {
    describe: 'a telephone number of digits, spaces, brackets and dashes',
    primitive: 'string',
    minLength: 1,
    maxLength: 35,
    patterns: [pattern('[0-9\\(\\)\\-\\s]{1,35}', '[0-9()\\-\\s]{1,35}')],
  },
  phoneExtension: { describe: 'an extension of 1 to 6 digits', primitive: 'string', minLength: 1, maxLength: 6, patterns: [pattern('[0-9]{1,6}')] },
  addressLine: { describe: 'an address line of at most 28 characters', primitive: 'string', maxLength: 28, patterns: [ADDRESS_LINE_CHARS, ADDRESS_LINE_EXCLUDED] },
  additionalAddressLine: { describe: 'an address line of at most 18 characters', primitive: 'string', maxLength: 18, patterns: [ADDRESS_LINE_CHARS, ADDRESS_LINE_EXCLUDED] },
  postCode: {
    describe: 'a UK postcode such as SW1A 2AA',
    primitive: 'string',
    minLength: 1,
    maxLength: 8,
    patterns: [
      pattern(
        '(GIR 0AA)|((([A-Z][0-9][0-9]?)|(([A-Z][A-HJ-Y][0-9][0-9]?)|(([A-Z][0-9][A-Z])|([A-Z][A-HJ-Y][0-9]?[A-Z])))) [0-9][A-Z]{2})',
      ),
    ],
  },
} satisfies Record<string, SimpleType | ((...args: never[]) => SimpleType)>;
