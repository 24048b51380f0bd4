import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ClientBook } from '../../main/store/client-book.js';
import { StoreError } from '../../main/store/store-error.js';
import type { ClientDetails } from '../../preload/contract.js';

const details = (over: Partial<ClientDetails> = {}): ClientDetails => ({
  companyName: 'Acme Widgets Ltd',
  registrationNumber: '01234567',
  utr: '8596148860',
  periodEnd: '03-31',
  serviceClientName: '',
  serviceClientId: '',
  ...over,
});

async function book() {
  const dataDir = await mkdtemp(join(tmpdir(), 'client-periods-'));
  let n = 0;
  return { dataDir, book: new ClientBook({ dataDir, idGenerator: () => `client-${++n}`, clock: () => new Date('2026-11-24T10:00:00Z'), log: () => undefined }) };
}

const period = (start: string, end: string, filedOn: string | null = null, accepted = false) => ({ start, end, filedOn, accepted });

describe('the client book knows periods', () => {
  it('loads a book saved before periods existed, and keeps its clients as they were', async () => {
    const { dataDir, book: clients } = await book();
    const old = {
      schemaVersion: 1,
      clients: [{ id: 'a', companyName: 'Old Ltd', registrationNumber: '', utr: '', periodEnd: '12-31', serviceClientName: '', serviceClientId: '', archived: false, createdAt: 'x', changedAt: 'x' }],
    };
    await writeFile(join(dataDir, 'clients.json'), JSON.stringify(old));
    const [client] = await clients.list({ query: '', includeArchived: false });
    expect(client!.companyName).toBe('Old Ltd');
    expect(client!.periods).toBeUndefined();
    expect(await clients.notice()).toBeNull();
  });

  it('saves periods in date order with their filing record, and a fresh book reads them back', async () => {
    const { dataDir, book: clients } = await book();
    const saved = await clients.save(undefined, details({
      periods: [period('2025-04-01', '2026-03-31'), period('2024-04-01', '2025-03-31', '2025-12-01', true)],
      instalments: 'large',
      lateTwiceBefore: false,
    }));
    expect(saved.periods!.map((p) => p.start)).toEqual(['2024-04-01', '2025-04-01']);
    const reopened = new ClientBook({ dataDir, log: () => undefined });
    const again = await reopened.get(saved.id);
    expect(again!.periods).toEqual([period('2024-04-01', '2025-03-31', '2025-12-01', true), period('2025-04-01', '2026-03-31')]);
    expect(again!.instalments).toBe('large');
  });

  it('keeps a notice served late and the payments made, amounts in pounds and pence, and a book without them loads as it was', async () => {
    const { dataDir, book: clients } = await book();
    const saved = await clients.save(undefined, details({
      periods: [{ ...period('2024-04-01', '2025-03-31'), noticeServedOn: ' 2026-02-01 ', payments: [{ date: '2026-03-01', amount: '£2,000' }, { date: '2026-01-10', amount: '10000.5' }] }],
    }));
    const again = await new ClientBook({ dataDir, log: () => undefined }).get(saved.id);
    expect(again!.periods).toEqual([
      { ...period('2024-04-01', '2025-03-31'), noticeServedOn: '2026-02-01', payments: [{ date: '2026-01-10', amount: '10000.50' }, { date: '2026-03-01', amount: '2000.00' }] },
    ]);
    // A period saved before payments were recorded has neither field.
    const plain = await clients.save(undefined, details({ periods: [period('2024-04-01', '2025-03-31')] }));
    expect(plain.periods).toEqual([period('2024-04-01', '2025-03-31')]);
  });

  it('keeps the periods when the other details are saved without them', async () => {
    const { book: clients } = await book();
    const saved = await clients.save(undefined, details({ periods: [period('2024-04-01', '2025-03-31')] }));
    const changed = await clients.save(saved.id, details({ companyName: 'Acme Widgets Limited' }));
    expect(changed.periods).toEqual([period('2024-04-01', '2025-03-31')]);
  });

  it.each([
    [[period('2024-04-01', '2024-03-31')], 'details.periods.0.end', 'must not be before the start of the period (2024-04-01)'],
    [[period('2024-02-30', '2025-03-31')], 'details.periods.0.start', 'must be a real date written as YYYY-MM-DD: the first day of the period'],
    [[period('2024-04-01', '2027-04-01')], 'details.periods.0.end', 'makes the period longer than 36 months: a period starting 2024-04-01 must end by 2027-03-31'],
    [[period('2024-04-01', '2025-03-31'), period('2025-03-31', '2026-03-31')], 'details.periods.1.start', 'overlaps the period 2024-04-01 to 2025-03-31: periods may not share a day'],
    [[period('2024-04-01', '2025-03-31', '2025-03-31')], 'details.periods.0.filedOn', 'must be after the end of the period (2025-03-31): a return is filed once its period has ended'],
    [[period('2024-04-01', '2025-03-31', null, true)], 'details.periods.0.accepted', 'can only be set once the return is filed: enter the day it was filed'],
    [[{ ...period('2024-04-01', '2025-03-31'), noticeServedOn: '2025-03-01' }], 'details.periods.0.noticeServedOn', 'must be after the end of the period (2025-03-31): HMRC serves the notice once the period has ended'],
    [[{ ...period('2024-04-01', '2025-03-31'), noticeServedOn: '2025-13-01' }], 'details.periods.0.noticeServedOn', 'must be a real date written as YYYY-MM-DD, or left empty when the notice was not served late'],
    [[{ ...period('2024-04-01', '2025-03-31'), payments: [{ date: '2026-01-01', amount: 'twelve' }] }], 'details.periods.0.payments.0.amount', 'must be an amount in pounds with at most 2 decimal places, for example 12000.00'],
    [[{ ...period('2024-04-01', '2025-03-31'), payments: [{ date: '2026-01-01', amount: '0' }] }], 'details.periods.0.payments.0.amount', 'must be more than £0'],
    [[{ ...period('2024-04-01', '2025-03-31'), payments: [{ date: '2024-03-01', amount: '10' }] }], 'details.periods.0.payments.0.date', 'must not be before the start of the period (2024-04-01)'],
  ])('refuses periods that break a rule, naming the period and field, and saves nothing (%#)', async (periods, field, message) => {
    const { dataDir, book: clients } = await book();
    const saved = await clients.save(undefined, details({ periods: [period('2023-04-01', '2024-03-31')] }));
    const before = await readFile(join(dataDir, 'clients.json'), 'utf8');
    const error = await clients.save(saved.id, details({ periods })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StoreError);
    expect((error as StoreError).errors).toContainEqual({ field, message });
    expect(await readFile(join(dataDir, 'clients.json'), 'utf8')).toBe(before);
  });
});
