/**
 * Rules tying boxes 80–90 (accounts) and the computations indicator to the
 * files the return carries, and the "Amendment" reasons to the return type.
 */
import type { ValidationMessage } from '../../validation-result.js';
import { finding, type BusinessRule } from './rule.js';
import type { ReturnFacts } from './return-facts.js';

const ACCOUNTS = 'CompanyTaxReturn/ReturnInfoSummary/Accounts';
const COMPUTATIONS = 'CompanyTaxReturn/ReturnInfoSummary/Computations';
const FILES = 'CompanyTaxReturn/AttachedFiles';
const PDF_REASONS = ['Other - PDF attached with explanation', 'PDF accounts attached with explanation'];

function attachmentsOfType(facts: ReturnFacts, types: string[]) {
  return facts.all(`${FILES}/Attachment`).filter((a) => types.includes(a.getAttribute('Type') ?? ''));
}

function accountsAttached(facts: ReturnFacts): boolean {
  return facts.has(`${FILES}/XBRLsubmission/Accounts`) || attachmentsOfType(facts, ['accounts', 'group accounts']).length > 0;
}

function ixbrlAccountsAttached(facts: ReturnFacts): boolean {
  return facts.has(`${FILES}/XBRLsubmission/Accounts`);
}

function computationsAttached(facts: ReturnFacts): boolean {
  return facts.has(`${FILES}/XBRLsubmission/Computation`) || attachmentsOfType(facts, ['computations']).length > 0;
}

function pdfAttached(facts: ReturnFacts): boolean {
  return facts.all(`${FILES}/Attachment`).some((a) => a.getAttribute('Format') === 'pdf');
}

export const rule9113: BusinessRule = {
  code: '9113',
  summary: 'Accounts are attached unless box 90 gives a reason',
  check(facts) {
    if (facts.text(`${ACCOUNTS}/NoAccountsReason`) !== undefined || accountsAttached(facts)) return [];
    return [finding(facts, '9113', 'accounts must be attached, or box 90 must give the reason they are not', { box: '90', at: ACCOUNTS })];
  },
};

const amendmentRule = (code: string, at: string, reason: string, box: string | undefined, what: string): BusinessRule => ({
  code,
  summary: `The reason "${reason}" is given only on an amended return`,
  check(facts) {
    if (facts.text(at) !== reason || facts.returnType() === 'amended') return [];
    return [finding(facts, code, `${what} "${reason}" may only be given on an amended return (ReturnType="amended"), not "${facts.returnType() ?? '(none)'}"`, { ...(box ? { box } : {}), at, found: facts.returnType() ?? '' })];
  },
});

export const rule9115 = amendmentRule('9115', `${ACCOUNTS}/NoAccountsReason`, 'Amendment - a/cs already submitted', '90', 'the no-accounts reason');
export const rule9119 = amendmentRule('9119', `${COMPUTATIONS}/NoComputationsReason`, 'Amendment - comps already submitted', undefined, 'the no-computations reason');

export const rule9116: BusinessRule = {
  code: '9116',
  summary: 'Box 90 (no accounts reason) is not given together with box 80 or 85',
  check(facts) {
    if (facts.text(`${ACCOUNTS}/NoAccountsReason`) === undefined) return [];
    const given = [
      ['ThisPeriodAccounts', '80'],
      ['DifferentPeriod', '85'],
    ].filter(([name]) => facts.has(`${ACCOUNTS}/${name}`));
    return given.map(([name, box]) =>
      finding(facts, '9116', `box ${box} says accounts are provided, but box 90 gives a reason for not providing them`, { box: box!, at: `${ACCOUNTS}/${name}` }),
    );
  },
};

export const rule9118: BusinessRule = {
  code: '9118',
  summary: 'A "PDF attached" reason comes with a PDF attachment',
  check(facts) {
    const out: ValidationMessage[] = [];
    for (const [at, box] of [
      [`${ACCOUNTS}/NoAccountsReason`, '90'],
      [`${COMPUTATIONS}/NoComputationsReason`, undefined],
    ] as const) {
      const reason = facts.text(at);
      if (reason !== undefined && PDF_REASONS.includes(reason) && !pdfAttached(facts)) {
        out.push(finding(facts, '9118', `the reason "${reason}" needs a PDF attachment (AttachedFiles/Attachment with Format="pdf"), and there is none`, { ...(box ? { box } : {}), at }));
      }
    }
    return out;
  },
};

export const rule9349: BusinessRule = {
  code: '9349',
  summary: 'No iXBRL accounts are attached when box 90 says there are none',
  check(facts) {
    const reason = facts.text(`${ACCOUNTS}/NoAccountsReason`);
    if (reason === undefined || PDF_REASONS.includes(reason) || !ixbrlAccountsAttached(facts)) return [];
    return [finding(facts, '9349', `box 90 gives the reason "${reason}" for not providing accounts, yet iXBRL accounts are attached`, { box: '90', at: `${FILES}/XBRLsubmission/Accounts` })];
  },
};

export const rule9965: BusinessRule = {
  code: '9965',
  summary: 'Computations are attached unless a no-computations reason is given',
  check(facts) {
    if (facts.text(`${COMPUTATIONS}/NoComputationsReason`) !== undefined || computationsAttached(facts)) return [];
    return [finding(facts, '9965', 'computations must be attached (iXBRL computation or an attachment of type "computations"), or a reason for not attaching them must be given', { at: COMPUTATIONS })];
  },
};

export const attachmentRules: BusinessRule[] = [rule9113, rule9115, rule9116, rule9118, rule9119, rule9349, rule9965];
