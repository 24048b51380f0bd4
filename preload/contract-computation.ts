/**
 * The tax computation's part of the IPC contract: its channels, their
 * requests and responses, and the bridge methods that call them. contract.ts
 * joins them into the one channel map.
 */
import type { ComputationOutput } from '../main/engine/computation/compute.js';
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
  tradingLosses: number;
}

export interface ComputationChannels {
  'computation.compute': { request: ComputationComputeRequest; response: ComputationOutput };
  'computation.previousPeriod': { request: ComputationPreviousPeriodRequest; response: ComputationCarriedForward | null };
}

export const computationChannels = ['computation.compute', 'computation.previousPeriod'] as const satisfies ReadonlyArray<keyof ComputationChannels>;

export interface ComputationBridge {
  computeComputation(request: ComputationComputeRequest): Promise<IpcResult<ComputationOutput>>;
  /** The written-down values and losses the client's previous period carries forward, or null when there is no such return with a computation. */
  previousPeriodCarriedForward(request: ComputationPreviousPeriodRequest): Promise<IpcResult<ComputationCarriedForward | null>>;
}

export const computationBridgeChannels = {
  computeComputation: 'computation.compute',
  previousPeriodCarriedForward: 'computation.previousPeriod',
} as const satisfies { [M in keyof ComputationBridge]: keyof ComputationChannels };

/** Where a draft's form keeps the computation's machine-form input, for the next period's brought-forward figures. */
export const COMPUTATION_INPUT_KEY = 'computationInput';
