import { describe, expect, it } from 'vitest';
import { FILING_PREREQUISITES } from '../../../common/filing/prerequisites.js';
import { FILING_FIELD, fixTargetOf, GATEWAY_PASSWORD, GATEWAY_USER_ID } from '../../../renderer/src/features/filing/filing-targets.js';

describe('where a thing missing for filing is put right', () => {
  it('takes each prerequisite main names to its own place, by its exact name', () => {
    expect(fixTargetOf('gatewayUserId')).toEqual({ where: 'settings', fieldId: GATEWAY_USER_ID, label: 'Settings › Government Gateway' });
    expect(fixTargetOf('gatewayPassword')).toEqual({ where: 'settings', fieldId: GATEWAY_PASSWORD, label: 'Settings › Government Gateway' });
    for (const name of ['vendorId', 'productName', 'liveFiling', 'endpointOverride'] as const) {
      expect(fixTargetOf(name)).toEqual({ where: 'settings', fieldId: FILING_FIELD(name), label: 'Settings › Filing with HMRC' });
    }
    expect(fixTargetOf('build')).toEqual({ where: 'check', label: 'Check your answers and build' });
    // Every name main may send has a place of its own that is not the fallback, except the build itself.
    for (const name of FILING_PREREQUISITES.filter((n) => n !== 'build')) expect(fixTargetOf(name).where, name).toBe('settings');
  });

  it('takes a wizard field to its step, and never guesses from part of a name', () => {
    expect(fixTargetOf('companyName')).toEqual({ where: 'field', fieldId: 'companyName', label: expect.any(String) });
    for (const unknown of ['passwordHint', 'gatewayUserIdOld', 'vendorIdentity', 'deliveryEndpoint', 'live', 'VENDORID', 'product']) {
      expect(fixTargetOf(unknown), unknown).toEqual({ where: 'check', label: 'Check your answers and build' });
    }
  });
});
