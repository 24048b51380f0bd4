import { describe, expect, it } from 'vitest';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { registerHandlers, type Handlers } from '../../main/ipc/register-handlers.js';
import { createHandlers } from '../../main/ipc/create-handlers.js';
import { filingChannels } from '../../main/ipc/filing-channels.js';
import { requestSchemas } from '../../main/ipc/request-schemas.js';
import { FakeIpcMain, OWN_PAGE, ownPageCheck } from './fake-ipc-main.js';

const settings = { vendorId: '1234', productName: 'Filing Desk', productVersion: '0.1.0', liveFiling: false, endpointOverride: null };

function refusalOf(channel: keyof typeof requestSchemas, request: unknown) {
  const parsed = requestSchemas[channel].safeParse(request);
  expect(parsed.success).toBe(false);
  return parsed.error!.issues.map((i) => ({ field: i.path.join('.'), message: i.message }));
}

describe('the filing channels’ requests', () => {
  it("take settings with a test engine on this computer, or HMRC's own test host over https", () => {
    expect(requestSchemas['filing.settings.save'].safeParse({ ...settings, endpointOverride: 'http://127.0.0.1:8123/submission' }).success).toBe(true);
    expect(requestSchemas['filing.settings.save'].safeParse({ ...settings, endpointOverride: 'https://test-transaction-engine.tax.service.gov.uk/submission' }).success).toBe(true);
  });

  it('refuse an endpoint the Government Gateway password may not go to — http to another computer, https to a host that is not HMRC — naming the field and the rule', () => {
    for (const endpointOverride of ['http://peer.example/submission', 'https://peer.example/submission']) {
      expect(refusalOf('filing.settings.save', { ...settings, endpointOverride })).toEqual([
        { field: 'endpointOverride', message: expect.stringMatching(/only sent over https to HMRC.*this computer/) },
      ]);
    }
  });

  it('refuse a vendor ID that is not HMRC’s four digits, but take an empty one (not issued yet)', () => {
    expect(refusalOf('filing.settings.save', { ...settings, vendorId: '12a4' })).toEqual([{ field: 'vendorId', message: expect.stringContaining('4-digit vendor ID') }]);
    expect(requestSchemas['filing.settings.save'].safeParse({ ...settings, vendorId: '' }).success).toBe(true);
  });

  it('refuse an empty Government Gateway password and a TransactionID that is not 32 hex digits', () => {
    expect(refusalOf('gateway.credentials.save', { userId: 'agent1', password: '' })).toEqual([{ field: 'password', message: 'enter the Government Gateway password' }]);
    expect(refusalOf('filing.get', { transactionId: '../../etc' })[0]!.field).toBe('transactionId');
    expect(refusalOf('filing.submit', { draftId: 'd1', environment: 'production' })[0]!.field).toBe('environment');
  });

  it('answer in words, without sending anything, when the window was started without filing', async () => {
    const ipc = new FakeIpcMain();
    // The drafts' folder is named only for the accounts channels built beside filing's; nothing here reads it.
    registerHandlers(ipc, createHandlers({ ct600: {}, online: {}, drafts: { dataDir: join(tmpdir(), 'filing-desk-never-read') } } as never) as Handlers, { isTrustedSender: ownPageCheck });
    for (const channel of filingChannels) expect(ipc.listeners.has(channel)).toBe(true);
    await expect(ipc.invoke('filing.list', OWN_PAGE, {})).resolves.toEqual({
      ok: false,
      error: { code: 'failed', message: expect.stringContaining('Nothing was sent to HMRC') },
    });
  });
});
