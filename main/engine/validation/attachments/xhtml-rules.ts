/**
 * HMRC's Inline XBRL style guide rules on the XHTML itself: no script of any
 * kind (HMRC displays the documents to its staff), and images only embedded
 * as base64 data (an external image would make HMRC's viewer fetch from the
 * internet). The tree-free reader runs the same rules on the scan's events
 * (xbrl/fact-stream/xhtml-events.ts), with the findings made here.
 */
import type { XmlElementView as Element } from '../../xml-view.js';
import type { StructureProblem } from './structure-problem.js';

const XHTML_NS = 'http://www.w3.org/1999/xhtml';
export const ALLOWED_IMAGE = /^data:image\/(gif|jpeg|jpg|png);base64,/i;
/** CSS properties that load an image, and a url() in them that is not embedded data. */
export const CSS_EXTERNAL_IMAGE = /(background|background-image|border-image|border-image-source|clip-path|content|cursor|filter|list-style|list-style-image|mask|mask-image|mask-border|shape-outside)\s*:[^;}]*url\(\s*['"]?(?!data:)([^'")]*)/i;
/** An event handler attribute (onclick, onload…): its local name, and it has no prefix. */
export const isEventHandler = (name: string) => /^on[a-z]+$/i.test(name) && !name.includes(':');

export const handlerProblem = (element: string, attribute: string): StructureProblem => ({ code: 'HMRC.SG.3.3', message: `<${element}> has the event handler attribute ${attribute}, and script is not allowed` });
export const javascriptProblem = (element: string): StructureProblem => ({ code: 'HMRC.SG.3.3', message: `<${element}> links to javascript:, and script is not allowed` });
export const imageProblem = (src: string): StructureProblem => ({ code: 'HMRC.SG.3.8', message: `an image is not embedded (src "${src.slice(0, 60)}"): images must be base64 data (data:image/png, jpeg or gif;base64,…)` });
export const cssImageProblem = (url: string): StructureProblem => ({ code: 'HMRC.SG.3.8', message: `a style loads the image "${url.slice(0, 60)}" from outside the document: images must be embedded as base64 data` });
export const scriptsProblem = (scripts: number): StructureProblem => ({ code: 'HMRC.SG.3.3', message: `the document contains ${scripts === 1 ? 'a <script> element' : `${scripts} <script> elements`}, and script is not allowed` });

export function xhtmlProblems(all: Element[]): StructureProblem[] {
  const out: StructureProblem[] = [];
  let scripts = 0;
  for (const el of all) {
    const name = el.localName;
    if (el.namespaceURI === XHTML_NS && name === 'script') scripts++;
    const attrs = el.attributes;
    for (let i = 0; i < attrs.length; i++) {
      const a = attrs.item(i)!;
      // Event handlers (onclick, onload…) are script too.
      if (/^on[a-z]+$/i.test(a.localName ?? a.name) && !a.name.includes(':')) out.push(handlerProblem(name ?? '', a.name));
    }
    if (el.namespaceURI !== XHTML_NS) continue;
    const href = (el.getAttribute(name === 'img' ? 'src' : 'href') ?? '').trim();
    if ((name === 'a' || name === 'img') && /^\s*javascript:/i.test(href)) out.push(javascriptProblem(name));
    if (name === 'img' && !ALLOWED_IMAGE.test(href)) out.push(imageProblem(href));
    const css = name === 'style' ? el.textContent ?? '' : el.getAttribute('style') ?? '';
    const external = CSS_EXTERNAL_IMAGE.exec(css);
    if (external) out.push(cssImageProblem(external[2]!));
  }
  if (scripts > 0) out.unshift(scriptsProblem(scripts));
  return out;
}
