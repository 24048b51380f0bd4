/**
 * Every row of ../shared/xbrl/conformance/index.csv (packages run through
 * Arelle): same verdict, one of the listed codes when invalid, same report count.
 */
import { readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { reportCountOf, validatePackage } from '../../../main/engine/package/index.js';
import { conformanceDir } from './shared-paths.js';

interface Row {
  input: string;
  errors: string[];
  reportCount: number;
  description: string;
}

function readIndex(): Row[] {
  const lines = readFileSync(join(conformanceDir, 'index.csv'), 'utf8').trim().split('\n').slice(1);
  return lines.map((line) => {
    const m = /^([^,]*),([^,]*),(\d+),(.*)$/.exec(line);
    if (!m) throw new Error(`unreadable index row: ${line}`);
    return { input: m[1]!, errors: m[2] ? m[2].split(/\s+/) : [], reportCount: Number(m[3]), description: m[4]! };
  });
}

const rows = readIndex();

describe('conformance packages (index.csv)', () => {
  it('has the 60 rows the suite documents', () => {
    expect(rows).toHaveLength(60);
  });

  it.each(rows)('$input — $description', async (row) => {
    const fixed = new Date('2025-03-01T12:00:00Z');
    const result = await validatePackage(basename(row.input), readFileSync(join(conformanceDir, row.input)), { now: () => fixed });
    const errors = result.validations.flatMap((v) => v.messages.filter((m) => m.category === 'error'));
    const codes = errors.map((m) => m.code);
    expect(result.jobStatus).toBe('success');
    expect(result.startDateTime).toBe('2025-03-01T12:00:00.000Z');
    if (row.errors.length === 0) {
      expect(codes).toEqual([]);
      expect(result.validations.every((v) => v.validationResult === 'valid')).toBe(true);
    } else {
      expect(codes.some((c) => row.errors.includes(c)), `got ${codes.join(', ')}`).toBe(true);
      expect(result.validations.some((v) => v.validationResult === 'invalid')).toBe(true);
      // Each error names the entry it is about (or the file, for file-level problems).
      for (const e of errors) expect(e.message.length).toBeGreaterThan(10);
    }
    expect(reportCountOf(result)).toBe(row.reportCount);
    // rpe codes belong to validation 3, tpe codes to validation 4.
    for (const v of result.validations) {
      for (const m of v.messages.filter((x) => x.category === 'error')) {
        expect(m.code.startsWith(v.validationType === 3 ? 'rpe:' : 'tpe:')).toBe(true);
      }
    }
  });
});
