/**
 * The Inline XBRL Transformation Registry, version by version, each bound to
 * its namespace: a format is a QName, and only the names of the registry its
 * namespace names are transforms (TR4's num-dot-decimal is not a TR3 name,
 * TR3's numdotdecimal not a TR4 one).
 *
 * Versions read: TR1 (2010-04-20, and the 2008 namespace Inline XBRL 1.0
 * drafts used for the same names), TR2 (2011-07-31), TR3 (2015-02-26), TR4
 * (2020-02-12) and TR5 (2022-02-16). Companies House lists TR1 to TR4 as
 * accepted; TR5 is read exactly but said to be outside that list.
 *
 * The registry also names date transforms for languages other than English
 * and Welsh (Bulgarian to Hindi, Roman-numeral months, the Saka calendar).
 * They are registry names, so not an error, but this app does not read them:
 * such a fact is "not read", said as a warning, never guessed.
 */
import * as d from './dates.js';
import * as n from './numbers.js';

export type Transform = (text: string) => string | undefined;

export interface RegistryVersion {
  /** "TR1" … "TR5", as users and Companies House name them. */
  name: string;
  namespace: string;
  /** Whether Companies House's list of accepted registries names this version. */
  accepted: boolean;
  /** Transform names with how to read them; null for a registry name this app does not read. */
  transforms: ReadonlyMap<string, Transform | null>;
}

const TR1: Record<string, Transform> = {
  dateslashus: d.dateslashus,
  dateslasheu: d.dateslasheu,
  datedotus: d.datedotus,
  datedoteu: d.datedoteu,
  datelongus: d.datelongus,
  dateshortus: d.dateshortus,
  datelonguk: d.datelonguk,
  dateshortuk: d.dateshortuk,
  numcommadot: n.numcommadot,
  numdash: n.numdash,
  numspacedot: n.numspacedot,
  numdotcomma: n.numdotcomma,
  numcomma: n.numcomma,
  numspacecomma: n.numspacecomma,
  datelongdaymonthuk: d.datelongdaymonthuk,
  dateshortdaymonthuk: d.dateshortdaymonthuk,
  datelongmonthdayus: d.datelongmonthdayus,
  dateshortmonthdayus: d.dateshortmonthdayus,
  dateslashdaymontheu: d.dateslashdaymontheu,
  dateslashmonthdayus: d.dateslashmonthdayus,
  datelongyearmonth: d.datelongyearmonth,
  dateshortyearmonth: d.dateshortyearmonth,
  datelongmonthyear: d.datelongmonthyear,
  dateshortmonthyear: d.dateshortmonthyear,
};

const TR2: Record<string, Transform> = {
  booleanfalse: n.fixed('false'),
  booleantrue: n.fixed('true'),
  datedaymonth: d.datedaymonth,
  datedaymonthen: d.datedaymonthen,
  datedaymonthyear: d.datedaymonthyear,
  datedaymonthyearen: d.datedaymonthyearen,
  dateerayearmonthdayjp: d.dateerayearmonthdayjp,
  dateerayearmonthjp: d.dateerayearmonthjp,
  datemonthday: d.datemonthday,
  datemonthdayen: d.datemonthdayen,
  datemonthdayyear: d.datemonthdayyear,
  datemonthdayyearen: d.datemonthdayyearen,
  datemonthyearen: d.datemonthyearen,
  dateyearmonthdaycjk: d.dateyearmonthdaycjk,
  dateyearmonthen: d.dateyearmonthen,
  dateyearmonthcjk: d.dateyearmonthcjk,
  nocontent: n.fixed(''),
  numcommadecimal: n.numcommadecimal,
  zerodash: n.zerodash,
  numdotdecimal: n.numdotdecimal,
  numunitdecimal: n.numunitdecimal,
};

const TR3: Record<string, Transform | null> = {
  ...TR2,
  calindaymonthyear: null,
  datedaymonthdk: null,
  datedaymonthyeardk: null,
  datedaymonthyearin: null,
  datemonthyear: d.datemonthyear,
  datemonthyeardk: null,
  datemonthyearin: null,
  dateyearmonthday: d.dateyearmonthday,
  numdotdecimalin: n.numdotdecimalin,
  numunitdecimalin: n.numunitdecimalin,
};

/** TR4's languages other than English (and Welsh, which came in TR5), by the forms it names them in. */
const TR4_OTHER_LANGUAGES = {
  'date-day-monthname-': ['bg', 'cs', 'da', 'de', 'el', 'es', 'et', 'fi', 'fr', 'hr', 'it', 'lv', 'nl', 'no', 'pl', 'pt', 'ro', 'sk', 'sl', 'sv'],
  'date-day-monthname-year-': ['bg', 'cs', 'da', 'de', 'el', 'es', 'et', 'fi', 'fr', 'hi', 'hr', 'it', 'nl', 'no', 'pl', 'pt', 'ro', 'sk', 'sl', 'sv'],
  'date-monthname-year-': ['bg', 'cs', 'da', 'de', 'el', 'es', 'et', 'fi', 'fr', 'hi', 'hr', 'it', 'nl', 'no', 'pl', 'pt', 'ro', 'sk', 'sl', 'sv'],
  'date-monthname-day-': ['hu', 'lt'],
  'date-year-monthname-': ['hu', 'lt', 'lv'],
  'date-year-monthname-day-': ['hu', 'lt'],
};
const TR4_OTHER = [
  ...Object.entries(TR4_OTHER_LANGUAGES).flatMap(([form, langs]) => langs.map((l) => `${form}${l}`)),
  'date-year-day-monthname-lv',
  'date-day-monthroman',
  'date-day-monthroman-year',
  'date-monthroman-year',
  'date-ind-day-monthname-year-hi',
];

const TR4: Record<string, Transform | null> = {
  ...Object.fromEntries(TR4_OTHER.map((name) => [name, null])),
  'date-day-month': d.datedaymonth,
  'date-day-monthname-en': d.datedaymonthen,
  'date-day-month-year': d.dateDayMonthYear,
  'date-day-monthname-year-en': d.datedaymonthyearen,
  'date-jpn-era-year-month-day': d.dateerayearmonthdayjp,
  'date-jpn-era-year-month': d.dateerayearmonthjp,
  'date-monthname-day-en': d.datemonthdayen,
  'date-monthname-day-year-en': d.datemonthdayyearen,
  'date-month-day': d.datemonthday,
  'date-month-day-year': d.datemonthdayyear,
  'date-month-year': d.dateMonthYear,
  'date-monthname-year-en': d.datemonthyearen,
  'date-year-month': d.dateYearMonth,
  'date-year-month-day': d.dateyearmonthday,
  'date-year-monthname-en': d.dateyearmonthen,
  'fixed-empty': n.fixed(''),
  'fixed-false': n.fixed('false'),
  'fixed-true': n.fixed('true'),
  'fixed-zero': n.fixed('0'),
  'num-comma-decimal': n.numCommaDecimal,
  'num-dot-decimal': n.numDotDecimal,
  numdotdecimalin: n.numdotdecimalinTR4,
  'num-unit-decimal': n.numUnitDecimal,
};

const TR5: Record<string, Transform | null> = {
  ...TR4,
  'date-day-monthname-cy': d.datedaymonthcy,
  'date-day-monthname-year-cy': d.datedaymonthyearcy,
  'date-monthname-year-cy': d.datemonthyearcy,
  'num-comma-decimal-apos': n.numCommaDecimalApos,
  'num-dot-decimal-apos': n.numDotDecimalApos,
  'num-unit-decimal-apos': n.numUnitDecimalApos,
};

const version = (name: string, namespace: string, accepted: boolean, transforms: Record<string, Transform | null>): RegistryVersion => ({
  name,
  namespace,
  accepted,
  transforms: new Map(Object.entries(transforms)),
});

export const REGISTRY_VERSIONS: readonly RegistryVersion[] = [
  version('TR1', 'http://www.xbrl.org/inlineXBRL/transformation/2010-04-20', true, TR1),
  // The namespace of the Inline XBRL 1.0 recommendation's drafts, still written by accounts software; the TR1 names.
  version('TR1', 'http://www.xbrl.org/2008/inlineXBRL/transformation', true, TR1),
  version('TR2', 'http://www.xbrl.org/inlineXBRL/transformation/2011-07-31', true, TR2),
  version('TR3', 'http://www.xbrl.org/inlineXBRL/transformation/2015-02-26', true, TR3),
  version('TR4', 'http://www.xbrl.org/inlineXBRL/transformation/2020-02-12', true, TR4),
  version('TR5', 'http://www.xbrl.org/inlineXBRL/transformation/2022-02-16', false, TR5),
];

const BY_NAMESPACE = new Map(REGISTRY_VERSIONS.map((v) => [v.namespace, v]));

export function registryVersion(namespace: string): RegistryVersion | undefined {
  return BY_NAMESPACE.get(namespace);
}

/** The registry versions that define a name, for telling a user where the name they wrote belongs. */
export function versionsDefining(localName: string): RegistryVersion[] {
  return REGISTRY_VERSIONS.filter((v, i) => v.transforms.has(localName) && REGISTRY_VERSIONS.findIndex((w) => w.name === v.name) === i);
}
