/**
 * "Start the return" from a deadline: a CT600 draft for the client with the
 * accounting period's own dates, saved with them at once so the Deadlines
 * list shows it as a draft straight away, then opened.
 */
import type { DeadlineRow, FilingDeskBridge } from '../../../../preload/contract.js';
import { settle } from '../frame/bridge-call.js';
import { dateTextOf, emptyForm } from '../ct600/form.js';

export async function startReturn(bridge: FilingDeskBridge, row: DeadlineRow): Promise<{ ok: true; draftId: string } | { ok: false; message: string }> {
  const clients = await settle(() => bridge.listClients({ query: '', includeArchived: true }), 'read the client book');
  const client = clients.ok && row.inBook ? clients.value.find((c) => c.id === row.clientId) : undefined;
  const blank = emptyForm();
  const form = {
    ...blank,
    values: { ...blank.values, companyName: row.name, utr: row.utr, registrationNumber: client?.registrationNumber ?? '' },
    dates: { periodFrom: dateTextOf(row.periodStart), periodTo: dateTextOf(row.periodEnd) },
  };
  const title = row.name;
  // A company known only from its returns (not in the book) has no client to make the return for.
  const clientId = row.inBook ? row.clientId : null;
  const created = await settle(() => bridge.createDraft({ kind: 'ct600', clientId, title, form }), 'start the return');
  if (!created.ok) return { ok: false, message: created.failure.message };
  const saved = await settle(
    () => bridge.saveDraft({ id: created.value.id, clientId, title, periodFrom: row.periodStart, periodTo: row.periodEnd, form }),
    'save the new return',
  );
  if (!saved.ok) return { ok: false, message: saved.failure.message };
  return { ok: true, draftId: created.value.id };
}
