/**
 * Text the accounts writer does not control — the company's name, the
 * directors' names, the principal activity, a note in the firm's words —
 * written as text, never as markup: the document stays well-formed, reads
 * back exactly what was typed, and carries no script. Accounts the writer
 * cannot tag are refused with the field and the rule, before anything is
 * written.
 */
import { describe, expect, it } from 'vitest';
import { RequestValidationError } from '../../../main/engine/errors.js';
import { accountsDocument } from '../../../main/engine/accounts/ixbrl/index.js';
import type { Accounts } from '../../../main/engine/accounts/types.js';
import { checkDocument } from '../../../main/engine/taxonomy/check-document.js';
import { TaxonomyLibrary } from '../../../main/engine/taxonomy/library.js';
import { factsOf, readInlineXbrl, xmllintWellFormed } from './ixbrl-fact-reader.js';
import { microWithComparatives } from './ixbrl-hand-accounts.js';

const NAME = `Smith & Sons <Holdings> "Quoted" 'Apostrophe' Ltd`;
const DIRECTOR = `Siobhán O'Brien & <b>Partner</b>`;
const ACTIVITY = 'Builders ]]> &amp; roofers <!-- not a comment --> & more';
const NOTE = '<script>alert("x")</script> & "the firm\'s words"';

function hostile(): Accounts {
  const a = microWithComparatives(NAME);
  a.directors = [DIRECTOR, 'Tom Smith'];
  a.approval = { date: '2026-09-15', director: DIRECTOR };
  a.principalActivity = ACTIVITY;
  a.notes.push({ id: 'contingencies', title: 'Contingencies & <guarantees>', paragraphs: [NOTE], law: 'SI 2008/409 Sch 1 para 57' });
  return a;
}

const write = (a: Accounts) => accountsDocument(a, { software: 'Filing Desk <&>', version: '"1.0"' });

describe('hostile text in the accounts', () => {
  const { xhtml, bytes } = write(hostile());
  const doc = readInlineXbrl(xhtml);

  it('stays well-formed (xmldom and libxml2)', () => {
    expect(xmllintWellFormed(xhtml)).toMatchObject({ ok: true });
  });

  it('reads back exactly what was typed, as fact values and as the text on the page', () => {
    const year = { start: '2025-04-01', end: '2026-03-31' };
    expect(factsOf(doc, 'EntityCurrentLegalOrRegisteredName', year).map((f) => f.value)).toEqual([NAME]);
    expect(factsOf(doc, 'DescriptionPrincipalActivities', year).map((f) => f.value)).toEqual([ACTIVITY]);
    expect(doc.facts.filter((f) => f.localName === 'NameEntityOfficer').map((f) => f.value)).toEqual([DIRECTOR, 'Tom Smith']);
    expect(factsOf(doc, 'NameProductionSoftware', year).map((f) => f.value)).toEqual(['Filing Desk <&>']);
    expect(factsOf(doc, 'VersionProductionSoftware', year).map((f) => f.value)).toEqual(['"1.0"']);
    expect(doc.visibleText).toContain(NOTE);
    expect(doc.visibleText).toContain('Contingencies & <guarantees>');
    expect(doc.visibleText).toContain(`${DIRECTOR} Director`);
  });

  it('carries no element the text spelt (no script, no b), and the checks find nothing but the missing taxonomy', () => {
    expect(xhtml).not.toMatch(/<script|<b>|<!-- not/);
    const check = checkDocument(bytes, new TaxonomyLibrary([]));
    expect(check.findings.map((f) => f.code)).toEqual(['taxonomy.notInstalled']);
  });

  it('the title in the head is escaped too', () => {
    expect(xhtml).toContain('<title>Smith &amp; Sons &lt;Holdings&gt; "Quoted"');
  });
});

describe('accounts the writer refuses, naming the field and the rule', () => {
  const refused = (change: (a: Accounts) => void) => {
    const a = microWithComparatives();
    change(a);
    try {
      write(a);
    } catch (err) {
      expect(err).toBeInstanceOf(RequestValidationError);
      return (err as RequestValidationError).errors;
    }
    throw new Error('the accounts were written');
  };

  it('a registered number Companies House would not recognise (it goes into every context)', () => {
    expect(refused((a) => (a.company.number = '1234<678'))).toEqual([{ field: 'company.number', message: expect.stringMatching(/not a Companies House registered number/) }]);
  });

  it('a signing director who is not a director (s414(2))', () => {
    expect(refused((a) => (a.approval.director = 'Someone Else'))).toEqual([{ field: 'approval.director', message: expect.stringMatching(/Someone Else signs the balance sheet but is not among the directors/) }]);
  });

  it('an approval date not after the period end', () => {
    expect(refused((a) => (a.approval.date = '2026-03-31'))).toEqual([{ field: 'approval.date', message: expect.stringMatching(/not after the period end 2026-03-31/) }]);
  });

  it('more directors than the taxonomy has members for (Director1 to Director40)', () => {
    expect(refused((a) => (a.directors = Array.from({ length: 41 }, (_, i) => `Director ${i}`)))[0]).toMatchObject({ field: 'directors', message: expect.stringMatching(/at most 40 directors/) });
  });

  it('a line whose concept cannot be traced is not tagged under an invented name', () => {
    const a = microWithComparatives();
    a.profitAndLoss[4]!.concept = 'OtherCharges';
    expect(() => write(a)).toThrow(/the concept OtherCharges is not in the accounts writer's table of traced FRC names/);
  });
});
