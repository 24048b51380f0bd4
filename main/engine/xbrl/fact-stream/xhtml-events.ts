/**
 * HMRC's style guide rules on the XHTML (validation/attachments/
 * xhtml-rules.ts) as the tree-free reader meets the elements: the same
 * findings, the same words, in the same order (document order, and within
 * an element: event handlers, a javascript: link, an image not embedded,
 * a style loading an image from outside).
 */
import type { StructureProblem } from '../../validation/attachments/structure-problem.js';
import { ALLOWED_IMAGE, CSS_EXTERNAL_IMAGE, cssImageProblem, handlerProblem, imageProblem, javascriptProblem, scriptsProblem } from '../../validation/attachments/xhtml-rules.js';

export const XHTML_NS = 'http://www.w3.org/1999/xhtml';

export class XhtmlRuleEvents {
  /** A <style> element's place is kept until its text is read at its end. */
  private readonly found: (StructureProblem | undefined)[] = [];
  private scripts = 0;

  /** An element: its event handler attributes' names, and its src, href and style attributes (null when absent). */
  element(namespaceURI: string | null, localName: string, handlers: string[] | undefined, src: string | null, href: string | null, style: string | null): void {
    if (namespaceURI === XHTML_NS && localName === 'script') this.scripts++;
    if (handlers) for (const name of handlers) this.found.push(handlerProblem(localName, name));
    if (namespaceURI !== XHTML_NS) return;
    const link = ((localName === 'img' ? src : href) ?? '').trim();
    if ((localName === 'a' || localName === 'img') && /^\s*javascript:/i.test(link)) this.found.push(javascriptProblem(localName));
    if (localName === 'img' && !ALLOWED_IMAGE.test(link)) this.found.push(imageProblem(link));
    if (localName !== 'style') this.css(style ?? '');
  }

  /** Where an XHTML <style> element's finding goes, kept until its text is known. */
  styleOpened(): number {
    this.found.push(undefined);
    return this.found.length - 1;
  }

  styleClosed(place: number, text: string): void {
    const external = CSS_EXTERNAL_IMAGE.exec(text);
    if (external) this.found[place] = cssImageProblem(external[2]!);
  }

  problems(): StructureProblem[] {
    const out = this.found.filter((p): p is StructureProblem => p !== undefined);
    if (this.scripts > 0) out.unshift(scriptsProblem(this.scripts));
    return out;
  }

  private css(text: string): void {
    const external = CSS_EXTERNAL_IMAGE.exec(text);
    if (external) this.found.push(cssImageProblem(external[2]!));
  }
}
