/**
 * The XHTML page around the accounts: the root element with every namespace
 * the document uses, and the style. The style is inside the document and
 * plain (no fonts, images or links to fetch: HMRC.SG.3.3/3.8), one page per
 * statement, since Companies House renders the document to a paginated
 * image with its own margins.
 */
import { XBRL_NAMESPACES, type FrcSuite } from './taxonomy.js';

export function htmlOpen(suite: FrcSuite): string {
  const declarations = Object.entries({ ...XBRL_NAMESPACES, ...suite.namespaces })
    .map(([prefix, ns]) => `xmlns:${prefix}="${ns}"`)
    .join(' ');
  return `<html xmlns="http://www.w3.org/1999/xhtml" ${declarations} xml:lang="en">`;
}

export const DOCUMENT_STYLE = `
body { font-family: Arial, Helvetica, sans-serif; font-size: 11pt; color: #000; background: #fff; margin: 0; }
div.page { width: 17cm; margin: 0 auto; padding: 1.5cm 0; page-break-after: always; }
div.cover { text-align: center; padding-top: 6cm; }
div.cover h1 { font-size: 20pt; margin: 1cm 0; }
p.cover-title { font-size: 14pt; margin: 0.3cm 0; }
p.cover-number, p.cover-sub, p.sub { font-size: 10pt; }
h2 { font-size: 14pt; margin: 0 0 0.2cm 0; }
h3 { font-size: 11pt; margin: 0.6cm 0 0.2cm 0; }
table { border-collapse: collapse; width: 100%; margin: 0.3cm 0; }
td, th { padding: 2px 6px; vertical-align: top; text-align: left; }
th { font-weight: bold; }
td.n, th.n { text-align: right; width: 2.8cm; white-space: nowrap; }
td.f, th.f { width: 1.2cm; }
tr.sub td { padding-left: 18px; }
tr.subtotal td.n { border-top: 1px solid #000; }
tr.total td { font-weight: bold; }
tr.total td.n { border-top: 1px solid #000; border-bottom: 3px double #000; }
table.info td { width: 50%; }
p.statement { text-align: justify; }
p.signature { margin-top: 1cm; }
`;
