/**
 * Rules tying boxes 80A–90A / 80B–90B to the files a return carries, with
 * the box and path each message names (review findings 6 and 7).
 */
import { describe, expect, it } from 'vitest';
import { validateFile } from '../../../main/engine/validation/index.js';
import { ValidationType } from '../../../main/engine/validation-result.js';
import type { ValidationMessage } from '../../../main/engine/validation-result.js';
import { gbp, minimumReturn } from '../../fixtures/ct600-requests.js';
import { attr, builtXml, byType, bytes, replaceOnce } from './fixtures.js';

const RETURN = '/GovTalkMessage/Body/IRenvelope/CompanyTaxReturn';
const ACCOUNTS = `${RETURN}/ReturnInfoSummary/Accounts`;
const COMPUTATIONS = `${RETURN}/ReturnInfoSummary/Computations`;

// Box 510 given: without it HMRC's rule 9340 refuses a return whose box 475 is completed (the builder leaves 510 out when it is not given).
const dormantXml = () => builtXml({ ...minimumReturn(), taxChargeable: gbp(0) });
const described = (m: ValidationMessage) => [m.code, m.category, attr(m, 'box'), attr(m, 'path'), attr(m, 'expected'), attr(m, 'found')];

async function findings(xml: string) {
  return byType(await validateFile('r.xml', bytes(xml)), ValidationType.businessRules).messages.filter((m) => m.category !== 'info');
}

describe('accounts and computations rules', () => {
  it('the dormant return (both reasons "Company dormant", nothing attached) passes', async () => {
    expect(await findings(dormantXml())).toEqual([]);
  });

  it('9113: accounts missing with no reason names box 90A', async () => {
    const xml = replaceOnce(builtXml(), /<Accounts>\s*<Instance>[\s\S]*?<\/Accounts>/, '');
    expect((await findings(xml)).map(described)).toEqual([
      ['9113', 'error', '90A', ACCOUNTS, undefined, undefined],
      ['9315', 'error', '90A', `${RETURN}/AttachedFiles/XBRLsubmission`, undefined, undefined],
    ]);
  });

  it('9115: an "Amendment" accounts reason on a new return names box 90A', async () => {
    const xml = replaceOnce(dormantXml(), '<NoAccountsReason>Company dormant</NoAccountsReason>', '<NoAccountsReason>Amendment - a/cs already submitted</NoAccountsReason>');
    expect((await findings(xml)).map(described)).toEqual([['9115', 'error', '90A', `${ACCOUNTS}/NoAccountsReason`, undefined, 'new']]);
  });

  it('9119: an "Amendment" computations reason on a new return names box 90B; an amended return is fine', async () => {
    const xml = replaceOnce(dormantXml(), '<NoComputationsReason>Company dormant</NoComputationsReason>', '<NoComputationsReason>Amendment - comps already submitted</NoComputationsReason>');
    expect((await findings(xml)).map(described)).toEqual([['9119', 'error', '90B', `${COMPUTATIONS}/NoComputationsReason`, undefined, 'new']]);
    expect(await findings(replaceOnce(xml, 'ReturnType="new"', 'ReturnType="amended"'))).toEqual([]);
  });

  it('9116: a no-accounts reason beside box 80A names box 80A', async () => {
    const xml = replaceOnce(builtXml(), '<ThisPeriodAccounts>yes</ThisPeriodAccounts>', '<ThisPeriodAccounts>yes</ThisPeriodAccounts><NoAccountsReason>Company dormant</NoAccountsReason>');
    expect((await findings(xml)).filter((m) => m.code === '9116').map(described)).toEqual([['9116', 'error', '80A', `${ACCOUNTS}/ThisPeriodAccounts`, undefined, undefined]]);
  });

  it('9971: the reason "PDF accounts attached with explanation" without PDF accounts names box 90A', async () => {
    const xml = replaceOnce(dormantXml(), '<NoAccountsReason>Company dormant</NoAccountsReason>', '<NoAccountsReason>PDF accounts attached with explanation</NoAccountsReason>');
    expect((await findings(xml)).map(described)).toEqual([
      ['9114', 'error', '90A', ACCOUNTS, undefined, undefined],
      ['9971', 'error', '90A', `${ACCOUNTS}/NoAccountsReason`, undefined, undefined],
    ]);
    const withPdf = replaceOnce(
      replaceOnce(xml, '<NoAccountsReason>', '<ThisPeriodAccounts>yes</ThisPeriodAccounts><NoAccountsReason>'),
      '</CompanyTaxReturn>',
      '<AttachedFiles><Attachment Filename="accounts.pdf" Format="pdf" Type="accounts">JVBERi0xLjQK</Attachment></AttachedFiles></CompanyTaxReturn>',
    );
    expect(await findings(withPdf)).toEqual([]);
  });

  it('HMRC asks for no PDF behind the computations reason "Other - PDF attached with explanation"', async () => {
    const xml = replaceOnce(dormantXml(), '<NoComputationsReason>Company dormant</NoComputationsReason>', '<NoComputationsReason>Other - PDF attached with explanation</NoComputationsReason>');
    expect(await findings(xml)).toEqual([]);
  });

  it('9349: a no-accounts reason while iXBRL accounts are attached names box 90A and the attachment', async () => {
    const xml = replaceOnce(builtXml(), '<ThisPeriodAccounts>yes</ThisPeriodAccounts>', '<NoAccountsReason>Company dormant</NoAccountsReason>');
    expect((await findings(xml)).map(described)).toEqual([['9349', 'error', '90A', `${RETURN}/AttachedFiles/XBRLsubmission/Accounts`, undefined, undefined]]);
  });

  it('9965: box 80B says computations are provided but none are attached: names box 80B', async () => {
    const xml = replaceOnce(builtXml(), /<Computation>\s*<Instance>[\s\S]*?<\/Computation>/, '');
    expect((await findings(xml)).map(described)).toEqual([
      ['9316', 'error', '90B', `${RETURN}/AttachedFiles/XBRLsubmission`, undefined, undefined],
      ['9965', 'error', '80B', `${COMPUTATIONS}/ThisPeriodComputations`, undefined, undefined],
    ]);
  });

  it('9965: box 85B (different period) with nothing attached names box 85B', async () => {
    let xml = replaceOnce(builtXml(), /<Computation>\s*<Instance>[\s\S]*?<\/Computation>/, '');
    xml = replaceOnce(xml, '<ThisPeriodComputations>yes</ThisPeriodComputations>', '<DifferentPeriod>yes</DifferentPeriod>');
    expect((await findings(xml)).map(described)).toEqual([
      ['9316', 'error', '90B', `${RETURN}/AttachedFiles/XBRLsubmission`, undefined, undefined],
      ['9965', 'error', '85B', `${COMPUTATIONS}/DifferentPeriod`, undefined, undefined],
    ]);
  });
});
