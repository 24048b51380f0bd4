import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ValidationJobs, type JobProblem } from '../../../main/engine/validation/index.js';
import { ValidationType } from '../../../main/engine/validation-result.js';
import { sharedDir } from '../../helpers/shared.js';
import JSZip from 'jszip';
import { attr, builtXml, byType, bytes, codes, replaceOnce } from './fixtures.js';
import type { Validation, ValidationJobResult } from '../../../main/engine/validation-result.js';
import { createEngineOperations } from '../../../main/service/engine-wiring.js';
import { passwordToken, startServer } from '../../server/support.js';

let dataDir: string;
beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'fd-jobs-'));
});
afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

/**
 * The shared good taxonomy package with two bare <rewriteURI/> added to its
 * catalog: the catalog check reports the same problem, word for word and
 * with the same entry, once for each.
 */
async function taxonomyPackageWithTwoBareRewrites(): Promise<Uint8Array> {
  const zip = await JSZip.loadAsync(readFileSync(join(sharedDir, 'xbrl', 'conformance', 'packages', 'good-taxonomy-package.zip')));
  const catalog = 'ACME-2024/META-INF/catalog.xml';
  const original = await zip.file(catalog)!.async('string');
  zip.file(catalog, replaceOnce(original, '</catalog>', '  <rewriteURI/>\n  <rewriteURI/>\n</catalog>'));
  return zip.generateAsync({ type: 'uint8array' });
}

const BARE_REWRITE = 'ACME-2024/META-INF/catalog.xml: <rewriteURI> needs both uriStartString and rewritePrefix';

function expectRepeatedCatalogProblem(full: Validation[], filtered: Validation[]): void {
  const fullMessages = byType(full, ValidationType.taxonomyPackage).messages;
  // The full result: the problem twice, and an info message (the report count).
  expect(fullMessages.filter((m) => m.message === BARE_REWRITE)).toHaveLength(2);
  expect(fullMessages.filter((m) => m.category === 'info').map((m) => m.code)).toEqual(['reportCount']);
  // The filtered result: once, with occurrences "2", and no info.
  expect(byType(filtered, ValidationType.taxonomyPackage).messages).toEqual([
    {
      category: 'error',
      type: 'taxonomy-package',
      code: 'tpe:invalidCatalogFile',
      message: BARE_REWRITE,
      attributes: [
        { name: 'entry', value: 'ACME-2024/META-INF/catalog.xml' },
        { name: 'occurrences', value: '2' },
      ],
    },
  ]);
}

const fixedClock = () => new Date('2025-06-01T10:00:00.000Z');
const jobsDir = () => join(dataDir, 'validation-jobs');

describe('ValidationJobs', () => {
  it('runs a job in the background and reports success with UTC start and end times', async () => {
    const jobs = new ValidationJobs({ dataDir, clock: fixedClock });
    const { id } = await jobs.create('return.xml', bytes(builtXml()));
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    const early = await jobs.getStatus(id);
    expect(['queued', 'running', 'success']).toContain(early!.jobStatus);
    await jobs.whenSettled(id);
    const done = await jobs.getStatus(id);
    expect(done).toMatchObject({ jobStatus: 'success', startDateTime: '2025-06-01T10:00:00.000Z', endDateTime: '2025-06-01T10:00:00.000Z' });
    expect(done!.validations.map((v) => v.validationResult)).toEqual(['valid', 'valid', 'valid']);
    await jobs.close();
  });

  it('gives an invalid job for a wrong rate and a broken IRmark', async () => {
    const jobs = new ValidationJobs({ dataDir });
    const xml = replaceOnce(builtXml(), '<TaxRate>19.00</TaxRate>', '<TaxRate>25.50</TaxRate>');
    const { id } = await jobs.create('return.xml', bytes(xml));
    await jobs.whenSettled(id);
    const result = (await jobs.getStatus(id))!;
    expect(result.jobStatus).toBe('success');
    expect(codes(byType(result.validations, ValidationType.businessRules)).sort()).toEqual(['9200', '9204']);
    expect(codes(byType(result.validations, ValidationType.irmark))).toEqual(['irmark-mismatch']);
    await jobs.close();
  });

  it("names each rule failure's box in the message text itself, for readers of the status that see only the text", async () => {
    const jobs = new ValidationJobs({ dataDir });
    const xml = replaceOnce(builtXml(), '<TaxRate>19.00</TaxRate>', '<TaxRate>25.50</TaxRate>');
    const { id } = await jobs.create('return.xml', bytes(xml));
    await jobs.whenSettled(id);
    const rules = byType((await jobs.getStatus(id))!.validations, ValidationType.businessRules).messages;
    expect(rules.map((m) => m.message.slice(0, m.message.indexOf(':')))).toEqual(expect.arrayContaining(['Rule 9200 (box 340)', 'Rule 9204 (box 345)']));
    for (const m of rules) expect(m.message, m.code).toMatch(new RegExp(`^Rule ${m.code} \\(box ${attr(m, 'box')}\\): `));
    const filtered = byType((await jobs.getFilteredStatus(id))!.validations, ValidationType.businessRules).messages;
    expect(filtered.length).toBeGreaterThan(0);
    expect(filtered.every((m) => /^Rule \d+ \(box \d+\): /.test(m.message))).toBe(true);
    await jobs.close();
  });

  it('filtered status collapses a message a real check repeats into one with occurrences "2", and drops info', async () => {
    const jobs = new ValidationJobs({ dataDir });
    const { id } = await jobs.create('acme-taxonomy.zip', await taxonomyPackageWithTwoBareRewrites());
    await jobs.whenSettled(id);
    const full = (await jobs.getStatus(id))!;
    const filtered = (await jobs.getFilteredStatus(id))!;
    expectRepeatedCatalogProblem(full.validations, filtered.validations);
    expect(filtered.jobStatus).toBe(full.jobStatus);

    // A clean return: its one info message (the IRmark matches) is in the full status only.
    const valid = await jobs.create('ok.xml', bytes(builtXml()));
    await jobs.whenSettled(valid.id);
    expect((await jobs.getStatus(valid.id))!.validations.flatMap((v) => v.messages).map((m) => m.category)).toEqual(['info']);
    expect((await jobs.getFilteredStatus(valid.id))!.validations.flatMap((v) => v.messages)).toEqual([]);
    await jobs.close();
  });

  it('the same collapse and the same dropped info through GET /validation/filtered-status/{id} over HTTP', async () => {
    const engine = createEngineOperations({ dataDir });
    const s = await startServer({ dataDir, engine });
    try {
      const token = (await passwordToken(s.url)).access_token;
      const headers = { authorization: `Bearer ${token}`, 'x-api-version': '1.0' };
      const created = await fetch(`${s.url}/validation`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({ fileName: 'acme-taxonomy.zip', contentBase64: Buffer.from(await taxonomyPackageWithTwoBareRewrites()).toString('base64') }),
      });
      expect(created.status).toBe(202);
      const { id } = (await created.json()) as { id: string };
      await engine.jobs.whenSettled(id);
      const read = async (path: string) => {
        const res = await fetch(`${s.url}${path}/${id}`, { headers });
        expect(res.status).toBe(200);
        return (await res.json()) as ValidationJobResult;
      };
      const full = await read('/validation/status');
      const filtered = await read('/validation/filtered-status');
      expect(full.jobStatus).toBe('success');
      expectRepeatedCatalogProblem(full.validations, filtered.validations);
    } finally {
      await s.stop();
    }
  });

  it('collapses repeated identical messages into one with the count', async () => {
    const { filterMessages } = await import('../../../main/engine/validation/index.js');
    const m = { category: 'error' as const, type: 'schema', code: 'x', message: 'same', attributes: [{ name: 'path', value: '/a' }] };
    const out = filterMessages([m, { ...m }, { ...m, category: 'info' as const }, { ...m, message: 'other' }, { ...m }]);
    expect(out.map((x) => [x.message, attr(x, 'occurrences')])).toEqual([
      ['same', '3'],
      ['other', '1'],
    ]);
  });

  it.skipIf(process.platform === 'win32')('writes job files through the atomic writer, readable by this user only, leaving no temp file', async () => {
    const jobs = new ValidationJobs({ dataDir });
    const { id } = await jobs.create('return.xml', bytes(builtXml()));
    await jobs.whenSettled(id);
    await jobs.close();
    const names = readdirSync(jobsDir());
    expect(names).toEqual([`${id}.json`]);
    expect(statSync(join(jobsDir(), `${id}.json`)).mode & 0o777).toBe(0o600);
  });

  it('keeps finished jobs across a restart', async () => {
    const first = new ValidationJobs({ dataDir });
    const { id } = await first.create('return.xml', bytes(builtXml()));
    await first.whenSettled(id);
    const before = await first.getStatus(id);
    await first.close();
    const second = new ValidationJobs({ dataDir });
    expect(await second.getStatus(id)).toEqual(before);
    expect(readdirSync(jobsDir()).filter((n) => n.endsWith('.input'))).toEqual([]);
    await second.close();
  });

  it('runs again, after a restart, a job that was queued or running when the process stopped', async () => {
    const id = '0b4f6a52-3c1d-4e8f-9a7b-2c5d8e1f0a36';
    const first = new ValidationJobs({ dataDir, idGenerator: () => id });
    await first.close(); // closed before the queue runs: the job stays queued on disk
    const dir = jobsDir();
    writeFileSync(join(dir, `${id}.input`), builtXml());
    writeFileSync(
      join(dir, `${id}.json`),
      JSON.stringify({ version: 1, id, fileName: 'r.xml', createdAt: '2025-01-01T00:00:00.000Z', result: { jobStatus: 'running', startDateTime: '2025-01-01T00:00:01.000Z', endDateTime: null, validations: [] } }),
    );
    const problems: JobProblem[] = [];
    const second = new ValidationJobs({ dataDir, onProblem: (p) => problems.push(p) });
    await second.whenSettled(id);
    expect((await second.getStatus(id))!.jobStatus).toBe('success');
    expect(problems.map((p) => p.message)).toEqual([expect.stringMatching(/interrupted while running/)]);
    await second.close();
  });

  it('marks failed an unfinished job whose input is gone', async () => {
    const id = '1b4f6a52-3c1d-4e8f-9a7b-2c5d8e1f0a36';
    const jobs0 = new ValidationJobs({ dataDir });
    await jobs0.close();
    writeFileSync(join(jobsDir(), `${id}.json`), JSON.stringify({ version: 1, id, fileName: 'r.xml', createdAt: '2025-01-01T00:00:00.000Z', result: { jobStatus: 'queued', startDateTime: null, endDateTime: null, validations: [] } }));
    const jobs = new ValidationJobs({ dataDir, onProblem: () => undefined });
    await jobs.whenSettled(id);
    expect((await jobs.getStatus(id))!.jobStatus).toBe('failed');
    await jobs.close();
  });

  it('moves an unreadable job file aside, reports it and answers a failed job', async () => {
    const id = '2b4f6a52-3c1d-4e8f-9a7b-2c5d8e1f0a36';
    const jobs0 = new ValidationJobs({ dataDir });
    await jobs0.close();
    writeFileSync(join(jobsDir(), `${id}.json`), '{"version": 1, "id": ');
    const problems: JobProblem[] = [];
    const jobs = new ValidationJobs({ dataDir, onProblem: (p) => problems.push(p) });
    const status = await jobs.getStatus(id);
    expect(status!.jobStatus).toBe('failed');
    expect(problems).toHaveLength(1);
    expect(existsSync(problems[0]!.movedTo!)).toBe(true);
    expect(readFileSync(problems[0]!.movedTo!, 'utf8')).toBe('{"version": 1, "id": ');
    await jobs.close();
  });

  it('answers undefined for unknown and malformed ids without touching paths outside dataDir', async () => {
    const outside = join(dataDir, '..', `fd-outside-${Date.now()}.json`);
    writeFileSync(outside, JSON.stringify({ version: 1 }));
    try {
      const jobs = new ValidationJobs({ dataDir });
      expect(await jobs.getStatus('5c1e4f2a-9b3d-4c7e-8a6f-1d2e3f4a5b6c')).toBeUndefined();
      for (const bad of ['../x', `../${outside.split('/').pop()!.replace('.json', '')}`, 'not-a-uuid', '', '5c1e4f2a-9b3d-4c7e-8a6f-1d2e3f4a5b6c/../../x', '5c1e4f2a9b3d4c7e8a6f1d2e3f4a5b6c']) {
        expect(await jobs.getStatus(bad)).toBeUndefined();
        expect(await jobs.getFilteredStatus(bad)).toBeUndefined();
      }
      expect(readFileSync(outside, 'utf8')).toBe(JSON.stringify({ version: 1 }));
      expect(readdirSync(jobsDir())).toEqual([]);
      await jobs.close();
    } finally {
      rmSync(outside, { force: true });
    }
  });

  it('refuses an id generator that does not give UUIDs', async () => {
    const jobs = new ValidationJobs({ dataDir, idGenerator: () => '../../etc/passwd' });
    await expect(jobs.create('r.xml', bytes('x'))).rejects.toThrow(/not a UUID/);
    await jobs.close();
  });

  it('is seen queued, then running, then success, with the check held open by the test', async () => {
    // A package check that tells the test it has started, then waits to be let go.
    const gates = new Map<string, { started: () => void; release: Promise<void> }>();
    const gate = (fileName: string) => {
      let started!: () => void;
      let release!: () => void;
      const hasStarted = new Promise<void>((r) => (started = r));
      const released = new Promise<void>((r) => (release = r));
      gates.set(fileName, { started, release: released });
      return { hasStarted, release };
    };
    const finished = { jobStatus: 'success' as const, startDateTime: null, endDateTime: null, validations: [] };
    const jobs = new ValidationJobs({
      dataDir,
      clock: fixedClock,
      checks: {
        validatePackage: async (fileName) => {
          const g = gates.get(fileName)!;
          g.started();
          await g.release;
          return finished;
        },
        verifyIrmark: () => {
          throw new Error('unused');
        },
      },
    });
    const zip = new Uint8Array([0x50, 0x4b, 3, 4, 0, 0]);
    const first = gate('first.zip');
    const second = gate('second.zip');
    const a = await jobs.create('first.zip', zip);
    const b = await jobs.create('second.zip', zip);

    await first.hasStarted;
    expect((await jobs.getStatus(a.id))!.jobStatus).toBe('running');
    expect((await jobs.getStatus(a.id))!.startDateTime).toBe('2025-06-01T10:00:00.000Z');
    // One job at a time: the second waits its turn while the first runs.
    expect((await jobs.getStatus(b.id))!).toEqual({ jobStatus: 'queued', startDateTime: null, endDateTime: null, validations: [] });

    first.release();
    await second.hasStarted;
    expect((await jobs.getStatus(a.id))!.jobStatus).toBe('success');
    expect((await jobs.getStatus(b.id))!.jobStatus).toBe('running');
    second.release();
    await jobs.whenSettled(b.id);
    expect((await jobs.getStatus(b.id))!).toMatchObject({ jobStatus: 'success', endDateTime: '2025-06-01T10:00:00.000Z' });
    await jobs.close();
  });

  it('reports a check that could not run as a failed job', async () => {
    const jobs = new ValidationJobs({
      dataDir,
      checks: {
        validatePackage: async () => {
          throw new Error('disk on fire');
        },
        verifyIrmark: () => {
          throw new Error('unused');
        },
      },
    });
    const { id } = await jobs.create('p.zip', new Uint8Array([0x50, 0x4b, 3, 4, 0, 0]));
    await jobs.whenSettled(id);
    const result = (await jobs.getStatus(id))!;
    expect(result.jobStatus).toBe('failed');
    expect(result.validations[0]!.messages[0]!.message).toMatch(/disk on fire/);
    await jobs.close();
  });
});

/**
 * Codes the package validator reports beyond the conformance list (and
 * beyond what Arelle reports for the same file, arelle-direct-results.tsv).
 * They belong to the package engine, not to validation jobs, and are
 * reported to its owner; listed exactly, so that when the engine stops
 * reporting one this test fails and the entry must go.
 */
const KNOWN_EXTRA_CODES: Record<string, string[]> = {
  'packages/bad-no-stld.xbri': ['rpe:unsupportedReportPackageVersion'],
  'packages/x-xbr-two-in-subdir.xbr': ['rpe:multipleReports'],
};

describe('package jobs on the conformance set', () => {
  const index = readFileSync(join(sharedDir, 'xbrl', 'conformance', 'index.csv'), 'utf8').trim().split('\n').slice(1);
  const rows = index.map((line) => {
    const [input, errors] = line.split(',');
    return { input: input!, errors: (errors ?? '').split('|').filter(Boolean) };
  });

  it.each(rows)('$input gives its codes through a job', async ({ input, errors }) => {
    const jobs = new ValidationJobs({ dataDir });
    const file = join(sharedDir, 'xbrl', 'conformance', input);
    const { id } = await jobs.create(input.split('/').pop()!, new Uint8Array(readFileSync(file)));
    await jobs.whenSettled(id);
    const result = (await jobs.getStatus(id))!;
    expect(result.jobStatus).toBe('success');
    const found = result.validations.flatMap((v) => v.messages).filter((m) => m.category === 'error').map((m) => m.code);
    // Every listed code is found, and nothing that is not listed (save the package engine's known extras).
    const expected = [...errors, ...(KNOWN_EXTRA_CODES[input] ?? [])];
    expect([...new Set(found)].sort()).toEqual([...new Set(expected)].sort());
    expect(result.validations.every((v) => v.validationType === 3 || v.validationType === 4)).toBe(true);
    await jobs.close();
  });
});
