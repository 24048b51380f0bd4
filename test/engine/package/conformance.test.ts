/**
 * Every row of ../shared/xbrl/conformance/index.csv (packages run through
 * Arelle): same verdict, one of the listed codes when invalid, same report count.
 */
import { readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { reportCountOf, validatePackage } from '../../../main/engine/package/index.js';
import { openZip } from '../../../main/engine/package/zip-reader.js';
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

/** The package file name, every entry name, and every directory the entries imply (with and without "/"). */
function namesIn(input: string): Set<string> {
  const names = new Set<string>([basename(input)]);
  let entries: string[] = [];
  try {
    entries = openZip(readFileSync(join(conformanceDir, input))).entries.map((e) => e.name);
  } catch {
    return names; // not a zip: only the file itself can be named
  }
  for (const name of entries) {
    names.add(name);
    const parts = name.replace(/\/$/, '').split('/');
    for (let i = 1; i <= parts.length; i++) {
      names.add(parts.slice(0, i).join('/'));
      names.add(`${parts.slice(0, i).join('/')}/`);
    }
  }
  return names;
}

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
      // Each error names, in its entry attribute, the entry it is about: a zip entry,
      // a directory the entries imply, or the package file itself for file-level problems.
      const known = namesIn(row.input);
      for (const e of errors) {
        const entry = e.attributes.find((a) => a.name === 'entry')?.value;
        expect(entry, `${e.code} ${e.message} has no entry attribute`).toBeDefined();
        expect(known.has(entry!), `${e.code} names "${entry}", which is not in ${row.input}`).toBe(true);
        expect(e.message).toContain(entry!);
      }
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
