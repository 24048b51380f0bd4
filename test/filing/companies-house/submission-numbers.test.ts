/**
 * Submission numbers (companies-house.md §6 step 1): six characters, one
 * counter per presenter, never handed out twice, also to processes taking
 * numbers at the same moment, and kept under a folder that does not name the
 * presenter.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { countOfSubmissionNumber, submissionNumberOf, SUBMISSION_NUMBER } from '../../../main/filing/companies-house/gateway-rules.js';
import { PRESENTERS_FOLDER, SubmissionNumbers } from '../../../main/filing/companies-house/submission-numbers.js';

const fresh = () => mkdtempSync(join(tmpdir(), 'fd-ch-numbers-'));

describe('submission numbers', () => {
  it('are six letters and digits, FD and four base-36 digits, read back to their count', () => {
    expect(submissionNumberOf(1)).toBe('FD0001');
    expect(submissionNumberOf(36)).toBe('FD0010');
    expect(submissionNumberOf(36 ** 4 - 1)).toBe('FDZZZZ');
    expect(() => submissionNumberOf(36 ** 4)).toThrow(RangeError);
    for (const n of [1, 35, 36, 1295, 1296, 46655]) {
      expect(submissionNumberOf(n)).toMatch(SUBMISSION_NUMBER);
      expect(countOfSubmissionNumber(submissionNumberOf(n))).toBe(n);
    }
  });

  it('count up per presenter; another presenter has its own counter', async () => {
    const numbers = new SubmissionNumbers({ dataDir: fresh() });
    expect(await numbers.allocate('E0001234567', 'a')).toBe('FD0001');
    expect(await numbers.allocate('E0001234567', 'b')).toBe('FD0002');
    expect(await numbers.allocate('E0009999999', 'c')).toBe('FD0001');
    expect(await numbers.allocate('E0001234567', 'd')).toBe('FD0003');
  });

  it('eight takers at once, as eight processes sharing the data folder would: eight different numbers', async () => {
    const dataDir = fresh();
    const takers = Array.from({ length: 8 }, () => new SubmissionNumbers({ dataDir }));
    const taken = await Promise.all(takers.map((t, i) => t.allocate('E0001234567', `filing ${i}`)));
    expect(new Set(taken).size).toBe(8);
  });

  it('a number is never handed out again, even when its filing record was lost', async () => {
    const dataDir = fresh();
    const numbers = new SubmissionNumbers({ dataDir });
    await numbers.allocate('E0001234567', 'a');
    await numbers.allocate('E0001234567', 'b');
    rmSync(join(dataDir, 'companies-house', 'filings'), { recursive: true, force: true });
    expect(await new SubmissionNumbers({ dataDir }).allocate('E0001234567', 'c')).toBe('FD0003');
  });

  it('the folder names the presenter by neither its ID nor its MD5 (the gateway\'s SenderID)', async () => {
    const dataDir = fresh();
    await new SubmissionNumbers({ dataDir }).allocate('E0001234567', 'a');
    const [folder] = readdirSync(join(dataDir, ...PRESENTERS_FOLDER.split('/')));
    expect(folder).toMatch(/^[0-9a-f]{32}$/);
    expect(folder).not.toContain(createHash('md5').update('E0001234567').digest('hex'));
    expect(folder).not.toContain('E0001234567');
  });
});
