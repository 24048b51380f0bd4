/**
 * The accounts the app holds, as the Deadlines need them: each accounts
 * draft (in progress, or built) by client and period, and each filing
 * Companies House accepted live, which delivers that period's accounts on
 * the day it was accepted. A filing made without a client (the command line)
 * counts for the client with its company number. Test filings deliver
 * nothing, so they never count.
 */
import type { Client } from '../../preload/contract.js';
import type { AccountsDraftSummary } from '../../preload/contract-accounts.js';
import type { FilingRecord } from '../filing/companies-house/filing-record.js';
import type { AccountsWork } from './accounts-progress.js';
import { localToday } from './deadline-inputs.js';

export function accountsWorkOf(
  clients: readonly Pick<Client, 'id' | 'registrationNumber' | 'archived'>[],
  drafts: readonly Pick<AccountsDraftSummary, 'id' | 'clientId' | 'periodFrom' | 'periodTo' | 'state'>[],
  filings: readonly Pick<FilingRecord, 'clientId' | 'companyNumber' | 'environment' | 'state' | 'periodStart' | 'madeUpDate' | 'outcome'>[],
): AccountsWork[] {
  const byNumber = new Map(clients.filter((c) => !c.archived && c.registrationNumber).map((c) => [c.registrationNumber.toUpperCase(), c.id]));
  const work: AccountsWork[] = drafts.map((d) => ({ clientId: d.clientId, periodFrom: d.periodFrom, periodTo: d.periodTo, state: d.state === 'in-progress' ? 'draft' : 'built', draftId: d.id }));
  for (const f of filings) {
    if (f.environment !== 'live' || f.state !== 'accepted' || !f.outcome || !f.periodStart) continue;
    const clientId = f.clientId ?? byNumber.get(f.companyNumber);
    const day = localToday(new Date(f.outcome.at));
    if (!clientId || !/^\d{4}-\d{2}-\d{2}$/.test(day)) continue;
    work.push({ clientId, periodFrom: f.periodStart, periodTo: f.madeUpDate, state: 'built', draftId: null, deliveredOn: day });
  }
  return work;
}
