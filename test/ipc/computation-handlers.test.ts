/** computation.compute and computation.previousPeriod through the real handlers and the contract's checks. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Client, ComputationCarriedForward, ComputationOutput, Draft } from '../../preload/contract.js';
import { repoRoot } from '../helpers/shared.js';
import { handlersOverStores } from './handlers-over-stores.js';

const setup = () => handlersOverStores();

const example = () => JSON.parse(readFileSync(join(repoRoot, 'examples', 'computation', 'trading-company.json'), 'utf8')) as Record<string, unknown>;

describe('computation channels', () => {
  it('compute gives the engine’s result, and bad input comes back naming each field and rule', async () => {
    const { ok, call } = await setup();
    const out = await ok<ComputationOutput>('computation.compute', { input: example() });
    expect(out.boxes['315']).toBe(33916);
    const bad = example();
    (bad.losses as Record<string, unknown>).tradingBroughtForward = -1;
    const refused = await call('computation.compute', { input: bad });
    expect(refused).toMatchObject({ ok: false, error: { code: 'invalid-request', field: 'losses.tradingBroughtForward', errors: [{ field: 'losses.tradingBroughtForward', message: 'must not be negative (trading losses brought forward from earlier periods)' }] } });
    expect(await call('computation.compute', { input: [] })).toMatchObject({ ok: false, error: { field: 'input' } });
  });

  it('previousPeriod brings forward the pools and losses of the same client’s return for the period ending the day before', async () => {
    const { ok } = await setup();
    const client = await ok<Client>('clients.save', { details: { companyName: 'Example Trading Ltd', registrationNumber: '07654321', utr: '8596148860', periodEnd: '', serviceClientName: '', serviceClientId: '' } });
    const earlier = await ok<Draft>('drafts.create', { kind: 'ct600', clientId: client.id, title: 'Example Trading Ltd', form: {} });
    await ok('drafts.save', { id: earlier.id, clientId: client.id, title: 'Example Trading Ltd', periodFrom: '2025-10-01', periodTo: '2026-09-30', form: { values: {}, computationInput: example() } });
    const next = await ok<Draft>('drafts.create', { kind: 'ct600', clientId: client.id, title: 'Example Trading Ltd', form: {} });
    const found = await ok<ComputationCarriedForward | null>('computation.previousPeriod', { clientId: client.id, periodFrom: '2026-10-01', draftId: next.id });
    expect(found).toEqual({ draftId: earlier.id, title: 'Example Trading Ltd', periodFrom: '2025-10-01', periodTo: '2026-09-30', mainPool: 26670, specialRatePool: 39386, tradingLosses: 0, totalProfitsLosses: 0, ukPropertyLosses: 0, capitalLosses: 0, loansToParticipators: [] });
    expect(await ok('computation.previousPeriod', { clientId: client.id, periodFrom: '2026-11-01', draftId: next.id })).toBeNull();
  });

  it('previousPeriod brings forward what the participators still owed at the end, the repayments matched to the oldest loan first', async () => {
    const { ok } = await setup();
    const client = await ok<Client>('clients.save', { details: { companyName: 'Example Trading Ltd', registrationNumber: '07654321', utr: '8596148860', periodEnd: '', serviceClientName: '', serviceClientId: '' } });
    const input = {
      ...example(),
      loansToParticipators: {
        loans: [{ participator: 'Ann Director', date: '2026-01-15', amount: 8000 }],
        broughtForward: [{ participator: 'Ann Director', loanDate: '2024-05-01', periodEnd: '2025-09-30', amount: 1500 }],
        repayments: [
          { participator: 'Ann Director', date: '2026-02-01', amount: 1500, kind: 'repayment' },
          { participator: 'Ann Director', date: '2026-06-01', amount: 3000, kind: 'credit' },
        ],
      },
    };
    const earlier = await ok<Draft>('drafts.create', { kind: 'ct600', clientId: client.id, title: 'Example Trading Ltd', form: {} });
    await ok('drafts.save', { id: earlier.id, clientId: client.id, title: 'Example Trading Ltd', periodFrom: '2025-10-01', periodTo: '2026-09-30', form: { values: {}, computationInput: input } });
    const next = await ok<Draft>('drafts.create', { kind: 'ct600', clientId: client.id, title: 'Example Trading Ltd', form: {} });
    const found = await ok<ComputationCarriedForward | null>('computation.previousPeriod', { clientId: client.id, periodFrom: '2026-10-01', draftId: next.id });
    // The £1,500 brought forward was repaid first; £3,000 of the £8,000 lent in January was credited back: £5,000 is still owed.
    expect(found?.loansToParticipators).toEqual([{ participator: 'Ann Director', loanDate: '2026-01-15', periodEnd: '2026-09-30', amount: 5000 }]);
  });
});
