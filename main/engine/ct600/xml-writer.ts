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
  return write(root, 0, '<?xml version="1.0" encoding="UTF-8"?>\n');
}

/** True when at least one child is present: an element whose children are all left out is empty. */
export function hasChild(content: readonly (XmlElement | undefined)[]): boolean {
  for (let i = 0; i < content.length; i++) if (content[i] !== undefined) return true;
  return false;
}

/** Tag strings of a name, made once: a build writes the same few dozen names every time. */
interface TagStrings {
  /** `<name` */
  open: string;
  /** `<name>`: the start tag of an element without attributes */
  start: string;
  /** `</name>` */
  close: string;
  /** `</name>` and a line feed */
  closeLine: string;
  /** Indentation and `<name>` (and a line feed, for elements with children), by depth: the start tag of an element without attributes. */
  lineStart: string[];
  parentStart: string[];
}
const tags = new Map<string, TagStrings>();
export function tagStrings(name: string): TagStrings {
  let t = tags.get(name);
  if (t === undefined) {
    t = { open: '<' + name, start: '<' + name + '>', close: '</' + name + '>', closeLine: '</' + name + '>\n', lineStart: [], parentStart: [] };
    // The service builds returns for anyone: keep the cache to the names our own trees use.
    if (tags.size < 1024) tags.set(name, t);
  }
  return t;
}

function startTag(node: XmlElement, tag: TagStrings): string | undefined {
  const attributes = node.attributes;
  if (attributes === undefined) return undefined;
  let open = tag.open;
  for (const k in attributes) {
    const v = attributes[k];
    if (v !== undefined) open += ' ' + k + '="' + escapeAttribute(v) + '"';
  }
  return open;
}

// Appends to one string rather than collecting pieces and joining them, with
// the tags of each name made once: a build writes a message on every request
// the service answers, and this allocates least.
function write(node: XmlElement, depth: number, out: string): string {
  const tag = tagStrings(node.name);
  const open = startTag(node, tag);
  const content = node.content;
  if (typeof content === 'string') {
    const start = open === undefined ? (tag.lineStart[depth] ??= indentOf(depth) + tag.start) : indentOf(depth) + open + '>';
    return out + (start + escapeText(content) + tag.closeLine);
  }
  if (content === undefined || !hasChild(content)) return out + (indentOf(depth) + (open ?? tag.open) + '/>\n');
  out += open === undefined ? (tag.parentStart[depth] ??= indentOf(depth) + tag.start + '\n') : indentOf(depth) + open + '>\n';
  for (let i = 0; i < content.length; i++) {
    const child = content[i];
    if (child !== undefined) out = write(child, depth + 1, out);
  }
  return out + (indentOf(depth) + tag.closeLine);
}
