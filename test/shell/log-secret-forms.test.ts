import { describe, expect, it } from 'vitest';
import { createRedactor } from '../../main/log/redact.js';
import { withoutValue } from '../../main/log/secret-forms.js';
import { b64, PLANTED, writtenForms } from './secret-forms-support.js';

/**
 * A secret learnt by main must not reach the log in any form it takes in
 * transit: encoded for a URL or a form, escaped inside JSON, as base64 or hex
 * of its bytes, or cut in pieces over the values of one line. The forms
 * (secret-forms-support.ts) are worked out independently of the redactor's
 * own list.
 */

describe('the redactor, for every form a registered secret takes', () => {
  for (const [what, secret] of Object.entries(PLANTED)) {
    it(`masks each written form of a registered ${what}, alone and inside other text`, () => {
      const redactor = createRedactor();
      redactor.registerSecret(secret);
      for (const [form, written] of Object.entries(writtenForms(secret))) {
        const line = redactor.format([`the service said: ${written}`, { detail: `before${written}after` }, new Error(`refused ${written}`)]);
        expect(line, form).not.toContain(written);
        expect(line, form).toContain('the service said: [secret]');
      }
    });
  }

  it('masks the base64 of a secret inside a longer base64 blob, however it falls on the 3-byte groups', () => {
    const redactor = createRedactor();
    redactor.registerSecret(PLANTED.clientSecret);
    for (const before of ['', 'a', 'ab', 'abc:']) {
      const blob = b64(`${before}${PLANTED.clientSecret}`);
      expect(blob.length).toBeLessThan(40); // short enough that the rule for long base64 runs does not apply
      const line = redactor.format(['header', blob]);
      // The characters made from the secret's bytes alone are gone; only the edges that mix in a neighbour's bits may stay.
      expect(line, before).not.toMatch(new RegExp(b64(PLANTED.clientSecret).slice(2, 12).replace(/[+/]/g, '\\$&')));
    }
  });

  it('masks percent escapes written in lower case and a form value encoded twice', () => {
    const redactor = createRedactor();
    redactor.registerSecret(PLANTED.password);
    const lower = encodeURIComponent(PLANTED.password).replace(/%[0-9A-F]{2}/g, (e) => e.toLowerCase());
    const twice = encodeURIComponent(encodeURIComponent(PLANTED.password));
    const line = redactor.format([`url ${lower} and ${twice}`]);
    expect(line).toBe('url [secret] and [secret]');
  });

  it('masks a secret split over two arguments of one call, over two strings of one object, and over three pieces', () => {
    const redactor = createRedactor();
    const secret = 'hunter2-Correct-Horse';
    redactor.registerSecret(secret);
    const twoArgs = redactor.format(['password was hunter2-Cor', 'rect-Horse, retrying']);
    const twoStrings = redactor.format(['parts', { first: 'xhunter2-', second: 'Correct-Horsey' }]);
    const threePieces = redactor.format(['hunt', 'er2-Correct', '-Horse']);
    for (const line of [twoArgs, twoStrings, threePieces]) {
      for (const piece of ['hunter2-Cor', 'rect-Horse', 'hunter2-', 'Correct-Horse', 'er2-Correct']) expect(line).not.toContain(piece);
    }
    expect(twoArgs).toBe('password was [secret] [secret], retrying');
    expect(twoStrings).toBe('parts { first: "x[secret]", second: "[secret]y" }');
  });

  it('masks a secret with a space split at its space, which the line itself puts back together', () => {
    const redactor = createRedactor();
    redactor.registerSecret('correct horse battery staple');
    const line = redactor.format(['correct horse', 'battery staple']);
    expect(line).not.toContain('horse battery');
    expect(line).toBe('[secret]');
  });

  it('masks an encoded form split over two arguments', () => {
    const redactor = createRedactor();
    redactor.registerSecret(PLANTED.password);
    const encoded = encodeURIComponent(PLANTED.password);
    const line = redactor.format(['sent', encoded.slice(0, 9), encoded.slice(9)]);
    expect(line).not.toContain(encoded.slice(0, 9));
    expect(line).not.toContain(encoded.slice(9));
  });

  it('keeps what support needs readable while secrets are registered: outbox ids, kinds, statuses, attempts, hosts', () => {
    const redactor = createRedactor();
    for (const secret of Object.values(PLANTED)) redactor.registerSecret(secret);
    const outboxId = 'q7Hk2mX9pL4vR8sT';
    const line = redactor.format(['done', { outboxId, kind: 'ct600-build', attempts: 2, status: 200, replayed: false, host: '127.0.0.1:8443', delayMs: 1500 }]);
    expect(line).toBe(`done { outboxId: ${outboxId}, kind: ct600-build, attempts: 2, status: 200, replayed: false, host: 127.0.0.1:8443, delayMs: 1500 }`);
    expect(redactor.format(['answered with status code 503 after attempt 2'])).toBe('answered with status code 503 after attempt 2');
  });
});

describe('the redactor, for keys that name a secret', () => {
  it('withholds pwd, creds, session and any key starting secret or token, whatever their case and separators', () => {
    const values = {
      pwd: 'pw-value-1',
      creds: 'creds-value-2',
      userCreds: 'creds-value-3',
      session: 'session-value-4',
      session_id: 'session-value-5',
      'Session-Key': 'session-value-6',
      Secret_Key: 'secret-value-7',
      tokenValue: 'token-value-8',
      TOKEN_TYPE: 'token-value-9',
    };
    const line = createRedactor().format(['keys', values]);
    for (const [key, value] of Object.entries(values)) {
      expect(line, key).not.toContain(value);
      expect(line).toContain(`${key}: [redacted]`);
    }
  });

  it('withholds a free-text pwd=, creds: or session= value', () => {
    const line = createRedactor().format(['retry with pwd=Plain-Value-1&user=x; creds: Plain-Value-2 session=Plain-Value-3']);
    expect(line).not.toMatch(/Plain-Value/);
  });
});

describe('the redactor, for digits of any script', () => {
  it('masks figures written in Arabic-Indic, Extended Arabic-Indic, Devanagari, Bengali and full-width digits as it masks ASCII ones', () => {
    const figures = ['٤٨٢٣٩١٧', '۴۸۲۳۹۱۷', '४८२३९१७', '৪৮২৩৯১৭', '４８２３９１７', '١٬٢٣٤٬٥٦٧٫٨٩', '２０２４-０４-０１'];
    for (const figure of figures) {
      const line = createRedactor().format([`turnover ${figure} declared`, { turnover: figure }]);
      expect(line, figure).not.toContain(figure);
      expect(line, figure).toBe('turnover # declared { turnover: "#" }');
    }
  });

  it('leaves a single digit of any script alone, as it does an ASCII one', () => {
    expect(createRedactor().format(['attempt ٣ of box ४'])).toBe('attempt ٣ of box ४');
  });

  it('leaves no digits of a figure mixing scripts or with a digit run inside an identifier', () => {
    const line = createRedactor().format(['figure 12٣٤5 and ٩٨7']);
    expect(line).toBe('figure # and #');
  });
});

describe('withoutValue, for a value that must stay out of one line', () => {
  it('replaces every form of the value and leaves the rest', () => {
    const typed = PLANTED.password;
    const problem = `The service refused: unknown user ${typed} (${encodeURIComponent(typed)}, ${JSON.stringify(typed)})`;
    const out = withoutValue(problem, typed, '[user name]');
    expect(out).toBe(`The service refused: unknown user [user name] ([user name], "[user name]")`);
  });
});
