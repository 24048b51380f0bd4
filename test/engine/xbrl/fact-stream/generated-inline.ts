/**
 * Random Inline XBRL documents for holding the tree-free fact reader to the
 * tree route: headers shown and hidden (by style or by a class a style
 * sheet hides), references with and without targets, contexts with
 * dimensions and duplicated ids, units with divides, numbers nested,
 * scaled, signed, formatted, nil and empty, text facts with spans,
 * exclusions and continuation chains (looping, missing, aimed at other
 * elements), hidden facts, xml:lang, scripts, images, event handlers,
 * CDATA and references; and malformed pieces (unknown ix elements,
 * misplaced exclusions and resources, Inline XBRL 1.0 with continuations,
 * broken XML). Driven by one seed so a failing case can be replayed.
 */

/** A small seeded generator (mulberry32): the same seed gives the same document. */
export function randomOf(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  const chance = (p: number) => next() < p;
  const pick = <T>(xs: readonly T[]): T => xs[int(xs.length)]!;
  return { int, chance, pick };
}

type Random = ReturnType<typeof randomOf>;

const IX11 = 'http://www.xbrl.org/2013/inlineXBRL';
const IX10 = 'http://www.xbrl.org/2008/inlineXBRL';
const WORDS = ['Turnover', 'profit &amp; loss', 'a &lt; b', '&#163;1,234', ' ', '\n', 'Director’s report', '<![CDATA[x < y]]>', 'note'];
const NUMBERS = ['1,234', '12.5', '0', '-', 'abc', ' 1 234 ', '1.234,56', '', '3'];
const FORMATS = [undefined, 'ixt:num-dot-decimal', 'ixt:numdotdecimal', 'ixt:num-comma-decimal', 'ixt:fixed-zero', 'ixt:nonsense', 'ixt4:num-dot-decimal', 'bad:x', ''];

export function generatedInline(seed: number): string {
  const r = randomOf(seed);
  const ixNs = r.chance(0.15) ? IX10 : IX11;
  const ids = { fact: 0, cont: 0 };
  const contIds: string[] = [];
  const contexts = 1 + r.int(3);
  const ctx = () => `c${r.int(contexts + (r.chance(0.1) ? 1 : 0))}`;
  const attrs = (list: (string | false | undefined)[]) => list.filter(Boolean).map((a) => ` ${a}`).join('');
  const lang = () => (r.chance(0.2) ? `xml:lang="${r.pick(['en', 'cy', ''])}"` : undefined);
  const id = () => (r.chance(0.5) ? `id="${r.chance(0.1) ? 'dup' : `f${ids.fact++}`}"` : undefined);
  const continuedAt = () => (r.chance(0.35) ? `continuedAt="${r.chance(0.8) && contIds.length < 6 ? (contIds.push(`k${ids.cont++}`), contIds[contIds.length - 1]) : r.pick(['k0', 'missing', 'f1', 'dup'])}"` : undefined);
  const text = (depth: number): string => {
    const parts: string[] = [];
    for (let i = r.int(4); i > 0; i--) {
      const c = r.int(10);
      if (c < 5 || depth > 2) parts.push(r.pick(WORDS));
      else if (c < 7) parts.push(`<span${attrs([lang(), r.chance(0.1) && 'onclick="x()"'])}>${text(depth + 1)}</span>`);
      else if (c < 8) parts.push(`<ix:exclude>${text(depth + 1)}</ix:exclude>`);
      else if (c < 9) parts.push(nonFraction(depth + 1));
      else parts.push(`<b>${r.pick(WORDS)}</b>`);
    }
    return parts.join('');
  };
  const nonFraction = (depth: number): string => {
    const format = r.pick(FORMATS);
    const a = attrs([id(), `name="${r.pick(['acme:Turnover', 'acme:Profit', 'other:X', 'Bare'])}"`, r.chance(0.95) && `contextRef="${ctx()}"`, `unitRef="${r.pick(['GBP', 'GBP', 'perShare', 'none'])}"`, `decimals="${r.pick(['0', '2', 'INF', 'x'])}"`, format !== undefined && `format="${format}"`, r.chance(0.3) && `scale="${r.pick(['3', '-2', '6', 'three'])}"`, r.chance(0.2) && `sign="${r.pick(['-', '+'])}"`, lang()]);
    if (r.chance(0.1)) return `<ix:nonFraction${a} xsi:nil="true"/>`;
    const c = r.int(10);
    const inner = c < 6 || depth > 2 ? r.pick(NUMBERS) : c < 8 ? nonFraction(depth + 1) : c < 9 ? `<span>${r.pick(NUMBERS)}</span>` : `${r.pick(NUMBERS)}<b>1</b>`;
    return `<ix:nonFraction${a}>${inner}</ix:nonFraction>`;
  };
  const nonNumeric = (depth: number) => `<ix:nonNumeric${attrs([id(), `name="acme:${r.pick(['Note', 'Policy'])}"`, `contextRef="${ctx()}"`, continuedAt(), r.chance(0.1) && 'format="ixt4:fixed-true"', lang(), r.chance(0.1) && 'target="other"'])}>${text(depth + 1)}</ix:nonNumeric>`;
  const continuation = (cid: string) => `<ix:continuation id="${cid}"${attrs([r.chance(0.4) && continuedAt()])}>${text(1)}</ix:continuation>`;
  const fact = (depth: number): string => {
    const c = r.int(12);
    if (c < 4) return nonFraction(depth);
    if (c < 8) return nonNumeric(depth);
    if (c < 9) return `<ix:fraction name="acme:Ratio" contextRef="${ctx()}" unitRef="GBP"><ix:numerator>1</ix:numerator><ix:denominator>2</ix:denominator></ix:fraction>`;
    if (c < 10) return `<ix:tuple name="acme:T">${nonNumeric(depth + 1)}</ix:tuple>`;
    if (c < 11) return `<ix:footnote id="fn${r.int(3)}">${text(depth)}</ix:footnote>`;
    return r.pick(['<ix:exclude>stray</ix:exclude>', '<ix:unknown/>', '<ix:references/>', '<img src="http://x/y.png"/>', '<img src="data:image/png;base64,AAAA"/>', '<a href="javascript:go()">x</a>', '<script>1</script>', '<p style="background:url(http://x/i.png)">p</p>', '<ix:hidden/>']);
  };
  const context = (k: number) => {
    const dims = r.chance(0.4) ? `<xbrli:segment><xbrldi:explicitMember dimension="acme:Dim">acme:M${r.int(3)}</xbrldi:explicitMember>${r.chance(0.3) ? '<xbrldi:typedMember dimension="acme:Typed"><acme:n> 7 </acme:n></xbrldi:typedMember>' : ''}${r.chance(0.1) ? '<acme:other/>' : ''}</xbrli:segment>` : '';
    const period = r.pick(['<xbrli:instant>2024-12-31</xbrli:instant>', '<xbrli:startDate>2024-01-01</xbrli:startDate><xbrli:endDate>2024-12-31T00:00:00</xbrli:endDate>', '<xbrli:forever/>', '', '<xbrli:instant>2024-02-30</xbrli:instant>']);
    const cid = r.chance(0.05) ? 'c0' : `c${k}`;
    return `<xbrli:context id="${cid}"><xbrli:entity><xbrli:identifier scheme="${r.pick(['http://www.companieshouse.gov.uk/', ' x '])}">0123${k}</xbrli:identifier>${dims}</xbrli:entity><xbrli:period>${period}</xbrli:period>${r.chance(0.1) ? '<xbrli:scenario><xbrldi:explicitMember dimension="acme:S">acme:Q</xbrldi:explicitMember></xbrli:scenario>' : ''}</xbrli:context>`;
  };
  const units = ['<xbrli:unit id="GBP"><xbrli:measure>iso4217:GBP</xbrli:measure></xbrli:unit>', r.chance(0.7) ? '<xbrli:unit id="perShare"><xbrli:divide><xbrli:unitNumerator><xbrli:measure>iso4217:GBP</xbrli:measure></xbrli:unitNumerator><xbrli:unitDenominator><xbrli:measure>xbrli:shares</xbrli:measure></xbrli:unitDenominator></xbrli:divide></xbrli:unit>' : '', r.chance(0.1) ? '<xbrli:unit id="GBP"><xbrli:measure>nope:GBP</xbrli:measure></xbrli:unit>' : ''];
  const references = r.chance(0.9) ? `<ix:references${r.chance(0.1) ? ' target="other"' : ''}>${r.chance(0.9) ? '<link:schemaRef xlink:type="simple" xlink:href=" http://example.com/acme.xsd "/>' : ''}</ix:references>` : '';
  const resources = r.chance(0.95) ? `<ix:resources>\n${Array.from({ length: contexts }, (_, k) => context(k)).join('\n')}${units.join('')}${r.chance(0.05) ? '<div>no</div>' : ''}</ix:resources>` : '';
  const hidden = r.chance(0.5) ? `<ix:hidden>${fact(1)}${fact(1)}${r.chance(0.1) ? continuation('khidden') : ''}</ix:hidden>` : '';
  const hiding = r.pick(['style="display:none"', 'class="hide"', 'class="shown"', '']);
  const header = r.chance(0.93) ? `<div ${hiding}><${r.chance(0.05) ? 'div' : 'ix:header'}>${references}${resources}${hidden}</${''}${r.chance(0.05) ? 'div' : 'ix:header'}></div>` : '';
  const body: string[] = [];
  for (let i = 1 + r.int(8); i > 0; i--) body.push(`<p${attrs([lang(), r.chance(0.2) && `id="${r.pick(['f1', 'dup', 'p1'])}"`])}>${fact(0)}</p>`);
  for (const cid of contIds) if (r.chance(0.85)) body.push(r.chance(0.5) ? continuation(cid) : `<div>${continuation(cid)}</div>`);
  const style = r.chance(0.5) ? `<style type="text/css">.hide { display: none } p.x, .other{color:red}${r.chance(0.1) ? ' body { background: url(http://x/bg.png) }' : ''}</style>` : '';
  let doc = `<?xml version="1.0" encoding="UTF-8"?>\n<html xmlns="http://www.w3.org/1999/xhtml" xmlns:ix="${ixNs}" xmlns:ixt="http://www.xbrl.org/inlineXBRL/transformation/2020-02-12" xmlns:ixt4="http://www.xbrl.org/inlineXBRL/transformation/2020-02-12" xmlns:xbrli="http://www.xbrl.org/2003/instance" xmlns:xbrldi="http://xbrl.org/2006/xbrldi" xmlns:link="http://www.xbrl.org/2003/linkbase" xmlns:xlink="http://www.w3.org/1999/xlink" xmlns:iso4217="http://www.xbrl.org/2003/iso4217" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:acme="http://example.com/acme"${r.chance(0.3) ? ' xml:lang="en"' : ''}><head>${style}<title>t</title></head><body${r.chance(0.05) ? ' onload="go()"' : ''}>${header}${body.join('\n')}</body></html>\n`;
  // Malformed pieces: the tree route's verdict (xmldom's) must stand.
  const damage = r.int(20);
  if (damage === 0) doc = doc.replace('</body>', '<p></body>');
  else if (damage === 1) doc = doc.replace('<title>t</title>', '<title>a & b</title>');
  else if (damage === 2) doc = doc.replace('<title>', '<!DOCTYPE html><title>');
  else if (damage === 3) doc = doc.replace('<?xml version="1.0" encoding="UTF-8"?>\n', '<!DOCTYPE html>\r\n');
  else if (damage === 4) doc = doc.replace('<html', '<root');
  return doc;
}
