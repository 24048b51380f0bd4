/**
 * A minimal XML writer for documents whose shape we own. Elements are plain
 * data so the GovTalk builder reads like the schema; children that are
 * undefined are left out, which is how optional boxes disappear.
 */
export interface XmlElement {
  name: string;
  attributes?: Record<string, string | undefined>;
  /** Text content, or child elements (undefined children are skipped). */
  content?: string | (XmlElement | undefined)[];
}

export function el(
  name: string,
  content?: string | (XmlElement | undefined)[],
  attributes?: Record<string, string | undefined>,
): XmlElement {
  return { name, content, attributes };
}

/** Only present when there is something inside: empty optional groups vanish. */
export function optionalGroup(name: string, children: (XmlElement | undefined)[]): XmlElement | undefined {
  return children.some((c) => c !== undefined) ? el(name, children) : undefined;
}

// Most text (figures, dates, codes) has nothing to escape: one search answers that.
const TEXT_SPECIAL = /[&<>]/;
const ATTRIBUTE_SPECIAL = /[&<>"\t\n\r]/;

export function escapeText(text: string): string {
  if (!TEXT_SPECIAL.test(text)) return text;
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

export function escapeAttribute(text: string): string {
  if (!ATTRIBUTE_SPECIAL.test(text)) return text;
  return escapeText(text).replace(/"/g, '&quot;').replace(/\t/g, '&#9;').replace(/\n/g, '&#10;').replace(/\r/g, '&#13;');
}

const INDENTS: string[] = [];
/** `depth` tabs. */
export function indentOf(depth: number): string {
  return (INDENTS[depth] ??= '\t'.repeat(depth));
}

/** Tab-indented, one element per line, as HMRC's own samples are laid out. */
export function serialize(root: XmlElement): string {
  const out: string[] = ['<?xml version="1.0" encoding="UTF-8"?>\n'];
  write(root, 0, out);
  return out.join('');
}

function write(node: XmlElement, depth: number, out: string[]): void {
  const indent = indentOf(depth);
  let open = `<${node.name}`;
  for (const [k, v] of Object.entries(node.attributes ?? {})) {
    if (v !== undefined) open += ` ${k}="${escapeAttribute(v)}"`;
  }
  const content = node.content;
  if (content === undefined || (Array.isArray(content) && content.every((c) => c === undefined))) {
    out.push(`${indent}${open}/>\n`);
  } else if (typeof content === 'string') {
    out.push(`${indent}${open}>${escapeText(content)}</${node.name}>\n`);
  } else {
    out.push(`${indent}${open}>\n`);
    for (const child of content) if (child) write(child, depth + 1, out);
    out.push(`${indent}</${node.name}>\n`);
  }
}
