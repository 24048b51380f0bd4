/**
 * One attached document checked as HMRC checks it: the examples' real Inline
 * XBRL passes, and each way a document can fail names the rule, the file's
 * fault in plain words and, where it ties to the return, the box.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ACCEPTED_TAXONOMIES, ACCEPTED_TAXONOMIES_SOURCE } from '../../../../main/engine/validation/attachments/accepted-taxonomies.js';
import { checkAttachment, type ReturnBoxes } from '../../../../main/engine/validation/attachments/check-attachment.js';
import { repoRoot, sharedDir } from '../../../helpers/shared.js';

const attachments = join(repoRoot, 'examples', 'ct600', 'attachments');
const example = (name: string) => readFileSync(join(attachments, name), 'utf8');
const bytes = (text: string) => new Uint8Array(Buffer.from(text, 'utf8'));
const codes = (text: string, role: 'accounts' | 'computations' = 'accounts', boxes: ReturnBoxes = trading) => checkAttachment(bytes(text), role, boxes).map((f) => f.code);

/** Example Trading Ltd's boxes 2, 3, 30 and 35. */
const trading: ReturnBoxes = { registrationNumber: '12345678', utr: '8596148860', periodFrom: '2024-04-01', periodTo: '2025-03-31' };
const accounts = example('accounts-2025.xhtml');
const computations = example('computations-2025.xhtml');

describe('the examples’ Inline XBRL', () => {
  it.each([
    ['accounts-2025.xhtml', 'accounts', trading],
    ['computations-2025.xhtml', 'computations', trading],
    ['small-bakery-accounts-2025.xhtml', 'accounts', { ...trading, registrationNumber: '09876543' }],
    ['small-bakery-computations-2025.xhtml', 'computations', { ...trading, registrationNumber: '09876543' }],
    ['straddle-accounts-2023.xhtml', 'accounts', { registrationNumber: '07654321', utr: '8596148860', periodFrom: '2023-01-01', periodTo: '2023-12-31' }],
    ['straddle-computations-2023.xhtml', 'computations', { registrationNumber: '07654321', utr: '8596148860', periodFrom: '2023-01-01', periodTo: '2023-12-31' }],
  ] as const)('%s passes every check for its return', (name, role, boxes) => {
    expect(checkAttachment(bytes(example(name)), role, boxes)).toEqual([]);
  });
});

describe('well-formed XHTML without script', () => {
  it('a page with no Inline XBRL in it (what the examples used to attach) has no ix:header', () => {
    const page = '<?xml version="1.0" encoding="UTF-8"?><html xmlns="http://www.w3.org/1999/xhtml" xmlns:ix="http://www.xbrl.org/2013/inlineXBRL"><head><title>Accounts</title></head><body><p>Accounts</p></body></html>';
    const [finding] = checkAttachment(bytes(page), 'accounts', trading);
    expect(finding).toMatchObject({ code: 'xbrl.ixbrl.HeaderAbsent', category: 'error' });
    expect(finding!.message).toMatch(/no ix:header element/);
  });

  it('refuses text that is not well-formed or not UTF-8', () => {
    expect(codes(accounts.replace('</body>', '<p>unclosed</body>'))).toEqual(['HMRC.SG.3.2']);
    expect(checkAttachment(new Uint8Array([0x3c, 0xff, 0xfe]), 'accounts')[0]).toMatchObject({ code: 'HMRC.SG.3.2', message: expect.stringMatching(/not UTF-8/) });
  });

  it('refuses script in any form, and images that are not embedded', () => {
    expect(codes(accounts.replace('</body>', '<script>alert(1)</script></body>'))).toContain('HMRC.SG.3.3');
    expect(codes(accounts.replace('<h1>', '<h1 onclick="steal()">'))).toContain('HMRC.SG.3.3');
    expect(codes(accounts.replace('</body>', '<a href="javascript:run()">x</a></body>'))).toContain('HMRC.SG.3.3');
    expect(codes(accounts.replace('</body>', '<img src="https://example.com/logo.png" alt=""/></body>'))).toContain('HMRC.SG.3.8');
    expect(codes(accounts.replace('</body>', '<img src="data:image/png;base64,iVBORw0KGgo=" alt=""/></body>'))).toEqual([]);
    expect(codes(accounts.replace('<body>', '<body style="background-image: url(http://example.com/x.png)">'))).toContain('HMRC.SG.3.8');
  });
});

describe('Inline XBRL 1.1 structure', () => {
  it('needs ix:references with a schemaRef, and ix:resources', () => {
    expect(codes(accounts.replace(/<ix:references>[\s\S]*?<\/ix:references>/, ''))).toEqual(['xbrl.ixbrl.ReferencesAbsent']);
    expect(codes(accounts.replace(/<link:schemaRef[^>]*\/>/, ''))).toEqual(['xbrl.ixbrl.SchemaRefAbsent']);
    expect(codes(accounts.replace(/<ix:resources>[\s\S]*?<\/ix:resources>/, ''))).toEqual(['xbrl.ixbrl.ResourcesAbsent']);
  });

  it('names facts that point at a context or unit ix:resources does not define', () => {
    const found = checkAttachment(bytes(accounts.replace('name="core:TurnoverRevenue" contextRef="cy"', 'name="core:TurnoverRevenue" contextRef="cy-missing"').replace('unitRef="pure"', 'unitRef="people"')), 'accounts', trading);
    // Inline XBRL 1.1 §10.1.2 / §11.1.2, with the reference processor's codes.
    expect(found.find((f) => f.code.endsWith(':contextReference'))?.message).toMatch(/"cy-missing"/);
    expect(found.find((f) => f.code.endsWith(':unitReference'))?.message).toMatch(/"people"/);
  });

  it("counts a nil mandatory item as missing (HMRC's 3312)", () => {
    const nil = accounts.replace('name="bus:EntityCurrentLegalOrRegisteredName" contextRef="cy">Example Trading Ltd<', 'name="bus:EntityCurrentLegalOrRegisteredName" contextRef="cy" xsi:nil="true" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"><');
    expect(nil).not.toBe(accounts);
    const found = checkAttachment(bytes(nil), 'accounts', trading).filter((f) => f.code === 'JFCVC.3312');
    expect(found.map((f) => f.message)).toEqual([expect.stringMatching(/EntityCurrentLegalOrRegisteredName/)]);
  });

  it('refuses a plain XBRL instance: HMRC takes only Inline XBRL', () => {
    const instance = readFileSync(join(sharedDir, 'xbrl', 'hmrc-conformance', 'unaudited_micro_company', 'valid.xbrl'), 'utf8');
    expect(codes(instance)).toEqual(['xbrl.ixbrl.NotInline']);
  });

  it('reads Inline XBRL 1.0 documents too', () => {
    expect(codes(accounts.replace('http://www.xbrl.org/2013/inlineXBRL', 'http://www.xbrl.org/2008/inlineXBRL'))).toEqual([]);
  });
});

describe('a taxonomy HMRC accepts for the period (JFCVC 3317)', () => {
  it('refuses an FRC taxonomy HMRC no longer takes, and a computational taxonomy on accounts', () => {
    const old = accounts.replaceAll('2024-01-01', '2022-01-01');
    expect(checkAttachment(bytes(old), 'accounts', trading).find((f) => f.code === 'JFCVC.3317')!.message).toMatch(/FRS-102-2022-01-01\.xsd.*HMRC accepts accounts only in FRC 2023/);
    expect(checkAttachment(bytes(computations), 'accounts', trading).find((f) => f.code === 'JFCVC.3317')!.message).toMatch(/a taxonomy for computations, not accounts/);
  });

  it('refuses a taxonomy outside its period window, naming boxes 30 and 35', () => {
    const newer = accounts.replace('FRS-102/2024-01-01/FRS-102-2024-01-01.xsd', 'FRS-102/2026-01-01/FRS-102-2026-01-01.xsd');
    const [finding] = checkAttachment(bytes(newer), 'accounts', trading).filter((f) => f.code === 'JFCVC.3317');
    expect(finding).toMatchObject({ boxes: ['30', '35'] });
    expect(finding!.message).toMatch(/FRC 2026 .* only for periods ending on or after 2026-01-01/);
    const oldComputations = computations.replace('ct/comp/2024-01-01/ct-comp-2024.xsd', 'ct/comp/2021-01-01/ct-comp-2021.xsd');
    expect(checkAttachment(bytes(oldComputations), 'computations', trading).find((f) => f.code === 'JFCVC.3317')!.message).toMatch(/on or before 2024-03-31/);
  });

  it('keeps the accepted taxonomies in one data file with its source', () => {
    expect(ACCEPTED_TAXONOMIES_SOURCE.url).toMatch(/^https:\/\/www\.gov\.uk\//);
    expect(ACCEPTED_TAXONOMIES.map((t) => t.name.split(' (')[0])).toEqual(expect.arrayContaining(['FRC 2023', 'FRC 2024', 'FRC 2025', 'FRC 2026', 'Corporation Tax computational 2024']));
    for (const t of ACCEPTED_TAXONOMIES) {
      expect(t.entryPoints.length).toBeGreaterThan(0);
      expect(t.periodEndFrom).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
  });
});

describe('the company and period of the return (boxes 2, 3, 30 and 35)', () => {
  it('accounts for another company number are refused against box 2', () => {
    const found = checkAttachment(bytes(accounts), 'accounts', { ...trading, registrationNumber: '87654321' });
    expect(found.map((f) => f.code)).toEqual(['attachment.box2', 'attachment.box2']);
    expect(found[0]).toMatchObject({ boxes: ['2'] });
  });

  it('computations for another UTR are refused against box 3', () => {
    const found = checkAttachment(bytes(computations), 'computations', { ...trading, utr: '1111111111' });
    expect(found.length).toBeGreaterThan(0);
    expect(found.every((f) => f.code === 'attachment.box3' && f.boxes?.[0] === '3')).toBe(true);
  });

  it('accounts for another period are refused against boxes 30 and 35, unless box 85A says they are for a different period', () => {
    const later = { ...trading, periodFrom: '2024-05-01', periodTo: '2025-04-30' };
    const found = checkAttachment(bytes(accounts), 'accounts', later).filter((f) => f.code === 'attachment.period');
    expect(found.map((f) => f.boxes)).toEqual([['30'], ['35']]);
    expect(found[1]!.message).toBe('the accounts end on 2025-03-31, but the return’s period ends on 2025-04-30 (box 35); accounts for a different period go with box 85A');
    expect(checkAttachment(bytes(accounts), 'accounts', { ...later, accountsForThisPeriod: false }).filter((f) => f.code === 'attachment.period')).toEqual([]);
    expect(checkAttachment(bytes(computations), 'computations', later).filter((f) => f.code === 'attachment.period').map((f) => f.boxes)).toEqual([['30'], ['35']]);
  });
});

describe('joint filing checks on Inline XBRL facts', () => {
  it('an inconsistent duplicate fact is JFCVC 3314', () => {
    const twice = accounts.replace('<p>Principal activity:', '<p>Also: <ix:nonFraction name="core:TurnoverRevenue" contextRef="cy" unitRef="GBP" decimals="0" format="ixt:num-dot-decimal">121,000</ix:nonFraction></p><p>Principal activity:');
    const dup = checkAttachment(bytes(twice), "accounts", trading).find((f) => f.code === "JFCVC.3314")!.message;
    expect(dup).toMatch(/^TurnoverRevenue is tagged more than once .*: "121000", "120000"$/);
  });

  it('a missing mandatory fact is JFCVC 3312, and a missing statement is named', () => {
    const found = checkAttachment(bytes(accounts.replace(/<ix:nonNumeric name="bus:DescriptionPrincipalActivities"[^>]*>[^<]*<\/ix:nonNumeric>/, 'wholesale')), 'accounts', trading);
    expect(found.find((f) => f.code === 'JFCVC.3312')!.message).toMatch(/DescriptionPrincipalActivities/);
    const noStatement = accounts.replace(/<ix:nonNumeric name="direp:StatementThatCompanyEntitledToExemptionFromAuditUnderSection477[^>]*>[^<]*<\/ix:nonNumeric>/, '');
    expect(codes(noStatement)).toEqual(['Co.MissingElement', 'Co.Sec477']);
  });

  it('a statement worded otherwise than HMRC looks for is a warning, not a rejection', () => {
    const worded = accounts.replace('prepared in accordance with the micro-entity provisions', 'drawn up under the micro-entity provisions');
    expect(checkAttachment(bytes(worded), 'accounts', trading)).toEqual([expect.objectContaining({ code: 'Co.Micro', category: 'warning' })]);
  });
});

describe('bounded time', () => {
  it('accounts of 17 MB (a scanned signature embedded as base64) are checked in well under 10 s', () => {
    const image = `<img alt="signature" src="data:image/png;base64,${Buffer.alloc(13 * 1024 * 1024, 9).toString('base64')}"/>`;
    const started = Date.now();
    expect(checkAttachment(bytes(accounts.replace('</body>', `${image}</body>`)), 'accounts', trading)).toEqual([]);
    expect(Date.now() - started).toBeLessThan(10_000);
  });
});
