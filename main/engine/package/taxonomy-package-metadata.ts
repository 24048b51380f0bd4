/**
 * Validates META-INF/taxonomyPackage.xml against the rules of the Taxonomy
 * Packages 1.0 schema (element order, cardinality, types, languages) in our
 * own code, so no schema file or network is needed at run time. The test
 * suite cross-checks this against `xmllint --schema` on the official XSD.
 */
import type { Element } from '@xmldom/xmldom';
import { checkContentModel, checkSimpleContent, type ContentModel } from './content-model.js';
import { childElements, langInScope, parseXml, xmlBasesInScope, XML_NS, XmlParseError } from './xml-document.js';
import { isXsAnyUri, isXsDate, isXsLanguage, collapse } from './xml-types.js';

export const TP_NS = 'http://xbrl.org/2016/taxonomy-package';

export interface MetadataProblem {
  code: 'tpe:invalidMetaDataFile' | 'tpe:missingLanguageAttribute' | 'tpe:duplicateLanguagesForElement';
  message: string;
}

export interface EntryPointHref {
  href: string;
  /** xml:base values in scope, outermost first. */
  bases: string[];
}

export interface TaxonomyPackageMetadata {
  entryPointHrefs: EntryPointHref[];
}

const documentation = { names: ['name', 'description'], min: 0, max: Infinity };

const models: Record<string, ContentModel> = {
  taxonomyPackage: {
    namespace: TP_NS,
    otherNamespaces: true,
    particles: [
      { names: ['identifier'], min: 1, max: 1 },
      documentation,
      { names: ['version'], min: 0, max: 1 },
      { names: ['license'], min: 0, max: 1 },
      { names: ['publisher'], min: 0, max: Infinity },
      { names: ['publisherURL'], min: 0, max: 1 },
      { names: ['publisherCountry'], min: 0, max: 1 },
      { names: ['publicationDate'], min: 0, max: 1 },
      { names: ['entryPoints'], min: 0, max: 1 },
      { names: ['supersededTaxonomyPackages'], min: 0, max: 1 },
      { names: ['versioningReports'], min: 0, max: 1 },
    ],
  },
  entryPoints: { namespace: TP_NS, otherNamespaces: true, particles: [{ names: ['entryPoint'], min: 0, max: Infinity }] },
  entryPoint: {
    namespace: TP_NS,
    otherNamespaces: true,
    particles: [
      documentation,
      { names: ['version'], min: 0, max: 1 },
      { names: ['entryPointDocument'], min: 1, max: Infinity },
      { names: ['languages'], min: 0, max: 1 },
    ],
  },
  languages: { namespace: TP_NS, otherNamespaces: true, particles: [{ names: ['language'], min: 0, max: Infinity }] },
  supersededTaxonomyPackages: {
    namespace: TP_NS,
    otherNamespaces: true,
    particles: [{ names: ['taxonomyPackageRef'], min: 0, max: Infinity }],
  },
  versioningReports: {
    namespace: TP_NS,
    otherNamespaces: true,
    particles: [{ names: ['versioningReport'], min: 0, max: Infinity }],
  },
  /** documentReferenceType and licenseType hold no tp elements; foreign ones only for the former. */
  documentReference: { namespace: TP_NS, otherNamespaces: true, particles: [] },
  license: { namespace: TP_NS, otherNamespaces: false, particles: [] },
};

type SimpleType = 'string' | 'uri' | 'country' | 'date' | 'language';
const simpleTypes: Record<string, SimpleType> = {
  identifier: 'uri',
  name: 'string',
  description: 'string',
  version: 'string',
  publisher: 'string',
  publisherURL: 'uri',
  publisherCountry: 'country',
  publicationDate: 'date',
  taxonomyPackageRef: 'uri',
  language: 'language',
};

/** Elements whose text is in a natural language and so needs an xml:lang in scope. */
const MULTILINGUAL = new Set(['name', 'description', 'publisher']);

export function checkTaxonomyPackageXml(bytes: Uint8Array): { problems: MetadataProblem[]; metadata: TaxonomyPackageMetadata } {
  const problems: MetadataProblem[] = [];
  const metadata: TaxonomyPackageMetadata = { entryPointHrefs: [] };
  const invalid = (message: string) => problems.push({ code: 'tpe:invalidMetaDataFile', message });
  let root: Element;
  try {
    const doc = parseXml(bytes);
    root = doc.documentElement!;
  } catch (err) {
    invalid(`is not well-formed XML (${(err as XmlParseError).message})`);
    return { problems, metadata };
  }
  if (root.namespaceURI !== TP_NS || root.localName !== 'taxonomyPackage') {
    invalid(`the root element must be taxonomyPackage in namespace ${TP_NS}, not {${root.namespaceURI ?? ''}}${root.localName}`);
    return { problems, metadata };
  }
  const visit = (el: Element, modelName: string) => {
    checkXmlAttributes(el).forEach(invalid);
    const model = models[modelName]!;
    checkContentModel(el, model, (child) => {
      const local = child.localName ?? '';
      checkXmlAttributes(child).forEach(invalid);
      if (local === 'entryPointDocument' || local === 'versioningReport') {
        checkHref(child, invalid);
        if (local === 'entryPointDocument') {
          metadata.entryPointHrefs.push({ href: child.getAttribute('href') ?? '', bases: xmlBasesInScope(child) });
        }
        visitChildrenOnly(child, 'documentReference');
      } else if (local === 'license') {
        checkHref(child, invalid);
        if (!child.hasAttribute('name')) invalid('<license> needs a name attribute');
        visitChildrenOnly(child, 'license');
      } else if (models[local]) {
        visit(child, local);
      } else {
        checkSimpleContent(child).forEach(invalid);
        const problem = checkSimpleValue(local, child.textContent ?? '');
        if (problem) invalid(problem);
      }
    }).forEach(invalid);
  };
  const visitChildrenOnly = (el: Element, modelName: string) => {
    checkContentModel(el, models[modelName]!, () => undefined).forEach(invalid);
  };
  visit(root, 'taxonomyPackage');
  checkLanguages(root, problems);
  return { problems, metadata };
}

function checkHref(el: Element, invalid: (m: string) => void): void {
  const href = el.getAttribute('href');
  if (href === null || !el.hasAttribute('href')) invalid(`<${el.localName}> needs an href attribute`);
  else if (!isXsAnyUri(href)) invalid(`<${el.localName}> href "${href}" is not a valid URI`);
}

function checkSimpleValue(local: string, text: string): string | null {
  switch (simpleTypes[local]) {
    case 'uri':
      return isXsAnyUri(text) ? null : `<${local}> "${text}" is not a valid URI (xs:anyURI)`;
    case 'country':
      return /^[A-Z]{2}$/.test(text) ? null : `<${local}> "${text}" must be two upper-case letters ([A-Z]{2})`;
    case 'date':
      return isXsDate(text) ? null : `<${local}> "${text}" is not an xs:date (YYYY-MM-DD, no time part)`;
    case 'language':
      return isXsLanguage(text) ? null : `<${local}> "${text}" is not a language tag (xs:language)`;
    default:
      return null;
  }
}

/** xml:* attributes are validated laxly against xml.xsd: lang, space and base have declared types. */
function checkXmlAttributes(el: Element): string[] {
  const out: string[] = [];
  const lang = el.getAttributeNS(XML_NS, 'lang');
  if (el.hasAttributeNS(XML_NS, 'lang') && !isXsLanguage(lang ?? '')) {
    out.push(`<${el.localName}> xml:lang "${lang}" is not a language tag`);
  }
  const space = el.getAttributeNS(XML_NS, 'space');
  if (el.hasAttributeNS(XML_NS, 'space') && !['default', 'preserve'].includes(collapse(space ?? ''))) {
    out.push(`<${el.localName}> xml:space must be "default" or "preserve"`);
  }
  const base = el.getAttributeNS(XML_NS, 'base');
  if (el.hasAttributeNS(XML_NS, 'base') && !isXsAnyUri(base ?? '')) out.push(`<${el.localName}> xml:base is not a valid URI`);
  return out;
}

/** Multi-lingual elements need a language, and siblings may not repeat one. */
function checkLanguages(el: Element, problems: MetadataProblem[]): void {
  const seen = new Map<string, Set<string>>();
  for (const child of childElements(el)) {
    if (child.namespaceURI !== TP_NS) continue;
    const local = child.localName ?? '';
    if (MULTILINGUAL.has(local)) {
      const lang = langInScope(child);
      if (lang === undefined || lang === '') {
        problems.push({
          code: 'tpe:missingLanguageAttribute',
          message: `<${local}> "${(child.textContent ?? '').trim()}" has no xml:lang in scope`,
        });
      } else {
        const langs = seen.get(local) ?? new Set<string>();
        const key = lang.toLowerCase();
        if (langs.has(key)) {
          problems.push({
            code: 'tpe:duplicateLanguagesForElement',
            message: `<${local}> appears twice with xml:lang "${lang}" under <${el.localName}>`,
          });
        }
        langs.add(key);
        seen.set(local, langs);
      }
    } else {
      checkLanguages(child, problems);
    }
  }
}
