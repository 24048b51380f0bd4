/**
 * Read access to a CT600 return for the business rules: values by path
 * under IRenvelope (CT namespace), each with the absolute path and box that
 * messages quote.
 */
import type { Document, Element } from '@xmldom/xmldom';
import { parsePence } from './money.js';

export const CT_NS = 'http://www.govtalk.gov.uk/taxation/CT/5';
export const GOVTALK_NS = 'http://www.govtalk.gov.uk/CM/envelope';
const IRENVELOPE_PATH = '/GovTalkMessage/Body/IRenvelope';

function children(el: Element, name: string, ns: string): Element[] {
  const out: Element[] = [];
  for (let n = el.firstChild; n; n = n.nextSibling) {
    if (n.nodeType === 1 && (n as Element).localName === name && (n as Element).namespaceURI === ns) out.push(n as Element);
  }
  return out;
}

function textOf(el: Element): string {
  let out = '';
  for (let n = el.firstChild; n; n = n.nextSibling) if (n.nodeType === 3 || n.nodeType === 4) out += n.nodeValue ?? '';
  return out;
}

export class ReturnFacts {
  /** The facts of a GovTalk message's Body/IRenvelope (CT namespace); undefined when it has none. */
  static of(doc: Document): ReturnFacts | undefined {
    const root = doc.documentElement;
    if (!root) return undefined;
    for (let n = root.firstChild; n; n = n.nextSibling) {
      if (n.nodeType !== 1 || (n as Element).localName !== 'Body') continue;
      const irenvelope = children(n as Element, 'IRenvelope', CT_NS)[0];
      if (irenvelope) return new ReturnFacts(root, irenvelope);
    }
    return undefined;
  }

  constructor(
    /** The GovTalkMessage root. */
    readonly root: Element,
    /** Body/IRenvelope. */
    readonly irenvelope: Element,
  ) {}

  /** Absolute path of a path under IRenvelope, as messages show it. */
  path(relative: string): string {
    return `${IRENVELOPE_PATH}/${relative}`;
  }

  /** All elements at a path under IRenvelope ("CompanyTaxReturn/AttachedFiles/Attachment"). */
  all(relative: string, from: Element = this.irenvelope): Element[] {
    let level = [from];
    for (const step of relative.split('/')) level = level.flatMap((e) => children(e, step, CT_NS));
    return level;
  }

  first(relative: string, from?: Element): Element | undefined {
    return this.all(relative, from)[0];
  }

  has(relative: string): boolean {
    return this.first(relative) !== undefined;
  }

  /** Trimmed text of the first element at the path, or undefined when absent. */
  text(relative: string, from?: Element): string | undefined {
    const el = this.first(relative, from);
    return el === undefined ? undefined : textOf(el).trim();
  }

  /** Amount in pence; undefined when absent or not a valid amount. */
  pence(relative: string, from?: Element): bigint | undefined {
    return parsePence(this.text(relative, from));
  }

  /** UTR keys in the GovTalk header (outside IRenvelope). */
  govTalkKeys(type: string): string[] {
    const details = children(this.root, 'GovTalkDetails', GOVTALK_NS)[0];
    const keys = details ? children(details, 'Keys', GOVTALK_NS).flatMap((k) => children(k, 'Key', GOVTALK_NS)) : [];
    return keys.filter((k) => k.getAttribute('Type') === type).map((k) => textOf(k).trim());
  }

  returnType(): string | undefined {
    return this.first('CompanyTaxReturn')?.getAttribute('ReturnType') ?? undefined;
  }
}
