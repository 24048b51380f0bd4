/**
 * The office channels through the real registration (sender check, request
 * rules, handlers) over real stores: without an office service the window
 * hears "not joined" and joining is refused in words; with one, bad join
 * details are refused field by field before the desk service sees them, the
 * desk's own field errors reach the window as field errors, joining starts
 * the background sync, Sync now goes through it, leaving stops it, and a
 * client saved on this desk brings a sync soon after.
 */
import { describe, expect, it } from 'vitest';
import { RequestValidationError } from '../../main/engine/errors.js';
import { OfficeRefused, OfficeUnreachable } from '../../main/office/office-connection.js';
import { OfficeUrlError } from '../../main/office/office-transport.js';
import { OfficeBackgroundSync } from '../../main/office/background-sync.js';
import type { OfficeDeskService, OfficeSyncProgress } from '../../main/office/office-desk-service.js';
import type { OfficeChannels, OfficeJoinResult, OfficeStatusView } from '../../preload/contract-office.js';
import { handlersOverStores } from './handlers-over-stores.js';

const FINGERPRINT = Array.from({ length: 32 }, (_, i) => (i * 7).toString(16).padStart(2, '0').slice(-2).toUpperCase()).join(':');

const joinedStatus = (pending = 0): OfficeStatusView => ({
  joined: true,
  url: 'https://office.example.co.uk',
  user: 'sarah',
  desk: 'RECEPTION-PC',
  fingerprint: FINGERPRINT,
  joinedAt: '2026-12-02T09:00:00.000Z',
  signedIn: true,
  admin: false,
  sync: { lastSync: null, pending, running: null, problem: null, conflicts: [] },
});

/** A desk service standing in for office-desk.ts: remembers whether it joined, and each call. */
class StandInDesk implements OfficeDeskService {
  joinedNow = false;
  syncs = 0;
  joins: OfficeChannels['office.join']['request'][] = [];
  refuseJoinWith: Error | null = null;
  async status(): Promise<OfficeStatusView> {
    return this.joinedNow ? joinedStatus() : { joined: false };
  }
  async join(request: OfficeChannels['office.join']['request']): Promise<OfficeJoinResult> {
    this.joins.push(request);
    if (this.refuseJoinWith) throw this.refuseJoinWith;
    if (!request.confirmedFingerprint) return { outcome: 'confirm-fingerprint', fingerprint: FINGERPRINT, subject: 'CN=office.example.co.uk' };
    this.joinedNow = true;
    return { outcome: 'joined', status: joinedStatus() };
  }
  async leave(): Promise<OfficeStatusView> {
    this.joinedNow = false;
    return { joined: false };
  }
  async sync(onProgress?: (p: OfficeSyncProgress) => void): Promise<OfficeStatusView> {
    this.syncs++;
    onProgress?.({ step: 'Sending changes', done: 0, total: 1 });
    return joinedStatus();
  }
  async resolve(): Promise<OfficeStatusView> {
    return joinedStatus();
  }
  async editing(request: OfficeChannels['office.editing']['request']) {
    return { others: request.open ? [{ kind: request.kind, id: request.id, user: 'tom', desk: 'BACK-OFFICE', since: '2026-12-02T10:42:00.000Z' }] : [] };
  }
}

const details = { url: 'https://office.example.co.uk', user: 'sarah', password: 'correct horse battery staple', desk: 'RECEPTION-PC' };
const waitUntil = async (done: () => boolean) => {
  for (let i = 0; i < 200 && !done(); i++) await new Promise((r) => setTimeout(r, 5));
  expect(done()).toBe(true);
};

describe('office.* handlers', () => {
  it('without an office service: not joined, joining refused in words, nobody else editing', async () => {
    const h = await handlersOverStores();
    expect(await h.ok('office.status')).toEqual({ joined: false });
    const refused = await h.call('office.join', details);
    expect(refused).toEqual({ ok: false, error: { code: 'failed', message: expect.stringMatching(/^The office cannot be used in this window: .*Nothing was sent/) } });
    expect(await h.call('office.sync')).toMatchObject({ ok: false, error: { code: 'failed' } });
    expect(await h.ok('office.editing', { kind: 'draft', id: 'd-1', open: true })).toEqual({ others: [] });
  });

  it('refuses bad join details field by field before the desk sees them', async () => {
    const desk = new StandInDesk();
    const h = await handlersOverStores({ office: desk });
    const r = await h.call('office.join', { url: 'ftp://office', user: 'sarah jones', password: '', desk: '  ' });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.errors?.map((e) => e.field)).toEqual(['url', 'user', 'password', 'desk']);
    expect(r.error.errors?.[0]?.message).toMatch(/^must start with https:\/\//);
    expect(desk.joins).toEqual([]);
    const fingerprint = await h.call('office.join', { ...details, confirmedFingerprint: 'AB:CD' });
    expect(fingerprint).toMatchObject({ ok: false, error: { errors: [{ field: 'confirmedFingerprint' }] } });
    expect(await h.call('office.resolve', { kind: 'invoice', id: 'x', keep: 'both' })).toMatchObject({ ok: false, error: { errors: [{ field: 'kind' }, { field: 'keep' }] } });
  });

  it('passes the desk’s own field errors to the window as field errors', async () => {
    const desk = new StandInDesk();
    desk.refuseJoinWith = new RequestValidationError([{ field: 'url', message: 'must use https:// unless the office is on this computer' }]);
    const h = await handlersOverStores({ office: desk });
    const r = await h.call('office.join', { ...details, url: 'http://office.example.co.uk' });
    expect(r).toMatchObject({ ok: false, error: { code: 'invalid-request', errors: [{ field: 'url', message: 'must use https:// unless the office is on this computer' }] } });
  });

  it('puts the office’s refusals in words: the address and the password beside their fields, an unreachable office as a sentence', async () => {
    const desk = new StandInDesk();
    const h = await handlersOverStores({ office: desk });
    desk.refuseJoinWith = new OfficeUrlError('url http://192.0.2.7 uses plain http to another computer: only https may reach an office over the network');
    expect(await h.call('office.join', { ...details, url: 'http://192.0.2.7' })).toMatchObject({
      ok: false,
      error: { code: 'invalid-request', errors: [{ field: 'url', message: 'http://192.0.2.7 uses plain http to another computer: only https may reach an office over the network' }] },
    });
    desk.refuseJoinWith = new OfficeRefused('unauthorised', 'the office refused the password for sarah', [{ field: 'password', message: 'is not this office user\'s password' }], 401);
    expect(await h.call('office.join', details)).toMatchObject({ ok: false, error: { message: 'The office refused: The office refused the password for sarah.', errors: [{ field: 'password', message: 'is not this office user\'s password' }] } });
    desk.refuseJoinWith = new OfficeUnreachable('https://office.example.co.uk', 'connect ECONNREFUSED');
    expect(await h.call('office.join', details)).toEqual({ ok: false, error: { code: 'failed', message: 'The office at https://office.example.co.uk could not be reached: connect ECONNREFUSED. Nothing on this desk was changed.' } });
  });

  it('asks for the fingerprint first, joins once confirmed and starts syncing; Sync now, leave, and a local save bring a sync', async () => {
    const desk = new StandInDesk();
    const background = new OfficeBackgroundSync({ desk, afterSaveMs: 10, everyMs: 60_000 });
    const h = await handlersOverStores({ office: desk, officeSync: background });
    expect(await h.ok('office.join', details)).toEqual({ outcome: 'confirm-fingerprint', fingerprint: FINGERPRINT, subject: 'CN=office.example.co.uk' });
    expect(desk.syncs).toBe(0);
    expect(await h.ok('office.join', { ...details, confirmedFingerprint: FINGERPRINT })).toMatchObject({ outcome: 'joined', status: { joined: true, user: 'sarah' } });
    await waitUntil(() => desk.syncs === 1);
    expect(await h.ok('office.sync')).toMatchObject({ joined: true });
    expect(desk.syncs).toBe(2);
    await h.ok('clients.save', { details: { companyName: 'Acme Trading Ltd', registrationNumber: '01234567', utr: '1234567890', periodEnd: '03-31', serviceClientName: '', serviceClientId: '' } });
    await waitUntil(() => desk.syncs === 3);
    expect(await h.ok('office.editing', { kind: 'draft', id: 'd-1', open: true })).toEqual({ others: [{ kind: 'draft', id: 'd-1', user: 'tom', desk: 'BACK-OFFICE', since: '2026-12-02T10:42:00.000Z' }] });
    expect(await h.ok('office.leave')).toEqual({ joined: false });
    await h.ok('clients.save', { details: { companyName: 'Beta Ltd', registrationNumber: '07654321', utr: '0987654321', periodEnd: '03-31', serviceClientName: '', serviceClientId: '' } });
    await new Promise((r) => setTimeout(r, 50));
    expect(desk.syncs).toBe(3);
  });
});
