/**
 * What kind of value a concept's type takes, found by following its type's
 * derivation down to XBRL 2.1's item types (XBRL 2.1 §5.1.1.3, table of
 * xbrli:*ItemType) or XML Schema's built-in types. The specification schema
 * that declares xbrli's types is not in taxonomy packages (every processor
 * carries it), so its types are known here by name.
 */
import { clark, splitClark, type Clark, type Concept, type Dts } from './dts.js';

const XBRLI_NS = 'http://www.xbrl.org/2003/instance';
const XSD_NS = 'http://www.w3.org/2001/XMLSchema';

export type ValueKind = 'monetary' | 'numeric' | 'fraction' | 'date' | 'dateTime' | 'boolean' | 'text' | 'unknown';

const XBRLI_KINDS: Record<string, ValueKind> = {
  monetaryItemType: 'monetary',
  fractionItemType: 'fraction',
  decimalItemType: 'numeric',
  floatItemType: 'numeric',
  doubleItemType: 'numeric',
  integerItemType: 'numeric',
  nonPositiveIntegerItemType: 'numeric',
  negativeIntegerItemType: 'numeric',
  longItemType: 'numeric',
  intItemType: 'numeric',
  shortItemType: 'numeric',
  byteItemType: 'numeric',
  nonNegativeIntegerItemType: 'numeric',
  unsignedLongItemType: 'numeric',
  unsignedIntItemType: 'numeric',
  unsignedShortItemType: 'numeric',
  unsignedByteItemType: 'numeric',
  positiveIntegerItemType: 'numeric',
  sharesItemType: 'numeric',
  pureItemType: 'numeric',
  dateItemType: 'date',
  dateTimeItemType: 'dateTime',
  booleanItemType: 'boolean',
};

const XSD_KINDS: Record<string, ValueKind> = {
  decimal: 'numeric',
  float: 'numeric',
  double: 'numeric',
  integer: 'numeric',
  nonPositiveInteger: 'numeric',
  negativeInteger: 'numeric',
  long: 'numeric',
  int: 'numeric',
  short: 'numeric',
  byte: 'numeric',
  nonNegativeInteger: 'numeric',
  unsignedLong: 'numeric',
  unsignedInt: 'numeric',
  unsignedShort: 'numeric',
  unsignedByte: 'numeric',
  positiveInteger: 'numeric',
  date: 'date',
  dateTime: 'dateTime',
  boolean: 'boolean',
};

/** The kind of value a concept takes; 'unknown' when its type's derivation leaves the DTS before reaching a known type. */
export function valueKindOf(concept: Concept, dts: Dts): ValueKind {
  let type: Clark | undefined = concept.type;
  for (let steps = 0; type && steps < 50; steps++) {
    const { namespace, localName } = splitClark(type);
    if (namespace === XBRLI_NS) return XBRLI_KINDS[localName] ?? 'text';
    if (namespace === XSD_NS) return XSD_KINDS[localName] ?? 'text';
    type = dts.typeBases.get(type);
  }
  return 'unknown';
}

export const isNumericKind = (kind: ValueKind) => kind === 'monetary' || kind === 'numeric' || kind === 'fraction';

const XBRLI_ITEM = clark(XBRLI_NS, 'item');
const XBRLI_TUPLE = clark(XBRLI_NS, 'tuple');

/** Whether facts may be reported for the concept: an item or tuple, not a hypercube or dimension (XBRL Dimensions puts those in their own groups). */
export function substitutionKindOf(concept: Concept, dts: Dts): 'item' | 'tuple' | 'other' {
  let group = concept.substitutionGroup;
  for (let steps = 0; group && steps < 50; steps++) {
    if (group === XBRLI_ITEM) return 'item';
    if (group === XBRLI_TUPLE) return 'tuple';
    group = dts.concepts.get(group)?.substitutionGroup;
  }
  return 'other';
}
