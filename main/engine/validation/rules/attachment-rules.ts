/**
 * Rules tying boxes 80A–90A (accounts) and 80B–90B (computations) to the
 * files the return carries, and the "Amendment" reasons to the return type.
 * Box numbers follow ct600.md section 2: the A boxes are the accounts
 * indicators, the B boxes the computations indicators.
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

export const rule9113: BusinessRule = {
  code: '9113',
  summary: 'Accounts are attached unless box 90A gives a reason',
  check(facts) {
    if (facts.text(`${ACCOUNTS}/NoAccountsReason`) !== undefined || accountsAttached(facts)) return [];
    return [finding(facts, '9113', 'accounts must be attached, or box 90A must give the reason they are not', { box: '90A', at: ACCOUNTS })];
  },
};

const amendmentRule = (code: string, at: string, reason: string, box: string, what: string): BusinessRule => ({
  code,
  summary: `The reason "${reason}" is given only on an amended return`,
  check(facts) {
    if (facts.text(at) !== reason || facts.returnType() === 'amended') return [];
    return [finding(facts, code, `${what} "${reason}" may only be given on an amended return (ReturnType="amended"), not "${facts.returnType() ?? '(none)'}"`, { box, at, found: facts.returnType() ?? '' })];
  },
});

export const rule9115 = amendmentRule('9115', `${ACCOUNTS}/NoAccountsReason`, 'Amendment - a/cs already submitted', '90A', 'the no-accounts reason (box 90A)');
export const rule9119 = amendmentRule('9119', `${COMPUTATIONS}/NoComputationsReason`, 'Amendment - comps already submitted', '90B', 'the no-computations reason (box 90B)');

export const rule9116: BusinessRule = {
  code: '9116',
  summary: 'Box 90A (no accounts reason) is not given together with box 80A or 85A',
  check(facts) {
    if (facts.text(`${ACCOUNTS}/NoAccountsReason`) === undefined) return [];
    const given = [
      ['ThisPeriodAccounts', '80A'],
      ['DifferentPeriod', '85A'],
    ].filter(([name]) => facts.has(`${ACCOUNTS}/${name}`));
    return given.map(([name, box]) =>
      finding(facts, '9116', `box ${box} says accounts are provided, but box 90A gives a reason for not providing them`, { box: box!, at: `${ACCOUNTS}/${name}` }),
    );
  },
};

export const rule9971: BusinessRule = {
  code: '9971',
  summary: 'The reason "PDF accounts attached with explanation" comes with a PDF attachment of type "accounts"',
  check(facts) {
    const at = `${ACCOUNTS}/NoAccountsReason`;
    const reason = facts.text(at);
    if (reason !== 'PDF accounts attached with explanation' || attachmentsOfType(facts, ['accounts']).length > 0) return [];
    return [finding(facts, '9971', `the reason "${reason}" needs the PDF accounts attached (AttachedFiles/Attachment with Type="accounts"), and there are none`, { box: '90A', at })];
  },
};

export const rule9349: BusinessRule = {
  code: '9349',
  summary: 'No iXBRL accounts are attached when box 90A says there are none',
  check(facts) {
    const reason = facts.text(`${ACCOUNTS}/NoAccountsReason`);
    if (reason === undefined || PDF_REASONS.includes(reason) || !ixbrlAccountsAttached(facts)) return [];
    return [finding(facts, '9349', `box 90A gives the reason "${reason}" for not providing accounts, yet iXBRL accounts are attached`, { box: '90A', at: `${FILES}/XBRLsubmission/Accounts` })];
  },
};

const COMPUTATION_INDICATORS: [string, string][] = [
  ['ThisPeriodComputations', '80B'],
  ['DifferentPeriod', '85B'],
];

export const rule9965: BusinessRule = {
  code: '9965',
  summary: 'Computations are attached unless a no-computations reason is given',
  check(facts) {
    if (facts.text(`${COMPUTATIONS}/NoComputationsReason`) !== undefined || computationsAttached(facts)) return [];
    // Name the indicator that promised computations (80B this period, 85B a
    // different period); with neither, the missing reason is box 90B.
    const [name, box] = COMPUTATION_INDICATORS.find(([n]) => facts.has(`${COMPUTATIONS}/${n}`)) ?? ['', '90B'];
    const said = name ? `box ${box} says computations are provided, so ` : '';
    return [
      finding(facts, '9965', `${said}computations must be attached (iXBRL computation or an attachment of type "computations"), or box 90B must give the reason they are not`, {
        box,
        at: name ? `${COMPUTATIONS}/${name}` : COMPUTATIONS,
      }),
    ];
  },
};

export const attachmentRules: BusinessRule[] = [rule9113, rule9115, rule9116, rule9119, rule9349, rule9965, rule9971];
