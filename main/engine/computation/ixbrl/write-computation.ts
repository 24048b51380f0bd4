/**
 * The tax computation as an XHTML Inline XBRL document: what HMRC requires
 * beside every CT600 (AttachedFiles/XBRLsubmission/Computation), tagged in the
 * CT computational taxonomy HMRC accepts for the period. A person reads it as
 * the computation (the company and period, the adjustments to the accounts
 * profit, the capital allowances schedule for each pool, the losses, the
 * profits chargeable and the tax by financial year with marginal relief), and
 * every figure HMRC has a name for is tagged with that name.
 *
 * Contexts follow HMRC's sample computation (CT2015 package,
 * instances/iXBRL-sample-ct-comp-2015.xhtml): every fact carries
 * BusinessTypeDimension, Company for the company's figures and Trade, with the
 * trade's name (BusinessNameDimension, typed) and territory (UK), for the
 * trade's; the mandatory items (joint filing error 3312) sit in a Company
 * context at the period end; the entity is identified by its UTR, which with
 * EndOfPeriodCoveredByReturn must equal the return's (error 1607).
 *
 * Pure: the CLI and the wizard's main process both call it.
 */
import { CLAIM_WORDS } from '../claims.js';
import type { ComputationOutput } from '../compute.js';
import { dayBefore, ukDate } from '../dates.js';
import type { ComputationInput, DescribedAmount } from '../input.js';
import { BOX_CONCEPTS, DIMENSIONS, POOL_CONCEPTS, TRADE_CONCEPTS, type PoolConcepts } from './concepts.js';
import { loansToParticipatorsRows } from './loans-rows.js';
import { shortLifeRows } from './short-life-rows.js';
import { computationTaxonomy, type ComputationTaxonomy } from './taxonomy.js';

export interface ComputationDocumentOptions {
  /** The trade's name (BusinessNameDimension); the company's name when not given. */
  tradeName?: string;
  /** What the trade is (DescriptionOfTrade), e.g. the accounts' principal activity. */
  tradeDescription?: string;
  /** Written into the document's footer, e.g. "Filing Desk 1.4.0". */
  producedBy?: string;
}

const UTR_SCHEME = 'http://www.hmrc.gov.uk/UTR/CT';

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const groupThousands = (digits: string) => digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');

type ContextId = 'company-end' | 'company' | 'trade' | 'trade-start' | 'trade-end';

class ComputationSheet {
  readonly rows: string[] = [];
  constructor(readonly taxonomy: ComputationTaxonomy) {}

  /** A money fact: whole pounds with decimals 0, pence with decimals 2; a negative shown in brackets with sign="-". */
  money(concept: string, context: ContextId, pounds: number): string {
    const pence = Math.round(Math.abs(pounds) * 100);
    const whole = pence % 100 === 0;
    const text = whole ? groupThousands(String(pence / 100)) : `${groupThousands(String(Math.floor(pence / 100)))}.${String(pence % 100).padStart(2, '0')}`;
    const fact = `<ix:nonFraction name="ct-comp:${concept}" contextRef="${context}" unitRef="GBP" decimals="${whole ? 0 : 2}" format="ixt:num-dot-decimal"${pounds < 0 ? ' sign="-"' : ''}>${text}</ix:nonFraction>`;
    return pounds < 0 ? `(${fact})` : fact;
  }

  /** A deduction shown in brackets: the fact is the positive amount deducted. */
  deducted(concept: string, context: ContextId, pounds: number): string {
    return `(${this.money(concept, context, pounds)})`;
  }

  text(concept: string, context: ContextId, value: string, format?: string): string {
    return `<ix:nonNumeric name="ct-comp:${concept}" contextRef="${context}"${format ? ` format="${format}"` : ''}>${esc(value)}</ix:nonNumeric>`;
  }

  date(concept: string, iso: string): string {
    return this.text(concept, 'company-end', ukDate(iso), 'ixt:date-day-monthname-year-en');
  }

  rate(concept: string, percent: number): string {
    return `<ix:nonFraction name="ct-comp:${concept}" contextRef="company" unitRef="pure" decimals="2" format="ixt:num-dot-decimal">${percent.toFixed(2)}</ix:nonFraction>%`;
  }

  heading(text: string) {
    this.rows.push(`<tr><th colspan="3" class="heading" scope="colgroup">${esc(text)}</th></tr>`);
  }

  row(label: string, figure: string, note = '', total = false) {
    this.markupRow(esc(label), figure, note, total);
  }

  /** A row whose label holds a tagged fact. */
  markupRow(labelMarkup: string, figure: string, note = '', total = false) {
    this.rows.push(`<tr${total ? ' class="total"' : ''}><td>${labelMarkup}</td><td class="n">${figure}</td><td class="note">${esc(note)}</td></tr>`);
  }
}

const pounds = (p: number) => `£${groupThousands(Math.abs(p).toFixed(2).replace(/\.00$/, ''))}`;
const boxNote = (box: string) => `box ${box}`;

function adjustments(doc: ComputationSheet, input: ComputationInput, out: ComputationOutput) {
  const pl = input.profitAndLoss;
  const p = (pence: number) => pence / 100;
  doc.heading('Trading profit: adjustments to the accounts profit');
  doc.row('Profit before tax per the accounts', doc.money(TRADE_CONCEPTS.profitPerAccounts, 'trade', p(pl.profitBeforeTax)));
  if (pl.depreciation) doc.row('Add: depreciation and amortisation', doc.money(TRADE_CONCEPTS.depreciation, 'trade', p(pl.depreciation)), 'not deductible; capital allowances replace it');
  // One fact per concept: several items of one kind are added together under their joined descriptions.
  const byConcept = new Map<string, DescribedAmount[]>();
  for (const d of pl.disallowable) {
    const concept = /entertain/i.test(d.description)
      ? TRADE_CONCEPTS.entertaining
      : /\bfines?\b|penalt/i.test(d.description)
        ? TRADE_CONCEPTS.finesAndPenalties
        : /\bcapital\b/i.test(d.description)
          ? TRADE_CONCEPTS.capitalExpenditure
          : TRADE_CONCEPTS.otherAdditions;
    byConcept.set(concept, [...(byConcept.get(concept) ?? []), d]);
  }
  for (const [concept, items] of byConcept) {
    doc.row(`Add: ${items.map((d) => d.description).join(', ')}`, doc.money(concept, 'trade', p(items.reduce((s, d) => s + d.amount, 0))), 'disallowable');
  }
  if (pl.nonTaxableIncome.length) {
    const total = pl.nonTaxableIncome.reduce((s, d) => s + d.amount, 0);
    doc.row(`Less: ${pl.nonTaxableIncome.map((d) => d.description).join(', ')}`, doc.deducted(TRADE_CONCEPTS.otherIncomeNotTaxable, 'trade', p(total)), 'not trading income');
  }
  if (pl.interestReceived) doc.row('Less: interest received', doc.deducted(TRADE_CONCEPTS.interestPerAccounts, 'trade', p(pl.interestReceived)), 'taxed as a non-trading loan relationship, box 170');
  if (pl.propertyIncome > 0) doc.row('Less: property income', doc.deducted(TRADE_CONCEPTS.propertyIncomePerAccounts, 'trade', p(pl.propertyIncome)), 'taxed as a property business, box 190');
  // A property loss in the accounts is added back: the fact is the (negative) property income per the accounts.
  if (pl.propertyIncome < 0) doc.row('Add: property business loss in the accounts', doc.money(TRADE_CONCEPTS.propertyIncomePerAccounts, 'trade', p(pl.propertyIncome)), 'relieved against total profits, box 250 (CTA 2010 s62)');
  doc.row('Less: capital allowances (schedule below)', doc.deducted(TRADE_CONCEPTS.totalCapitalAllowances, 'trade', out.capitalAllowances.total));
  if (out.capitalAllowances.balancingCharges) doc.row('Add: balancing charges', doc.money(TRADE_CONCEPTS.balancingCharges, 'trade', out.capitalAllowances.balancingCharges));
  const loss = out.boxes['780'];
  if (typeof loss === 'number' && loss > 0) doc.row('Trading loss of the period', doc.money(BOX_CONCEPTS['780']!, 'trade', loss), boxNote('780'), true);
  else doc.row('Trading profits', doc.money(BOX_CONCEPTS['155']!, 'company', out.boxes['155'] as number), boxNote('155'), true);
}

function poolSchedule(doc: ComputationSheet, out: ComputationOutput, pool: 'main' | 'special') {
  const c: PoolConcepts = POOL_CONCEPTS[pool];
  const result = pool === 'main' ? out.capitalAllowances.mainPool : out.capitalAllowances.specialRatePool;
  const assets = out.capitalAllowances.assets.filter((a) => a.pool === pool && !a.shortLife);
  const aiaAssets = assets.filter((a) => a.claim === 'aia');
  const fyaAssets = assets.filter((a) => a.claim !== 'aia' && a.claim !== 'pool');
  const sum = (xs: typeof assets, f: (a: (typeof assets)[number]) => number) => Math.round(xs.reduce((s, a) => s + f(a), 0) * 100) / 100;
  const name = pool === 'main' ? 'Main pool' : 'Special rate pool';
  doc.heading(`Capital allowances: ${name.toLowerCase()}`);
  doc.row('Written-down value brought forward', doc.money(c.writtenDownValue, 'trade-start', result.broughtForward));
  // Each asset in words; the schedule's tagged figures below add them up as HMRC's names do.
  for (const a of assets) doc.row(`Addition: ${a.description}, ${pounds(a.cost)}: ${CLAIM_WORDS[a.claim]}${a.allowance ? ` of ${pounds(a.allowance)}` : ''}`, '');
  if (aiaAssets.length) {
    doc.row('Expenditure qualifying for the annual investment allowance', doc.money(c.aiaExpenditure, 'trade', sum(aiaAssets, (a) => a.cost)));
    doc.row('Annual investment allowance', doc.deducted(c.aia, 'trade', sum(aiaAssets, (a) => a.allowance)), 'CAA 2001 s38A, s51A');
  }
  if (fyaAssets.length) {
    const spent = sum(fyaAssets, (a) => a.cost);
    const given = sum(fyaAssets, (a) => a.allowance);
    if (c.firstYearExpenditure && c.firstYearAllowances) {
      doc.row('Expenditure qualifying for first-year allowances', doc.money(c.firstYearExpenditure, 'trade', spent));
      doc.row('First-year allowances (full expensing, 40%, zero-emission cars)', doc.deducted(c.firstYearAllowances, 'trade', given), 'CAA 2001 s39, s45D, s45S');
    } else {
      // HMRC's CT2015 names have no special rate first-year allowance; its figure is in the total allowances below.
      doc.row('Expenditure qualifying for the 50% special rate first-year allowance', pounds(spent));
      doc.row('50% special rate first-year allowance', `(${pounds(given)})`, 'CAA 2001 s45S');
    }
  }
  if (result.additions && c.poolExpenditure) doc.row('Expenditure added to the pool', doc.money(c.poolExpenditure, 'trade', result.additions));
  if (result.disposalValues) doc.row('Disposal values', doc.deducted(c.disposals, 'trade', result.disposalValues), 'the lower of proceeds and cost, CAA 2001 s61, s62');
  if (result.writingDownAllowance) {
    doc.row(
      result.smallPoolAllowance ? 'Small pool allowance' : `Writing-down allowance at ${result.writingDownAllowanceRate}%`,
      doc.deducted(c.writingDownAllowance, 'trade', result.writingDownAllowance),
      result.smallPoolAllowance ? 'CAA 2001 s56A' : 'CAA 2001 s56',
    );
  }
  if (result.balancingAllowance) doc.row('Balancing allowance', doc.deducted(c.balancingAllowance, 'trade', result.balancingAllowance));
  if (result.balancingCharge) doc.row('Balancing charge', doc.money(c.balancingCharge, 'trade', result.balancingCharge));
  // What a first-year allowance left unrelieved joins the pool after this period's writing-down allowance (CAA 2001 s58).
  const afterWda = Math.round((result.carriedForward - (result.broughtForward + result.additions - result.disposalValues - result.writingDownAllowance - result.balancingAllowance + result.balancingCharge)) * 100) / 100;
  if (afterWda > 0) doc.row('Expenditure on which a first-year allowance was given in part, joining the pool after the writing-down allowance', pounds(afterWda));
  doc.row('Written-down value carried forward', doc.money(c.writtenDownValue, 'trade-end', result.carriedForward), '', true);
  const poolTotal = Math.round((sum(aiaAssets, (a) => a.allowance) + sum(fyaAssets, (a) => a.allowance) + result.writingDownAllowance + result.balancingAllowance) * 100) / 100;
  doc.row(`Allowances on the ${name.toLowerCase()}`, doc.money(c.totalAllowances, 'trade', poolTotal));
}

function capitalAllowances(doc: ComputationSheet, out: ComputationOutput) {
  poolSchedule(doc, out, 'main');
  poolSchedule(doc, out, 'special');
  shortLifeRows(doc, out);
  doc.heading('Capital allowances: summary');
  doc.row('Total capital allowances', doc.money(TRADE_CONCEPTS.totalCapitalAllowances, 'trade', out.capitalAllowances.total), '', true);
  doc.row('Total balancing charges', doc.money(TRADE_CONCEPTS.balancingCharges, 'trade', out.capitalAllowances.balancingCharges));
}

function losses(doc: ComputationSheet, out: ComputationOutput) {
  const l = out.losses;
  doc.heading('Trading losses');
  doc.row('Losses brought forward', doc.money(TRADE_CONCEPTS.lossesCarriedForward, 'trade-start', l.broughtForward));
  if (l.setAgainstTradingProfits) doc.row('Set against the trade’s profits', doc.deducted(TRADE_CONCEPTS.lossesUsedAgainstTradingProfits, 'trade', l.setAgainstTradingProfits), 'CTA 2010 s45, s45B; box 160');
  if (l.arising) doc.row('Loss of this period', doc.money(BOX_CONCEPTS['780']!, 'trade', l.arising), 'box 780');
  if (l.claimedAgainstTotalProfits) doc.row('Claimed against total profits of this period', doc.deducted(BOX_CONCEPTS['275']!, 'company', l.claimedAgainstTotalProfits), 'CTA 2010 s37(3)(a); box 275');
  // CT2015 has no concept for box 285 (it came with the 2017 loss reform): the figure is shown, untagged.
  if (l.broughtForwardClaimedAgainstTotalProfits) doc.row('Brought forward losses claimed against total profits', `(${pounds(l.broughtForwardClaimedAgainstTotalProfits)})`, 'CTA 2010 s45A(5); box 285');
  const carriedBack = l.carriedBack.fromThisPeriod + l.carriedBack.fromEarlierPeriod;
  if (carriedBack) doc.row('Carried back to earlier periods (amendments below)', `(${pounds(carriedBack)})`, l.carriedBack.amendments.some((m) => m.claims.some((c) => c.rule.includes('s39'))) ? 'CTA 2010 s37(3)(b), s39' : 'CTA 2010 s37(3)(b)');
  doc.row('Losses carried forward', doc.money(TRADE_CONCEPTS.lossesCarriedForward, 'trade-end', l.tradingLossesCarriedForward), 'CTA 2010 s45A', true);
  const cf = out.carriedForward;
  // The stock against the same trade only (s45, s45B) apart from the one against total profits on a claim (s45A).
  if (cf.tradingLosses) doc.row(`of which against the same trade only ${pounds(cf.tradingLosses)}, against total profits on a claim ${pounds(cf.totalProfitsLosses)}`, '', 'CTA 2010 s45, s45B; s45A');
  if (l.carryBackMemo) {
    doc.row(`Memo: ${pounds(l.carryBackMemo.wouldRelieve)} of the loss could be carried back against the previous 12 months’ profits of ${pounds(l.carryBackMemo.previousPeriodTotalProfits)} (CTA 2010 s37(3)(b)); not claimed in these figures`, '');
  }
  for (const a of l.carriedBack.amendments) {
    const changes = a.boxes.map((b) => `box ${b.box} ${typeof b.was === 'boolean' ? (b.was ? 'yes' : 'no') : pounds(b.was)} → ${typeof b.becomes === 'boolean' ? (b.becomes ? 'yes' : 'no') : pounds(b.becomes)}`).join('; ');
    doc.row(`Amendment of the return for ${ukDate(a.period.from)} to ${ukDate(a.period.to)}: ${pounds(a.lossCarriedBack)} carried back; ${changes}; corporation tax ${pounds(a.tax.was)} → ${pounds(a.tax.becomes)}, ${pounds(a.tax.repayable)} repayable`, '', a.claims.map((c) => c.rule).join('; '));
  }
  otherLosses(doc, out);
}

/** UK property business and capital losses, each stock on its own. */
function otherLosses(doc: ComputationSheet, out: ComputationOutput) {
  const { ukProperty, capital } = out.losses;
  if (ukProperty.arising || ukProperty.broughtForward || ukProperty.carriedForward) {
    doc.heading('UK property business losses');
    doc.row('Brought forward', pounds(ukProperty.broughtForward));
    if (ukProperty.arising) doc.row('Loss of this period', pounds(ukProperty.arising), 'box 805');
    if (ukProperty.setAgainstTotalProfits) doc.row('Set against total profits', `(${pounds(ukProperty.setAgainstTotalProfits)})`, 'CTA 2010 s62(3), s62(5A); box 250');
    doc.row('Carried forward', pounds(ukProperty.carriedForward), 'CTA 2010 s62(5)', true);
  }
  if (capital.arising || capital.broughtForward || capital.carriedForward) {
    doc.heading('Capital losses');
    doc.row('Brought forward', pounds(capital.broughtForward));
    if (capital.arising) doc.row('Allowable losses of this period', doc.money(BOX_CONCEPTS['825']!, 'company', capital.arising), 'box 825');
    if (capital.setAgainstGains) doc.row('Set against the gains', `(${pounds(capital.setAgainstGains)})`, 'TCGA 1992 s8(1); box 215');
    doc.row('Carried forward', pounds(capital.carriedForward), 'TCGA 1992 s8(1)(b)', true);
  }
}

const PROFIT_ROWS: [box: string, label: string, deduction: boolean][] = [
  ['155', 'Trading profits', false],
  ['160', 'Trading losses brought forward set against them', true],
  ['165', 'Net trading profits', false],
  ['170', 'Profits from non-trading loan relationships (interest)', false],
  ['190', 'Income from a UK property business', false],
  ['210', 'Gross chargeable gains', false],
  ['215', 'Allowable losses including losses brought forward', true],
  ['220', 'Net chargeable gains', false],
  ['235', 'Profits before other deductions and reliefs', false],
  ['250', 'UK property business losses set against total profits', true],
  ['275', 'Trading losses of this period set against total profits', true],
  ['285', 'Trading losses brought forward claimed against total profits', true],
  ['295', 'Total of deductions and reliefs', true],
  ['300', 'Profits before qualifying donations and group relief', false],
  ['305', 'Qualifying donations', true],
  ['315', 'Profits chargeable to corporation tax', false],
];

function profits(doc: ComputationSheet, out: ComputationOutput) {
  doc.heading('Profits chargeable to corporation tax');
  for (const [box, label, deduction] of PROFIT_ROWS) {
    const v = out.boxes[box];
    if (typeof v !== 'number') continue;
    const concept = BOX_CONCEPTS[box];
    // A box the CT2015 taxonomy has no name for (285) is shown untagged, never under a name of our own.
    const figure = concept ? (deduction ? doc.deducted(concept, 'company', v) : doc.money(concept, 'company', v)) : deduction ? `(${pounds(v)})` : pounds(v);
    doc.row(label, figure, boxNote(box), box === '315' || box === '235');
  }
}

function tax(doc: ComputationSheet, out: ComputationOutput) {
  const b = out.boxes;
  doc.heading('Tax by financial year');
  const assoc = '326' in b ? `associated companies: ${b['326']}` : '327' in b ? `associated companies: ${b['327']} in the first financial year, ${b['328']} in the second` : '';
  if (assoc || b['329']) doc.row(`${assoc ? `${assoc[0]!.toUpperCase()}${assoc.slice(1)}` : ''}${b['329'] ? `${assoc ? '; ' : ''}the small profits rate or marginal relief is claimed (box 329)` : ''}`, '', 'boxes 326–329');
  // Shown, untagged, beside the limits it counts towards: the exempt distributions are not taxed, only added to box 315 as augmented profits.
  if (typeof b['620'] === 'number') doc.row('Exempt distributions received, added to profits for the small profits limits (augmented profits)', pounds(b['620']), 'CTA 2010 s18L; box 620');
  for (const [yearBox, profitBox, rateBox, taxBox] of [
    ['330', '335', '340', '345'],
    ['380', '385', '390', '395'],
  ] as const) {
    if (typeof b[yearBox] !== 'number') continue;
    const year = b[yearBox] as number;
    doc.markupRow(`Financial year ${doc.text(BOX_CONCEPTS[yearBox]!, 'company', String(year))} (1 April ${year} to 31 March ${year + 1})`, '', boxNote(yearBox));
    doc.row(`Profits charged in financial year ${year}`, doc.money(BOX_CONCEPTS[profitBox]!, 'company', b[profitBox] as number), boxNote(profitBox));
    doc.row('at the rate of', doc.rate(BOX_CONCEPTS[rateBox]!, b[rateBox] as number), boxNote(rateBox));
    doc.row(`Tax, financial year ${year}`, doc.money(BOX_CONCEPTS[taxBox]!, 'company', b[taxBox] as number), boxNote(taxBox));
  }
  doc.row('Corporation tax', doc.money(BOX_CONCEPTS['430']!, 'company', b['430'] as number), boxNote('430'), true);
  if (typeof b['435'] === 'number') {
    const how = out.working.find((w) => w.id === 'tax.marginalRelief');
    doc.row('Less: marginal relief', doc.deducted(BOX_CONCEPTS['435']!, 'company', b['435']), `box 435; ${how ? how.how : 'CTA 2010 s18B'}`);
  }
  doc.row('Corporation tax chargeable', doc.money(BOX_CONCEPTS['440']!, 'company', b['440'] as number), boxNote('440'), true);
  doc.row('Net corporation tax liability', doc.money(BOX_CONCEPTS['475']!, 'company', b['475'] as number), boxNote('475'));
  loansToParticipatorsRows(doc, out);
  doc.row('Tax chargeable', doc.money(BOX_CONCEPTS['510']!, 'company', b['510'] as number), boxNote('510'));
  doc.row('Tax payable', doc.money(BOX_CONCEPTS['525']!, 'company', b['525'] as number), boxNote('525'), true);
}

function context(id: ContextId, utr: string, period: { start?: string; end?: string; instant?: string }, trade: string | undefined): string {
  const members = trade
    ? `<xbrldi:typedMember dimension="ct-comp:${DIMENSIONS.businessName}"><ct-comp:${DIMENSIONS.businessNameDomain}>${esc(trade)}</ct-comp:${DIMENSIONS.businessNameDomain}></xbrldi:typedMember><xbrldi:explicitMember dimension="ct-comp:${DIMENSIONS.businessType}">ct-comp:${DIMENSIONS.trade}</xbrldi:explicitMember><xbrldi:explicitMember dimension="ct-comp:${DIMENSIONS.territory}">ct-comp:${DIMENSIONS.uk}</xbrldi:explicitMember>`
    : `<xbrldi:explicitMember dimension="ct-comp:${DIMENSIONS.businessType}">ct-comp:${DIMENSIONS.company}</xbrldi:explicitMember>`;
  const when = period.instant ? `<xbrli:instant>${period.instant}</xbrli:instant>` : `<xbrli:startDate>${period.start}</xbrli:startDate><xbrli:endDate>${period.end}</xbrli:endDate>`;
  return `<xbrli:context id="${id}"><xbrli:entity><xbrli:identifier scheme="${UTR_SCHEME}">${esc(utr)}</xbrli:identifier><xbrli:segment>${members}</xbrli:segment></xbrli:entity><xbrli:period>${when}</xbrli:period></xbrli:context>`;
}

/** The computation document for a computed input, as UTF-8 XHTML text. */
export function computationDocument(input: ComputationInput, out: ComputationOutput, options: ComputationDocumentOptions = {}): string {
  const taxonomy = computationTaxonomy(input.period);
  const doc = new ComputationSheet(taxonomy);
  const { from, to } = input.period;
  const utr = input.company.utr;
  const trade = (options.tradeName ?? input.company.name).trim() || input.company.name;

  adjustments(doc, input, out);
  capitalAllowances(doc, out);
  losses(doc, out);
  profits(doc, out);
  tax(doc, out);

  const contexts = [
    context('company-end', utr, { instant: to }, undefined),
    context('company', utr, { start: from, end: to }, undefined),
    context('trade', utr, { start: from, end: to }, trade),
    context('trade-start', utr, { instant: dayBefore(from) }, trade),
    context('trade-end', utr, { instant: to }, trade),
  ];
  const title = `${input.company.name}: corporation tax computation for the period ${ukDate(from)} to ${ukDate(to)}`;
  return `<?xml version="1.0" encoding="UTF-8"?>
<html xmlns="http://www.w3.org/1999/xhtml" xmlns:ix="http://www.xbrl.org/2013/inlineXBRL" xmlns:ixt="http://www.xbrl.org/inlineXBRL/transformation/2020-02-12" xmlns:xbrli="http://www.xbrl.org/2003/instance" xmlns:xbrldi="http://xbrl.org/2006/xbrldi" xmlns:link="http://www.xbrl.org/2003/linkbase" xmlns:xlink="http://www.w3.org/1999/xlink" xmlns:iso4217="http://www.xbrl.org/2003/iso4217" xmlns:ct-comp="${esc(taxonomy.namespace)}" xml:lang="en">
<head>
<meta http-equiv="Content-Type" content="text/html; charset=UTF-8"/>
<title>${esc(title)}</title>
<style type="text/css">
body { font-family: Arial, sans-serif; font-size: 11pt; margin: 2em; color: #0b0c0c; }
table { border-collapse: collapse; margin-top: 1em; }
th.heading { text-align: left; font-size: 12pt; padding: 1em 0 0.3em 0; border-bottom: 1px solid #0b0c0c; }
td { padding: 2px 16px 2px 0; vertical-align: top; }
td.n { text-align: right; white-space: nowrap; }
td.note { color: #505a5f; font-size: 9pt; }
tr.total td { font-weight: bold; border-top: 1px solid #0b0c0c; }
</style>
</head>
<body>
<div style="display:none">
<ix:header>
<ix:references>
<link:schemaRef xlink:type="simple" xlink:href="${esc(taxonomy.entryPoint)}"/>
</ix:references>
<ix:resources>
${contexts.join('\n')}
<xbrli:unit id="GBP"><xbrli:measure>iso4217:GBP</xbrli:measure></xbrli:unit>
<xbrli:unit id="pure"><xbrli:measure>xbrli:pure</xbrli:measure></xbrli:unit>
</ix:resources>
</ix:header>
</div>
<h1>${doc.text('CompanyName', 'company-end', input.company.name)}</h1>
<p>Corporation tax computation for the accounting period from ${doc.date('StartOfPeriodCoveredByReturn', from)} to ${doc.date('EndOfPeriodCoveredByReturn', to)}</p>
<p>Period of account: ${doc.date('PeriodOfAccountStartDate', from)} to ${doc.date('PeriodOfAccountEndDate', to)}</p>
<p>Unique Taxpayer Reference: ${doc.text('TaxReference', 'company-end', utr)}${input.company.registrationNumber ? `; company registration number ${esc(input.company.registrationNumber)}` : ''}</p>
<p>Trade: ${esc(trade)}${options.tradeDescription ? `, ${doc.text(TRADE_CONCEPTS.description, 'trade', options.tradeDescription)}` : ''} (United Kingdom). Is the company a partner in a firm? ${doc.text('CompanyIsAPartnerInAFirm', 'company', 'No', 'ixt:fixed-false')}</p>
<table>
<thead><tr><th scope="col">Computation</th><th scope="col" class="n">£</th><th scope="col">Notes</th></tr></thead>
<tbody>
${doc.rows.join('\n')}
</tbody>
</table>
<p>Tagged in HMRC’s ${esc(taxonomy.name)} taxonomy.${options.producedBy ? ` Prepared with ${esc(options.producedBy)}.` : ''}</p>
</body>
</html>
`;
}
