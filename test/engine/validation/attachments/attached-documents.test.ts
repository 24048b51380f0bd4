/**
 * A return is valid only when the accounts and computations it carries would
 * pass HMRC's checks: the local validation reads each attached document and
 * reports what is wrong with it among the return's business-rule messages,
 * naming the file, its role and the box.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Ct600RequestInput } from '../../../../main/engine/ct600/index.js';
import { validateFile } from '../../../../main/engine/validation/index.js';
import { ValidationType } from '../../../../main/engine/validation-result.js';
import { repoRoot } from '../../../helpers/shared.js';
import { builtXml, byType, bytes, tradingReturn } from '../fixtures.js';

type Files = { filename: string; value: string; itemsElementName: number }[];

async function ruleMessages(request: Ct600RequestInput) {
  return byType(await validateFile('return.xml', bytes(builtXml(request))), ValidationType.businessRules);
}

const plainPage = Buffer.from(
  '<?xml version="1.0" encoding="UTF-8"?><html xmlns="http://www.w3.org/1999/xhtml" xmlns:ix="http://www.xbrl.org/2013/inlineXBRL"><head><title>Example Trading Ltd accounts</title></head><body><p>Example Trading Ltd: accounts for the year to 31 March 2025.</p></body></html>',
).toString('base64');

describe('attached accounts and computations in local validation', () => {
  it('a return with the real accounts and computations of its company passes', async () => {
    const rules = await ruleMessages(tradingReturn());
    expect(rules.messages.filter((m) => m.type === 'attachment')).toEqual([]);
    expect(rules.validationResult).toBe('valid');
  });

  it('accounts that are a page without Inline XBRL make the return invalid, naming the file and box 80A', async () => {
    const request = tradingReturn();
    const files = request.attachedFiles as Files;
    files[0] = { ...files[0]!, filename: 'plain-accounts.xhtml', value: plainPage };
    const rules = await ruleMessages(request);
    expect(rules.validationResult).toBe('invalid');
    const [message] = rules.messages.filter((m) => m.type === 'attachment');
    expect(message).toMatchObject({ category: 'error', code: 'xbrl.ixbrl.HeaderAbsent' });
    expect(message!.message).toMatch(/^xbrl\.ixbrl\.HeaderAbsent: the accounts plain-accounts\.xhtml: there is no ix:header element/);
    expect(message!.attributes).toEqual([
      { name: 'file', value: 'plain-accounts.xhtml' },
      { name: 'role', value: 'accounts' },
      { name: 'box', value: '80A' },
      { name: 'path', value: '/GovTalkMessage/Body/IRenvelope/CompanyTaxReturn/AttachedFiles/XBRLsubmission/Accounts/Instance/EncodedInlineXBRLDocument' },
    ]);
  });

  it('accounts of another company than box 2 says make the return invalid, on box 2', async () => {
    const rules = await ruleMessages(tradingReturn({ registrationNumber: '87654321' }));
    expect(rules.validationResult).toBe('invalid');
    const found = rules.messages.filter((m) => m.code === 'attachment.box2');
    expect(found.length).toBeGreaterThan(0);
    expect(found[0]!.attributes).toEqual(expect.arrayContaining([{ name: 'box', value: '2' }, { name: 'file', value: 'accounts-2025.xhtml' }]));
  });

  it('computations for another period than boxes 30 and 35 make the return invalid', async () => {
    const rules = await ruleMessages(tradingReturn({ periodCovered: { from: '2024-04-01T00:00:00', to: '2025-02-28T00:00:00' } }));
    const periods = rules.messages.filter((m) => m.code === 'attachment.period');
    expect(periods.map((m) => m.attributes.find((a) => a.name === 'role')?.value)).toEqual(['computations', 'accounts']);
  });
});

describe('the returns built from examples/ct600', () => {
  const dir = join(repoRoot, 'examples', 'ct600');
  it.each(readdirSync(dir).filter((f) => f.endsWith('.json')))('%s passes schema, rules and attachments with nothing to say about its accounts or computations', async (name) => {
    const request = JSON.parse(readFileSync(join(dir, name), 'utf8')) as Ct600RequestInput;
    const validations = await validateFile(name.replace('.json', '.xml'), bytes(builtXml(request)));
    expect(validations.map((v) => v.validationResult)).toEqual(['valid', 'valid', 'valid']);
    expect(validations.flatMap((v) => v.messages).filter((m) => m.type === 'attachment')).toEqual([]);
  });
});
