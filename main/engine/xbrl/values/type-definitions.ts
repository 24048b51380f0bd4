/**
 * Named type definitions read from a taxonomy's schemas while the DTS loads
 * (taxonomy/dts.ts calls this for every XML Schema element): each named
 * xs:simpleType or xs:complexType with simple content, its base, and the
 * facets of its own restriction step (XML Schema 1.0 Part 2 §4.3). A concept
 * whose type is `ct-types:taxReferenceItemType` is then checked against the
 * pattern HMRC wrote there, on top of xbrli:stringItemType's rules.
 *
 * The DTS loader scans start tags without building a tree, so the reader
 * keeps "the named type being read" from its start tag until the next
 * element or attribute declaration or named type: facets appear inside a
 * type's restriction before any attribute (XML Schema's content model for
 * restriction), so nothing after them belongs to the type.
 */
import type { ScannedElement } from '../../package/xml-reference-scan.js';
import type { ValueFacets } from '../../validation/schema/simple-types.js';

/** One restriction step's facets as written in the taxonomy's schema. */
export interface Facets extends ValueFacets {
  /** One restriction step's patterns: any may match (§4.3.4.3: patterns of one step are ORed). */
  patterns?: string[];
}

export interface TypeDefinition {
  /** "{namespace}localName". */
  name: string;
  base?: string;
  derivation?: 'restriction' | 'extension';
  /** A list or union type: its values are not checked (no taxonomy HMRC or Companies House accepts uses one for a concept). */
  variety?: 'list' | 'union';
  facets: Facets;
}

const COUNT_FACETS = new Set(['length', 'minLength', 'maxLength', 'totalDigits', 'fractionDigits']);
const VALUE_FACETS = new Set(['minInclusive', 'maxInclusive', 'minExclusive', 'maxExclusive']);

export class TypeDefinitionReader {
  private current: TypeDefinition | undefined;

  constructor(private readonly types: Map<string, TypeDefinition>) {}

  /** A named type starts (undefined: an anonymous one, whose facets belong to no named type). */
  startType(name: string | undefined): void {
    this.current = name ? { name, facets: {} } : undefined;
    if (this.current) this.types.set(this.current.name, this.current);
  }

  /** xs:restriction or xs:extension with its base already resolved. */
  derivation(kind: 'restriction' | 'extension', base: string | undefined): void {
    const type = this.current;
    if (!type || type.base || !base) return;
    type.base = base;
    type.derivation = kind;
  }

  /** Any other XML Schema element: a facet of the type being read, or the end of it. */
  element(el: ScannedElement): void {
    const type = this.current;
    if (!type) return;
    const name = el.localName;
    if (name === 'element' || name === 'attribute' || name === 'attributeGroup' || name === 'anyAttribute') {
      this.current = undefined;
      return;
    }
    if (name === 'list' || name === 'union') {
      type.variety ??= name;
      return;
    }
    const value = el.attribute('', 'value');
    if (value === undefined) return;
    const facets = type.facets;
    if (name === 'pattern') (facets.patterns ??= []).push(value);
    else if (name === 'enumeration') facets.enumeration = [...(facets.enumeration ?? []), value];
    else if (name === 'whiteSpace' && (value === 'preserve' || value === 'replace' || value === 'collapse')) facets.whiteSpace = value;
    else if (COUNT_FACETS.has(name) && /^\s*\d+\s*$/.test(value)) (facets as Record<string, unknown>)[name] = Number(value);
    else if (VALUE_FACETS.has(name)) (facets as Record<string, unknown>)[name] = value.trim();
  }

  /** A global element declaration: no type is being read any more. */
  end(): void {
    this.current = undefined;
  }
}
