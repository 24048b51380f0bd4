/**
 * Where each thing filing needs is put right: a field of Settings (the
 * Government Gateway credentials, the vendor ID, the product name) or the
 * return's own Check and build step. Main names them in `missing[].field`.
 */
export const GATEWAY_USER_ID = 'gateway-userId';
export const GATEWAY_PASSWORD = 'gateway-password';
export const FILING_FIELD = (name: 'vendorId' | 'productName' | 'productVersion' | 'liveFiling' | 'endpointOverride') => `filing-${name}`;

import { FIELD_BY_ID, STEPS } from '../../../../common/ct600/fields.js';

export type FixTarget = { where: 'settings'; fieldId: string; label: string } | { where: 'field'; fieldId: string; label: string } | { where: 'check'; label: string };

export function fixTargetOf(field: string): FixTarget {
  const own = FIELD_BY_ID.get(field);
  if (own) return { where: 'field', fieldId: own.id, label: STEPS.find((s) => s.id === own.step)?.title ?? 'the return' };
  const f = field.toLowerCase();
  if (f.includes('password')) return { where: 'settings', fieldId: GATEWAY_PASSWORD, label: 'Settings › Government Gateway' };
  if (f.includes('gateway') || f.includes('credential') || f.includes('userid')) return { where: 'settings', fieldId: GATEWAY_USER_ID, label: 'Settings › Government Gateway' };
  if (f.includes('vendor')) return { where: 'settings', fieldId: FILING_FIELD('vendorId'), label: 'Settings › Filing with HMRC' };
  if (f.includes('productname') || f === 'product') return { where: 'settings', fieldId: FILING_FIELD('productName'), label: 'Settings › Filing with HMRC' };
  if (f.includes('productversion')) return { where: 'settings', fieldId: FILING_FIELD('productVersion'), label: 'Settings › Filing with HMRC' };
  if (f.includes('live')) return { where: 'settings', fieldId: FILING_FIELD('liveFiling'), label: 'Settings › Filing with HMRC' };
  if (f.includes('endpoint')) return { where: 'settings', fieldId: FILING_FIELD('endpointOverride'), label: 'Settings › Filing with HMRC' };
  return { where: 'check', label: 'Check your answers and build' };
}
