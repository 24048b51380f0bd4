/**
 * The taxonomy package format HMRC and the FRC published before Taxonomy
 * Packages 1.0 (CoreFiling's namespace
 * http://www.corefiling.com/xbrl/taxonomypackage/v1, which HMRC's CT2015 uses,
 * and the same vocabulary in XBRL International's 2014 public working draft
 * namespace, which the FRC's 2014 suite uses): a .taxonomyPackage.xml
 * in the top-level directory with a name, a version, remappings
 * (prefix → replaceWith, replaceWith relative to the top-level directory)
 * and entry points. HMRC's CT2015 package lists some remappings twice with
 * the same target; that is harmless. The same prefix sent to two places is
 * a broken package: which file a processor uses would depend on its order.
 */
import type { Element } from '@xmldom/xmldom';
import { childElements, parseXml, XmlParseError } from '../package/xml-document.js';
import { normalisePath, type EntryPoint, type Remapping, type TaxonomyPackageInfo } from './package-info.js';

export const LEGACY_METADATA = '.taxonomyPackage.xml';
export const LEGACY_NAMESPACES = ['http://www.corefiling.com/xbrl/taxonomypackage/v1', 'http://xbrl.org/PWD/2014-01-15/taxonomy-package'];

type LegacyMetadata = Omit<TaxonomyPackageInfo, 'id' | 'format' | 'stld' | 'fileCount'>;

export function readLegacyMetadata(bytes: Uint8Array, stld: string): { ok: true; metadata: LegacyMetadata } | { ok: false; problems: string[] } {
  let root: Element;
  try {
    root = parseXml(bytes).documentElement!;
  } catch (err) {
    return { ok: false, problems: [`is not well-formed XML (${(err as XmlParseError).message})`] };
  }
  const ns = root.namespaceURI ?? '';
  if (!LEGACY_NAMESPACES.includes(ns) || root.localName !== 'taxonomyPackage') {
    return { ok: false, problems: [`the root element must be taxonomyPackage in namespace ${LEGACY_NAMESPACES.join(' or ')}, not {${ns}}${root.localName}`] };
  }
  const problems: string[] = [];
  const own = (el: Element, local: string) => childElements(el).filter((c) => c.namespaceURI === ns && c.localName === local);
  const text = (el: Element | undefined) => el?.textContent?.trim() || undefined;
  const name = text(own(root, 'name')[0]);
  if (!name) problems.push('the package has no <name>');
  const version = text(own(root, 'version')[0]);

  const byPrefix = new Map<string, string>();
  const remappings: Remapping[] = [];
  for (const list of own(root, 'remappings')) {
    for (const r of own(list, 'remapping')) {
      const prefix = r.getAttribute('prefix') ?? '';
      const replaceWith = r.getAttribute('replaceWith') ?? '';
      if (!prefix || !r.hasAttribute('replaceWith')) {
        problems.push('a <remapping> needs both prefix and replaceWith');
        continue;
      }
      const earlier = byPrefix.get(prefix);
      if (earlier !== undefined) {
        if (earlier !== replaceWith) problems.push(`the prefix "${prefix}" is remapped twice, to "${earlier}" and to "${replaceWith}"`);
        continue;
      }
      byPrefix.set(prefix, replaceWith);
      const joined = /^[A-Za-z][A-Za-z0-9+.-]*:/.test(replaceWith) || replaceWith.startsWith('/') ? undefined : normalisePath(`${stld}/${replaceWith}`);
      if (joined === undefined || !joined.startsWith(`${stld}/`)) {
        problems.push(`the remapping of "${prefix}" sends it to "${replaceWith}", outside the package's top-level directory`);
        continue;
      }
      remappings.push({ urlPrefix: prefix, pathPrefix: replaceWith.endsWith('/') && !joined.endsWith('/') ? `${joined}/` : joined });
    }
  }
  const entryPoints: EntryPoint[] = [];
  for (const list of own(root, 'entryPoints')) {
    for (const ep of own(list, 'entryPoint')) {
      const urls = own(ep, 'entryPointDocument').map((d) => d.getAttribute('href') ?? '').filter(Boolean);
      if (urls.length === 0) problems.push(`the entry point "${text(own(ep, 'name')[0]) ?? '(unnamed)'}" names no entryPointDocument`);
      entryPoints.push({ name: text(own(ep, 'name')[0]) ?? urls[0] ?? '', urls });
    }
  }
  if (problems.length > 0) return { ok: false, problems };
  return {
    ok: true,
    metadata: {
      identifier: `urn:filing-desk:taxonomy-package:${encodeURIComponent(name!)}:${encodeURIComponent(version ?? '')}`,
      name: name!,
      version,
      entryPoints,
      remappings,
    },
  };
}
