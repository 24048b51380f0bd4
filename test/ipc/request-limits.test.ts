import { describe, expect, it } from 'vitest';
import { MAX_ATTACHMENTS_BASE64_BYTES } from '../../main/engine/ct600/index.js';
import { DEFAULT_ZIP_LIMITS } from '../../main/engine/package/index.js';
import { registerHandlers, type Handlers } from '../../main/ipc/register-handlers.js';
import {
  MAX_CT600_XML_BYTES,
  MAX_REPORT_PACKAGE_BYTES,
  MAX_SAVED_PACKAGE_BYTES,
  MAX_SAVED_XML_BYTES,
} from '../../preload/contract.js';
import { FakeIpcMain, OWN_PAGE, ownPageCheck } from './fake-ipc-main.js';

const MiB = 1024 * 1024;

/** Bytes that claim a size without holding it: the schema reads byteLength, so no 300 MiB buffer is needed. */
function bytesOfLength(length: number): Uint8Array {
  return new (class extends Uint8Array {
    override get byteLength() {
      return length;
    }
  })(4);
}

function setup() {
  const ipc = new FakeIpcMain();
  const reached: string[] = [];
  const answer = (channel: string, value: unknown) => () => {
    reached.push(channel);
    return value;
  };
  registerHandlers(
    ipc,
    {
      'ct600.build': answer('ct600.build', { xmlDoc: '', originalXmlDoc: '', irMark: '', irMarkBase32: '', suggestedFileName: 'x.xml' }),
      'ct600.verify': answer('ct600.verify', { expected: 'a', expectedBase32: 'A', found: 'a', matches: true }),
      'package.build': answer('package.build', { zipContentBase64: '', suggestedFileName: 'p.xbri' }),
      'package.validate': answer('package.validate', { jobStatus: 'success', startDateTime: null, endDateTime: null, validations: [] }),
      'file.save': answer('file.save', { saved: false }),
      'app.info': answer('app.info', { version: '0', platform: 'linux' }),
    } as unknown as Handlers,
    { isTrustedSender: ownPageCheck },
  );
  return { ipc, reached };
}

type Refusal = { ok: false; error: { code: string; errors: { field: string; message: string }[] } };

describe('dropped file limits, per kind', () => {
  it('agree with what HMRC and the package validator accept', () => {
    // HMRC caps a submission at 25 MB; the validator reads packages up to its uncompressed limit.
    expect(MAX_CT600_XML_BYTES).toBe(30 * MiB);
    expect(MAX_REPORT_PACKAGE_BYTES).toBe(DEFAULT_ZIP_LIMITS.maxTotalUncompressedBytes);
  });

  it('refuses a CT600 file over 30 MB with a field error naming the limit, and takes one at the limit', async () => {
    const { ipc, reached } = setup();
    const refused = (await ipc.invoke('ct600.verify', OWN_PAGE, { fileName: 'big.xml', bytes: bytesOfLength(MAX_CT600_XML_BYTES + 1) })) as Refusal;
    expect(refused.ok).toBe(false);
    expect(refused.error.errors).toEqual([{ field: 'bytes', message: 'the file is 30.0 MB; a CT600 return may be at most 30 MB (HMRC accepts messages up to 25 MB)' }]);
    expect(reached).toEqual([]);
    await expect(ipc.invoke('ct600.verify', OWN_PAGE, { fileName: 'ok.xml', bytes: bytesOfLength(MAX_CT600_XML_BYTES) })).resolves.toMatchObject({ ok: true });
  });

  it('refuses a report package over 256 MB, and takes a 100 MB one', async () => {
    const { ipc } = setup();
    const refused = (await ipc.invoke('package.validate', OWN_PAGE, { fileName: 'big.xbri', bytes: bytesOfLength(MAX_REPORT_PACKAGE_BYTES + MiB) })) as Refusal;
    expect(refused.error.errors).toEqual([{ field: 'bytes', message: 'the file is 257.0 MB; a report package may be at most 256 MB' }]);
    await expect(ipc.invoke('package.validate', OWN_PAGE, { fileName: 'p.xbri', bytes: bytesOfLength(100 * MiB) })).resolves.toMatchObject({ ok: true });
  });
});

describe('file.save request', () => {
  const xml = { kind: 'ct600-xml', suggestedName: 'return', contents: '<a/>' };

  it('takes a kind, a suggested name and contents', async () => {
    const { ipc, reached } = setup();
    await expect(ipc.invoke('file.save', OWN_PAGE, xml)).resolves.toMatchObject({ ok: true });
    await expect(
      ipc.invoke('file.save', OWN_PAGE, { kind: 'report-package', extension: 'xbri', suggestedName: 'p', contents: new Uint8Array([1]) }),
    ).resolves.toMatchObject({ ok: true });
    expect(reached).toEqual(['file.save', 'file.save']);
  });

  it('refuses filters, extensions or a path from the renderer', async () => {
    const { ipc, reached } = setup();
    const withFilters = (await ipc.invoke('file.save', OWN_PAGE, { ...xml, filters: [{ name: 'x', extensions: ['exe'] }] })) as Refusal;
    expect(withFilters.error.errors).toEqual([{ field: 'filters', message: 'is not a known field of this request' }]);
    const badKind = (await ipc.invoke('file.save', OWN_PAGE, { ...xml, kind: 'exe' })) as Refusal;
    expect(badKind.error.errors).toEqual([{ field: 'kind', message: 'must be "ct600-xml", "report-package", "validation-csv", "deadlines-csv" or "deadlines-ics"' }]);
    const badExtension = (await ipc.invoke('file.save', OWN_PAGE, { kind: 'report-package', extension: 'exe', suggestedName: 'p', contents: new Uint8Array([1]) })) as Refusal;
    expect(badExtension.error.errors).toEqual([{ field: 'extension', message: 'must be "xbri", "xbr" or "zip"' }]);
    const textPackage = (await ipc.invoke('file.save', OWN_PAGE, { kind: 'report-package', extension: 'zip', suggestedName: 'p', contents: 'PK' })) as Refusal;
    expect(textPackage.error.errors).toEqual([{ field: 'contents', message: 'must be the package’s bytes (Uint8Array)' }]);
    expect(reached).toEqual([]);
  });

  it('caps the contents: 30 MB for a CT600 return, 300 MB for a package', async () => {
    const { ipc, reached } = setup();
    const bigText = (await ipc.invoke('file.save', OWN_PAGE, { ...xml, contents: 'x'.repeat(MAX_SAVED_XML_BYTES + 1) })) as Refusal;
    expect(bigText.error.errors).toEqual([{ field: 'contents', message: 'is 30.0 MB; a CT600 return may be at most 30 MB' }]);
    // Characters outside ASCII take more than one byte: the limit is on bytes.
    const wide = (await ipc.invoke('file.save', OWN_PAGE, { ...xml, contents: 'é'.repeat(MAX_SAVED_XML_BYTES / 2 + 1) })) as Refusal;
    expect(wide.error.errors[0]?.field).toBe('contents');
    const bigPackage = (await ipc.invoke('file.save', OWN_PAGE, {
      kind: 'report-package',
      extension: 'xbri',
      suggestedName: 'p',
      contents: bytesOfLength(MAX_SAVED_PACKAGE_BYTES + 1),
    })) as Refusal;
    expect(bigPackage.error.errors).toEqual([{ field: 'contents', message: 'is 300.0 MB; a report package may be at most 300 MB' }]);
    const longName = (await ipc.invoke('file.save', OWN_PAGE, { ...xml, suggestedName: 'n'.repeat(1001) })) as Refusal;
    expect(longName.error.errors).toEqual([{ field: 'suggestedName', message: 'must be at most 1000 characters' }]);
    expect(reached).toEqual([]);
  });
});

describe('build payload limits', () => {
  it('ct600.build: attachments over the engine’s 25 MiB of base64 (with room for line breaks) are refused before the engine runs', async () => {
    const { ipc, reached } = setup();
    const value = 'A'.repeat(MAX_ATTACHMENTS_BASE64_BYTES * 1.05 + 4);
    const refused = (await ipc.invoke('ct600.build', OWN_PAGE, {
      companyName: 'Acme',
      attachedFiles: [{ filename: 'a.html', value, itemsElementName: 1 }],
    })) as Refusal;
    expect(refused.error.errors).toEqual([
      { field: 'attachedFiles', message: 'hold 26.3 MB of text; at most 26.3 MB (25 MB of base64 plus line breaks) is accepted' },
    ]);
    // An attachment the engine may still refuse on its exact rule reaches the engine.
    await expect(
      ipc.invoke('ct600.build', OWN_PAGE, { companyName: 'Acme', attachedFiles: { filename: 'a.html', value: 'A'.repeat(MAX_ATTACHMENTS_BASE64_BYTES), itemsElementName: 1 } }),
    ).resolves.toMatchObject({ ok: true });
    expect(reached).toEqual(['ct600.build']);
  });

  it('ct600.build: the rest of the request is capped too, and so is its nesting', async () => {
    const { ipc } = setup();
    const big = (await ipc.invoke('ct600.build', OWN_PAGE, { companyName: 'x'.repeat(4 * MiB + 1) })) as Refusal;
    expect(big.error.errors).toEqual([{ field: '', message: 'holds 4.0 MB of text outside attachedFiles; at most 4 MB is accepted' }]);
    let deep: Record<string, unknown> = {};
    const root = deep;
    for (let i = 0; i < 100; i++) deep = (deep.next = {}) as Record<string, unknown>;
    const nested = (await ipc.invoke('ct600.build', OWN_PAGE, root)) as Refusal;
    expect(nested.error.errors).toEqual([{ field: '', message: 'is nested more than 32 levels deep' }]);
    const many = (await ipc.invoke('ct600.build', OWN_PAGE, { list: Array.from({ length: 200_001 }, () => 1) })) as Refusal;
    expect(many.error.errors).toEqual([{ field: '', message: 'holds more than 200000 values' }]);
  });

  it('package.build: the report and the zip files at most what a package can hold, as base64', async () => {
    const { ipc, reached } = setup();
    const limit = 4 * Math.ceil(DEFAULT_ZIP_LIMITS.maxTotalUncompressedBytes / 3);
    const refused = (await ipc.invoke('package.build', OWN_PAGE, {
      request: { name: 'p', reportBase64Content: 'A'.repeat(limit + 4), base64ZipFiles: 'A'.repeat(limit + 4) },
      includeHash: false,
    })) as Refusal;
    expect(refused.error.errors).toEqual([
      { field: 'request.reportBase64Content', message: 'is 341.3 MB of base64; a report package holds at most 256 MB, so at most 341.3 MB of base64 is accepted' },
      { field: 'request.base64ZipFiles', message: 'is 341.3 MB of base64; a report package holds at most 256 MB, so at most 341.3 MB of base64 is accepted' },
    ]);
    const json = (await ipc.invoke('package.build', OWN_PAGE, {
      request: { name: 'p', base64ReportPackageJson: 'A'.repeat(MiB + 4) },
      includeHash: false,
    })) as Refusal;
    expect(json.error.errors).toEqual([{ field: 'request.base64ReportPackageJson', message: 'is 1.0 MB of base64; at most 1 MB is accepted' }]);
    const rest = (await ipc.invoke('package.build', OWN_PAGE, { request: { description: 'x'.repeat(16 * MiB + 1) }, includeHash: false })) as Refusal;
    expect(rest.error.errors).toEqual([{ field: 'request', message: 'holds 16.0 MB of text besides the report and zip files; at most 16 MB is accepted' }]);
    expect(reached).toEqual([]);
  });
});
