/**
 * HMRC's Schematron as an XSLT 1.0 stylesheet, for running it with xsltproc
 * (libxslt, with libexslt's EXSLT functions) as an oracle: for each rule's
 * context node it prints "assertion-id number" for every assertion that
 * fails there, then "END" (so one xsltproc run over many returns can be
 * split per return). HMRC's file has one rule per pattern, so a for-each over
 * each rule's context is exactly Schematron's semantics for it.
 */
import { DOMParser, type Element } from '@xmldom/xmldom';

const SCH = 'http://purl.oclc.org/dsdl/schematron';
const attr = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');
const children = (el: Element, name: string) => Array.from(el.childNodes).filter((n): n is Element => n.nodeType === 1 && (n as Element).localName === name && (n as Element).namespaceURI === SCH);

/** HMRC's Schematron as an XSLT 1.0 stylesheet printing "assertion-id number" for each failure, then "END". */
export function schematronStylesheet(schText: string): string {
  const schema = new DOMParser().parseFromString(schText, 'text/xml').documentElement!;
  const ns = children(schema, 'ns').map((n) => ` xmlns:${n.getAttribute('prefix')}="${attr(n.getAttribute('uri') ?? '')}"`);
  const numbers = new Map<string, string>();
  for (const group of children(schema, 'diagnostics')) for (const d of children(group, 'diagnostic')) numbers.set(d.getAttribute('id') ?? '', (d.textContent ?? '').trim());
  const rules = children(schema, 'pattern').flatMap((p) => children(p, 'rule'));
  const body = rules
    .map((rule) => {
      const asserts = children(rule, 'assert').map((a) => {
        const code = (a.getAttribute('diagnostics') ?? '').split(/\s+/).find((d) => d.startsWith('errorCode.'))!;
        return `<xsl:if test="not(${attr(a.getAttribute('test') ?? '')})"><xsl:text>${a.getAttribute('id')} ${numbers.get(code)}&#10;</xsl:text></xsl:if>`;
      });
      return `<xsl:for-each select="${attr(rule.getAttribute('context') ?? '')}">${asserts.join('')}</xsl:for-each>`;
    })
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>
<xsl:stylesheet version="1.0" xmlns:xsl="http://www.w3.org/1999/XSL/Transform"${ns.join('')} xmlns:date="http://exslt.org/dates-and-times" xmlns:math="http://exslt.org/math" extension-element-prefixes="date math">
<xsl:output method="text" encoding="UTF-8"/>
<xsl:template match="/">
${body}
<xsl:text>END&#10;</xsl:text>
</xsl:template>
</xsl:stylesheet>
`;
}

