/**
 * The GovTalk header of locally built CT600 messages, from the current
 * Online settings: vendor id, product version and the test flags. Read at
 * each build, so a change in Settings applies to the next build without a
 * restart, and a document the engine builds can carry the same header as
 * one the service would. The IRmark covers only Body, so these values never
 * change it.
 */
import type { GovTalkSettings } from '../../preload/contract.js';
import type { Ct600BuildOptions } from '../engine/ct600/index.js';

export interface ProductName {
  /** ChannelRouting/Product. */
  product: string;
  /** Used when Settings leave the product version empty (the app's own version). */
  version: string;
}

export function govTalkBuildOptions(govTalk: GovTalkSettings, product: ProductName): Ct600BuildOptions {
  return {
    vendorId: govTalk.vendorId,
    product: product.product,
    productVersion: govTalk.productVersion.trim() === '' ? product.version : govTalk.productVersion,
    gatewayTest: govTalk.gatewayTest,
    testInLive: govTalk.testInLive,
  };
}

/** Build options read from the settings each time they are asked for. */
export function currentGovTalkOptions(settings: { get(): Promise<{ govTalk: GovTalkSettings }> }, product: ProductName): () => Promise<Ct600BuildOptions> {
  return async () => govTalkBuildOptions((await settings.get()).govTalk, product);
}
