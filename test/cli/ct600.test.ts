/** The CT600 command line as accountants script it: right after npm ci, no build step. */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildCt600, verifyIrmark } from '../../main/engine/ct600/index.js';
import { ct600Vectors, repoRoot } from '../helpers/shared.js';
import { fullReturn } from '../fixtures/ct600-requests.js';

function cli(...args: string[]) {
  const r = spawnSync('npm', ['run', '--silent', 'cli', '--', ...args], { cwd: repoRoot, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe('npm run cli -- ct600', () => {
  const dir = mkdtempSync(join(tmpdir(), 'fd-cli-ct600-'));
  const requestFile = join(dir, 'request.json');
  writeFileSync(requestFile, JSON.stringify(fullReturn()));

  it('build prints the service response JSON exactly', () => {
    const r = cli('ct600', 'build', requestFile);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(r.stdout).toBe(`${JSON.stringify(buildCt600(fullReturn()))}\n`);
  });

  it('build --out writes the decoded XML and prints one line: where it went and its IRmark, no base64', () => {
    const out = join(dir, 'return.xml');
    const r = cli('ct600', 'build', requestFile, '--out', out);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    const expected = buildCt600(fullReturn());
    const base32 = verifyIrmark(Buffer.from(expected.xmlDoc, 'base64')).expectedBase32;
    expect(r.stdout).toBe(`${out}  IRmark ${expected.irMark} (${base32})\n`);
    expect(readFileSync(out)).toEqual(Buffer.from(expected.xmlDoc, 'base64'));
    expect(verifyIrmark(readFileSync(out)).matches).toBe(true);
  });

  it('build --out with --json prints one JSON line per file instead, and a folder of requests a line per file', () => {
    const out = join(dir, 'as-json.xml');
    const r = cli('ct600', 'build', requestFile, '--out', out, '--json');
    expect(r.status).toBe(0);
    const expected = buildCt600(fullReturn());
    expect(JSON.parse(r.stdout)).toEqual({ file: requestFile, status: 'built', irMark: expected.irMark, irMarkBase32: expect.any(String), out: expect.stringContaining('as-json.xml') });
    expect(r.stdout).not.toContain(expected.xmlDoc);

    const folder = mkdtempSync(join(tmpdir(), 'fd-cli-ct600-folder-'));
    writeFileSync(join(folder, 'one.json'), JSON.stringify(fullReturn()));
    writeFileSync(join(folder, 'two.json'), JSON.stringify({ ...fullReturn(), companyName: 'Second Trading Ltd' }));
    const built = join(folder, 'built');
    const table = cli('ct600', 'build', folder, '--out', built);
    expect(table.status).toBe(0);
    const lines = table.stdout.trim().split('\n');
    // A header, a line per file naming the file written and its IRmark, and the count: even to a pipe, not JSON.
    expect(lines).toHaveLength(4);
    expect(lines[1]).toMatch(new RegExp(`one\\.json\\s+built\\s+IRmark \\S+ → ${built}/one\\.xml$`));
    expect(lines[2]).toMatch(new RegExp(`two\\.json\\s+built\\s+IRmark \\S+ → ${built}/two\\.xml$`));
    expect(lines[3]).toBe('2 files: 2 built, 0 not valid, 0 unusable');
  });

  it('build takes GovTalk header settings as options', () => {
    const r = cli('ct600', 'build', requestFile, '--vendor-id', '1234', '--gateway-test');
    expect(r.status).toBe(0);
    const xml = Buffer.from(JSON.parse(r.stdout).xmlDoc, 'base64').toString('utf8');
    expect(xml).toContain('<URI>1234</URI>');
    expect(xml).toContain('<GatewayTest>1</GatewayTest>');
  });

  it('build refuses a schema version HMRC does not accept, for the reason validation gives, and writes nothing', () => {
    for (const [version, reason] of [
      ['2022-v1.99', '2022-v1.99, which HMRC no longer accepts'],
      ['2027-v1.995', '2027-v1.995, which HMRC does not accept yet'],
    ] as const) {
      const out = join(dir, `refused-${version}.xml`);
      const r = cli('ct600', 'build', requestFile, '--schema-version', version, '--out', out);
      expect(r.status, version).toBe(2);
      const [error] = JSON.parse(r.stderr).errors as { field: string; message: string }[];
      expect(error).toMatchObject({ field: 'schema-version' });
      expect(error!.message).toContain(reason);
      expect(error!.message).toContain('2025-v1.994');
      expect(existsSync(out)).toBe(false);
    }
    expect(cli('ct600', 'build', requestFile, '--schema-version', '2025-v1.993').status).toBe(0);
  });

  it('a bad request exits 2 with the field errors as JSON on stderr, and writes nothing', () => {
    const bad = join(dir, 'bad.json');
    writeFileSync(bad, JSON.stringify({ ...fullReturn(), reference: '123' }));
    const out = join(dir, 'never.xml');
    const r = cli('ct600', 'build', bad, '--out', out);
    expect(r.status).toBe(2);
    expect(r.stdout).toBe('');
    expect(JSON.parse(r.stderr)).toEqual({ errors: [{ field: 'reference', message: 'must be the 10-digit UTR (box 3)' }] });
    expect(existsSync(out)).toBe(false);
  });

  it('an --out path that cannot be written exits 2 naming the field, with no stack trace', () => {
    const blocker = join(dir, 'a-file');
    writeFileSync(blocker, 'not a folder');
    const r = cli('ct600', 'build', requestFile, '--out', join(blocker, 'return.xml'));
    expect(r.status).toBe(2);
    expect(r.stdout).toBe('');
    const errors = JSON.parse(r.stderr).errors;
    expect(errors).toEqual([{ field: 'out', message: expect.stringMatching(/^cannot write .*return\.xml/) }]);
    expect(r.stderr).not.toMatch(/\n\s+at /);
  });

  it('a request file that is not JSON exits 2 with a clear message', () => {
    const bad = join(dir, 'not-json.json');
    writeFileSync(bad, '{ nope');
    const r = cli('ct600', 'build', bad);
    expect(r.status).toBe(2);
    expect(JSON.parse(r.stderr).errors[0].message).toMatch(/is not valid JSON/);
  });

  it('a failed build leaves an existing output file untouched', () => {
    const out = join(dir, 'kept.xml');
    writeFileSync(out, 'previous good return');
    const bad = join(dir, 'bad2.json');
    writeFileSync(bad, JSON.stringify({ ...fullReturn(), taxPayable: { currency: 1, value: -1 } }));
    expect(cli('ct600', 'build', bad, '--out', out).status).toBe(2);
    expect(readFileSync(out, 'utf8')).toBe('previous good return');
  });

  it('verify prints the IRmark check: exit 0 when it matches, 1 when not', () => {
    const ok = cli('ct600', 'verify', join(ct600Vectors, 'tpvs-accepted-sample.xml'));
    expect(ok.status).toBe(0);
    expect(JSON.parse(ok.stdout)).toMatchObject({ expected: 'YrgW02ybxWOff7gHrELynhp1gRw=', expectedBase32: 'MK4BNU3MTPCWHH37XAD2YQXSTYNHLAI4', matches: true });
    const wrong = cli('ct600', 'verify', join(ct600Vectors, 'not-valid', 'php-govtalk-GiftAidRequest.xml'));
    expect(wrong.status).toBe(1);
    expect(JSON.parse(wrong.stdout)).toMatchObject({ found: 'WKw8IW/6247iwBmJ3bA8RRxrYgQ=', matches: false });
  });

  it('verify of a file that is not XML exits 2', () => {
    const junk = join(dir, 'junk.xml');
    writeFileSync(junk, 'not xml at all <');
    const r = cli('ct600', 'verify', junk);
    expect(r.status).toBe(2);
    expect(JSON.parse(r.stderr).errors[0].message).toMatch(/not well-formed|no GovTalkMessage/);
  });

  it('verify of a file that cannot be read exits 2, naming the file', () => {
    const missing = join(dir, 'missing.xml');
    const r = cli('ct600', 'verify', missing);
    expect(r.status).toBe(2);
    expect(JSON.parse(r.stderr).errors).toEqual([{ field: '', message: expect.stringContaining(`cannot read ${missing}`) }]);
  });

  it('unknown commands exit 2 with usage', () => {
    const r = cli('ct600', 'sign');
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/unknown ct600 command "sign"[\s\S]*usage:/);
  });
});
