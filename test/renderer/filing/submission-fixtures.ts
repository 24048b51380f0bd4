import type { FilingPreview, FilingSettings, SubmissionView } from '../../../preload/contract.js';

export const settings = (over: Partial<FilingSettings> = {}): FilingSettings => ({
  vendorId: '1234',
  productName: 'Filing Desk',
  productVersion: '',
  liveFiling: false,
  endpointOverride: null,
  ...over,
});

export const preview = (over: Partial<FilingPreview> = {}): FilingPreview => ({
  draftId: 'd1',
  company: 'Acme Widgets Ltd',
  utr: '1234567890',
  periodStart: '2024-04-01',
  periodEnd: '2025-03-31',
  taxPayable: { box: '525', amount: '7600.00' },
  attachments: [{ name: 'acme-accounts-2025.xhtml', kind: 'accounts', size: 20480 }],
  environment: 'til',
  environmentName: 'Test in Live',
  endpoint: 'https://transaction-engine.tax.service.gov.uk/submission',
  declaration: { name: 'Jane Smith', status: 'Director' },
  irmarkBase64: 'jDYcV8pZ0X8wV6R0v7aY9WmMvX0=',
  irmarkBase32: 'RQ3BYV6KLHIX6MCXURKL7NUY6VUYZPL5',
  missing: [],
  isAmendment: false,
  ...over,
});

/** HMRC's acceptance at 20:42 on 24 November 2026, in this computer's time zone. */
export const ACCEPTED_AT = new Date(2026, 10, 24, 20, 42, 5).toISOString();

export const submission = (over: Partial<SubmissionView> = {}): SubmissionView => ({
  transactionId: 'A1B2C3D4E5F60718293A4B5C6D7E8F90',
  draftId: 'd1',
  clientId: 'c1',
  company: 'Acme Widgets Ltd',
  utr: '1234567890',
  periodStart: '2024-04-01',
  periodEnd: '2025-03-31',
  environment: 'til',
  state: 'waiting',
  stateText: 'Waiting for HMRC',
  submittedAt: '2026-11-24T20:41:00.000Z',
  correlationId: '0123456789ABCDEF0123456789ABCDEF',
  pollIntervalSeconds: 10,
  nextCheckAt: new Date(Date.now() + 9_500).toISOString(),
  receipt: null,
  errors: [],
  authenticationFailed: false,
  canSendAgain: false,
  claimHeldBy: null,
  log: [],
  ...over,
});

export const accepted = (over: Partial<SubmissionView> = {}): SubmissionView =>
  submission({
    state: 'accepted',
    stateText: 'Accepted by HMRC',
    nextCheckAt: null,
    receipt: { acceptedAt: ACCEPTED_AT, irmarkBase32: 'RQ3BYV6KLHIX6MCXURKL7NUY6VUYZPL5', irmarkBase64: 'jDYcV8pZ0X8wV6R0v7aY9WmMvX0=', matchesOurs: true, correlationId: '0123456789ABCDEF0123456789ABCDEF' },
    ...over,
  });
