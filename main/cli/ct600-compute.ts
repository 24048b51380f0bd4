/**
 * `cli ct600 compute`: the tax computation of one or more computation
 * inputs. One file prints its boxes and the figures carried forward to the
 * next period (--working: with each figure's working; --json: the whole
 * result; --request: the build-ct600 request for the return as well);
 * several files run as a batch, a JSON line or a table row each.
 */
import { stat } from 'node:fs/promises';
import { BOX_WORDS, computeComputation, NOT_MONEY_BOXES, PENCE_BOXES, type ComputationOutput } from '../engine/computation/index.js';
import { batchFormat, expandInputs, isSingleFile, runBatch, type BatchResult } from './batch.js';
import { COMPUTATION_INPUT } from './input-limits.js';
import { CliUsageError, readJsonFile, type CliIo, type ParsedArgs } from './io.js';
import { jsonText, terminalText } from './safe-text.js';
import { boxOrder, loansLines } from './ct600-compute-loans.js';

export async function compute({ positional, flags, values }: ParsedArgs, io: CliIo): Promise<number> {
  if (values.ixbrl !== undefined || values.request !== undefined) {
    if (positional.length !== 1) throw new CliUsageError('--ixbrl and --request write the files of one computation: give one computation.json', { area: 'ct600', name: 'compute' });
    const { writeComputationFiles } = await import('./ct600-compute-files.js');
    await writeComputationFiles(positional[0]!, { ixbrl: values.ixbrl, request: values.request, force: flags.has('force'), producedBy: 'Filing Desk' }, io);
    return 0;
  }
  if ((await isSingleFile(positional, flags)) || (positional.length === 1 && flags.has('json') && !(await isFolder(positional[0]!)))) {
    const raw = await readJsonFile(positional[0]!, COMPUTATION_INPUT);
    const out = computeComputation(raw);
    io.out(flags.has('json') ? `${jsonText(out, 2)}\n` : `${boxesText(out)}${flags.has('working') ? workingText(out) : ''}`);
    return 0;
  }
  const files = await expandInputs(positional, ['.json']);
  return runBatch({
    files,
    format: batchFormat(flags, io),
    io,
    handle: async (file): Promise<BatchResult> => {
      const out = computeComputation(await readJsonFile(file, COMPUTATION_INPUT));
      return { status: 'built', details: { boxes: out.boxes, capitalAllowances: out.capitalAllowances, losses: out.losses, carriedForward: out.carriedForward }, summary: summaryOf(out) };
    },
  });
}

async function isFolder(path: string): Promise<boolean> {
  return (await stat(path).catch(() => undefined))?.isDirectory() === true;
}

const money = (pounds: number, pence: boolean) => {
  const sign = pounds < 0 ? '-' : '';
  const abs = Math.abs(pounds);
  const whole = Math.floor(abs).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${sign}£${whole}${pence ? `.${Math.round((abs - Math.floor(abs)) * 100).toString().padStart(2, '0')}` : ''}`;
};

function boxValue(box: string, value: number | boolean): string {
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (box === '340' || box === '390') return `${value}%`;
  if (NOT_MONEY_BOXES.has(box)) return String(value);
  return money(value, PENCE_BOXES.has(box));
}

function summaryOf(out: ComputationOutput): string {
  const b = out.boxes;
  return `box 315 ${money(b['315'] as number, false)}, tax ${money(b['525'] as number, true)}; carried forward: main pool ${money(out.carriedForward.mainPool, true)}, special rate pool ${money(out.carriedForward.specialRatePool, true)}, trading losses ${money(out.carriedForward.tradingLosses + out.carriedForward.totalProfitsLosses, true)}`;
}

/** The boxes in box order with HMRC's words, then the figures the next period brings forward. */
export function boxesText(out: ComputationOutput): string {
  const rows = Object.keys(out.boxes)
    .sort((a, b) => boxOrder(a) - boxOrder(b))
    .map((box) => [box, BOX_WORDS[box] ?? '', boxValue(box, out.boxes[box]!)] as const);
  const words = Math.max(...rows.map((r) => r[1].length));
  const values = Math.max(...rows.map((r) => r[2].length));
  const lines = [`${terminalText(out.company.name)} (UTR ${out.company.utr}), ${out.period.from} to ${out.period.to}`, ''];
  lines.push(`${'Box'.padEnd(4)} ${'CT600'.padEnd(words)}  ${'Figure'.padStart(values)}`);
  for (const [box, w, v] of rows) lines.push(`${box.padEnd(4)} ${w.padEnd(words)}  ${v.padStart(values)}`);
  lines.push('', 'Carried forward to the next period:');
  lines.push(`  Main pool written-down value          ${money(out.carriedForward.mainPool, true)}`);
  lines.push(`  Special rate pool written-down value  ${money(out.carriedForward.specialRatePool, true)}`);
  const cf = out.carriedForward;
  lines.push(`  ${'Trading losses, same trade only'.padEnd(38)}${money(cf.tradingLosses, true)}`);
  lines.push(`  ${'Trading losses, total profits'.padEnd(38)}${money(cf.totalProfitsLosses, true)}`);
  if (cf.ukPropertyLosses || out.losses.ukProperty.broughtForward) lines.push(`  ${'UK property business losses'.padEnd(38)}${money(cf.ukPropertyLosses, true)}`);
  if (cf.capitalLosses || out.losses.capital.broughtForward) lines.push(`  ${'Capital losses'.padEnd(38)}${money(cf.capitalLosses, true)}`);
  if (out.losses.carryBackMemo) {
    lines.push('', `Memo: ${money(out.losses.carryBackMemo.wouldRelieve, true)} of the loss could be carried back against the previous 12 months (CTA 2010 s37(3)(b)); not claimed here.`);
  }
  lines.push(...amendmentLines(out));
  lines.push(...loansLines(out));
  return `${lines.join('\n')}\n`;
}

/** Each earlier return a carried-back loss amends, latest first: the boxes as filed and as they become, and its tax. */
function amendmentLines(out: ComputationOutput): string[] {
  const amendments = out.losses.carriedBack.amendments;
  if (!amendments.length) return [];
  const lines = ['', 'Amendments of earlier returns (the loss carried back):'];
  for (const a of amendments) {
    lines.push(`  Return for ${a.period.from} to ${a.period.to}: ${money(a.lossCarriedBack, false)} carried back (${a.claims.map((c) => `${money(c.amount, false)} of the loss of ${c.lossOf.from} to ${c.lossOf.to}, ${c.rule}`).join('; ')})`);
    const words = Math.max(...a.boxes.map((b) => (BOX_WORDS[b.box] ?? '').length));
    for (const b of a.boxes) lines.push(`    ${b.box.padEnd(4)} ${(BOX_WORDS[b.box] ?? '').padEnd(words)}  ${boxValue(b.box, b.was)} → ${boxValue(b.box, b.becomes)}`);
    lines.push(`    Corporation tax chargeable (box 440) ${money(a.tax.was, true)} → ${money(a.tax.becomes, true)}: ${money(a.tax.repayable, true)} repayable`);
    if (a.donationsUnrelieved) lines.push(`    ${money(a.donationsUnrelieved, false)} of qualifying donations lose their relief (CTA 2010 s189)`);
  }
  return lines;
}


/** Each figure's working, in the order the engine worked it out: the printed computation. */
export function workingText(out: ComputationOutput): string {
  const lines = ['', 'Working:'];
  for (const l of out.working) {
    // A count (the associated companies, box 326) is a number, not pounds.
    const figure = l.id.endsWith('.rate') ? `${l.amount}%` : l.box && NOT_MONEY_BOXES.has(l.box) ? String(l.amount) : money(l.amount, !Number.isInteger(l.amount));
    lines.push(`  ${l.box ? `[${l.box}] ` : ''}${terminalText(l.label)}: ${figure}`);
    lines.push(`      ${terminalText(l.how)}${l.rule ? ` (${l.rule})` : ''}`);
  }
  return `${lines.join('\n')}\n`;
}

/**
 * The build-ct600 request for the return the computation makes: the company
 * and period, every computed box, the declaration, and the accounts and
 * computations named by the input (paths beside the computation file),
 * attached as the return carries them. A new return, sent by the company.
 */
