/**
 * The taxonomy URLs a report names, for the builder's catalog and the hosts
 * whose folders a merge keeps: link:schemaRef hrefs (XML and Inline XBRL) or
 * documentInfo.taxonomy (JSON).
 *
 * An XML report's are found in its bytes. The tags were found by a pattern
 * over the whole report decoded to text; that decode made a string the size
 * of the report (10 MB) before the fact reading made its own, and on a
 * machine where new memory is dear it was most of the search's time. Only
 * each tag is decoded now. Every byte the pattern looks at is ASCII, and an
 * ASCII byte is never part of a longer UTF-8 sequence, so a tag's bytes
 * decode to the same text as that tag in the whole decoded report, and the
 * tags found are the pattern's (test/engine/package/report-taxonomy-urls.test.ts).
 */

const SCHEMA_REF = 'schemaRef';
const LT = 0x3c;
const GT = 0x3e;
const COLON = 0x3a;

/** [A-Za-z0-9_]: what \w is in a pattern without the u flag. */
const isWordByte = (b: number | undefined) => b !== undefined && ((b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5a) || (b >= 0x61 && b <= 0x7a) || b === 0x5f);
/** [\w.-]: a prefix's characters. */
const isPrefixByte = (b: number | undefined) => isWordByte(b) || b === 0x2e || b === 0x2d;

export function taxonomyReferencesOfReport(content: Uint8Array, kind: 'inline' | 'xbrl' | 'json'): string[] {
  if (kind === 'json') {
    try {
      const json = JSON.parse(new TextDecoder('utf-8').decode(content).replace(/^\uFEFF/, '')) as { documentInfo?: { taxonomy?: unknown } };
      const taxonomy = json.documentInfo?.taxonomy;
      return Array.isArray(taxonomy) ? taxonomy.filter((t): t is string => typeof t === 'string') : [];
    } catch {
      return [];
    }
  }
  return schemaRefTags(content).flatMap((tag) => {
    const href = /\b(?:[\w.-]+:)?href\s*=\s*(?:"([^"]*)"|'([^']*)')/.exec(tag);
    const value = href?.[1] ?? href?.[2];
    return value ? [value.replace(/&amp;/g, '&')] : [];
  });
}

/**
 * Each tag /<(?:[\w.-]+:)?schemaRef\b[^>]*>/g finds in the decoded text, in
 * order: from each "schemaRef" in the bytes, back over one prefix and its
 * colon to the "<", on to the next ">". One that starts inside the tag before
 * it is part of that tag, as the pattern's matches do not overlap.
 */
function schemaRefTags(content: Uint8Array): string[] {
  const bytes = Buffer.from(content.buffer, content.byteOffset, content.byteLength);
  const decoder = new TextDecoder('utf-8');
  const tags: string[] = [];
  let matchedTo = 0;
  for (let at = bytes.indexOf(SCHEMA_REF); at >= 0; at = bytes.indexOf(SCHEMA_REF, at + SCHEMA_REF.length)) {
    let lt = at - 1;
    if (bytes[lt] === COLON) {
      let p = lt - 1;
      while (p >= 0 && isPrefixByte(bytes[p])) p--;
      if (p === lt - 1) continue; // a colon with no prefix before it
      lt = p;
    }
    if (lt < matchedTo || bytes[lt] !== LT || isWordByte(bytes[at + SCHEMA_REF.length])) continue;
    const gt = bytes.indexOf(GT, at + SCHEMA_REF.length);
    if (gt < 0) break; // no tag closes after this one, nor after any later one
    tags.push(decoder.decode(bytes.subarray(lt, gt + 1)));
    matchedTo = gt + 1;
  }
  return tags;
}
