/**
 * The written accounts through Filing Desk's own Inline XBRL checks — the
 * ones `cli ixbrl validate` runs (engine/taxonomy/check-document.ts) and the
 * ones a CT600 attachment gets (check-attachment.ts): structure, HMRC's
 * joint filing checks (JFCVC 3312 mandatory facts, 3314, 3315, 3316, 3317)
 * and the statements the kind of accounts must make (Co.Sec477, Co.Sec480,
 * Co.AuditNR, Co.DirResp, Co.Micro, Co.SmCo). The FRC 2026 (and 2025)
 * taxonomy packages are not available to this project, so the facts cannot
 * be checked against the taxonomy: the verdict is "not checked", and every
 * concept, dimension and member name is checked instead against the tables
 * of ../shared/docs/accounts.md §3, where each was traced.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { accountsDocument } from '../../../main/engine/accounts/ixbrl/index.js';
import { CONCEPTS, DIMENSIONS } from '../../../main/engine/accounts/ixbrl/taxonomy.js';
import type { Accounts } from '../../../main/engine/accounts/types.js';
import { checkDocument } from '../../../main/engine/taxonomy/check-document.js';
import { TaxonomyLibrary } from '../../../main/engine/taxonomy/library.js';
import { checkAttachment, jointFilingReport } from '../../../main/engine/validation/attachments/check-attachment.js';
import { readXbrlReport } from '../../../main/engine/validation/attachments/xbrl-report.js';
import { sharedDir } from '../../helpers/shared.js';
import { runCli } from '../../cli/run-cli.js';
import { readInlineXbrl } from './ixbrl-fact-reader.js';
import { CASES } from './ixbrl-cases.js';
import { dormant, microWithComparatives } from './ixbrl-hand-accounts.js';


const bytesOf = (a: Accounts, copy?: 'full' | 'filing') => accountsDocument(a, { software: 'Filing Desk', version: '1.0.0', ...(copy ? { copy } : {}) }).bytes;
const errorsOf = (findings: { category: string; code: string; message: string }[]) => findings.filter((f) => f.category === 'error').map((f) => `${f.code}: ${f.message}`);

/**
 * accounts.md §3: every name-like word of the section's tables, and of its
 * list of HMRC's mandatory facts (JFCVC 3312, with their period types), with
 * its prefix where the page gives one. Prose elsewhere is left out: it also
 * names concepts the page warns against.
 */
function tracedNames(): { prefixed: Set<string>; bare: Set<string> } {
  const text = readFileSync(join(sharedDir, 'docs', 'accounts.md'), 'utf8');
  const section = text.slice(text.indexOf('## 3. The FRC taxonomy'), text.indexOf('## 4.'));
  const lines = section.split('\n');
  const tables = lines.filter((l) => l.startsWith('|'));
  const mandatory = lines.filter((l) => l.startsWith('For accounts tagged with an FRC 2022-or-later suite'));
  expect(tables.length).toBeGreaterThan(40);
  expect(mandatory).toHaveLength(1);
  const prefixed = new Set<string>();
  const bare = new Set<string>();
  for (const m of [...tables, ...mandatory].join('\n').matchAll(/(?:\b([a-z]+):)?([A-Z][A-Za-z0-9-]{3,})/g)) {
    if (m[1]) prefixed.add(`${m[1]}:${m[2]}`);
    bare.add(m[2]!);
  }
  return { prefixed, bare };
}

const PREFIX_OF: Record<string, string> = { fr: 'core', cd: 'bus', reports: 'direp' };
/** `{http://xbrl.frc.org.uk/fr/2026-01-01/core}FixedAssets` → core:FixedAssets. */
function frcName(clark: string): string {
  const m = /^\{http:\/\/xbrl\.frc\.org\.uk\/(fr|cd|reports)\/\d{4}-01-01\/[a-z]+\}(.+)$/.exec(clark);
  if (!m) throw new Error(`${clark} is not in an FRC namespace`);
  return `${PREFIX_OF[m[1]!]}:${m[2]}`;
}

function traced(qname: string, names: ReturnType<typeof tracedNames>): boolean {
  const [, local] = qname.split(':') as [string, string];
  // The page gives the directors as the range `bus:Director1`…`bus:Director40`.
  const director = /^bus:Director(\d+)$/.exec(qname);
  if (director) return names.prefixed.has('bus:Director1') && names.prefixed.has('bus:Director40') && Number(director[1]) >= 1 && Number(director[1]) <= 40;
  // A name the page writes with a prefix must have that prefix; one written bare (the 3312 list, the fixed-item table) is found by its local name.
  const withAnyPrefix = [...names.prefixed].some((p) => p.endsWith(`:${local}`));
  return withAnyPrefix ? names.prefixed.has(qname) : names.bare.has(local);
}

describe.each(CASES)("Filing Desk's own checks on the written accounts: %s", (_, make) => {
  const accounts = make();
  const bytes = bytesOf(accounts);

  it('ixbrl validate (as the CLI runs it): no error and no warning but "not checked", since the FRC taxonomy package is not installed here', () => {
    const check = checkDocument(bytes, new TaxonomyLibrary([]));
    expect(errorsOf(check.findings)).toEqual([]);
    expect(check.findings.map((f) => f.code)).toEqual(['taxonomy.notInstalled']);
    expect(check.verdict).toBe('notChecked');
    expect(check.install).toEqual([accounts.period.to >= '2026-01-01' ? 'FRC 2026' : 'FRC 2025']);
    expect(check.facts).toBeGreaterThan(accounts.facts.length);
  });

  it("HMRC's joint filing checks (JFCVC) and the statement checks report nothing", () => {
    const read = readXbrlReport(new TextDecoder().decode(bytes));
    expect(read.ok).toBe(true);
    if (!read.ok) return;
    expect(read.report.problems).toEqual([]);
    expect(jointFilingReport(read.report, true)).toEqual([]);
  });

  it("as the CT600's accounts (box 80A): clean for the return's company and period, HMRC accepting the suite for the period end (JFCVC 3317)", () => {
    const findings = checkAttachment(bytes, 'accounts', { registrationNumber: accounts.company.number, periodFrom: accounts.period.from, periodTo: accounts.period.to, accountsForThisPeriod: true });
    expect(findings).toEqual([]);
  });

  it('the Companies House filing copy is clean too', () => {
    const read = readXbrlReport(new TextDecoder().decode(bytesOf(accounts, 'filing')));
    expect(read.ok && jointFilingReport(read.report, true)).toEqual([]);
  });

  it('every concept, dimension and member it uses is one accounts.md §3 traces, with the same prefix', () => {
    const names = tracedNames();
    const doc = readInlineXbrl(new TextDecoder().decode(bytes));
    const used = new Set<string>();
    for (const f of doc.facts) used.add(frcName(f.name));
    for (const c of doc.contexts.values()) for (const [d, m] of c.dims) used.add(frcName(d)).add(frcName(m));
    expect([...used].filter((n) => !traced(n, names))).toEqual([]);
  });
});

describe('cli ixbrl validate on a written document', () => {
  it('exit 5, not checked: the FRC 2026 package is not installed, and nothing else is found', () => {
    const dir = mkdtempSync(join(tmpdir(), 'fd-accounts-ixbrl-'));
    const file = join(dir, 'accounts.xhtml');
    writeFileSync(file, bytesOf(microWithComparatives()));
    const run = runCli(['ixbrl', 'validate', file, '--data-folder', mkdtempSync(join(tmpdir(), 'fd-empty-')), '--json']);
    // The bundle is rebuilt when someone has changed the source since the run began: that line is not the command's.
    expect(run.stderr.replace(/^Building the command line .*\n/m, '')).toBe('');
    expect(run.code).toBe(5);
    const line = JSON.parse(run.stdout) as { status: string; errors: number; findings: { code: string }[] };
    expect(line).toMatchObject({ status: 'not-checked', errors: 0 });
    expect(line.findings.map((f) => f.code)).toEqual(['taxonomy.notInstalled']);
  });
});

describe("the writer's table of names", () => {
  it('holds only names accounts.md §3 traces, each with its source', () => {
    const names = tracedNames();
    const untraced: string[] = [];
    for (const [local, entry] of Object.entries(CONCEPTS)) {
      if (!traced(`${entry.prefix}:${local}`, names)) untraced.push(`${entry.prefix}:${local}`);
      expect(entry.source, local).toMatch(/accounts\.md §3/);
    }
    for (const [dimension, entry] of Object.entries(DIMENSIONS)) {
      if (!traced(`${entry.prefix}:${dimension}`, names)) untraced.push(`${entry.prefix}:${dimension}`);
      for (const m of entry.members) if (!traced(`${entry.prefix}:${m}`, names)) untraced.push(`${entry.prefix}:${m}`);
    }
    expect(untraced).toEqual([]);
  });

  it('would catch a name the page does not trace (the check can fail)', () => {
    const names = tracedNames();
    expect(traced('core:OtherCharges', names)).toBe(false); // the name accounts.md §3 warns the example attachment uses
    expect(traced('bus:FixedAssets', names)).toBe(false); // a traced name under the wrong prefix
    expect(traced('bus:Director41', names)).toBe(false); // beyond the taxonomy's forty
    expect(traced('core:FixedAssets', names)).toBe(true);
  });
});

describe('the checks see a fault in the statements', () => {
  it('a micro-entity without the s477 statement: Co.Sec477; a dormant company without s480: Co.Sec480', () => {
    const micro = microWithComparatives();
    micro.statements = micro.statements.filter((s) => s.id !== 'section477');
    const quiet = dormant();
    quiet.statements = quiet.statements.filter((s) => s.id !== 'section480');
    for (const [a, code] of [[micro, 'Co.Sec477'], [quiet, 'Co.Sec480']] as const) {
      const check = checkDocument(bytesOf(a), new TaxonomyLibrary([]));
      expect(check.verdict).toBe('invalid');
      expect(check.findings.map((f) => f.code)).toContain(code);
    }
  });

  it("attached to a return for another company, the registration number disagrees with box 2", () => {
    const findings = checkAttachment(bytesOf(microWithComparatives()), 'accounts', { registrationNumber: '87654321', periodFrom: '2025-04-01', periodTo: '2026-03-31' });
    expect(errorsOf(findings).length).toBeGreaterThan(0);
  });
});
