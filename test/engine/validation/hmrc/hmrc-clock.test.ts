/**
 * HMRC's rules on today's date (box 30 no later than yesterday, rule 9103;
 * box 35 no later than today unless in liquidation, rule 9106) read the
 * injected clock, in the rules and in the validation jobs.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ValidationJobs } from '../../../../main/engine/validation/index.js';
import { runBusinessRules } from '../../../../main/engine/validation/rules/index.js';
import { ValidationType } from '../../../../main/engine/validation-result.js';
import { attr, builtXml, byType, bytes, replaceOnce } from '../fixtures.js';
import { parse } from './mutations.js';

const errorsOn = (xml: string, today: string) => runBusinessRules(parse(xml), { today: () => today }).filter((m) => m.category === 'error');

let dataDir: string;
beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'fd-hmrc-clock-'));
});
afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

describe('HMRC’s rules on today’s date', () => {
  it('a period ending after today fails rule 9106 at box 35; on or after its end it passes', () => {
    const xml = builtXml(); // 2024-04-01 to 2025-03-31
    expect(errorsOn(xml, '2025-03-30').map((m) => [m.code, attr(m, 'box')])).toEqual([['9106', '35']]);
    expect(errorsOn(xml, '2025-03-31')).toEqual([]);
  });

  it('a company in liquidation (box 4 code 3) may file before its period ends', () => {
    const xml = replaceOnce(builtXml(), '<CompanyType>0</CompanyType>', '<CompanyType>3</CompanyType>');
    expect(errorsOn(xml, '2025-03-30').filter((m) => m.code === '9106')).toEqual([]);
  });

  it('a period starting today fails rule 9103 at box 30 (it must start yesterday or earlier)', () => {
    const xml = builtXml();
    expect(errorsOn(xml, '2024-04-01').map((m) => m.code)).toContain('9103');
    expect(errorsOn(xml, '2024-04-02').map((m) => m.code)).not.toContain('9103');
  });

  it('a validation job checks against its own clock', async () => {
    const jobs = new ValidationJobs({ dataDir, clock: () => new Date('2025-01-15T09:00:00Z') });
    const { id } = await jobs.create('return.xml', bytes(builtXml()));
    await jobs.whenSettled(id);
    const rules = byType((await jobs.getStatus(id))!.validations, ValidationType.businessRules);
    expect(rules.messages.filter((m) => m.category === 'error').map((m) => [m.code, attr(m, 'box')])).toEqual([['9106', '35']]);
    await jobs.close();
  });
});
