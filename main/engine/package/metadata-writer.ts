/**
 * Writes META-INF/taxonomyPackage.xml (every metadata field and entry point,
 * in the schema's order) and META-INF/catalog.xml.
 */
import type { RewriteRule } from './catalog-file.js';
import type { ReportPackageRequest } from './request-schema.js';

export const DEFAULT_PACKAGE_LANGUAGE = 'en';

export function taxonomyPackageXml(request: ReportPackageRequest): string {
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<tp:taxonomyPackage xmlns:tp="http://xbrl.org/2016/taxonomy-package" xml:lang="${attr(request.reportPackageLanguage ?? DEFAULT_PACKAGE_LANGUAGE)}">`,
  ];
  const el = (indent: string, name: string, value: string | undefined) => {
    if (value !== undefined) lines.push(`${indent}<tp:${name}>${text(value)}</tp:${name}>`);
  };
  el('  ', 'identifier', request.identifier);
  el('  ', 'name', request.name);
  el('  ', 'description', request.description);
  el('  ', 'version', request.version);
  el('  ', 'publisher', request.publisher);
  el('  ', 'publisherURL', request.publisherUrl);
  el('  ', 'publisherCountry', request.publisherCountry);
  el('  ', 'publicationDate', request.publicationDate);
  const entryPoints = request.entrypoints ?? [];
  if (entryPoints.length > 0) {
    lines.push('  <tp:entryPoints>');
    for (const ep of entryPoints) {
      lines.push('    <tp:entryPoint>');
      el('      ', 'name', ep.name);
      el('      ', 'description', ep.description);
      el('      ', 'version', ep.version);
      lines.push(`      <tp:entryPointDocument href="${attr(ep.entryPointDocument.href)}"/>`);
      if (ep.languages && ep.languages.length > 0) {
        lines.push(`      <tp:languages>${ep.languages.map((l) => `<tp:language>${text(l)}</tp:language>`).join('')}</tp:languages>`);
      }
      lines.push('    </tp:entryPoint>');
    }
    lines.push('  </tp:entryPoints>');
  }
  lines.push('</tp:taxonomyPackage>', '');
  return lines.join('\n');
}

export function catalogXml(rewrites: RewriteRule[]): string {
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<catalog xmlns="urn:oasis:names:tc:entity:xmlns:xml:catalog">',
    ...rewrites.map((r) => `  <rewriteURI uriStartString="${attr(r.uriStartString)}" rewritePrefix="${attr(r.rewritePrefix)}"/>`),
    '</catalog>',
    '',
  ].join('\n');
}

function text(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/\r/g, '&#13;');
}

function attr(value: string): string {
  return text(value).replace(/"/g, '&quot;').replace(/\t/g, '&#9;').replace(/\n/g, '&#10;');
}
