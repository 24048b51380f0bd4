/**
 * The tax computation's part of the IPC contract: its channels, their
 * requests and responses, and the bridge methods that call them. contract.ts
 * joins them into the one channel map.
 */
import type { ComputationOutput } from '../main/engine/computation/compute.js';
import type { Draft } from './contract-drafts.js';
import type { FileSaveResponse } from './contract-files.js';
import type { IpcResult } from './contract-ipc.js';

export type { ComputationOutput };
export type { Claim } from '../main/engine/computation/input.js';

/** A computation input as `cli ct600 compute` reads it (company, period, profitAndLoss, capitalAllowances, losses …). */
export interface ComputationComputeRequest {
  input: Record<string, unknown>;
}

/** The return whose figures carry forward into a new one: the same client, the period ending the day before. */
export interface ComputationPreviousPeriodRequest {
  clientId: string;
  /** The first day of the new return's period (ISO date). */
  periodFrom: string;
  /** The draft asking, never its own previous period. */
  draftId: string;
}

export interface ComputationCarriedForward {
  /** The earlier return's draft, its title and period, to say where the figures came from. */
  draftId: string;
  title: string;
  periodFrom: string;
  periodTo: string;
  mainPool: number;
  specialRatePool: number;
  /** Trading losses against the same trade only (CTA 2010 s45, s45B): the new return's losses.tradingBroughtForward. */
  tradingLosses: number;
  /** Post-1 April 2017 trading losses against total profits on a claim (s45A): losses.totalProfitsBroughtForward. */
  totalProfitsLosses: number;
  /** UK property business losses (s62(5)): losses.ukPropertyBroughtForward. */
  ukPropertyLosses: number;
  /** Allowable capital losses (TCGA 1992 s8(1)(b)): losses.capitalBroughtForward. */
  capitalLosses: number;
  /** Loans to participators still owed at the end of that period: the new return's loans brought forward (CT600A). */
  loansToParticipators: { participator: string; loanDate: string; periodEnd: string; amount: number }[];
}

/**
 * The computation written as HMRC's Inline XBRL and attached to a CT600 draft
 * as its computations (box 80B), in place of the one Filing Desk attached
 * before (`replaces`), which goes only once the new one is attached.
 */
export interface ComputationAttachRequest {
  draftId: string;
  input: Record<string, unknown>;
  /** The attachment Filing Desk made from earlier figures, or null. A file the user dropped is never named here. */
  replaces: string | null;
}

export interface ComputationAttachResponse {
  draft: Draft;
  /** The attachment just made. */
  attachmentId: string;
}

/** A starting figure read from the draft's attached accounts: pounds, and where it came from in words. */
export interface ComputationAccountsFigure {
  value: number;
  source: string;
}

export interface ComputationAccountsFigures {
  /** The accounts file the figures were read from. */
  fileName: string;
  sha256: string;
  turnover?: ComputationAccountsFigure;
  profitBeforeTax?: ComputationAccountsFigure;
  depreciation?: ComputationAccountsFigure;
  /** Why a figure could not be read. */
  notes: string[];
}

/**
 * Figures from the draft's attached accounts for the period the return's
 * form shows now, typed or not yet saved: the period last saved may be
 * another (a client's next period, before the user typed this one).
 */
export interface ComputationAccountsFiguresRequest {
  draftId: string;
  /** The return's period (ISO dates), or null while the form has none: then the accounts' own latest period. */
  period: { from: string; to: string } | null;
}

export interface ComputationSaveRequest {
  draftId: string;
  attachmentId: string;
}

export interface ComputationChannels {
  'computation.compute': { request: ComputationComputeRequest; response: ComputationOutput };
  'computation.previousPeriod': { request: ComputationPreviousPeriodRequest; response: ComputationCarriedForward | null };
  'computation.attach': { request: ComputationAttachRequest; response: ComputationAttachResponse };
  'computation.accountsFigures': { request: ComputationAccountsFiguresRequest; response: ComputationAccountsFigures | null };
  'computation.save': { request: ComputationSaveRequest; response: FileSaveResponse };
}

export const computationChannels = ['computation.compute', 'computation.previousPeriod', 'computation.attach', 'computation.accountsFigures', 'computation.save'] as const satisfies ReadonlyArray<keyof ComputationChannels>;

export interface ComputationBridge {
  computeComputation(request: ComputationComputeRequest): Promise<IpcResult<ComputationOutput>>;
  /** The written-down values and losses the client's previous period carries forward, or null when there is no such return with a computation. */
  previousPeriodCarriedForward(request: ComputationPreviousPeriodRequest): Promise<IpcResult<ComputationCarriedForward | null>>;
  /** Writes the computation as Inline XBRL and attaches it to the draft as its computations. */
  attachComputation(request: ComputationAttachRequest): Promise<IpcResult<ComputationAttachResponse>>;
  /** Turnover, profit before tax and depreciation from the draft's attached accounts for the period given, or null when none is attached. */
  accountsFigures(request: ComputationAccountsFiguresRequest): Promise<IpcResult<ComputationAccountsFigures | null>>;
  /** Saves an attached computation where the user chooses, to open it in a browser or keep it. */
  saveComputation(request: ComputationSaveRequest): Promise<IpcResult<FileSaveResponse>>;
}

export const computationBridgeChannels = {
  computeComputation: 'computation.compute',
  previousPeriodCarriedForward: 'computation.previousPeriod',
  attachComputation: 'computation.attach',
  accountsFigures: 'computation.accountsFigures',
  saveComputation: 'computation.save',
} as const satisfies { [M in keyof ComputationBridge]: keyof ComputationChannels };

/** Where a draft's form keeps the computation's machine-form input, for the next period's brought-forward figures. */
export const COMPUTATION_INPUT_KEY = 'computationInput';

/** Where a draft's form records the computation Filing Desk attached, or that the user removed it. */
export const GENERATED_COMPUTATION_KEY = 'generatedComputation';
