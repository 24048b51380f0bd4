/**
 * A concept's XML Schema type compiled into the simple type checker the
 * CT600 schema check uses (validation/schema/simple-types.ts): its
 * derivation followed through the taxonomy's own types (with their facets)
 * down to an XBRL 2.1 item type (§5.1.1.3) or an XML Schema built-in. Each
 * type is compiled once per DTS and its patterns translated once
 * (xsd-pattern.ts); a pattern that cannot be translated is left unchecked and
 * said once, never a crash.
 */
import { splitClark, type Clark, type Dts } from '../../taxonomy/dts.js';
import type { Pattern, Primitive, SimpleType } from '../../validation/schema/simple-types.js';
import type { Facets } from './type-definitions.js';
import { translateXsdPattern } from './xsd-pattern.js';

const XBRLI_NS = 'http://www.xbrl.org/2003/instance';
const XSD_NS = 'http://www.w3.org/2001/XMLSchema';

type Builtin = { primitive: Primitive } & Pick<SimpleType, 'minInclusive' | 'maxInclusive'>;

const range = (min: string | undefined, max: string | undefined): Builtin => ({ primitive: 'integer', ...(min !== undefined ? { minInclusive: min } : {}), ...(max !== undefined ? { maxInclusive: max } : {}) });

/** XML Schema's built-in types (Part 2 §3.2–3.3) a value can be checked against; others (anyType, NOTATION, lists) are not checked. */
const XSD_TYPES: Record<string, Builtin> = {
  string: { primitive: 'string' },
  normalizedString: { primitive: 'normalizedString' },
  token: { primitive: 'token' },
  language: { primitive: 'language' },
  Name: { primitive: 'Name' },
  NCName: { primitive: 'NCName' },
  ID: { primitive: 'NCName' },
  IDREF: { primitive: 'NCName' },
  ENTITY: { primitive: 'NCName' },
  QName: { primitive: 'QName' },
  anyURI: { primitive: 'anyURI' },
  boolean: { primitive: 'boolean' },
  decimal: { primitive: 'decimal' },
  float: { primitive: 'float' },
  double: { primitive: 'double' },
  integer: range(undefined, undefined),
  nonPositiveInteger: range(undefined, '0'),
  negativeInteger: range(undefined, '-1'),
  nonNegativeInteger: range('0', undefined),
  positiveInteger: range('1', undefined),
  long: range('-9223372036854775808', '9223372036854775807'),
  int: range('-2147483648', '2147483647'),
  short: range('-32768', '32767'),
  byte: range('-128', '127'),
  unsignedLong: range('0', '18446744073709551615'),
  unsignedInt: range('0', '4294967295'),
  unsignedShort: range('0', '65535'),
  unsignedByte: range('0', '255'),
  date: { primitive: 'date' },
  dateTime: { primitive: 'dateTime' },
  time: { primitive: 'time' },
  duration: { primitive: 'duration' },
  gYear: { primitive: 'gYear' },
  gYearMonth: { primitive: 'gYearMonth' },
  gMonthDay: { primitive: 'gMonthDay' },
  gDay: { primitive: 'gDay' },
  gMonth: { primitive: 'gMonth' },
  hexBinary: { primitive: 'hexBinary' },
  base64Binary: { primitive: 'base64Binary' },
};

/** XBRL 2.1's item types (§5.1.1.3) by the XML Schema type each restricts; fractionItemType is not simple and not listed. */
const XBRLI_TYPES: Record<string, Builtin> = {
  monetaryItemType: XSD_TYPES.decimal!,
  sharesItemType: XSD_TYPES.decimal!,
  pureItemType: XSD_TYPES.decimal!,
  dateTimeItemType: { primitive: 'dateUnion' },
  dateUnion: { primitive: 'dateUnion' },
};
for (const [name, builtin] of Object.entries(XSD_TYPES)) XBRLI_TYPES[`${name}ItemType`] ??= builtin;

export interface CompiledType {
  type: SimpleType;
  /** The type's name, for messages. */
  name: string;
  /** Patterns of the derivation that could not be translated and are not checked. */
  untranslated: { pattern: string; reason: string }[];
}

const cache = new WeakMap<Dts, Map<Clark, CompiledType | undefined>>();

/** The concept type's checker, or undefined when its derivation reaches no type a value can be checked against. */
export function compiledType(dts: Dts, type: Clark | undefined): CompiledType | undefined {
  if (!type) return undefined;
  let types = cache.get(dts);
  if (!types) cache.set(dts, (types = new Map()));
  if (!types.has(type)) types.set(type, compile(dts, type));
  return types.get(type);
}

function compile(dts: Dts, typeName: Clark): CompiledType | undefined {
  // Most derived first: the chain of the taxonomy's own types, then the built-in it rests on.
  const steps: Facets[] = [];
  let builtin: Builtin | undefined;
  let current: Clark | undefined = typeName;
  for (let n = 0; current && n < 50; n++) {
    const { namespace, localName } = splitClark(current);
    if (namespace === XBRLI_NS) {
      builtin = XBRLI_TYPES[localName];
      break;
    }
    if (namespace === XSD_NS) {
      builtin = XSD_TYPES[localName];
      break;
    }
    const definition = dts.types.get(current);
    if (!definition || definition.variety) return undefined;
    steps.push(definition.facets);
    current = definition.base;
  }
  if (!builtin) return undefined;
  const name = splitClark(typeName).localName;
  const type: SimpleType = { describe: `a value of ${name}`, ...builtin };
  const untranslated: CompiledType['untranslated'] = [];
  const patterns: Pattern[] = [];
  // From the built-in up: a more derived step's facet replaces the base's (a restriction may only narrow it); patterns add up.
  for (const facets of steps.reverse()) {
    const { patterns: stepPatterns, ...rest } = facets;
    Object.assign(type, rest);
    if (!stepPatterns?.length) continue;
    const source = stepPatterns.length === 1 ? stepPatterns[0]! : stepPatterns.map((p) => `(${p})`).join('|');
    const translated = translateXsdPattern(source);
    if (translated.ok) patterns.push({ source, re: translated.re });
    else untranslated.push({ pattern: source, reason: translated.reason });
  }
  if (patterns.length) type.patterns = patterns;
  return { type, name, untranslated };
}
