import type { DraftKind, DraftState, DraftSummary } from '../../../../preload/contract.js';

export const stateLabels: Record<DraftState, string> = {
  'in-progress': 'In progress',
  built: 'Built',
  validated: 'Validated',
};

/** The list's tag: a return HMRC accepted says so (and where), whatever its build state. */
export function draftTag(draft: DraftSummary): { text: string; tone: string } {
  if (draft.filed) return { text: draft.filed.environment === 'live' ? 'Filed with HMRC' : 'Accepted in a test', tone: 'validated' };
  return { text: stateLabels[draft.state], tone: draft.state };
}

export const kindLabels: Record<DraftKind, string> = {
  ct600: 'CT600 return',
  'report-package': 'Report package',
};

/** Whether a draft matches the filter box: title, client or kind, case and spaces ignored. */
export function draftMatches(draft: DraftSummary, query: string): boolean {
  const wanted = query.toLowerCase().replace(/\s+/g, ' ').trim();
  if (!wanted) return true;
  const haystack = [draft.title, draft.clientName ?? '', kindLabels[draft.kind], draftTag(draft).text].join(' ').toLowerCase().replace(/\s+/g, ' ');
  return wanted.split(' ').every((word) => haystack.includes(word));
}
