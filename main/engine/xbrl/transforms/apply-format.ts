/**
 * A fact's value under its format attribute, as Inline XBRL 1.1 §10 and §11
 * (1.0 §9 and §10) read it: the format is a QName whose prefix must be
 * declared where the fact is, whose namespace must be a transformation
 * registry version, and whose local name must be a transform of that
 * version; the text must then fit that transform's grammar.
 *
 * Faults carry the reference processor's (Arelle's) codes: an unknown
 * registry, name or prefix is "invalidTransformation" under the section of
 * the fact's element (ix11.10.1.2 for ix:nonFraction, ix11.11.1.2 for
 * ix:nonNumeric; ix10.9.1.2 and ix10.10.1.2 in Inline XBRL 1.0); a text the
 * transform cannot read is "transformValueError" (ix11.10.1.1, ix11.11.1.1).
 */
import { registryVersion, versionsDefining } from './registry.js';

export type FactElement = 'nonFraction' | 'nonNumeric' | 'fraction';

export interface FormatFault {
  code: string;
  spec: string;
  category: 'error' | 'warning';
  /** Why the value could not be read, in words (what the window shows beside the figure). */
  reason: string;
}

export type FormatResult =
  | { ok: true; value: string; warning?: FormatFault }
  | { ok: false; fault: FormatFault };

/** Arelle's section numbers by element and Inline XBRL version: [constraint, validation]. */
const SECTIONS: Record<'1.0' | '1.1', Record<FactElement, [string, string]>> = {
  '1.1': { nonFraction: ['ix11.10.1.1', 'ix11.10.1.2'], nonNumeric: ['ix11.11.1.1', 'ix11.11.1.2'], fraction: ['ix11.7.1.2', 'ix11.7.1.3'] },
  '1.0': { nonFraction: ['ix10.9.1.1', 'ix10.9.1.2'], nonNumeric: ['ix10.10.1.1', 'ix10.10.1.2'], fraction: ['ix10.6.1.1', 'ix10.6.1.2'] },
};
const SPEC_SECTION: Record<'1.0' | '1.1', Record<FactElement, string>> = {
  '1.1': { nonFraction: 'Inline XBRL 1.1 §10.1', nonNumeric: 'Inline XBRL 1.1 §11.1', fraction: 'Inline XBRL 1.1 §7.1' },
  '1.0': { nonFraction: 'Inline XBRL 1.0 §9.1', nonNumeric: 'Inline XBRL 1.0 §10.1', fraction: 'Inline XBRL 1.0 §6.1' },
};

export interface FormatContext {
  element: FactElement;
  ixVersion: '1.0' | '1.1';
  /** The namespace a prefix is bound to where the fact is (null prefix: the default namespace). */
  lookupNamespace: (prefix: string | null) => string | null;
}

const shown = (text: string) => {
  const t = text.replace(/\s+/g, ' ').trim();
  return `"${t.length > 40 ? `${t.slice(0, 40)}…` : t}"`;
};

export function applyFormat(format: string, text: string, at: FormatContext): FormatResult {
  const [constraint, validation] = SECTIONS[at.ixVersion][at.element];
  const spec = SPEC_SECTION[at.ixVersion][at.element];
  const qname = format.trim();
  const colon = qname.indexOf(':');
  const prefix = colon < 0 ? null : qname.slice(0, colon);
  const localName = colon < 0 ? qname : qname.slice(colon + 1);
  const invalid = (reason: string): FormatResult => ({ ok: false, fault: { code: `${validation}:invalidTransformation`, spec: `${spec}.2; Inline XBRL Transformation Registry`, category: 'error', reason } });
  const namespace = at.lookupNamespace(prefix);
  if (!namespace) {
    return invalid(prefix === null ? `the format "${qname}" has no prefix, so it names no transformation registry` : `the format "${qname}" uses the prefix "${prefix}", which is not declared where the fact is`);
  }
  const registry = registryVersion(namespace);
  if (!registry) return invalid(`the format "${qname}" is in the namespace ${namespace}, which is no Inline XBRL transformation registry`);
  if (!registry.transforms.has(localName)) {
    const elsewhere = versionsDefining(localName).map((v) => `${v.name} (${v.namespace})`);
    return invalid(`"${localName}" is not a transform of ${registry.name} (${namespace})${elsewhere.length ? `; it belongs to ${elsewhere.join(', ')}` : ''}`);
  }
  const transform = registry.transforms.get(localName);
  if (!transform) {
    return {
      ok: false,
      fault: { code: 'ixt.transformNotRead', spec: `Inline XBRL Transformation Registry ${registry.name.slice(2)}`, category: 'warning', reason: `${registry.name}'s ${localName} is a registry transform this app does not read, so the value ${shown(text)} was not checked` },
    };
  }
  const value = transform(text);
  if (value === undefined) {
    return { ok: false, fault: { code: `${constraint}:transformValueError`, spec: `${spec}.1; Inline XBRL Transformation Registry ${registry.name.slice(2)} (${localName})`, category: 'error', reason: `${shown(text)} is not in the form ${registry.name}'s ${localName} reads` } };
  }
  if (!registry.accepted) {
    return {
      ok: true,
      value,
      warning: { code: 'ixt.registryNotAccepted', spec: `Inline XBRL Transformation Registry ${registry.name.slice(2)}`, category: 'warning', reason: `the format ${qname} is from ${registry.name} (${namespace}), which is not on Companies House's list of accepted transformation registries (TR1 to TR4)` },
    };
  }
  return { ok: true, value };
}
