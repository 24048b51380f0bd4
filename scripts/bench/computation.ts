/**
 * The tax computation for a firm's year end: 1,000 computations of 50 assets
 * each (additions on every claim, cars, disposals, pools brought forward,
 * losses, some periods straddling 1 April 2026 or short), parsed from their
 * JSON inputs and worked out with every figure's working, as `cli ct600
 * compute` does for a folder. Target: all 1,000 in under a second.
 */
import { performance } from 'node:perf_hooks';
import type { BenchResult } from '../bench.js';
import { median, round, RUNS } from './lib/measure.js';
import { sized, type BenchOptions } from './lib/cases.js';
import { computeComputation } from '../../main/engine/computation/index.js';

const COMPUTATIONS = 1000;
const ASSETS = 50;

const PERIODS = [
  { from: '2025-04-01', to: '2026-03-31' },
  { from: '2025-10-01', to: '2026-09-30' },
  { from: '2026-01-01', to: '2026-06-30' },
  { from: '2024-07-01', to: '2025-06-30' },
];

function input(i: number): unknown {
  const period = PERIODS[i % PERIODS.length]!;
  const day = (k: number) => {
    const from = Date.parse(`${period.from}T00:00:00Z`);
    const to = Date.parse(`${period.to}T00:00:00Z`);
    return new Date(from + ((k * 7919) % Math.floor((to - from) / 86_400_000 + 1)) * 86_400_000).toISOString().slice(0, 10);
  };
  const additions = [];
  for (let k = 0; k < ASSETS - 5; k++) {
    const kind = k % 6;
    const date = day(k + i);
    const cost = 1000 + ((i * 31 + k * 977) % 90000) + (k % 3) * 0.45;
    if (kind === 0) additions.push({ description: `Machine ${k}`, date, cost, pool: 'main', newAndUnused: true, car: null, claim: date >= '2023-04-01' ? 'fullExpensing' : 'aia' });
    else if (kind === 1) additions.push({ description: `Fitting ${k}`, date, cost, pool: 'special', newAndUnused: true, car: null, claim: 'aia' });
    else if (kind === 2) additions.push({ description: `Used tool ${k}`, date, cost, pool: 'main', newAndUnused: false, car: null, claim: 'aia' });
    else if (kind === 3) additions.push({ description: `Car ${k}`, date, cost, pool: k % 4 === 0 ? 'special' : 'main', newAndUnused: false, car: { co2: k % 4 === 0 ? 140 : 45 }, claim: 'pool' });
    else if (kind === 4) additions.push({ description: `Electric car ${k}`, date, cost, pool: 'main', newAndUnused: true, car: { co2: 0 }, claim: 'fya100' });
    else additions.push({ description: `Plant ${k}`, date, cost, pool: 'main', newAndUnused: true, car: null });
  }
  const disposals = [];
  for (let k = 0; k < 5; k++) disposals.push({ description: `Sold ${k}`, date: day(k * 3 + i), proceeds: 500 + k * 1200, cost: 4000, pool: k % 2 ? 'special' : 'main', fullExpensed: k === 4 });
  return {
    company: { name: `Client ${i} Ltd`, utr: String(1_000_000_000 + i), registrationNumber: null },
    period,
    associatedCompanies: i % 7 === 0 ? 2 : 0,
    profitAndLoss: {
      turnover: 400000 + i * 100,
      profitBeforeTax: (i % 5 === 0 ? -1 : 1) * (50000 + ((i * 7717) % 900000)) + 0.37,
      depreciation: 25000,
      disallowable: [{ description: 'entertaining', amount: 1200 }, { description: 'fines', amount: 90 }],
      nonTaxableIncome: [{ description: 'profit on disposal', amount: 800 }],
      interestReceived: 150.5,
      propertyIncome: i % 3 === 0 ? 12000 : 0,
    },
    capitalAllowances: { mainPoolBroughtForward: 20000 + (i % 100) * 10, specialRatePoolBroughtForward: 8000, additions, disposals },
    losses: { tradingBroughtForward: i % 4 === 0 ? 30000 : 0, claimAgainstTotalProfits: i % 10 === 0, previousPeriodTotalProfits: 20000 },
    chargeableGains: i % 9 === 0 ? 5000 : 0,
    qualifyingDonations: 250,
  };
}

export async function run(options?: BenchOptions): Promise<BenchResult> {
  const count = sized(options, COMPUTATIONS, 10);
  const runs = sized(options, RUNS, 1);
  // JSON text, as the command line reads it: parsing is part of the work.
  const texts = Array.from({ length: count }, (_, i) => JSON.stringify(input(i)));
  const times: number[] = [];
  let workingLines = 0;
  let taxPence = 0;
  for (let run = 0; run <= runs; run++) {
    const t0 = performance.now();
    let lines = 0;
    let tax = 0;
    for (const text of texts) {
      const out = computeComputation(JSON.parse(text));
      lines += out.working.length;
      tax += Math.round((out.boxes['525'] as number) * 100);
    }
    const ms = performance.now() - t0;
    if (run > 0) times.push(ms);
    workingLines = lines;
    taxPence = tax;
  }
  const best = round(Math.min(...times), 1);
  const med = round(median(times), 1);
  return {
    name: 'computation',
    figures: {
      computations: count,
      'assets each (additions and disposals)': ASSETS,
      'working lines in all': workingLines,
      'tax payable in all (£)': (taxPence / 100).toFixed(2),
      'parse and compute all, best (ms)': best,
      'parse and compute all, median (ms)': med,
    },
    rows: [{ case: `Computation: ${count} inputs × ${ASSETS} assets, parse and compute (Node)`, oursMs: best, baselineMs: null, ratio: null, peakRssMB: null, note: `best of ${times.length}, median ${med} ms; ${workingLines} working lines` }],
    targets: [{ description: `${count} computations of ${ASSETS} assets each in under 1 s (best ${best} ms, median ${med} ms)`, met: best < 1000 }],
  };
}
