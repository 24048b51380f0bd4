import type { OutboxItemKind, OutboxItemState } from '../../../../preload/contract.js';

export const OUTBOX_STATE_WORDS: Record<OutboxItemState, string> = {
  queued: 'Waiting',
  sending: 'Sending',
  done: 'Done',
  failed: 'Failed',
  cancelled: 'Cancelled',
};

export const OUTBOX_KIND_WORDS: Record<OutboxItemKind, string> = {
  'ct600-build': 'CT600 return, built on the service',
  'package-build': 'Report package, built on the service',
  'validation-create': 'File sent for validation',
};
