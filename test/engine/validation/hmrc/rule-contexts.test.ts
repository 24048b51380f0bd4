import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import xpath from 'xpath';
import { describe, expect, it } from 'vitest';
import type { Document, Node } from '@xmldom/xmldom';
import { readXmlText } from '../../../../main/engine/ct600/xml-dom.js';
import { childPathNodes, childStepsOf } from '../../../../main/engine/validation/hmrc/evaluate-rules.js';
import { CT600_RULES_V1_994 as TABLE } from '../../../../main/engine/validation/hmrc/tables/ct600-v1-994.js';
import { perRuleReturns } from './per-rule-returns.js';

const shared = join(__dirname, '..', '..', '..', '..', '..', 'shared');

const parse = (text: string): Document => {
  const read = readXmlText(text);
  if (!read.ok) throw new Error(read.message);
  return read.doc;
};

const sample = readFileSync(join(shared, 'ct600', 'vectors', 'tpvs-accepted-sample.xml'), 'utf8');
/** The sample with thousands of extra elements in its Body: each rule used to look through all of them. */
const crowded = sample.replace('</Body>', `${'<Extra>a</Extra><ct:Other xmlns:ct="http://www.govtalk.gov.uk/taxation/CT/5"/>'.repeat(2000)}</Body>`);

describe("HMRC rules' contexts found by child steps", () => {
  it('reads every context of the table as child steps but the one that selects an attribute, which XPath evaluates', () => {
    const general = TABLE.rules.filter((r) => childStepsOf(r.context, TABLE.namespaces) === undefined).map((r) => r.context);
    expect(general).toEqual(['/hd:GovTalkMessage/hd:Body/ct:IRenvelope/ct:CompanyTaxReturn/ct:AttachedFiles/ct:Attachment/@Format']);
    expect(childStepsOf('//ct:CompanyTaxReturn', TABLE.namespaces)).toBeUndefined();
    expect(childStepsOf('/hd:GovTalkMessage/hd:Body[1]', TABLE.namespaces)).toBeUndefined();
    expect(childStepsOf('/zz:GovTalkMessage', TABLE.namespaces)).toBeUndefined();
  });

  it("selects, for every rule, the very nodes in the same order as XPath's select, on the sample, a crowded Body and the per-rule returns", () => {
    const returns = perRuleReturns();
    const docs: [string, Document][] = [
      ['the accepted sample', parse(sample)],
      ['a Body crowded with other elements', parse(crowded)],
      ...returns.filter((_, i) => i % 20 === 0).map((r): [string, Document] => [`${r.kind} return of ${r.id}`, r.doc]),
    ];
    expect(docs.length).toBeGreaterThan(50);
    let selected = 0;
    for (const [name, doc] of docs) {
      const known = new Map<string, Node[]>();
      for (const rule of TABLE.rules) {
        const steps = childStepsOf(rule.context, TABLE.namespaces);
        if (!steps) continue;
        const fast = childPathNodes(steps, doc, known);
        const slow = xpath.useNamespaces(TABLE.namespaces)(rule.context, doc as unknown as globalThis.Node) as unknown as Node[];
        expect(fast.length, `${name}: ${rule.context}`).toBe(slow.length);
        fast.forEach((n, i) => expect(n === slow[i], `${name}: ${rule.context} node ${i}`).toBe(true));
        selected += fast.length;
      }
    }
    expect(selected).toBeGreaterThan(1000);
  });
});
