import { describe, expect, it } from 'vitest';
import { inThreadRunner, type EngineRunner } from '../../main/engine-worker/engine-operations.js';
import { createHandlers } from '../../main/ipc/create-handlers.js';
import { createCt600Engine, createPackageEngine } from '../../main/ipc/engine-wiring.js';
import { registerHandlers } from '../../main/ipc/register-handlers.js';
import { currentGovTalkOptions } from '../../main/online/govtalk-options.js';
import type { Ct600BuildResponse, Ct600DraftBuildResponse, Draft, GovTalkSettings, IpcResult, ValidationJobResult } from '../../preload/contract.js';
import { minimumReturn } from '../fixtures/ct600-requests.js';
import { FakeIpcMain, OWN_PAGE, ownPageCheck } from '../ipc/fake-ipc-main.js';
import { startServer } from '../server/support.js';
import { signedInClient } from '../service/remote-support.js';
import { openDesk, settingsFor, stopAfterEachTest } from './online-support.js';

const opened = stopAfterEachTest();

const text = (base64: string) => Buffer.from(base64, 'base64').toString('utf8');
const body = (xml: string) => xml.slice(xml.indexOf('<Body>'), xml.indexOf('</Body>') + '</Body>'.length);
const header = (xml: string) => xml.slice(0, xml.indexOf('<Body>'));
/** ChannelRouting/Channel: URI (the vendor id), Product, Version. */
const channel = (xml: string) => {
  const m = /<Channel>\s*<URI>([^<]*)<\/URI>\s*<Product>([^<]*)<\/Product>\s*<Version>([^<]*)<\/Version>\s*<\/Channel>/.exec(xml);
  return m ? m.slice(1) : null;
};

/** The handlers as main wires them: the CT600 engine reads the GovTalk header from the Online settings at each build. */
async function wired() {
  opened.desk = await openDesk();
  const seenOptions: unknown[] = [];
  const recording: EngineRunner = {
    run: (operation, ...args) => {
      if (operation === 'ct600.build') seenOptions.push(args[1]);
      return inThreadRunner.run(operation, ...args);
    },
  };
  const ipc = new FakeIpcMain();
  const { desk, drafts, clients, dataDir } = opened.desk;
  registerHandlers(
    ipc,
    createHandlers({
      ct600: createCt600Engine(currentGovTalkOptions(desk.settings, { product: 'Filing Desk', version: '0.1.0' }), recording),
      packages: createPackageEngine(),
      fileSaver: { dialog: { showSaveDialog: async () => ({ canceled: true }) }, defaultDirectory: dataDir },
      openDialog: { showOpenDialog: async () => ({ canceled: true, filePaths: [] }) },
      clients,
      drafts,
      online: desk,
      appInfo: { version: '0.1.0', platform: 'linux' },
    }),
    { isTrustedSender: ownPageCheck },
  );
  const value = async <T>(channel: string, request: unknown): Promise<T> => {
    const answer = (await ipc.invoke(channel, OWN_PAGE, request)) as IpcResult<T>;
    if (!answer.ok) throw new Error(`${channel}: ${answer.error.message}`);
    return answer.value;
  };
  const useGovTalk = (govTalk: GovTalkSettings) => desk.saveSettings(settingsFor('', { baseUrl: '', authUrl: '', govTalk }));
  return { value, seenOptions, useGovTalk };
}

describe('the GovTalk header of local CT600 builds follows the settings', () => {
  it('ct600.build, ct600.buildDraft and ct600.checkDraft use the saved vendor id, product version and test flags; the IRmark stays the same', async () => {
    const { value, seenOptions, useGovTalk } = await wired();
    await useGovTalk({ vendorId: '1234', productVersion: '2.5.1', gatewayTest: true, testInLive: true });
    const test = text((await value<Ct600BuildResponse>('ct600.build', minimumReturn())).xmlDoc);
    expect(test).toContain('<Class>HMRC-CT-CT600-TIL</Class>');
    expect(test).toContain('<GatewayTest>1</GatewayTest>');
    expect(channel(test)).toEqual(['1234', 'Filing Desk', '2.5.1']);

    // Changed in Settings: the next build uses it, no restart.
    await useGovTalk({ vendorId: '5678', productVersion: '', gatewayTest: false, testInLive: false });
    const liveBuild = await value<Ct600BuildResponse>('ct600.build', minimumReturn());
    const live = text(liveBuild.xmlDoc);
    expect(live).toContain('<Class>HMRC-CT-CT600</Class>');
    expect(live).not.toContain('<GatewayTest>');
    // An empty product version in Settings means the app's own version.
    expect(channel(live)).toEqual(['5678', 'Filing Desk', '0.1.0']);

    // The header is outside Body: Body and the IRmark are byte for byte the same.
    expect(header(live)).not.toEqual(header(test));
    expect(body(live)).toEqual(body(test));
    expect(/<IRmark Type="generic">([^<]+)<\/IRmark>/.exec(live)?.[1]).toEqual(/<IRmark Type="generic">([^<]+)<\/IRmark>/.exec(test)?.[1]);

    // From a draft: the build and the check-as-you-type both carry the settings.
    await useGovTalk({ vendorId: '4321', productVersion: '3.0', gatewayTest: true, testInLive: false });
    const draft = await value<Draft>('drafts.create', { kind: 'ct600', clientId: null, title: 'Acme 2024', form: {} });
    const built = await value<Ct600DraftBuildResponse>('ct600.buildDraft', { draftId: draft.id, form: {}, request: minimumReturn() });
    const fromDraft = text(built.build.xmlDoc);
    expect(channel(fromDraft)).toEqual(['4321', 'Filing Desk', '3.0']);
    expect(fromDraft).toContain('<GatewayTest>1</GatewayTest>');
    expect(built.build.irMark).toEqual(liveBuild.irMark);
    seenOptions.length = 0;
    const checked = await value<ValidationJobResult>('ct600.checkDraft', { draftId: draft.id, request: minimumReturn() });
    expect(checked.jobStatus).toBe('success');
    expect(seenOptions).toEqual([{ vendorId: '4321', product: 'Filing Desk', productVersion: '3.0', gatewayTest: true, testInLive: false }]);
  });

  it('with the header values the service uses, the engine and the service build the same bytes; with others only the header differs', async () => {
    opened.server = await startServer({ engine: undefined }); // the real engine, with its default header
    const { value, useGovTalk } = await wired();
    const service = await signedInClient({ server: opened.server, settings: { retry: { maxAttempts: 1 } } });
    const remote = text((await service.buildCt600(minimumReturn())).value.xmlDoc ?? '');
    expect(remote).toContain('<URI>0000</URI>');

    await useGovTalk({ vendorId: '0000', productVersion: '0.1.0', gatewayTest: false, testInLive: false });
    const same = text((await value<Ct600BuildResponse>('ct600.build', minimumReturn())).xmlDoc);
    expect(Buffer.from(same)).toEqual(Buffer.from(remote));

    await useGovTalk({ vendorId: '9999', productVersion: '0.1.0', gatewayTest: false, testInLive: false });
    const other = text((await value<Ct600BuildResponse>('ct600.build', minimumReturn())).xmlDoc);
    expect(header(other)).not.toEqual(header(remote));
    expect(body(other)).toEqual(body(remote));
  });
});
