/**
 * `cli ct600 validate`: the whole local validation of returns from anywhere,
 * one result per file with every finding's rule, boxes, severity and message,
 * and an exit status of 0 only when every return would be accepted.
 */
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCt600Command } from '../../main/cli/ct600.js';
import type { CliIo } from '../../main/cli/io.js';
import { buildCt600, verifyIrmark } from '../../main/engine/ct600/index.js';
import { fullReturn } from '../fixtures/ct600-requests.js';
import { ct600Vectors } from '../helpers/shared.js';
import { makeFifo, makeSparse, releaseFifos } from '../helpers/hostile-files.js';
import { examplesDir, runCli } from './run-cli.js';

const work = mkdtempSync(join(tmpdir(), 'fd-cli-validate-'));
afterAll(() => {
  releaseFifos();
  rmSync(work, { recursive: true, force: true });
});

function fakeIo(tty = false) {
  const seen = { stdout: '', stderr: '' };
  const io: CliIo = { out: (t) => void (seen.stdout += t), err: (t) => void (seen.stderr += t), stdoutIsTTY: tty, stderrIsTTY: false };
  return { seen, io };
}

async function validate(...args: string[]) {
  const { seen, io } = fakeIo();
  const code = await runCt600Command(['validate', ...args], io);
  return { code, ...seen, lines: seen.stdout.split('\n').filter(Boolean) };
}

const good = Buffer.from(buildCt600(fullReturn()).xmlDoc, 'base64').toString('utf8');
const wrongRate = good.replace('<TaxRate>19.00</TaxRate>', '<TaxRate>21.00</TaxRate>');

function write(name: string, content: string | Buffer, folder = work): string {
  const path = join(folder, name);
  writeFileSync(path, content);
  return path;
}

interface Line {
  file: string;
  status: string;
  messages: { rule: string; boxes: string[]; severity: string; message: string }[];
}

describe('cli ct600 validate', () => {
  it('calls a built return valid, exit 0, with the IRmark and its receipt form among the messages', async () => {
    const r = await validate(write('good.xml', good), '--json');
    expect(r.code).toBe(0);
    const [line] = r.lines.map((l) => JSON.parse(l) as Line);
    expect(Object.keys(line!)).toEqual(['file', 'status', 'messages']);
    expect(line!.status).toBe('valid');
    expect(line!.messages.filter((m) => m.severity === 'error')).toEqual([]);
    expect(line!.messages.find((m) => m.rule === 'irmark:irmark-valid')?.message).toMatch(/receipt will quote it as [A-Z2-7]{32}/);
  });

  it("names each failure's rule and boxes: a wrong rate is rule 9200 at box 340, 9204 at box 345, and the IRmark no longer matches; exit 1", async () => {
    const r = await validate(write('wrong-rate.xml', wrongRate), '--json');
    expect(r.code).toBe(1);
    const line = JSON.parse(r.lines[0]!) as Line;
    expect(line.status).toBe('invalid');
    const errors = line.messages.filter((m) => m.severity === 'error');
    expect(errors.map((m) => [m.rule, m.boxes])).toEqual([
      ['9200', ['340']],
      ['9204', ['345']],
      ['irmark:irmark-mismatch', []],
    ]);
    expect(errors[0]!.message).toMatch(/^Rule 9200 \(box 340\): /);
  });

  it('reports schema findings with their box, and a schema version HMRC no longer accepts with the reason', async () => {
    const badType = good.replace('<CompanyType>0</CompanyType>', '<CompanyType>12</CompanyType>');
    const oldVersion = good.replace('<SchemaVersion>2025-v1.994</SchemaVersion>', '<SchemaVersion>2022-v1.99</SchemaVersion>');
    const r = await validate(write('bad-type.xml', badType), write('old-version.xml', oldVersion), '--json');
    expect(r.code).toBe(1);
    const [type, version] = r.lines.map((l) => JSON.parse(l) as Line);
    expect(type!.messages.find((m) => m.rule === 'schema:invalid-value')).toMatchObject({ boxes: ['4'], severity: 'error' });
    expect(version!.status).toBe('invalid');
    expect(version!.messages.find((m) => m.rule === 'schema:schema-version-not-accepted')?.message).toContain('2022-v1.99, which HMRC no longer accepts');
  });

  it("calls HMRC's own 2022 accepted sample invalid today, for its schema version alone", async () => {
    const r = await validate(join(ct600Vectors, 'tpvs-accepted-sample.xml'), '--json');
    const line = JSON.parse(r.lines[0]!) as Line;
    expect(line.messages.filter((m) => m.severity === 'error').map((m) => m.rule)).toEqual(['schema:schema-version-not-accepted']);
  });

  it('goes on past files it cannot use (not XML, not a return, a pipe, a 40 MB file, a missing file) and exits 2', async () => {
    const folder = join(work, 'mixed');
    mkdirSync(folder);
    write('a-good.xml', good, folder);
    write('b-not-xml.xml', 'hello', folder);
    write('c-not-a-return.xml', '<notes/>', folder);
    makeFifo(join(folder, 'd-pipe.xml'));
    makeSparse(join(folder, 'e-huge.xml'), 40 * 1024 * 1024);
    write('f-ignored.json', '{}', folder);
    const started = Date.now();
    const r = await validate(folder, join(work, 'missing.xml'), '--json');
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(r.code).toBe(2);
    const lines = r.lines.map((l) => JSON.parse(l) as Line);
    expect(lines.map((l) => [l.file.replace(`${work}/`, ''), l.status])).toEqual([
      ['mixed/a-good.xml', 'valid'],
      ['mixed/b-not-xml.xml', 'unusable'],
      ['mixed/c-not-a-return.xml', 'unusable'],
      ['mixed/d-pipe.xml', 'unusable'],
      ['mixed/e-huge.xml', 'unusable'],
      ['missing.xml', 'unusable'],
    ]);
    const reason = (i: number) => lines[i]!.messages[0]!.message;
    expect(reason(1)).toMatch(/cannot be read as XML/);
    expect(reason(2)).toMatch(/not a CT600 return: it is XML with root <notes>/);
    expect(reason(3)).toMatch(/cannot read .*d-pipe\.xml: /);
    expect(reason(4)).toMatch(/larger than the 30 MB Filing Desk reads for CT600 returns/);
    expect(lines.every((l) => l.messages.every((m) => m.rule === 'input:unusable' || l.status !== 'unusable'))).toBe(true);
  });

  it('exits 1 when a batch holds valid and invalid returns but nothing unusable', async () => {
    const folder = join(work, 'two');
    mkdirSync(folder);
    write('good.xml', good, folder);
    write('wrong-rate.xml', wrongRate, folder);
    expect((await validate(folder, '--json')).code).toBe(1);
  });

  it('prints a table with the first finding of each file and a summary line', async () => {
    const folder = join(work, 'table');
    mkdirSync(folder);
    write('good.xml', good, folder);
    write('wrong-rate.xml', wrongRate, folder);
    const r = await validate(folder, '--table');
    expect(r.lines[0]).toMatch(/^FILE\s+RESULT\s+DETAIL$/);
    expect(r.lines[1]).toMatch(/good\.xml\s+valid\s+HMRC would accept it$/);
    expect(r.lines[2]).toMatch(/wrong-rate\.xml\s+NOT VALID\s+Rule 9200 \(box 340\): .*\(\+2 more\)$/);
    expect(r.lines[3]).toBe('2 files: 1 valid, 1 not valid, 0 unusable');
  });

  it('prints one file named on its own as one indented object', async () => {
    const r = await validate(write('single.xml', wrongRate));
    expect(r.code).toBe(1);
    const parsed = JSON.parse(r.stdout) as Line;
    expect(parsed.status).toBe('invalid');
    expect(r.stdout).toContain('\n  "status": "invalid"');
  });

  it('escapes a file name made of controls and bidi characters in JSON lines and in the table', async () => {
    const folder = join(work, 'tricky');
    mkdirSync(folder);
    write('x-\u202egpj\nrow.xml', good, folder);
    const json = await validate(folder, '--json');
    expect(json.stdout).toContain('\\u202e');
    expect(json.stdout).not.toMatch(/[\u202e]/);
    expect((JSON.parse(json.lines[0]!) as Line).file).toBe(join(folder, 'x-\u202egpj\nrow.xml'));
    const table = await validate(folder, '--table');
    expect(table.stdout).not.toMatch(/[\u202e]/);
    expect(table.stdout).toContain('x-\\u202egpj\\nrow.xml');
  });

  it('passes the returns built from examples/ct600/ through the real command line', () => {
    const built = join(work, 'examples-built');
    const b = runCli(['ct600', 'build', join(examplesDir, 'ct600'), '--out', built, '--json']);
    expect(b.code).toBe(0);
    expect(readdirSync(built).sort()).toEqual(['small-company.xml', 'straddling-marginal-relief.xml', 'with-attachments.xml']);
    const v = runCli(['ct600', 'validate', built, '--json']);
    const lines = v.stdout.split('\n').filter(Boolean).map((l) => JSON.parse(l) as Line);
    expect(lines.map((l) => [l.status, l.messages.filter((m) => m.severity === 'error')])).toEqual(lines.map(() => ['valid', []]));
    expect(v.code).toBe(0);
    copyFileSync(join(built, 'small-company.xml'), join(work, 'copy.xml'));
    writeFileSync(join(work, 'copy.xml'), readFileSync(join(work, 'copy.xml'), 'utf8').replace('<TaxRate>19.00</TaxRate>', '<TaxRate>21.00</TaxRate>'));
    const one = runCli(['ct600', 'validate', join(work, 'copy.xml'), join(built, 'small-company.xml'), '--table']);
    expect(one.code).toBe(1);
    expect(one.stdout).toMatch(/NOT VALID\s+Rule 9200 \(box 340\)/);
    const help = runCli(['ct600', 'validate', '--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('cli ct600 validate <file.xml|folder>...');
  });
});

describe('cli ct600 validate on what the local checks cannot settle', () => {
  it('says what was not checked inside a supplementary page, while HMRC\'s rules still judge the return (box 100 for CT600B)', async () => {
    const edited = good.replace('</Declaration>', '</Declaration><ControlledForeignCompanies><Anything/></ControlledForeignCompanies>');
    // Marked again, so the IRmark matches the edited content.
    const withPage = edited.replace(/<IRmark Type="generic">[^<]*<\/IRmark>/, `<IRmark Type="generic">${verifyIrmark(edited).expected}</IRmark>`);
    const folder = join(work, 'warning');
    mkdirSync(folder);
    write('with-ct600b.xml', withPage, folder);
    const { seen, io } = fakeIo();
    expect(await runCt600Command(['validate', folder, '--json'], io)).toBe(1);
    const line = JSON.parse(seen.stdout.split('\n')[0]!) as Line;
    // The page's inside is not checked against the schema locally, and says so; HMRC's rules still judge it:
    // 9306 asks for box 100 beside it, 9460 for one of its parts (boxes B5, B35 or B40 to B85).
    expect(line.messages.filter((m) => m.severity === 'warning').map((m) => m.message).join(' ')).toMatch(/CT600B supplementary page .*not checked/);
    expect(line.messages.filter((m) => m.severity === 'error').map((m) => m.rule)).toEqual(['9306', '9460']);
  });
});
