/**
 * Where each thing filing needs is put right: a field of Settings (the
 * Government Gateway credentials, the vendor ID, the product name) or the
 * return's own Check and build step. Main names them in `missing[].field`.
 */
export const GATEWAY_USER_ID = 'gateway-userId';
export const GATEWAY_PASSWORD = 'gateway-password';
export const FILING_FIELD = (name: 'vendorId' | 'productName' | 'productVersion' | 'liveFiling' | 'endpointOverride') => `filing-${name}`;

import { FIELD_BY_ID, STEPS } from '../../../../common/ct600/fields.js';
import { isFilingPrerequisite, SETTINGS_PLACES, type FilingPrerequisite } from '../../../../common/filing/prerequisites.js';

export type FixTarget = { where: 'settings'; fieldId: string; label: string } | { where: 'field'; fieldId: string; label: string } | { where: 'check'; label: string };

const GATEWAY = SETTINGS_PLACES.gateway;
const FILING = SETTINGS_PLACES.filing;
export const FILING_SETTINGS = SETTINGS_PLACES.filing;
const CHECK: FixTarget = { where: 'check', label: 'Check your answers and build' };

/** Each thing main can name as missing, and exactly where it is put right. */
const PREREQUISITE_TARGETS: Record<FilingPrerequisite, FixTarget> = {
  gatewayUserId: { where: 'settings', fieldId: GATEWAY_USER_ID, label: GATEWAY },
  gatewayPassword: { where: 'settings', fieldId: GATEWAY_PASSWORD, label: GATEWAY },
  vendorId: { where: 'settings', fieldId: FILING_FIELD('vendorId'), label: FILING },
  productName: { where: 'settings', fieldId: FILING_FIELD('productName'), label: FILING },
  liveFiling: { where: 'settings', fieldId: FILING_FIELD('liveFiling'), label: FILING },
  endpointOverride: { where: 'settings', fieldId: FILING_FIELD('endpointOverride'), label: FILING },
  build: CHECK,
};

/** A prerequisite by its exact name, a wizard field by its id; anything else is put right by checking and building again. */
export function fixTargetOf(field: string): FixTarget {
  if (isFilingPrerequisite(field)) return PREREQUISITE_TARGETS[field];
  const own = FIELD_BY_ID.get(field);
  if (own) return { where: 'field', fieldId: own.id, label: STEPS.find((s) => s.id === own.step)?.title ?? 'the return' };
  return CHECK;
}

/**
 * An error names the one place it is put right, once: main's words already
 * name their part of Settings (the link's target); a return to build again
 * is sent to the step that builds it.
 */
export function withPlace(message: string, target: FixTarget): string {
  if (message.includes(target.label)) return message;
  const sentence = message.trim();
  return `${/[.!?]$/.test(sentence) ? sentence : `${sentence}.`} Go to ${target.label}.`;
}
