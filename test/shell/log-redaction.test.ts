import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createAppLog, createFileSink, LOG_MAX_BYTES, type LogLevel } from '../../main/log/app-log.js';
import { createRedactor } from '../../main/log/redact.js';

const format = (...values: unknown[]) => createRedactor().format(values);

describe('the log redactor', () => {
  it('masks bearer and basic credentials, key=value and JSON secrets, and JWTs in free text', () => {
    const line = format(
      'POST /connect/token failed: Authorization: Bearer abcDEF123456.xyz password=hunter2-Correct-Horse&client_secret=sEcReT-cl1ent "refresh_token":"rt_9f8e7d6c5b4a" eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJqYW5lIn0.c2ln',
    );
    for (const secret of ['abcDEF123456', 'hunter2-Correct-Horse', 'sEcReT-cl1ent', 'rt_9f8e7d6c5b4a', 'eyJhbGciOiJIUzI1NiJ9']) expect(line).not.toContain(secret);
    expect(line).toContain('POST /connect/token failed');
  });

  it('replaces a registered secret wherever it appears, also inside words and error messages', () => {
    const redactor = createRedactor();
    redactor.registerSecret('opaque-token-value');
    const line = redactor.format(['sent xopaque-token-valuex', new Error('the service refused opaque-token-value')]);
    expect(line).not.toContain('opaque-token-value');
    expect(line.match(/\[secret\]/g)).toHaveLength(2);
  });

  it('masks figures, UTRs and dates in text, keeps single digits, status codes and stack frame line numbers', () => {
    const error = new Error('box 155 must be £1,234,567.89 for UTR 8473629105 (period 2024-04-01), found 4823917');
    const line = format(error, 'answered with status code 503 after attempt 2');
    for (const figure of ['1,234,567.89', '234', '8473629105', '2024-04-01', '4823917', '155']) expect(line).not.toContain(figure);
    expect(line).toContain('status code 503');
    expect(line).toContain('attempt 2');
    expect(line).toMatch(/\n\s+at .+:\d+:\d+/); // the stack keeps its line numbers
  });

  it('logs bytes by their length, withholds content fields and secret fields, keeps plain facts', () => {
    const line = format('import', {
      fileName: 'ACME.xbri',
      bytes: new Uint8Array(1234),
      form: { turnover: 987654 },
      xmlDoc: 'PD94bWwgdmVyc2lvbj0iMS4wIj8+',
      clientSecret: 'sEcReT',
      headers: { Authorization: 'Bearer abc', accept: 'application/json' },
      count: 12,
      durationMs: 340,
      status: 201,
      turnover: 987654,
    });
    expect(line).toContain('[1234 bytes]');
    for (const hidden of ['987654', 'PD94bWwg', 'sEcReT', 'abc']) expect(line).not.toContain(hidden);
    expect(line).toMatch(/count: 12, durationMs: 340, status: 201/);
    expect(line).toContain('turnover: #');
  });

  it('hides XML markup and long base64 runs, and clips very long text', () => {
    const line = format(`parse error at <ct:Turnover>4823917</ct:Turnover> in ${'QUJD'.repeat(20)} ${'x '.repeat(3000)}`);
    expect(line).not.toContain('Turnover');
    expect(line).not.toContain('QUJD');
    expect(line).toContain('more characters]');
    expect(line.length).toBeLessThan(2200);
  });

  it('keeps file paths readable, which support needs', () => {
    expect(format("Cannot find module '/tmp/fd-bundle-zt25BV/dist/main/engine-worker.cjs'")).toContain('/tmp/fd-bundle-zt25BV/dist/main/engine-worker.cjs');
  });
});

describe('the log file (electron-log)', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'fd-log-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('writes redacted lines with time and level to main.log, readable by its owner only', () => {
    const { sink, file } = createFileSink(dir, `test-${Math.random()}`);
    const log = createAppLog({ sink, file, echo: null });
    log.scope('outbox').info('submission sent', { status: 202, attempt: 1, password: 'hunter2' });
    const text = readFileSync(join(dir, 'main.log'), 'utf8');
    expect(text).toMatch(/^\[\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d{3}\] \[info\]\s+\[outbox\] submission sent \{ status: 202, attempt: 1, password: \[redacted\] \}\n$/);
    if (process.platform !== 'win32') expect(statSync(file).mode & 0o077).toBe(0);
  });

  it(`rotates past ${LOG_MAX_BYTES / 1024 / 1024} MB to main.old.log, so at most two files of that size are kept`, () => {
    const { sink, file } = createFileSink(dir, `test-${Math.random()}`);
    const log = createAppLog({ sink, file, echo: null });
    const line = 'a line of ordinary start-up talk '.repeat(50);
    for (let i = 0; i < Math.ceil((LOG_MAX_BYTES * 1.5) / line.length); i++) log.info(line);
    expect(existsSync(join(dir, 'main.old.log'))).toBe(true);
    expect(statSync(join(dir, 'main.old.log')).size).toBeLessThanOrEqual(LOG_MAX_BYTES + 4096);
    expect(statSync(file).size).toBeLessThan(LOG_MAX_BYTES);
  });

  it('captures console output into the log, still printing it, and puts the console back', () => {
    const written: [LogLevel, string][] = [];
    const printed: unknown[][] = [];
    const target = { error: (...a: unknown[]) => printed.push(a), warn: (...a: unknown[]) => printed.push(a), info: (...a: unknown[]) => printed.push(a), log: (...a: unknown[]) => printed.push(a) };
    const original = target.error;
    const log = createAppLog({ sink: { write: (level, line) => written.push([level, line]) }, file: 'x', echo: null });
    const restore = log.captureConsole(target);
    target.error('[ipc ct600.build]', new Error('token=abc123secret'));
    target.warn('%s drafts of £%d', 'three', 4823917);
    expect(written.map(([level]) => level)).toEqual(['error', 'warn']);
    expect(written.join('\n')).not.toMatch(/abc123secret|4823917/);
    expect(printed).toHaveLength(2);
    restore();
    expect(target.error).toBe(original);
  });
});
