/**
 * Every benchmark case runs end to end at toy size, so a change that breaks
 * `npm run bench` (a child's output parsed wrongly, a renamed export, an
 * input the engine now refuses) fails the suite the day it is made. The
 * cases are whatever files scripts/bench/ holds: a new one is covered here
 * without being listed. No times are judged: that is the bench's job.
 */
import { describe, expect, it } from 'vitest';
import { benchCaseNames, loadBenchCase, resultProblems, type BenchResult } from '../../scripts/bench/lib/cases.js';

const names = benchCaseNames();

describe('the benchmark cases, each run once at toy size', () => {
  it('finds the cases in scripts/bench/', () => {
    expect(names).toEqual(expect.arrayContaining(['drafts', 'server-load', 'cli-startup', 'package-ratio']));
  });

  for (const name of names) {
    it(`${name} runs to the end and reports well-formed summary rows`, { timeout: 120_000 }, async () => {
      const result = await (await loadBenchCase(name)).run({ smoke: true });
      expect(resultProblems(name, result)).toEqual([]);
      expect(Object.keys(result.figures).length).toBeGreaterThan(0);
    });
  }
});

describe('what a summary row must hold', () => {
  const good: BenchResult = {
    name: 'drafts',
    figures: { x: 1 },
    rows: [{ case: 'list', oursMs: 120.4, baselineMs: 80.2, ratio: 1.5, peakRssMB: null }],
  };

  it('accepts a ratio that is its own row\'s times divided', () => {
    expect(resultProblems('drafts', good)).toEqual([]);
  });

  it('refuses a ratio set against a baseline from another run', () => {
    const stale = { ...good, rows: [{ ...good.rows[0]!, ratio: 0.9 }] };
    expect(resultProblems('drafts', stale)).toEqual(['list: ratio 0.9 is not 120.4 / 80.2']);
  });

  it('refuses a result with no rows, another name or a figure that is not a number', () => {
    expect(resultProblems('drafts', { ...good, rows: [] })).toEqual(['no summary rows']);
    expect(resultProblems('package', good)).toEqual(['named "drafts", not "package"']);
    expect(resultProblems('drafts', { ...good, rows: [{ ...good.rows[0]!, ratio: Number.POSITIVE_INFINITY }] })).toContain('list: ratio is Infinity');
  });
});
