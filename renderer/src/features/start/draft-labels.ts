import type { DraftKind, DraftState, DraftSummary } from '../../../../preload/contract.js';

export const stateLabels: Record<DraftState, string> = {
  'in-progress': 'In progress',
  built: 'Built',
  validated: 'Validated',
};

export const kindLabels: Record<DraftKind, string> = {
  ct600: 'CT600 return',
  'report-package': 'Report package',
};

/** Whether a draft matches the filter box: title, client or kind, case and spaces ignored. */
export function draftMatches(draft: DraftSummary, query: string): boolean {
  const wanted = query.toLowerCase().replace(/\s+/g, ' ').trim();
  if (!wanted) return true;
  const haystack = [draft.title, draft.clientName ?? '', kindLabels[draft.kind], stateLabels[draft.state]].join(' ').toLowerCase().replace(/\s+/g, ' ');
  return wanted.split(' ').every((word) => haystack.includes(word));
}
