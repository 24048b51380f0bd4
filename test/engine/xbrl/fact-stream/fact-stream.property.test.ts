/**
 * The tree-free fact reader (main/engine/xbrl/fact-stream/) against the
 * tree route it replaces for Inline XBRL reports
 * (validation/attachments/xbrl-report-tree.ts): on generated documents and
 * on real ones (the published accounts in ../shared/ct600/ixbrl-accounts,
 * HMRC's and the conformance suites' documents in ../shared/xbrl), the
 * report model must be the same: the same facts in the same order with
 * their values, languages and written attributes, the same contexts, units
 * and namespaces, and the same problems with the same codes in the same
 * order. Where the tree-free reader declines (not plain XML, an XBRL
 * instance) readXbrlReport must still give the tree route's answer.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readXbrlReport } from '../../../../main/engine/validation/attachments/xbrl-report.js';
import { readXbrlReportByTree } from '../../../../main/engine/validation/attachments/xbrl-report-tree.js';
import { readXbrlReportStreaming } from '../../../../main/engine/xbrl/fact-stream/read-report-stream.js';
import { ixbrlText } from '../../../../scripts/bench/lib/ct600-inputs.js';
import { sharedDir } from '../../../helpers/shared.js';
import { generatedInline } from './generated-inline.js';

/** Everything in a read report, Maps and Sets written out in their order. */
const written = (value: unknown) => JSON.stringify(value, (_key, v: unknown) => (v instanceof Map ? { map: [...v] } : v instanceof Set ? { set: [...v] } : v), 1);

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : /\.(x?html?|xml|xbrl)$/i.test(name) ? [path] : [];
  });
}

/** The tree-free reading, when it reads the text, and what readXbrlReport gives, each against the tree route. */
function compared(text: string): { streamed: boolean } {
  const tree = written(readXbrlReportByTree(text));
  const streamed = readXbrlReportStreaming(text);
  if (streamed) expect(written(streamed.read)).toBe(tree);
  expect(written(readXbrlReport(text))).toBe(tree);
  return { streamed: streamed !== undefined };
}

describe('the tree-free fact reader gives what the tree route gives', () => {
  it('on generated Inline XBRL: continuations, nesting, exclusions, hidden facts, malformed pieces', () => {
    let streamed = 0;
    let withProblems = 0;
    fc.assert(
      fc.property(fc.nat(), (seed) => {
        const text = generatedInline(seed);
        if (compared(text).streamed) streamed++;
        const read = readXbrlReportByTree(text);
        if (read.ok && read.report.problems.length > 0) withProblems++;
      }),
      { numRuns: 400 },
    );
    // The generator must reach both readers and the rules: most documents are read without a tree, and most carry problems.
    // Over 4,000 seeds about 78% are read without a tree and 76% carry problems (of 400: 310 and 306, each give or take 8);
    // the bounds sit about six deviations below, so they fail when the generator stops reaching a reader, not by chance.
    expect(streamed).toBeGreaterThan(260);
    expect(withProblems).toBeGreaterThan(255);
  });

  it('on the published accounts and the suites’ documents', () => {
    const files = [...filesUnder(join(sharedDir, 'ct600', 'ixbrl-accounts')), ...filesUnder(join(sharedDir, 'xbrl'))];
    let streamed = 0;
    for (const file of files) if (compared(readFileSync(file, 'utf8')).streamed) streamed++;
    expect(files.length).toBeGreaterThan(150);
    // Every published set of accounts is Inline XBRL in plain XML: all of them must be read without a tree.
    expect(streamed).toBeGreaterThanOrEqual(filesUnder(join(sharedDir, 'ct600', 'ixbrl-accounts')).length);
  });

  it('on the benchmark’s generated report', () => {
    expect(compared(ixbrlText(300_000, 3)).streamed).toBe(true);
  });

  // The kept elements' attribute values are written into shared runs of 8,192 (stream-element.ts, ValueRuns).
  it('on a report whose facts’ attribute values fill several runs of values', () => {
    const text = ixbrlText(1_000_000, 3);
    expect(text.match(/<ix:nonFraction /g)!.length * 4).toBeGreaterThan(3 * 8192);
    expect(compared(text).streamed).toBe(true);
  });

  it('on a report with a fact of more attributes than a run of values holds', () => {
    const extra = Array.from({ length: 9000 }, (_, i) => ` data-a${i}="v${i % 7}"`).join('');
    const text = ixbrlText(60_000, 3).replace('<ix:nonFraction ', `<ix:nonFraction${extra} `);
    expect(text).toContain('data-a8999="v4"');
    expect(compared(text).streamed).toBe(true);
    const read = readXbrlReportStreaming(text)!.read;
    expect(read.ok && read.report.facts[0]!.contextRef).toBeTruthy();
  });
});
